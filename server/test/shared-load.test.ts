// Shared-load fairness (spec/service.openapi.yaml, "Shared load"): the admission of heavy requests
// (slots per token and per server, round-robin over tokens, 429 when too many wait), the answer
// written in pieces, GraphQL completed in slices, and queries shaped a page of parents at a time.
// The latency a small request keeps under heavy load is measured by `npm run bench -- fairness`.
import fc from 'fast-check';
import { GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString, execute, getOperationAST, parse, type ExecutionResult } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Failure } from '../src/api/failure.js';
import { executeSliced, SLICE_ITEMS } from '../src/graphql/sliced-execute.js';
import { ClientGone, HeavyRequestGate, isHeavyCommandRequest, type Release } from '../src/http/heavy-requests.js';
import { jsonPieces } from '../src/http/json-stream.js';
import type { RunningServer } from '../src/index.js';
import { PAGE_ROWS } from '../src/query/execute.js';
import { postCommand, startTestServer, storages } from './storages.js';

const limits = { perToken: 1, total: 2, queuePerToken: 2, waitMs: 5_000 };
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('admission of heavy requests', () => {
  it('runs at most one heavy request of a token at once and admits the next when it ends', async () => {
    const gate = new HeavyRequestGate(limits);
    const first = await gate.enter('a');
    let second: Release | undefined;
    void gate.enter('a').then((r) => (second = r));
    await settle();
    expect(second).toBeUndefined();
    expect(gate.load()).toEqual({ running: 1, waiting: 1 });
    first();
    await settle();
    expect(second).toBeTypeOf('function');
    second?.();
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('runs at most `total` heavy requests on the server, whatever their tokens', async () => {
    const gate = new HeavyRequestGate(limits);
    const a = await gate.enter('a');
    const b = await gate.enter('b');
    let c: Release | undefined;
    void gate.enter('c').then((r) => (c = r));
    await settle();
    expect(c).toBeUndefined();
    b();
    await settle();
    expect(c).toBeTypeOf('function');
    a();
    c?.();
  });

  it('serves waiting tokens round-robin: a token that queued one request is not kept behind one that queued many', async () => {
    const gate = new HeavyRequestGate({ ...limits, total: 1, queuePerToken: 5 });
    const order: string[] = [];
    const running = await gate.enter('busy');
    const waits = [gate.enter('busy'), gate.enter('busy'), gate.enter('busy'), gate.enter('other')].map((p, i) =>
      p.then((release) => {
        order.push(i < 3 ? 'busy' : 'other');
        release();
      }),
    );
    running();
    await Promise.all(waits);
    expect(order).toEqual(['busy', 'other', 'busy', 'busy']);
  });

  it('answers 429 rate.error/too-many-requests with a retryAfter when a token already has queuePerToken waiting', async () => {
    const gate = new HeavyRequestGate(limits);
    const running = await gate.enter('a');
    const waiting = [gate.enter('a'), gate.enter('a')].map((p) => p.then((release) => release()));
    const refused = await gate.enter('a').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Failure);
    expect(refused).toMatchObject({ name: 'rate.error/too-many-requests', status: 429, data: { retryAfter: 1 } });
    // Another token is not refused for it.
    const other = await gate.enter('b');
    other();
    running();
    await Promise.all(waiting);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('answers 429 when no slot frees within waitMs, and forgets the waiter', async () => {
    const gate = new HeavyRequestGate({ ...limits, waitMs: 30 });
    const running = await gate.enter('a');
    await expect(gate.enter('a')).rejects.toMatchObject({ name: 'rate.error/too-many-requests', status: 429 });
    expect(gate.load()).toEqual({ running: 1, waiting: 0 });
    running();
  });

  it('drops a waiter whose client closed the connection (ClientGone), and it never runs', async () => {
    const gate = new HeavyRequestGate(limits);
    const running = await gate.enter('a');
    const gone = new AbortController();
    const waiting = gate.enter('a', gone.signal);
    gone.abort();
    await expect(waiting).rejects.toBeInstanceOf(ClientGone);
    expect(gate.load()).toEqual({ running: 1, waiting: 0 });
    running();
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('a release called twice frees one slot', async () => {
    const gate = new HeavyRequestGate(limits);
    const a = await gate.enter('a');
    const b = await gate.enter('b');
    a();
    a();
    expect(gate.load().running).toBe(1);
    b();
  });

  it.each([
    [{ command: 'svc.entity/query', args: { query: { 'q/from': 'X/Y', 'q/select': ['svc/id'], 'q/no-limit': true } } }, true],
    [{ command: 'svc.entity/query', args: { query: { 'q/from': 'X/Y', 'q/select': ['svc/id'], 'q/limit': 1002 } } }, true],
    [{ command: 'svc.entity/query', args: { query: { 'q/from': 'X/Y', 'q/select': ['svc/id'], 'q/limit': 'q/no-limit' } } }, true],
    [{ command: 'svc.entity/query', args: { query: { 'q/from': 'X/Y', 'q/select': ['svc/id'], 'q/limit': 1001 } } }, false],
    [[{ command: 'svc.command/batch', args: { commands: [{ command: 'svc.entity/query', args: { query: { 'q/from': 'X/Y', 'q/select': { s: { 'q/from': 'X/S', 'q/no-limit': true } }, 'q/limit': 5 } } }] } }], true],
    [{ command: 'svc.entity/create', args: { type: 'X/Y', entity: { 'X/Name': 'q/no-limit' } } }, false],
  ])('isHeavyCommandRequest(%j) is %s', (body, heavy) => {
    expect(isHeavyCommandRequest(body)).toBe(heavy);
  });
});

describe.each(storages)('heavy requests over HTTP on $name', (storage) => {
  let server: RunningServer;
  beforeAll(async () => {
    // No heavy request may run and none may wait: every heavy one is refused at once.
    server = await startTestServer(storage, { demo: true, heavyLimits: { perToken: 0, queuePerToken: 0 } });
  });
  afterAll(async () => {
    await server?.close();
  });
  const post = (path: string, body: unknown) =>
    fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Token ${server.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('refuses a heavy command request with 429 rate.error/too-many-requests and Retry-After, and runs a small one', async () => {
    const heavy = await post('/api/commands', { command: 'svc.entity/query', args: { query: { 'q/from': 'Demo/Tasks', 'q/select': ['svc/id'], 'q/no-limit': true } } });
    expect(heavy.status).toBe(429);
    expect(heavy.headers.get('retry-after')).toBe('1');
    expect(await heavy.json()).toMatchObject({ success: false, result: { name: 'rate.error/too-many-requests', data: { retryAfter: 1 } } });
    const small = await post('/api/commands', { command: 'svc.entity/query', args: { query: { 'q/from': 'Demo/Tasks', 'q/select': ['svc/id'], 'q/limit': 1001 } } });
    expect(small.status).toBe(200);
  });

  it('refuses a GraphQL operation of cost over 10,000 with 429, and runs one of 10,000', async () => {
    const heavy = await post('/api/graphql/space/Demo', { query: '{ a: findTasks(limit: 10000) { id } b: findTasks(limit: 1) { id } }' });
    expect(heavy.status).toBe(429);
    expect(heavy.headers.get('retry-after')).toBe('1');
    expect(await heavy.json()).toMatchObject({ name: 'rate.error/too-many-requests', data: { retryAfter: 1 } });
    const small = await post('/api/graphql/space/Demo', { query: '{ findTasks(limit: 10000) { id } }' });
    expect(small.status).toBe(200);
  });
});

describe('answers written in pieces', () => {
  it('the pieces of any JSON value join to JSON.stringify of it', () => {
    const withUndefined = fc.oneof(fc.jsonValue(), fc.constant(undefined));
    const value = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(fc.string(), fc.oneof(withUndefined, fc.array(withUndefined, { minLength: 17, maxLength: 40 }))),
      fc.array(fc.dictionary(fc.string(), fc.array(withUndefined, { maxLength: 40 })), { maxLength: 40 }),
    );
    fc.assert(
      fc.property(value, (v) => {
        expect([...jsonPieces(v)].join('')).toBe(JSON.stringify(v) ?? 'null');
      }),
      { seed: 17, numRuns: 300 },
    );
  });

  it('splits a result list into one piece per item', () => {
    const pieces = [...jsonPieces({ success: true, result: Array.from({ length: 100 }, (_, i) => ({ i })) })];
    expect(pieces.length).toBeGreaterThan(100);
  });
});

describe('GraphQL completed in slices', () => {
  const Item = new GraphQLObjectType({ name: 'Item', fields: { id: { type: GraphQLString }, name: { type: new GraphQLNonNull(GraphQLString) } } });
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { items: { type: new GraphQLList(Item) }, more: { type: new GraphQLList(new GraphQLNonNull(Item)) }, one: { type: Item } } }),
  });
  const count = SLICE_ITEMS * 2 + 37;
  // Every 301st item lacks its non-null name: an error at its index, the item null (items) or the whole list null (more).
  const items = Array.from({ length: count }, (_, i) => ({ id: `i${i}`, name: i % 301 === 300 ? null : `n${i}` }));
  const rootValue = { items, more: items.slice(0, SLICE_ITEMS + 10).map((item, i) => (i === SLICE_ITEMS + 3 ? { ...item, name: null } : { ...item, name: item.name ?? 'x' })), one: items[1] };

  it.each([
    '{ items { id name } }',
    '{ a: items { id } b: items { name } one { id } }',
    '{ items { id } items { name } }',
    '{ more { id name } items { id } }',
    '{ ...Root }\nfragment Root on Query { items { id } }',
  ])('answers what one execute answers: %s', async (query) => {
    const document = parse(query);
    const operation = getOperationAST(document);
    if (!operation) throw new Error('no operation');
    const whole = (await execute({ schema, document, rootValue })) as ExecutionResult;
    const sliced = await executeSliced({ schema, document, rootValue }, operation);
    expect(JSON.parse(JSON.stringify(sliced))).toEqual(JSON.parse(JSON.stringify(whole)));
  });
});

describe.each(storages)('queries over more than a page of parents on $name', (storage) => {
  let server: RunningServer;
  const parents = PAGE_ROWS * 2 + 150;

  beforeAll(async () => {
    server = await startTestServer(storage, { validateResponses: false });
    const schema = await postCommand(server, {
      command: 'svc.schema/batch',
      args: {
        commands: [
          { command: 'schema.type/create', args: { 'svc/name': 'Load/Lists', 'svc/fields': [{ 'svc/name': 'Load/Name', 'svc/type': 'svc/text' }] } },
          { command: 'schema.type/create', args: { 'svc/name': 'Load/Cards', 'svc/fields': [{ 'svc/name': 'Load/Name', 'svc/type': 'svc/text' }] } },
          { command: 'schema.field/create', args: { 'svc/holder-type': 'Load/Cards', 'svc/name': 'Load/List', 'svc/type': 'Load/Lists', 'svc/meta': { 'svc/relation': 'a6f0c6a2-5a57-4c1e-9f0b-2d3c4e5f6a7b' } } },
          { command: 'schema.field/create', args: { 'svc/holder-type': 'Load/Lists', 'svc/name': 'Load/Cards', 'svc/type': 'Load/Cards', 'svc/meta': { 'svc/relation': 'a6f0c6a2-5a57-4c1e-9f0b-2d3c4e5f6a7b', 'svc/collection?': true } } },
        ],
      },
    });
    expect(schema.success, JSON.stringify(schema.result)).toBe(true);
    const lists: string[] = [];
    for (let i = 0; i < 3; i++) {
      const made = await postCommand(server, { command: 'svc.entity/create', args: { type: 'Load/Lists', entity: { 'Load/Name': `list ${i}` } } });
      lists.push((made.result as { 'svc/id': string })['svc/id']);
    }
    for (let start = 0; start < parents; start += 250) {
      const commands = Array.from({ length: Math.min(250, parents - start) }, (_, j) => ({
        command: 'svc.entity/create',
        args: { type: 'Load/Cards', entity: { 'Load/Name': `card ${String(start + j).padStart(5, '0')}`, 'Load/List': { 'svc/id': lists[(start + j) % 3] } } },
      }));
      const made = await postCommand(server, { command: 'svc.command/batch', args: { commands } });
      expect(made.success, JSON.stringify(made.result).slice(0, 300)).toBe(true);
    }
  }, 240_000);

  afterAll(async () => {
    await server?.close();
  });

  it('answers every parent with its related Entity, in order, when the answer spans several pages', async () => {
    const answer = await postCommand(server, {
      command: 'svc.entity/query',
      args: { query: { 'q/from': 'Load/Cards', 'q/select': ['Load/Name', { 'Load/List': ['Load/Name'] }], 'q/order-by': [[['Load/Name'], 'q/asc']], 'q/no-limit': true } },
    });
    expect(answer.success, JSON.stringify(answer.result).slice(0, 300)).toBe(true);
    const rows = answer.result as Array<{ 'Load/Name': string; 'Load/List': { 'Load/Name': string } }>;
    expect(rows).toHaveLength(parents);
    rows.forEach((row, i) => {
      expect(row['Load/Name']).toBe(`card ${String(i).padStart(5, '0')}`);
      expect(row['Load/List']['Load/Name']).toBe(`list ${i % 3}`);
    });
  });

  it('answers a collection sub-select of parents whose items span several pages', async () => {
    const answer = await postCommand(server, {
      command: 'svc.entity/query',
      args: { query: { 'q/from': 'Load/Lists', 'q/select': ['Load/Name', { 'Load/Cards': { 'q/select': ['Load/Name', { 'Load/List': ['Load/Name'] }], 'q/no-limit': true } }], 'q/limit': 10 } },
    });
    expect(answer.success, JSON.stringify(answer.result).slice(0, 300)).toBe(true);
    const lists = answer.result as Array<{ 'Load/Name': string; 'Load/Cards': Array<{ 'Load/List': { 'Load/Name': string } }> }>;
    expect(lists.map((l) => l['Load/Cards'].length).reduce((a, b) => a + b, 0)).toBe(parents);
    for (const list of lists) for (const card of list['Load/Cards']) expect(card['Load/List']['Load/Name']).toBe(list['Load/Name']);
  });

  it('skips q/offset items per parent under q/no-limit when the parents are too many for one branch each', async () => {
    const read = async (offset: number) => {
      const answer = await postCommand(server, {
        command: 'svc.entity/query',
        args: { query: { 'q/from': 'Load/Cards', 'q/select': ['Load/Name', { 'Load/List': { 'q/select': ['Load/Name'], 'q/no-limit': true, 'q/offset': offset } }], 'q/no-limit': true } },
      });
      expect(answer.success, JSON.stringify(answer.result).slice(0, 300)).toBe(true);
      return answer.result as Array<{ 'Load/List': { 'Load/Name': string } | null }>;
    };
    expect((await read(0)).every((card) => card['Load/List'] !== null)).toBe(true);
    // A to-one relation holds one item: an offset of 1 skips it.
    expect((await read(1)).every((card) => card['Load/List'] === null)).toBe(true);
  });

  it('streams a large answer (no Content-Length) and sends a small one whole', async () => {
    const post = (query: unknown) =>
      fetch(`${server.baseUrl}/api/commands`, {
        method: 'POST',
        headers: { authorization: `Token ${server.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ command: 'svc.entity/query', args: { query } }),
      });
    const large = await post({ 'q/from': 'Load/Cards', 'q/select': ['svc/id', 'Load/Name'], 'q/no-limit': true });
    expect(large.headers.get('content-length')).toBeNull();
    expect(large.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await large.json()) as { result: unknown[] }).result).toHaveLength(parents);
    const small = await post({ 'q/from': 'Load/Cards', 'q/select': ['svc/id'], 'q/limit': 1 });
    expect(Number(small.headers.get('content-length'))).toBeGreaterThan(0);
    expect(((await small.json()) as { result: unknown[] }).result).toHaveLength(1);
  });
});
