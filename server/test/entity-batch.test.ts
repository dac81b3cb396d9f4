// The entity batch commands (`svc.entity.batch/create`, `/delete`, `/create-or-update`), the
// compact form of the collection commands and decimals written as strings, on every storage:
// what they answer, that they are all or none, that bad input is refused by name, and that each
// Entity they write makes the webhook effects the single command would.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { commandAccess } from '../src/auth/access-levels.js';
import { isHeavyCommandRequest } from '../src/http/heavy-requests.js';
import { planUpsert } from '../src/commands/upsert-plan.js';
import { storages, startTestServer } from './storages.js';
import { Api, createTypes, idOf, type Command, type TestTypes, type WebhookDelivery } from './webhooks-support.js';

type Json = Record<string, unknown>;

/** A command the generated types do not know in this shape (bad input, public API forms). */
const loose = (command: unknown): Command => command as Command;

describe('entity batch commands: rules without storage', () => {
  it('need the Editor level, and count as heavy past 100 Entities', () => {
    for (const name of ['svc.entity.batch/create', 'svc.entity.batch/delete', 'svc.entity.batch/create-or-update']) expect(commandAccess({ command: name })).toBe('editor');
    const batch = (n: number) => ({ command: 'svc.entity.batch/create', args: { type: 'A/B', entities: Array.from({ length: n }, () => ({})) } });
    expect(isHeavyCommandRequest(batch(100))).toBe(false);
    expect(isHeavyCommandRequest(batch(101))).toBe(true);
    expect(isHeavyCommandRequest([{ command: 'svc.entity/query' }, batch(101)])).toBe(true);
    expect(isHeavyCommandRequest({ command: 'svc.entity/create', args: { entities: Array.from({ length: 200 }, () => ({})) } })).toBe(false);
  });

  it('plans an upsert: the first (skip-create) or last (update-latest) Entity of one value counts, no value matches nothing', () => {
    const keys = ['"a"', undefined, '"a"', '"b"', undefined, '"a"'];
    const existing = (key: string) => key === '"a"';
    expect(planUpsert(keys, 'skip-create', existing)).toEqual([
      { kind: 'skip' },
      { kind: 'create' },
      { kind: 'batch-duplicate', of: 0 },
      { kind: 'create' },
      { kind: 'create' },
      { kind: 'batch-duplicate', of: 0 },
    ]);
    expect(planUpsert(keys, 'update-latest', existing)).toEqual([
      { kind: 'batch-duplicate', of: 5 },
      { kind: 'create' },
      { kind: 'batch-duplicate', of: 5 },
      { kind: 'create' },
      { kind: 'create' },
      { kind: 'update' },
    ]);
  });
});

