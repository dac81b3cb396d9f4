// The GraphQL read API on the demo workspace: the schema per Space (and the committed dump of the
// demo's), statements bounded by the depth of the selection, agreement with the command API,
// signed file addresses, limits and errors.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildASTSchema, buildClientSchema, getIntrospectionQuery, parse, printSchema, validateSchema, type IntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recording, type RecordingDatabase } from '../src/db/recording.js';
import { fileUrlSigner, verifyFileUrl, URL_LIFETIME_MS } from '../src/files/signed-urls.js';
import { camelCase, fieldBaseName, mutationBaseName, plainTypeName, queryBaseName, typeBaseName } from '../src/graphql/naming.js';
import { COMMON_SDL } from '../src/graphql/schema-builder.js';
import type { RunningServer } from '../src/index.js';
import { startTestServer, storages } from './storages.js';
import { graphqlMediaType, statusFor } from '../src/graphql/media-type.js';

const DEMO_SDL_FILE = fileURLToPath(new URL('../../spec/graphql/demo-space.graphql', import.meta.url));

interface GqlAnswer {
  status: number;
  contentType?: string;
  body: { data?: Record<string, unknown> | null; errors?: Array<{ message: string; path?: unknown[]; extensions?: Record<string, unknown> }> };
}

describe('GraphQL media type (Accept)', () => {
  it.each([
    [undefined, 'application/json'],
    ['', 'application/json'],
    ['*/*', 'application/json'],
    ['application/*', 'application/json'],
    ['application/json', 'application/json'],
    ['application/graphql-response+json', 'application/graphql-response+json'],
    ['Application/GraphQL-Response+JSON', 'application/graphql-response+json'],
    ['application/graphql-response+json, application/json;q=0.9', 'application/graphql-response+json'],
    ['application/json, application/graphql-response+json', 'application/json'],
    ['application/graphql-response+json, application/json', 'application/graphql-response+json'],
    ['application/graphql-response+json;q=0, application/json', 'application/json'],
    ['application/graphql-response+json;q=0.5, */*', 'application/json'],
    ['application/graphql-response+json;q=0.5, text/html', 'application/graphql-response+json'],
    ['text/html', 'application/json'],
  ])('Accept %j answers %s', (accept, mediaType) => {
    expect(graphqlMediaType(accept)).toBe(mediaType);
  });

  it('a request error is 400 under application/graphql-response+json, 200 under application/json; other statuses stay', () => {
    expect(statusFor('application/graphql-response+json', 400)).toBe(400);
    expect(statusFor('application/json', 400)).toBe(200);
    expect(statusFor('application/json', 404)).toBe(404);
    expect(statusFor('application/json', 200)).toBe(200);
  });
});

describe('GraphQL names', () => {
  it('follows the examples of spec/graphql/README.md', () => {
    expect(typeBaseName('Demo/Projects')).toBe('DemoProject');
    expect(typeBaseName('Demo/Tasks')).toBe('DemoTask');
    expect(typeBaseName('Demo/Sales leads')).toBe('DemoSalesLead');
    expect(typeBaseName('Sales Team/2nd things')).toBe('SalesTeam2ndThing');
    expect(typeBaseName('2026/Plans')).toBe('_2026Plan');
    expect(plainTypeName('workflow/state_Demo/Tasks')).toBe('WorkflowStateDemoTasks');
    expect(plainTypeName('svc/user')).toBe('SvcUser');
    expect(mutationBaseName('Demo/Sales leads')).toBe('salesLeads');
    expect(mutationBaseName('Demo/Person')).toBe('people');
    expect(queryBaseName('Demo/Projects')).toBe('findProjects');
    expect(queryBaseName('Demo/Task')).toBe('findTasks');
    expect(queryBaseName('Demo/Sales leads')).toBe('findSalesLeads');
    expect(fieldBaseName('Demo/Due date')).toBe('dueDate');
    expect(fieldBaseName('Demo/2nd owner')).toBe('_2ndOwner');
    expect(fieldBaseName('Demo/ID')).toBe('id');
    expect(fieldBaseName('Demo/!!')).toBe('field');
    expect(camelCase('URL link')).toBe('urlLink');
  });

  it('signs file addresses for 60 minutes and refuses them after, or altered', () => {
    const key = Buffer.alloc(32, 7);
    const now = Date.parse('2026-11-23T09:00:00.000Z');
    const ref = { entityId: '6f1c2b9e-3d4a-4f5b-8c6d-7e8f9a0b1c2d', fieldId: '0b6c7d8e-1f2a-4b3c-9d4e-5f6a7b8c9d0e', index: 0 };
    const signed = fileUrlSigner(key, 'http://x', now).sign(ref);
    expect(signed.expiresAt).toBe('2026-11-23T10:00:00.000Z');
    const url = new URL(signed.url);
    const refText = url.pathname.slice('/files/'.length);
    const expires = Number(url.searchParams.get('expires'));
    const signature = url.searchParams.get('signature') as string;
    expect(verifyFileUrl(key, refText, expires, signature, now + URL_LIFETIME_MS - 1)).toBe('valid');
    expect(verifyFileUrl(key, refText, expires, signature, now + URL_LIFETIME_MS)).toBe('expired');
    expect(verifyFileUrl(key, refText, expires + 1, signature, now)).toBe('bad-signature');
    expect(verifyFileUrl(Buffer.alloc(32, 8), refText, expires, signature, now)).toBe('bad-signature');
  });
});

