// GraphQL mutations on the demo workspace (spec/graphql/README.md, "Mutations"): create, update,
// delete, rich text, links, each as the command API writes them (same values, same errors, same
// webhook deliveries), one transaction per mutation field, and refused to a Reader token.
import { buildASTSchema, parse, type GraphQLInputObjectType, type GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { startTestServer, storages } from './storages.js';

interface GqlBody {
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string; path?: unknown[]; extensions?: Record<string, unknown> }>;
}
type Result = { message: string; entities: Array<{ id: string; type: string }>; documents: Array<{ secret: string }> };

const READER = 'graphql-mutations-reader-token';

describe.each(storages)('GraphQL mutations on $name', (storage) => {
  let server: RunningServer;
  const gql = async (query: string, variables?: Record<string, unknown>, token = server.token): Promise<{ status: number; body: GqlBody }> => {
    const res = await fetch(`${server.baseUrl}/api/graphql/space/Demo`, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify({ query, ...(variables ? { variables } : {}) }),
    });
    return { status: res.status, body: (await res.json()) as GqlBody };
  };
  const ops = async (query: string, variables?: Record<string, unknown>): Promise<Record<string, Result>> => {
    const answer = await gql(query, variables);
    expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
    const data = answer.body.data as Record<string, Record<string, Result>>;
    return Object.values(data)[0] as Record<string, Result>;
  };
  const command = async (body: unknown) => {
    const res = await fetch(`${server.baseUrl}/api/commands`, { method: 'POST', headers: { authorization: `Token ${server.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return (await res.json()) as { success: boolean; result: unknown };
  };
  const tasks = async (where: unknown, params: Record<string, unknown>) => {
    const answer = await command({
      command: 'svc.entity/query',
      args: {
        query: {
          'q/from': 'Demo/Tasks',
          'q/select': { id: 'svc/id', title: 'Demo/Title', estimate: 'Demo/Estimate', project: ['Demo/Project', 'Demo/Name'], blocks: { 'q/from': 'Demo/Blocks', 'q/select': ['svc/id'], 'q/limit': 'q/no-limit' } },
          'q/where': where,
          'q/limit': 100,
        },
        params,
      },
    });
    expect(answer.success, JSON.stringify(answer.result)).toBe(true);
    return answer.result as Array<{ id: string; title: string | null; estimate: number | null; project: string | null; blocks: Array<Record<string, string>> }>;
  };

  beforeAll(async () => {
    server = await startTestServer(storage, { demo: true, readerToken: READER });
  });
  afterAll(() => server?.close());

  it('serves type Mutation with one field per Database, taking the find filters and answering <T>Operations', async () => {
    const sdl = await (await fetch(`${server.baseUrl}/api/graphql/space/Demo/schema.graphql`, { headers: { authorization: `Token ${server.token}` } })).text();
    const schema = buildASTSchema(parse(sdl));
    const mutation = schema.getMutationType()?.getFields() ?? {};
    expect(String(mutation['tasks']?.type)).toBe('DemoTaskOperations');
    expect(String(mutation['projects']?.type)).toBe('DemoProjectOperations');
    const fieldFilters = (name: string) => Object.keys((schema.getType(name) as GraphQLInputObjectType).getFields()).filter((k) => !['orderBy', 'limit', 'offset'].includes(k));
    expect(mutation['tasks']?.args.map((a) => a.name)).toEqual(fieldFilters('DemoTaskFilter'));
    const actions = (schema.getType('DemoTaskOperations') as GraphQLObjectType).getFields();
    const signature = (name: string) => `${name}(${actions[name]?.args.map((a) => `${a.name}: ${String(a.type)}`).join(', ')}): ${String(actions[name]?.type)}`;
    expect(signature('createBatch')).toBe('createBatch(data: [DemoTaskInput!]!): MutationResult!');
    expect(signature('delete')).toBe('delete(): MutationResult!');
    expect(signature('appendContentToNotes')).toBe('appendContentToNotes(value: String!): MutationResult!');
    expect(signature('prependContentToNotesBatch')).toBe('prependContentToNotesBatch(data: [ContentInput!]!): MutationResult!');
    expect(Object.keys(actions)).toEqual(expect.arrayContaining(['create', 'update', 'updateBatch', 'overwriteNotes', 'overwriteNotesBatch', 'linkProject', 'unlinkProject', 'linkBlocks', 'unlinkBlocks']));
    expect(actions['create']?.args.map((a) => a.name)).toEqual(Object.keys((schema.getType('DemoTaskInput') as GraphQLInputObjectType).getFields()));
  });

  it('create and createBatch write through svc.entity/create: the command API reads what they wrote, the later actions act on them', async () => {
    await ops(`mutation { projects { create(name: "gql-project-1") { message } } }`);
    const one = await ops(`mutation { tasks { create(title: "gql-create-1", estimate: 3, due: "2026-01-02T03:04:05.000Z", project: {name: {is: "gql-project-1"}}) { message entities { id type } } } }`);
    const created = one['create'] as Result;
    expect(created.entities).toEqual([{ id: expect.any(String), type: 'Demo/Tasks' }]);
    expect(created.message).toBe('Create: 1 Task added');
    const [row] = await tasks(['=', ['svc/id'], '$id'], { $id: created.entities[0]?.id });
    expect(row).toMatchObject({ title: 'gql-create-1', estimate: 3, project: 'gql-project-1' });

    const batch = await ops(`mutation { tasks { createBatch(data: [{title: "gql-batch-a"}, {title: "gql-batch-b", estimate: 5}]) { entities { id } } update(done: true) { entities { id } } } }`);
    const ids = (batch['createBatch'] as Result).entities.map((e) => e.id);
    expect(ids).toHaveLength(2);
    expect((batch['update'] as Result).entities.map((e) => e.id)).toEqual(ids);
    const rows = await tasks(['q/in', ['svc/id'], '$ids'], { $ids: ids });
    expect(rows.map((r) => r.title).sort()).toEqual(['gql-batch-a', 'gql-batch-b']);
  });

  it('update and updateBatch change the Entities the filter selects; the GraphQL read sees it', async () => {
    await ops(`mutation { tasks { createBatch(data: [{title: "gql-upd", estimate: 1}, {title: "gql-upd", estimate: 2}]) { message } } }`);
    const updated = await ops(`mutation { tasks(title: {is: "gql-upd"}) { update(estimate: 40) { message entities { id } } } }`);
    expect((updated['update'] as Result).entities).toHaveLength(2);
    const read = await gql(`{ findTasks(title: {is: "gql-upd"}) { estimate } }`);
    expect((read.body.data?.['findTasks'] as Array<{ estimate: number }>).map((t) => t.estimate)).toEqual([40, 40]);
    await ops(`mutation { tasks(title: {is: "gql-upd"}) { updateBatch(data: [{estimate: 7}, {title: "gql-upd-2"}]) { message } } }`);
    const rows = await tasks(['=', ['Demo/Title'], '$t'], { $t: 'gql-upd-2' });
    expect(rows.map((r) => r.estimate)).toEqual([7, 7]);
  });

  it('delete removes the selected Entities, as svc.entity/delete', async () => {
    await ops(`mutation { tasks { createBatch(data: [{title: "gql-del"}, {title: "gql-del"}]) { message } } }`);
    const deleted = await ops(`mutation { tasks(title: {is: "gql-del"}) { delete { message entities { id } } } }`);
    expect((deleted['delete'] as Result).message).toBe('Delete: 2 Task items deleted');
    expect(await tasks(['=', ['Demo/Title'], '$t'], { $t: 'gql-del' })).toEqual([]);
  });

  it('appendContentTo, prependContentTo and overwrite edit the rich text document; the read API reads it', async () => {
    const made = await ops(`mutation { tasks { create(title: "gql-rich", notes: "middle") { message } appendContentToNotes(value: "end") { documents { secret } } prependContentToNotesBatch(data: [{value: "two"}, {value: "one"}]) { message } } }`);
    expect((made['appendContentToNotes'] as Result).documents).toHaveLength(1);
    const read = async () => ((await gql(`{ findTasks(title: {is: "gql-rich"}) { notes { md secret } } }`)).body.data?.['findTasks'] as Array<{ notes: { md: string; secret: string } }>)[0]?.notes;
    expect((await read())?.md.trim().split(/\n+/)).toEqual(['one', 'two', 'middle', 'end']);
    await ops(`mutation { tasks(title: {is: "gql-rich"}) { overwriteNotes(value: "**new**") { message } } }`);
    const notes = await read();
    expect(notes?.md.trim()).toBe('**new**');
    const doc = await (await fetch(`${server.baseUrl}/api/documents/${notes?.secret}?format=md`, { headers: { authorization: `Token ${server.token}` } })).json();
    expect((doc as { content: string }).content.trim()).toBe('**new**');
  });

  it('link and unlink set and clear to-one relations and add and remove collection items', async () => {
    await ops(`mutation { projects { createBatch(data: [{name: "gql-project-2"}, {name: "gql-project-3"}]) { message } } }`);
    await ops(`mutation { tasks { createBatch(data: [{title: "gql-link-a"}, {title: "gql-link-b"}, {title: "gql-link-c"}]) { message } } }`);
    await ops(`mutation { tasks(title: {is: "gql-link-a"}) { linkProject(name: {is: "gql-project-2"}) { message } linkBlocks(title: {in: ["gql-link-b", "gql-link-c"]}) { message } } }`);
    let [a] = await tasks(['=', ['Demo/Title'], '$t'], { $t: 'gql-link-a' });
    expect(a?.project).toBe('gql-project-2');
    expect(a?.blocks).toHaveLength(2);
    await ops(`mutation { tasks(title: {is: "gql-link-a"}) { unlinkBlocks(title: {is: "gql-link-b"}) { message } unlinkProject { message } } }`);
    [a] = await tasks(['=', ['Demo/Title'], '$t'], { $t: 'gql-link-a' });
    expect(a?.project).toBeNull();
    expect(a?.blocks).toHaveLength(1);
    // A to-one link must name exactly one Entity; nothing is written otherwise.
    const bad = await gql(`mutation { tasks(title: {is: "gql-link-a"}) { linkProject(name: {contains: "gql-project-"}) { message } } }`);
    expect(bad.body.data).toEqual({ tasks: null });
    expect(bad.body.errors?.[0]?.extensions?.['code']).toBe('entity.error/value-invalid');
  });

  it('serves add<F> / add<F>Item, update<F> and delete<F> for relations to a Database, taking its <O>Input fields or its filters', async () => {
    const sdl = await (await fetch(`${server.baseUrl}/api/graphql/space/Demo/schema.graphql`, { headers: { authorization: `Token ${server.token}` } })).text();
    const schema = buildASTSchema(parse(sdl));
    const actions = (schema.getType('DemoTaskOperations') as GraphQLObjectType).getFields();
    const projectInput = Object.keys((schema.getType('DemoProjectInput') as GraphQLInputObjectType).getFields());
    expect(actions['addProject']?.args.map((a) => a.name)).toEqual(projectInput);
    expect(actions['updateProject']?.args.map((a) => a.name)).toEqual(projectInput);
    expect(actions['addBlocksItem']?.args.map((a) => a.name)).toEqual(Object.keys((schema.getType('DemoTaskInput') as GraphQLInputObjectType).getFields()));
    expect(actions['deleteProject']?.args).toEqual([]);
    expect(actions['deleteBlocks']?.args.map((a) => a.name)).toEqual(Object.keys((schema.getType('DemoTaskFilter') as GraphQLInputObjectType).getFields()).filter((k) => !['orderBy', 'limit', 'offset'].includes(k)));
    expect(String(actions['addBlocksItem']?.type)).toBe('MutationResult!');
    // Not for the users, nor the options of a select or workflow.
    expect(Object.keys(actions).filter((n) => /^(add|delete)(Assignees|State|Status)/.test(n))).toEqual([]);
  });

  it('add<F> and add<F>Item create an Entity of the related Database per selected Entity and link it', async () => {
    await ops(`mutation { tasks { createBatch(data: [{title: "gql-rel-a"}, {title: "gql-rel-b"}]) { message } } }`);
    const added = await ops(`mutation { tasks(title: {in: ["gql-rel-a", "gql-rel-b"]}) { addProject(name: "gql-rel-project") { message entities { id type } } addBlocksItem(title: "gql-rel-child", estimate: 4, notes: "child **notes**") { message entities { id type } documents { secret } } } }`);
    const projects = added['addProject'] as Result;
    expect(projects.entities).toEqual([expect.objectContaining({ type: 'Demo/Projects' }), expect.objectContaining({ type: 'Demo/Projects' })]);
    expect(projects.message).toBe('Add project: 2 Project items added to 2 Task items');
    const children = (added['addBlocksItem'] as Result).entities.map((e) => e.id);
    expect(children).toHaveLength(2);
    const rows = await tasks(['q/in', ['Demo/Title'], '$t'], { $t: ['gql-rel-a', 'gql-rel-b'] });
    expect(rows.map((r) => r.project)).toEqual(['gql-rel-project', 'gql-rel-project']);
    expect(rows.flatMap((r) => r.blocks.map((b) => b['svc/id'])).sort()).toEqual([...children].sort());
    expect((added['addBlocksItem'] as Result).documents).toHaveLength(2);
    const notes = (await gql(`{ findTasks(title: {is: "gql-rel-child"}) { notes { md } } }`)).body.data?.['findTasks'] as Array<{ notes: { md: string } }>;
    expect(notes.map((t) => t.notes.md.trim())).toEqual(['child **notes**', 'child **notes**']);
    expect((await tasks(['q/in', ['svc/id'], '$ids'], { $ids: children })).map((r) => [r.title, r.estimate])).toEqual([
      ['gql-rel-child', 4],
      ['gql-rel-child', 4],
    ]);
    // A bad value writes nothing of the mutation field.
    const bad = await gql(`mutation { tasks(title: {is: "gql-rel-a"}) { addBlocksItem(title: "gql-rel-bad", due: "not a date") { message } } }`);
    expect(bad.body.data).toEqual({ tasks: null });
    expect(bad.body.errors?.[0]?.message).toContain('tasks.addBlocksItem');
    expect(await tasks(['=', ['Demo/Title'], '$t'], { $t: 'gql-rel-bad' })).toEqual([]);
  });

  it('update<F> changes the linked Entities and delete<F> deletes them (of a collection: those matching the filter)', async () => {
    await ops(`mutation { tasks { create(title: "gql-relu") { message } addProject(name: "gql-relu-project") { message } addBlocksItem(title: "gql-relu-1") { message } } }`);
    await ops(`mutation { tasks(title: {is: "gql-relu"}) { addBlocksItem(title: "gql-relu-2") { message } } }`);
    const updated = await ops(`mutation { tasks(title: {is: "gql-relu"}) { updateProject(name: "gql-relu-renamed") { message entities { type } } updateBlocks(estimate: 11) { entities { id } } } }`);
    expect((updated['updateProject'] as Result).entities).toEqual([{ type: 'Demo/Projects' }]);
    expect((updated['updateBlocks'] as Result).entities).toHaveLength(2);
    let [row] = await tasks(['=', ['Demo/Title'], '$t'], { $t: 'gql-relu' });
    expect(row?.project).toBe('gql-relu-renamed');
    expect((await tasks(['q/in', ['Demo/Title'], '$t'], { $t: ['gql-relu-1', 'gql-relu-2'] })).map((r) => r.estimate)).toEqual([11, 11]);
    const deleted = await ops(`mutation { tasks(title: {is: "gql-relu"}) { deleteBlocks(title: {is: "gql-relu-1"}) { message entities { id } } } }`);
    expect((deleted['deleteBlocks'] as Result).entities).toHaveLength(1);
    expect(await tasks(['=', ['Demo/Title'], '$t'], { $t: 'gql-relu-1' })).toEqual([]);
    expect(await tasks(['=', ['Demo/Title'], '$t'], { $t: 'gql-relu-2' })).toHaveLength(1);
    await ops(`mutation { tasks(title: {is: "gql-relu"}) { deleteProject { message } deleteBlocks { message } } }`);
    [row] = await tasks(['=', ['Demo/Title'], '$t'], { $t: 'gql-relu' });
    expect(row?.project).toBeNull();
    expect(row?.blocks).toEqual([]);
    expect(await tasks(['=', ['Demo/Title'], '$t'], { $t: 'gql-relu-2' })).toEqual([]);
    const left = await gql(`{ findProjects(name: {is: "gql-relu-renamed"}) { id } }`);
    expect(left.body.data?.['findProjects']).toEqual([]);
  });

  it('a <T>Filter relation value takes orderBy, limit and offset; inside a find filter they are refused', async () => {
    await ops(`mutation { projects { createBatch(data: [{name: "gql-sel-1"}, {name: "gql-sel-2"}, {name: "gql-sel-3"}]) { message } } }`);
    await ops(`mutation { tasks { create(title: "gql-sel", project: {name: {contains: "gql-sel-"}, orderBy: {name: DESC}, limit: 1}) { message } } }`);
    let [row] = await tasks(['=', ['Demo/Title'], '$t'], { $t: 'gql-sel' });
    expect(row?.project).toBe('gql-sel-3');
    await ops(`mutation { tasks(title: {is: "gql-sel"}) { update(project: {name: {contains: "gql-sel-"}, orderBy: {name: ASC}, offset: 1, limit: 1}) { message } } }`);
    [row] = await tasks(['=', ['Demo/Title'], '$t'], { $t: 'gql-sel' });
    expect(row?.project).toBe('gql-sel-2');
    // Without limit, a to-one value matching several is still refused.
    const several = await gql(`mutation { tasks(title: {is: "gql-sel"}) { update(project: {name: {contains: "gql-sel-"}, offset: 1}) { message } } }`);
    expect(several.body.errors?.[0]?.extensions?.['code']).toBe('entity.error/value-invalid');
    const negative = await gql(`mutation { tasks(title: {is: "gql-sel"}) { update(project: {name: {is: "gql-sel-1"}, limit: -1}) { message } } }`);
    expect(negative.body.data).toEqual({ tasks: null });
    expect(negative.body.errors?.[0]?.message).toContain('limit must be an integer of at least 0');
    const nested = await gql(`{ findTasks(project: {name: {is: "gql-sel-2"}, limit: 1}) { title } }`);
    expect(nested.body.errors?.[0]?.message).toContain('findTasks.project.limit');
    expect(nested.body.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
    [row] = await tasks(['=', ['Demo/Title'], '$t'], { $t: 'gql-sel' });
    expect(row?.project).toBe('gql-sel-2');
  });

  it('a bad value is refused with the command API error naming the field, and the whole mutation field writes nothing', async () => {
    const viaCommand = await command({ command: 'svc.entity/create', args: { type: 'Demo/Tasks', entity: { 'Demo/Title': 'x', 'Demo/Due': 'not a date' } } });
    expect(viaCommand.success).toBe(false);
    const expected = viaCommand.result as { name: string; data: { field: string } };
    const answer = await gql(`mutation { tasks { create(title: "gql-atomic") { message } update(due: "not a date") { message } } }`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ tasks: null });
    const error = answer.body.errors?.[0];
    expect(error?.extensions?.['code']).toBe(expected.name);
    expect(error?.extensions?.['field']).toBe('Demo/Due');
    expect(error?.message).toContain('tasks.update');
    expect(await tasks(['=', ['Demo/Title'], '$t'], { $t: 'gql-atomic' })).toEqual([]);
  });

  it('refuses a Reader token with the command API error (auth.error/forbidden) and writes nothing', async () => {
    const viaCommand = await fetch(`${server.baseUrl}/api/commands`, {
      method: 'POST',
      headers: { authorization: `Token ${READER}`, 'content-type': 'application/json' },
      body: JSON.stringify({ command: 'svc.entity/create', args: { type: 'Demo/Tasks', entity: { 'Demo/Title': 'x' } } }),
    });
    const refusal = (await viaCommand.json()) as { result?: { name: string }; name?: string };
    const answer = await gql(`mutation { tasks { create(title: "gql-reader") { message } } }`, undefined, READER);
    expect(answer.status).toBe(403);
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors?.[0]?.extensions?.['code']).toBe(refusal.result?.name ?? refusal.name);
    expect(answer.body.errors?.[0]?.extensions?.['code']).toBe('auth.error/forbidden');
    expect(await tasks(['=', ['Demo/Title'], '$t'], { $t: 'gql-reader' })).toEqual([]);
    // Reads stay open to it.
    expect((await gql(`{ me { id } }`, undefined, READER)).status).toBe(200);
  });

  it('records webhook deliveries as the command API does', async () => {
    const added = await fetch(`${server.baseUrl}/api/webhooks/v2`, {
      method: 'POST',
      headers: { authorization: `Token ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://127.0.0.1:9/hook', type: 'Demo/Tasks' }),
    });
    expect(added.status).toBe(200);
    const made = await ops(`mutation { tasks { create(title: "gql-hook") { entities { id } } } }`);
    const id = (made['create'] as Result).entities[0]?.id as string;
    const { rows } = await server.db.query<{ body: unknown }>('SELECT body FROM webhook_deliveries');
    const bodies = rows.map((r) => (typeof r.body === 'string' ? r.body : JSON.stringify(r.body)));
    expect(bodies.some((b) => b.includes(id))).toBe(true);
    // An Entity an add<F>Item creates is delivered as a create of its Database.
    const child = ((await ops(`mutation { tasks(title: {is: "gql-hook"}) { addBlocksItem(title: "gql-hook-child") { entities { id } } } }`))['addBlocksItem'] as Result).entities[0]?.id as string;
    const after = (await server.db.query<{ body: unknown }>('SELECT body FROM webhook_deliveries')).rows.map((r) => (typeof r.body === 'string' ? r.body : JSON.stringify(r.body)));
    expect(after.some((b) => b.includes(child) && b.includes('gql-hook-child'))).toBe(true);
  });
});