describe.each(storages)('entity batch commands on $name', (storage) => {
  let server: RunningServer;
  let api: Api;
  let t: TestTypes;
  let amount: string;
  let day: string;

  const outbox = async (): Promise<WebhookDelivery[]> =>
    (await server.db.query<{ body: string }>('SELECT body FROM webhook_deliveries ORDER BY webhook_id, sequence_id')).rows.map((r) => JSON.parse(r.body) as WebhookDelivery);
  /** Posts a body; answers the HTTP status and the JSON. */
  const post = async (body: unknown, token = server.token) => api.request('POST', '/api/commands', body, token);
  /** Runs one command that must fail with `{success: false}`; answers its error. */
  const failing = async (command: unknown): Promise<{ name: string; message: string; data: Json }> => {
    const { status, json } = await post(command);
    expect([status, (json as Json)['success']]).toEqual([200, false]);
    return (json as { result: { name: string; message: string; data: Json } }).result;
  };
  const items = async (): Promise<Json[]> =>
    (await api.run({ command: 'svc.entity/query', args: { query: { 'q/from': t.items, 'q/select': ['svc/id', 'svc/public-id', t.title, t.count, amount, day, t.group], 'q/order-by': [[['svc/public-id'], 'q/asc']], 'q/no-limit': true } } })) as Json[];
  const groups = async (): Promise<Json[]> =>
    (await api.run({ command: 'svc.entity/query', args: { query: { 'q/from': t.groups, 'q/select': ['svc/id', { [t.members]: ['svc/id'] }], 'q/limit': 100 } } })) as Json[];
  const membersOf = async (group: string): Promise<string[]> => ((await groups()).find((g) => g['svc/id'] === group)?.[t.members] as Json[]).map(idOf).sort();

  beforeAll(async () => {
    // No worker: the deliveries stay in the outbox to be looked at.
    server = await startTestServer(storage, { webhookWorker: false, readerToken: 'reader-token', editorToken: 'editor-token' });
    api = new Api(server.baseUrl, server.token);
    t = await createTypes(api);
    amount = t.items.replace('/Items', '/Amount');
    day = t.items.replace('/Items', '/Day');
    await api.run({
      command: 'svc.schema/batch',
      args: {
        commands: [
          { command: 'schema.field/create', args: { 'svc/holder-type': t.items, 'svc/name': amount, 'svc/type': 'svc/decimal' } },
          { command: 'schema.field/create', args: { 'svc/holder-type': t.items, 'svc/name': day, 'svc/type': 'svc/date' } },
        ],
      },
    });
    await api.addWebhook('http://127.0.0.1:9/items', t.items);
    await api.addWebhook('http://127.0.0.1:9/groups', t.groups);
  });
  beforeEach(async () => {
    await api.run({ command: 'svc.entity.batch/delete', args: { type: t.items, entities: (await items()).map((e) => ({ 'svc/id': idOf(e) })) } });
    await server.db.query('DELETE FROM webhook_deliveries');
  });
  afterAll(() => server?.close());

  describe('svc.entity.batch/create', () => {
    it('creates every Entity as svc.entity/create would and answers them in order, each as create answers it', async () => {
      const id = randomUUID();
      const created = (await api.run({ command: 'svc.entity.batch/create', args: { type: t.items, entities: [{ [t.title]: 'a', [t.count]: 1 }, { 'svc/id': id, [t.title]: 'b' }, {}] } })) as Json[];
      expect(created.map((e) => e[t.title] ?? null)).toEqual(['a', 'b', null]);
      expect(created[1]?.['svc/id']).toBe(id);
      const publicIds = created.map((e) => Number(e['svc/public-id']));
      expect(publicIds).toEqual([publicIds[0], (publicIds[0] as number) + 1, (publicIds[0] as number) + 2]);
      const single = (await api.run({ command: 'svc.entity/create', args: { type: t.items, entity: { [t.title]: 'c', [t.count]: 1 } } })) as Json;
      expect(Object.keys(created[0] as Json).sort()).toEqual(Object.keys(single).sort());
      expect((await items()).map((e) => e[t.title])).toEqual(['a', 'b', null, 'c']);
      // Each created Entity makes its svc.entity/create effect, in one delivery of the command.
      const deliveries = (await outbox()).filter((d) => d.effects.some((e) => e.id === id));
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]?.effects.map((e) => [e.effect, e.id])).toEqual(created.map((e) => ['svc.entity/create', idOf(e)]));
    });

    it('creates none when one cannot be created, and names that Entity by its index', async () => {
      const bad = await failing({ command: 'svc.entity.batch/create', args: { type: t.items, entities: [{ [t.title]: 'ok' }, { [t.title]: 'ok' }, { [t.count]: 'three' }] } });
      expect(bad).toMatchObject({ name: 'entity.error/value-invalid', data: { field: t.count, index: 2 } });
      expect(bad.message).toContain('entities[2]');
      const twice = randomUUID();
      expect(await failing({ command: 'svc.entity.batch/create', args: { type: t.items, entities: [{ 'svc/id': twice }, { 'svc/id': twice }] } })).toMatchObject({
        name: 'entity.error/duplicate-id',
        data: { id: twice, index: 1 },
      });
      const unknown = await failing({ command: 'svc.entity.batch/create', args: { type: t.items, entities: [{ [t.title + 'x']: 1 }] } });
      expect(unknown).toMatchObject({ name: 'entity.error/schema-field-not-found', data: { field: t.title + 'x', index: 0 } });
      expect(unknown.message).toContain(`did you mean "${t.title}"`);
      expect(await items()).toEqual([]);
      expect(await outbox()).toEqual([]);
    });

    it('answers [] for no Entities and refuses more than 1000 by naming /args/entities', async () => {
      expect(await api.run({ command: 'svc.entity.batch/create', args: { type: t.items, entities: [] } })).toEqual([]);
      const many = { command: 'svc.entity.batch/create', args: { type: t.items, entities: Array.from({ length: 1001 }, () => ({})) } };
      const alone = await post(many);
      expect(alone.status).toBe(400);
      expect((alone.json as { result: { name: string; data: Json } }).result).toMatchObject({ name: 'request.error/invalid-body', data: { field: '/args/entities' } });
      const inArray = await post([many, { command: 'svc.entity/query', args: { query: { 'q/from': t.items, 'q/select': ['svc/id'], 'q/limit': 1 } } }]);
      expect(inArray.status).toBe(200);
      expect((inArray.json as Array<{ success: boolean; result: { data: Json } }>).map((r) => [r.success, r.result])).toEqual([
        [false, expect.objectContaining({ data: expect.objectContaining({ field: '/args/entities' }) })],
        [true, []],
      ]);
      expect(await items()).toEqual([]);
    });

    it('is refused to a Reader token and run for an Editor token', async () => {
      const command = { command: 'svc.entity.batch/create', args: { type: t.items, entities: [{ [t.title]: 'by editor' }] } };
      const reader = await post(command, 'reader-token');
      expect((reader.json as { result: { name: string } }).result.name).toBe('auth.error/forbidden');
      const editor = await post(command, 'editor-token');
      expect((editor.json as { success: boolean }).success).toBe(true);
    });
  });

  describe('svc.entity.batch/delete', () => {
    it('deletes every Entity as svc.entity/delete would (relation values too, with the same effects) and answers ok', async () => {
      const group = idOf(await api.run({ command: 'svc.entity/create', args: { type: t.groups, entity: {} } }));
      const [a, b, c] = ((await api.run({ command: 'svc.entity.batch/create', args: { type: t.items, entities: [{ [t.title]: 'a', [t.group]: { 'svc/id': group } }, { [t.title]: 'b' }, { [t.title]: 'c' }] } })) as Json[]).map(idOf);
      await server.db.query('DELETE FROM webhook_deliveries');
      expect(await api.run({ command: 'svc.entity.batch/delete', args: { type: t.items, entities: [{ 'svc/id': a as string }, { 'svc/id': (b as string).toUpperCase() }, { 'svc/id': a as string }] } })).toBe('ok');
      expect((await items()).map(idOf)).toEqual([c]);
      expect(await membersOf(group)).toEqual([]);
      const effects = (await outbox()).flatMap((d) => d.effects.map((e) => [e.effect, e.id]));
      expect(effects).toEqual([
        ['svc.entity/delete', a],
        ['svc.entity/delete', b],
        ['svc.entity/remove-collection-items', group],
      ]);
    });

    it('fails on an unknown id naming it, deleting nothing, unless fail-if-not-found? is false (then it is skipped)', async () => {
      const [a, b] = ((await api.run({ command: 'svc.entity.batch/create', args: { type: t.items, entities: [{ [t.title]: 'a' }, { [t.title]: 'b' }] } })) as Json[]).map(idOf);
      const missing = randomUUID();
      const entities = [{ 'svc/id': a as string }, { 'svc/id': missing }, { 'svc/id': b as string }];
      const error = await failing({ command: 'svc.entity.batch/delete', args: { type: t.items, entities } });
      expect(error).toMatchObject({ name: 'entity.error/entity-not-found', data: { id: missing, index: 1, type: t.items } });
      expect(error.message).toContain('fail-if-not-found?');
      expect(await failing({ command: 'svc.entity.batch/delete', args: { type: t.items, entities, opts: { 'fail-if-not-found?': true } } })).toMatchObject({ data: { id: missing } });
      expect((await items()).map(idOf)).toEqual([a, b]);
      // An Entity of another Database is not found in this one.
      const group = idOf(await api.run({ command: 'svc.entity/create', args: { type: t.groups, entity: {} } }));
      expect(await api.run({ command: 'svc.entity.batch/delete', args: { type: t.items, entities: [...entities, { 'svc/id': group }], opts: { 'fail-if-not-found?': false } } })).toBe('ok');
      expect(await items()).toEqual([]);
      expect((await groups()).map(idOf)).toContain(group);
    });
  });

  describe('svc.entity.batch/create-or-update', () => {
    const upsert = (entities: Json[], action: 'skip-create' | 'update-latest', field = t.title) =>
      api.run(loose({ command: 'svc.entity.batch/create-or-update', args: { type: t.items, entities, 'conflict-field': field, 'conflict-action': action } })) as Promise<Json[]>;

    it('creates what has no duplicate, leaves the latest duplicate with skip-create, and answers each in order', async () => {
      const [older, latest] = ((await api.run({ command: 'svc.entity.batch/create', args: { type: t.items, entities: [{ [t.title]: 'x', [t.count]: 1 }, { [t.title]: 'x', [t.count]: 2 }] } })) as Json[]).map(idOf);
      await server.db.query('DELETE FROM webhook_deliveries');
      const fresh = randomUUID();
      const result = await upsert([{ [t.title]: 'x', [t.count]: 9 }, { 'svc/id': fresh, [t.title]: 'y' }, { [t.title]: 'X' }, { [t.count]: 5 }, { [t.title]: null }, { [t.title]: 'y', [t.count]: 7 }], 'skip-create');
      expect(result.map((r) => r['action'])).toEqual(['skip-create', 'create', 'create', 'create', 'create', 'prefer-duplicate-found-in-the-batch']);
      expect(result[0]).toMatchObject({ entity: { [t.title]: 'x', [t.count]: 9 }, duplicate: { 'svc/id': latest, [t.title]: 'x' } });
      expect(Object.keys(result[0]?.['duplicate'] as Json).sort()).toEqual(['svc/creation-date', 'svc/id', 'svc/public-id', t.title].sort());
      expect(result[1]).toMatchObject({ created: { 'svc/id': fresh, [t.title]: 'y' } });
      expect(result[5]).toEqual({ action: 'prefer-duplicate-found-in-the-batch', entity: { [t.title]: 'y', [t.count]: 7 }, duplicate: { 'svc/id': fresh, [t.title]: 'y' } });
      const after = await items();
      expect(after.filter((e) => e[t.title] === 'x').map((e) => [idOf(e), e[t.count]])).toEqual([
        [older, 1],
        [latest, 2],
      ]);
      expect(after.map((e) => e[t.title])).toEqual(['x', 'x', 'y', 'X', null, null]);
      expect((await outbox()).flatMap((d) => d.effects.map((e) => e.effect))).toEqual(Array.from({ length: 4 }, () => 'svc.entity/create'));
    });

    it('updates the latest duplicate with update-latest (every given field but the system ones), the last of the batch counting', async () => {
      const [older, latest] = ((await api.run({ command: 'svc.entity.batch/create', args: { type: t.items, entities: [{ [t.title]: 'x', [t.count]: 1 }, { [t.title]: 'x', [t.count]: 2 }] } })) as Json[]).map(idOf);
      await server.db.query('DELETE FROM webhook_deliveries');
      const ignored = randomUUID();
      const result = await upsert([{ [t.title]: 'x', [t.count]: 8 }, { [t.title]: 'z', [t.count]: 1 }, { 'svc/id': ignored, [t.title]: 'x', [t.count]: 9, [amount]: '1.5' }], 'update-latest');
      expect(result.map((r) => r['action'])).toEqual(['prefer-duplicate-found-in-the-batch', 'create', 'update-latest']);
      expect(result[0]?.['duplicate']).toEqual({ 'svc/id': ignored, [t.title]: 'x', [t.count]: 9, [amount]: '1.5' });
      expect(result[2]).toMatchObject({ duplicate: { 'svc/id': latest, [t.title]: 'x' }, updated: { 'svc/id': latest, [t.title]: 'x', [t.count]: 9, [amount]: 1.5, [t.group]: null } });
      const after = await items();
      expect(after.map((e) => [e[t.title], e[t.count]])).toEqual([
        ['x', 1],
        ['x', 9],
        ['z', 1],
      ]);
      expect(after.map(idOf)).not.toContain(ignored);
      expect(after[0]?.['svc/id']).toBe(older);
      const effects = (await outbox()).flatMap((d) => d.effects);
      expect(effects.map((e) => [e.effect, e.id])).toEqual([
        ['svc.entity/create', idOf(result[1]?.['created'])],
        ['svc.entity/update', latest],
      ]);
      expect(effects[1]).toMatchObject({ values: { [t.count]: 9, [amount]: 1.5 }, valuesBefore: { [t.count]: 2, [amount]: null } });
    });

    it('matches integers and dates by value', async () => {
      await api.run({ command: 'svc.entity.batch/create', args: { type: t.items, entities: [{ [t.count]: 3, [day]: '2024-02-29' }] } });
      expect((await upsert([{ [t.count]: 3 }, { [t.count]: 4 }], 'skip-create', t.count)).map((r) => r['action'])).toEqual(['skip-create', 'create']);
      expect((await upsert([{ [day]: '2024-02-29', [t.title]: 'leap' }], 'update-latest', day)).map((r) => r['action'])).toEqual(['update-latest']);
      expect((await items()).map((e) => [e[t.count], e[day], e[t.title]])).toEqual([
        [3, '2024-02-29', 'leap'],
        [4, null, null],
      ]);
    });

    it('refuses a conflict-field it cannot match by, naming it, and writes nothing', async () => {
      const refused = async (field: string, action: 'skip-create' | 'update-latest' = 'skip-create') => {
        const error = await failing({ command: 'svc.entity.batch/create-or-update', args: { type: t.items, entities: [{ [t.title]: 'never' }], 'conflict-field': field, 'conflict-action': action } });
        expect(error.data['field']).toBe(field);
        return error;
      };
      const unknown = await refused(t.title.replace('Title', 'Titel'));
      expect(unknown.name).toBe('entity.error/schema-field-not-found');
      expect(unknown.message).toContain(`did you mean "${t.title}"`);
      for (const field of [t.group, t.body, amount, 'svc/id', 'svc/public-id', 'svc/created-by']) {
        expect((await refused(field, 'update-latest')).name, field).toBe('entity.error/conflict-field-invalid');
      }
      const manyEnd = await failing({ command: 'svc.entity.batch/create-or-update', args: { type: t.groups, entities: [{}], 'conflict-field': t.members, 'conflict-action': 'skip-create' } });
      expect(manyEnd).toMatchObject({ name: 'entity.error/conflict-field-invalid', data: { field: t.members, type: t.groups } });
      expect(await failing({ command: 'svc.entity.batch/create-or-update', args: { type: t.items, entities: [{ [t.title]: 'ok' }, { [t.title]: 5 }], 'conflict-field': t.title, 'conflict-action': 'skip-create' } })).toMatchObject({
        name: 'entity.error/value-invalid',
        data: { field: t.title, index: 1 },
      });
      const badAction = await post(loose({ command: 'svc.entity.batch/create-or-update', args: { type: t.items, entities: [], 'conflict-field': t.title, 'conflict-action': 'update-all' } }));
      expect(badAction.status).toBe(400);
      expect(await items()).toEqual([]);
    });
  });

  describe('the compact form of the collection commands', () => {
    it('adds and removes the items of several parents, in order, as the classic form would, with the same effects', async () => {
      const [g1, g2] = ((await api.run([
        { command: 'svc.entity/create', args: { type: t.groups, entity: {} } },
        { command: 'svc.entity/create', args: { type: t.groups, entity: {} } },
      ])) as Array<{ result: unknown }>).map((r) => idOf(r.result));
      const [a, b, c] = ((await api.run({ command: 'svc.entity.batch/create', args: { type: t.items, entities: [{}, {}, {}] } })) as Json[]).map(idOf) as [string, string, string];
      await server.db.query('DELETE FROM webhook_deliveries');
      const add = loose({ command: 'svc.entity/add-collection-items', args: { type: t.groups, field: t.members, entity: { [g1 as string]: [a, b], [g2 as string]: [b, c] } } });
      expect(await api.run(add)).toBe('ok');
      // b moved to g2 (the relation's other end is to-one), as two classic commands in this order would do.
      expect(await membersOf(g1 as string)).toEqual([a]);
      expect(await membersOf(g2 as string)).toEqual([b, c].sort());
      const groupEffects = (await outbox()).filter((d) => d.effects.some((e) => e.type === t.groups)).flatMap((d) => d.effects.map((e) => [e.effect, e.id, (e as { items?: Json[] }).items?.map(idOf)]));
      expect(groupEffects).toEqual([
        ['svc.entity/add-collection-items', g1, [a, b]],
        ['svc.entity/remove-collection-items', g1, [b]],
        ['svc.entity/add-collection-items', g2, [b, c]],
      ]);
      expect(await api.run(loose({ command: 'svc.entity/remove-collection-items', args: { type: t.groups, field: t.members, entity: { [g2 as string]: [c] } } }))).toBe('ok');
      expect(await membersOf(g2 as string)).toEqual([b]);
      // The classic form stays.
      expect(await api.run({ command: 'svc.entity/add-collection-items', args: { type: t.groups, field: t.members, entity: { 'svc/id': g2 as string }, items: [{ 'svc/id': c }] } })).toBe('ok');
      expect(await membersOf(g2 as string)).toEqual([b, c].sort());
    });

    it('refuses a mixture of the forms by name and changes nothing', async () => {
      const group = idOf(await api.run({ command: 'svc.entity/create', args: { type: t.groups, entity: {} } }));
      const item = idOf(await api.run({ command: 'svc.entity/create', args: { type: t.items, entity: {} } }));
      const cases: Array<[Json, string]> = [
        [{ entity: { 'svc/id': group } }, '/args/items'],
        [{ entity: { [group]: [item] }, items: [{ 'svc/id': item }] }, '/args/items'],
        [{ entity: { 'svc/id': group, [group]: [item] }, items: [{ 'svc/id': item }] }, '/args/entity'],
      ];
      for (const [args, field] of cases) {
        for (const name of ['svc.entity/add-collection-items', 'svc.entity/remove-collection-items']) {
          const { status, json } = await post({ command: name, args: { type: t.groups, field: t.members, ...args } });
          const answer = json as { success: boolean; result: { name: string; message: string; data: Json } };
          expect([status, answer.success, answer.result.name, answer.result.data['field']], JSON.stringify(args)).toEqual([200, false, 'request.error/invalid-body', field]);
          expect(answer.result.message).toContain('compact form');
        }
      }
      // A compact map that is no map of ids is refused by the request schema.
      expect((await post({ command: 'svc.entity/add-collection-items', args: { type: t.groups, field: t.members, entity: { [group]: 'not a list' } } })).status).toBe(400);
      expect((await post({ command: 'svc.entity/add-collection-items', args: { type: t.groups, field: t.members, entity: {} } })).status).toBe(400);
      expect(await membersOf(group)).toEqual([]);
      // One unknown item of a later parent: nothing of the command is applied.
      expect(await failing({ command: 'svc.entity/add-collection-items', args: { type: t.groups, field: t.members, entity: { [group]: [item], [randomUUID()]: [item] } } })).toMatchObject({
        name: 'entity.error/entity-not-found',
      });
      expect(await membersOf(group)).toEqual([]);
    });
  });

  describe('decimals as strings', () => {
    it('writes a decimal string as the number it spells, reads a number back, and compares a decimal string parameter as a number', async () => {
      const created = (await api.run({ command: 'svc.entity/create', args: { type: t.items, entity: { [t.title]: 'tall', [amount]: '2.01' } } })) as Json;
      expect(created[amount]).toBe(2.01);
      const other = idOf(await api.run({ command: 'svc.entity/create', args: { type: t.items, entity: { [t.title]: 'short', [amount]: 1 } } }));
      const updated = (await api.run({ command: 'svc.entity/update', args: { type: t.items, entity: { 'svc/id': other, [amount]: '-0.5' } } })) as Json;
      expect(updated[amount]).toBe(-0.5);
      expect((await items()).map((e) => e[amount])).toEqual([2.01, -0.5]);
      const query = (params: Json, where: unknown = ['>', [amount], '$height']) =>
        post({ command: 'svc.entity/query', args: { query: { 'q/from': t.items, 'q/select': [t.title], 'q/where': where, 'q/limit': 10 }, params } });
      expect(((await query({ $height: '1.75' })).json as { result: unknown }).result).toEqual([{ [t.title]: 'tall' }]);
      expect(((await query({ $height: '-0.5' }, ['=', [amount], '$height'])).json as { result: unknown }).result).toEqual([{ [t.title]: 'short' }]);
      expect(((await query({ $hs: ['2.01', '7'] }, ['q/in', [amount], '$hs'])).json as { result: unknown }).result).toEqual([{ [t.title]: 'tall' }]);
      for (const bad of ['', ' 1', '1 ', 'abc', 'NaN', 'Infinity', '0x10', '1e3', '1e999', '1.', '.5', '+1', '1,5', '9'.repeat(101)]) {
        const result = ((await query({ $height: bad })).json as { result: { name: string; data: Json } }).result;
        expect([bad, result.name, result.data['field']]).toEqual([bad, 'entity.error/query-value-invalid', amount]);
        const write = await failing({ command: 'svc.entity/create', args: { type: t.items, entity: { [amount]: bad } } });
        expect([bad, write.name, write.data['field']]).toEqual([bad, 'entity.error/value-invalid', amount]);
        const change = await failing({ command: 'svc.entity/update', args: { type: t.items, entity: { 'svc/id': other, [amount]: bad } } });
        expect([bad, change.name]).toEqual([bad, 'entity.error/value-invalid']);
      }
      // An integer field takes no string; a decimal string of many digits is a finite number.
      expect((await failing({ command: 'svc.entity/create', args: { type: t.items, entity: { [t.count]: '3' } } })).name).toBe('entity.error/value-invalid');
      const long = (await api.run({ command: 'svc.entity/create', args: { type: t.items, entity: { [amount]: '1'.repeat(100) } } })) as Json;
      expect(long[amount]).toBe(Number('1'.repeat(100)));
      expect((await items()).map((e) => e[amount])).toEqual([2.01, -0.5, Number('1'.repeat(100))]);
    });
  });
});