describe.each(storages)('GraphQL read API on $name', (storage) => {
  let server: RunningServer;
  let db: RecordingDatabase;
  const headers = () => ({ authorization: `Token ${server.token}`, 'content-type': 'application/json' });
  // As a modern GraphQL over HTTP client asks (request errors are 400 under this media type).
  const gql = async (query: string, variables?: Record<string, unknown>, space = 'Demo', accept = 'application/graphql-response+json'): Promise<GqlAnswer> => {
    const res = await fetch(`${server.baseUrl}/api/graphql/space/${space}`, {
      method: 'POST',
      headers: { ...headers(), accept },
      body: JSON.stringify({ query, ...(variables ? { variables } : {}) }),
    });
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: (await res.json()) as GqlAnswer['body'] };
  };
  const data = async (query: string, variables?: Record<string, unknown>) => {
    const answer = await gql(query, variables);
    expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
    expect(answer.status).toBe(200);
    return answer.body.data as Record<string, Array<Record<string, unknown>>>;
  };
  const command = async (body: unknown) => {
    const res = await fetch(`${server.baseUrl}/api/commands`, { method: 'POST', headers: headers(), body: JSON.stringify(body) });
    const answer = (await res.json()) as { success: boolean; result: unknown };
    expect(answer.success, JSON.stringify(answer.result)).toBe(true);
    return answer.result;
  };
  const query = async (q: Record<string, unknown>, params: Record<string, unknown> = {}) =>
    (await command({ command: 'svc.entity/query', args: { query: q, params } })) as Array<Record<string, unknown>>;

  beforeAll(async () => {
    server = await startTestServer(storage, { demo: true, instrument: (inner) => (db = recording(inner)) });
  });
  afterAll(() => server?.close());

  it('serves the Space schema as SDL: common.graphql, then the generated part committed as spec/graphql/demo-space.graphql', async () => {
    const res = await fetch(`${server.baseUrl}/api/graphql/space/Demo/schema.graphql`, { headers: headers() });
    expect(res.status).toBe(200);
    const sdl = await res.text();
    expect(sdl.startsWith(COMMON_SDL.trimEnd())).toBe(true);
    const generated = sdl.slice(COMMON_SDL.trimEnd().length).replace(/^\n+/, '');
    if (process.env.UPDATE_GRAPHQL_SDL === '1') writeFileSync(DEMO_SDL_FILE, generated);
    expect(generated, 'spec/graphql/demo-space.graphql is stale: run UPDATE_GRAPHQL_SDL=1 npx vitest run server/test/graphql-api.test.ts').toBe(readFileSync(DEMO_SDL_FILE, 'utf8'));
    const schema = buildASTSchema(parse(sdl), { assumeValidSDL: false });
    expect(validateSchema(schema)).toEqual([]);
    expect(schema.getQueryType()?.getFields()['findTasks']).toBeDefined();
  });

  it('answers the standard introspection query with the schema it serves as SDL', async () => {
    const answer = await data(getIntrospectionQuery());
    const fromIntrospection = buildClientSchema(answer as unknown as IntrospectionQuery);
    const sdl = await (await fetch(`${server.baseUrl}/api/graphql/space/Demo/schema.graphql`, { headers: headers() })).text();
    expect(printSchema(fromIntrospection)).toBe(printSchema(buildASTSchema(parse(sdl))));
  });

  it('runs a number of statements bounded by the depth of the selection, not by the number of rows', async () => {
    const selection = `id title estimate priority { name } tags { name } due window createdBy { email } project { name owner { email } }
      attachments { name url urlExpiresAt } notes { md text } comments { content { html } author { name } }
      blockedBy(orderBy: {estimate: DESC}, limit: 3, offset: 0) { title project { name } }`;
    const count = async (limit: number) => {
      db.reset();
      const answer = await data(`query($limit: Int) { findTasks(limit: $limit, done: {is: false}) { ${selection} } }`, { limit });
      expect(answer['findTasks']).toHaveLength(limit);
      return db.statements.length;
    };
    await count(1);
    const some = await count(50);
    const many = await count(150);
    if (process.env.DEBUG_SQL) console.log(db.statements.map((s) => s.text.slice(0, 120)));
    expect(many).toBe(some);
    expect(await count(2)).toBeLessThanOrEqual(some);
    // token, catalog version, tasks, priority, tags, createdBy, project, its owner, comments, their
    // authors, blockedBy, their project (12), then the document reads: md, text, html, each a
    // bounded number of statements (none while documents/read.ts is a stub).
    expect(some).toBeGreaterThanOrEqual(12);
    expect(some).toBeLessThanOrEqual(12 + 3 * 3);
  });

  it('agrees with the command API on filters, order, limit and offset', async () => {
    const answer = await data(`{ findTasks(done: {is: false}, estimate: {greater: 5}, title: {notContains: "spec"}, orderBy: {due: ASC, estimate: DESC}, limit: 7, offset: 3) { id } }`);
    // Keys apply in the order TaskOrderBy declares them (estimate before due), not as written.
    const rows = await query({
      'q/from': 'Demo/Tasks',
      'q/select': ['svc/id'],
      'q/where': ['q/and', ['=', ['Demo/Done'], false], ['>', ['Demo/Estimate'], 5], ['q/not-contains', ['Demo/Title'], 'spec']],
      'q/order-by': [[['Demo/Estimate'], 'q/desc'], [['Demo/Due'], 'q/asc']],
      'q/limit': 10,
    });
    expect(answer['findTasks']?.map((t) => t['id'])).toEqual(rows.slice(3).map((r) => r['svc/id']));
  });

  it('orders by relation properties and pages inner lists as the command API sub-query does', async () => {
    const answer = await data(`{ findProjects(orderBy: {owner: {email: DESC}, active: ASC}, limit: 5) { id tasks(orderBy: {due: ASC}, limit: 2, offset: 1) { id } } }`);
    const rows = await query({
      'q/from': 'Demo/Projects',
      'q/select': ['svc/id', { 'Demo/Tasks': { 'q/select': ['svc/id'], 'q/order-by': [[['Demo/Due'], 'q/asc']], 'q/limit': 3 } }],
      'q/order-by': [[['Demo/Active'], 'q/asc'], [['Demo/Owner', 'user/email'], 'q/desc']],
      'q/limit': 5,
    });
    expect(answer['findProjects']).toEqual(rows.map((r) => ({ id: r['svc/id'], tasks: (r['Demo/Tasks'] as Array<Record<string, unknown>>).slice(1).map((t) => ({ id: t['svc/id'] })) })));
  });

  it('filters on relations, single selects, inner lists and string forms of ranges', async () => {
    const tasks = await data(`{ findTasks(project: {name: {contains: "1"}}, priority: {name: {in: ["High"]}}, limit: 1000) { priority { name } project { name } } }`);
    expect(tasks['findTasks']?.length).toBeGreaterThan(0);
    for (const t of tasks['findTasks'] ?? []) {
      expect(t['priority']).toEqual({ name: 'High' });
      expect(String((t['project'] as Record<string, unknown>)['name'])).toContain('1');
    }
    const projects = await data(`{ all: findProjects(limit: 100) { id tasks(limit: 1000) { estimate done } period }
      some: findProjects(tasks: {contains: [{estimate: {greater: 12}, done: {is: true}}]}, limit: 100) { id }
      none: findProjects(tasks: {notContains: [{estimate: {greater: 12}}]}, limit: 100) { id }
      empty: findProjects(tasks: {isEmpty: true}, limit: 100) { id }
      period: findProjects(period: {contains: "\\"start\\":\\"2026-0"}, orderBy: {period: DESC}, limit: 100) { id period } }`);
    const all = projects['all'] ?? [];
    const ids = (key: string) => (projects[key] ?? []).map((p) => p['id']).sort();
    const tasksOf = (p: Record<string, unknown>) => p['tasks'] as Array<{ estimate: number; done: boolean }>;
    expect(ids('some')).toEqual(all.filter((p) => tasksOf(p).some((t) => t.estimate > 12 && t.done)).map((p) => p['id']).sort());
    expect(ids('none')).toEqual(all.filter((p) => !tasksOf(p).some((t) => t.estimate > 12)).map((p) => p['id']).sort());
    expect(ids('empty')).toEqual(all.filter((p) => tasksOf(p).length === 0).map((p) => p['id']).sort());
    const periods = (projects['period'] ?? []).map((p) => String(p['period']));
    expect(periods).toEqual(all.map((p) => String(p['period'])).filter((p) => p.includes('"start":"2026-0')).sort().reverse());
  });

  it('answers queries written as in the public docs: state { name }, state filter by name, me, publicId, rank, RichField secret', async () => {
    const answer = await data(`{ me { id email name publicId }
      done: findTasks(status: {name: {is: "Done"}}, orderBy: {status: {rank: DESC}}, limit: 1000) { id publicId rank status { id publicId rank icon name final } tags(orderBy: {name: ASC}) { name } notes { secret md } }
      unranked: findTasks(rank: {isNull: false}) { id } ranked: findTasks(rank: {isNull: true}, limit: 3) { id rank } }`);
    const me = answer['me'] as unknown as Record<string, unknown>;
    const [user] = await query({ 'q/from': 'svc/user', 'q/select': ['svc/id', 'user/email', 'svc/public-id'], 'q/where': ['=', ['user/email'], '$e'], 'q/limit': 1 }, { $e: me['email'] });
    expect(me['id']).toBe(user?.['svc/id']);
    expect(me['publicId']).toBe(user?.['svc/public-id']);
    const done = answer['done'] ?? [];
    const rows = await query({
      'q/from': 'Demo/Tasks',
      'q/select': ['svc/id', 'svc/public-id', { 'Demo/Notes': ['Collaboration~Documents/secret'] }],
      'q/where': ['=', ['Demo/Status', 'enum/name'], '$s'],
      'q/limit': 1000,
    }, { $s: 'Done' });
    expect(done.map((t) => t['id']).sort()).toEqual(rows.map((r) => r['svc/id']).sort());
    expect(done.length).toBeGreaterThan(0);
    for (const t of done) {
      const row = rows.find((r) => r['svc/id'] === t['id']);
      expect(t['publicId']).toBe(row?.['svc/public-id']);
      // Demo/Tasks has no rank mixin: rank reads null, and rank filters treat it as a missing value.
      expect(t['rank']).toBeNull();
      expect(t['status']).toMatchObject({ name: 'Done', final: true, icon: null });
      expect(typeof (t['status'] as Record<string, unknown>)['rank']).toBe('number');
      const secret = (row?.['Demo/Notes'] as Record<string, unknown> | null)?.['Collaboration~Documents/secret'] ?? null;
      expect((t['notes'] as Record<string, unknown> | null)?.['secret'] ?? null).toBe(secret);
      const names = (t['tags'] as Array<{ name: string }>).map((x) => x.name);
      expect(names).toEqual([...names].sort());
    }
    expect(answer['unranked']).toEqual([]);
    expect(answer['ranked']).toHaveLength(3);
  });

  it('gives files signed addresses on this server that redirect to the stored file, and refuses altered ones', async () => {
    const answer = await data(`{ findProjects(limit: 100) { logo { name url urlExpiresAt } } }`);
    const file = (answer['findProjects'] ?? []).flatMap((p) => p['logo'] as Array<{ name: string; url: string; urlExpiresAt: string }>)[0];
    if (!file) throw new Error('the demo has projects with a logo');
    expect(file.url.startsWith(`${server.baseUrl}/files/`)).toBe(true);
    const ahead = Date.parse(file.urlExpiresAt) - Date.now();
    expect(ahead).toBeGreaterThan(URL_LIFETIME_MS - 60_000);
    expect(ahead).toBeLessThanOrEqual(URL_LIFETIME_MS);
    const ok = await fetch(file.url, { redirect: 'manual' });
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toMatch(/^https:\/\/project-\d+\.example\.org\/logo\.svg$/);
    const url = new URL(file.url);
    url.searchParams.set('expires', String(Date.now() - 1000));
    const expired = await fetch(url, { redirect: 'manual' });
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { name: string }).name).toBe('file.error/signature-invalid');
    const tampered = new URL(file.url);
    tampered.searchParams.set('signature', 'A'.repeat(43));
    expect((await fetch(tampered, { redirect: 'manual' })).status).toBe(403);
  });

  it('answers request errors with status 400 and `errors`, field errors with 200, unknown Spaces with 404', async () => {
    const bad = await gql('{ findTasks { nope } }');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.message).toMatch(/nope/);
    const syntax = await gql('{ findTasks { ');
    expect(syntax.status).toBe(400);
    expect(syntax.body.errors?.[0]?.extensions?.['code']).toBe('GRAPHQL_PARSE_FAILED');
    const notJson = await fetch(`${server.baseUrl}/api/graphql/space/Demo`, { method: 'POST', headers: headers(), body: '{"query": 1}' });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as GqlAnswer['body']).errors?.[0]?.message).toMatch(/query/);
    const malformed = await fetch(`${server.baseUrl}/api/graphql/space/Demo`, { method: 'POST', headers: headers(), body: '{"query": ' });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as GqlAnswer['body']).errors?.[0]?.extensions?.['code']).toBe('request.error/malformed-json');
    const negative = await gql('{ findTasks(offset: -1) { id } }');
    expect(negative.status).toBe(200);
    expect(negative.body.data).toBeNull();
    expect(negative.body.errors?.[0]?.path).toEqual(['findTasks']);
    const badId = await gql('{ findTasks(id: {is: "nope"}) { id } }');
    expect(badId.body.errors?.[0]?.message).toMatch(/UUID/);
    const unknown = await gql('{ findTasks { id } }', undefined, 'No_Such_Space');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors?.[0]?.extensions?.['code']).toBe('SPACE_NOT_FOUND');
    const deep = await gql('{ findTasks { project { tasks { project { tasks { project { tasks { project { tasks { project { id } } } } } } } } } } }');
    expect(deep.status).toBe(400);
    expect(deep.body.errors?.[0]?.extensions?.['code']).toBe('QUERY_TOO_DEEP');
    const costly = await gql('{ findProjects(limit: 1000) { tasks(limit: 1000) { id } } }');
    expect(costly.status).toBe(400);
    expect(costly.body.errors?.[0]?.extensions?.['code']).toBe('QUERY_TOO_COSTLY');
    const costlyByVariable = await gql('query($n: Int) { findProjects(limit: $n) { tasks(limit: $n) { id } } }', { n: 1000 });
    expect(costlyByVariable.body.errors?.[0]?.extensions?.['code']).toBe('QUERY_TOO_COSTLY');
    const badVariable = await gql('query($n: Int) { findProjects(limit: $n) { id } }', { n: 'ten' });
    expect(badVariable.status).toBe(400);
  });

  it('GQL-042 answers application/json (request errors 200) unless the client prefers application/graphql-response+json (request errors 400)', async () => {
    for (const accept of ['application/json', '*/*', 'application/graphql-response+json;q=0.5, application/json', 'text/html']) {
      const syntax = await gql('{ findTasks { ', undefined, 'Demo', accept);
      expect(syntax.status, accept).toBe(200);
      expect(syntax.contentType, accept).toMatch(/^application\/json/);
      expect(syntax.body.data, accept).toBeUndefined();
      expect(syntax.body.errors?.[0]?.extensions?.['code']).toBe('GRAPHQL_PARSE_FAILED');
    }
    const modern = await gql('{ findTasks { ', undefined, 'Demo', 'application/json;q=0.9, application/graphql-response+json');
    expect(modern.status).toBe(400);
    expect(modern.contentType).toMatch(/^application\/graphql-response\+json/);
    const ok = await gql('{ findTasks(limit: 1) { id } }');
    expect(ok.status).toBe(200);
    expect(ok.contentType).toMatch(/^application\/graphql-response\+json/);
    const unknown = await gql('{ findTasks { id } }', undefined, 'No_Such_Space', 'application/json');
    expect(unknown.status).toBe(404);
  });

  it('GQL-043 GET /api/graphql lists every Space with its endpoint and SDL addresses', async () => {
    const res = await fetch(`${server.baseUrl}/api/graphql`, { headers: headers() });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { spaces: Array<{ name: string; url: string; schema: string }> };
    expect(body.spaces).toContainEqual({ name: 'Demo', url: `${server.baseUrl}/api/graphql/space/Demo`, schema: `${server.baseUrl}/api/graphql/space/Demo/schema.graphql` });
    const sdl = await fetch(body.spaces.find((s) => s.name === 'Demo')?.schema ?? '', { headers: headers() });
    expect(sdl.status).toBe(200);
  });

  it('runs the operation named by operationName, with variables and fragments', async () => {
    const res = await fetch(`${server.baseUrl}/api/graphql/space/Demo`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({
        query: 'query A { findTasks(limit: 1) { id } } query B($n: Int!) { first: findProjects(limit: $n) { ...P } second: findProjects(limit: $n, offset: 1) { ...P } } fragment P on DemoProject { id name __typename }',
        operationName: 'B',
        variables: { n: 2 },
      }),
    });
    const body = (await res.json()) as GqlAnswer['body'];
    expect(res.status).toBe(200);
    const first = body.data?.['first'] as Array<Record<string, unknown>>;
    const second = body.data?.['second'] as Array<Record<string, unknown>>;
    expect(first).toHaveLength(2);
    expect(first[0]?.['__typename']).toBe('DemoProject');
    expect(second[0]?.['id']).toBe(first[1]?.['id']);
  });

  it('rebuilds the schema when the workspace schema changes; Space names with spaces take underscores', async () => {
    await command({
      command: 'svc.schema/batch',
      args: { commands: [{ command: 'schema.type/create', args: { 'svc/name': 'Sales Team/Sales leads', 'svc/fields': [{ 'svc/name': 'Sales Team/Due date', 'svc/type': 'svc/date' }, { 'svc/name': 'Sales Team/ID', 'svc/type': 'svc/text' }] } }] },
    });
    const sdl = async () => (await fetch(`${server.baseUrl}/api/graphql/space/Sales_Team/schema.graphql`, { headers: headers() })).text();
    expect(await sdl()).toMatch(/findSalesLeads\(/);
    expect(await sdl()).toMatch(/id_2: String/);
    await command({ command: 'svc.schema/batch', args: { commands: [{ command: 'schema.field/create', args: { 'svc/holder-type': 'Sales Team/Sales leads', 'svc/name': 'Sales Team/Due-date', 'svc/type': 'svc/text' } }] } });
    expect(await sdl()).toMatch(/dueDate_2: String/);
    await command({ command: 'svc.entity/create', args: { type: 'Sales Team/Sales leads', entity: { 'Sales Team/Due date': '2026-01-02', 'Sales Team/ID': 'L-1' } } });
    const answer = await gql('{ findSalesLeads { dueDate id_2 } }', undefined, 'Sales_Team');
    expect(answer.body).toEqual({ data: { findSalesLeads: [{ dueDate: '2026-01-02', id_2: 'L-1' }] } });
    await command({ command: 'svc.schema/batch', args: { commands: [{ command: 'schema.type/delete', args: { name: 'Sales Team/Sales leads', 'delete-entities?': true } }] } });
    const empty = await gql('{ __schema { queryType { fields { name } } } }', undefined, 'Sales_Team');
    expect(empty.body).toEqual({ data: { __schema: { queryType: { fields: [{ name: 'me' }] } } } });
  });
});
