// examples/sdk-client.ts against the reference server, once per storage (pg-mem, and PostgreSQL
// when DATABASE_URL is set): each step of the example through the generated @hey-api SDK, with
// assertions on what the server answered, then the whole program.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../generated/service/sdk/client/index.js';
import { addWebhook, deleteWebhook, type Entity, type WorkspaceSchema } from '../generated/service/sdk/index.js';
import type { RunningServer } from '../server/src/index.js';
import { startTestServer, storages } from '../server/test/storages.js';
import {
  command,
  connect,
  createDatabase,
  createTasks,
  deleteDatabase,
  findTasksWithGraphql,
  listAllWebhooks,
  main,
  notesSecret,
  parseArgs,
  queryTasks,
  readDocument,
  updateTask,
  writeMarkdown,
  type TasksDatabase,
} from './sdk-client.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function typeNames(client: Client): Promise<string[]> {
  const schema = (await command(client, { command: 'svc.schema/query', args: {} })) as WorkspaceSchema;
  return schema['svc/types'].map((t) => t['svc/name']);
}

describe.each(storages)('examples/sdk-client.ts against the reference server on $name', (storage) => {
  let server: RunningServer;
  let client: Client;
  let db: TasksDatabase;
  let tasks: Entity[];

  beforeAll(async () => {
    server = await startTestServer(storage);
    client = connect(server.baseUrl, server.token);
  });
  afterAll(async () => {
    if (db) await deleteDatabase(client, db).catch(() => undefined);
    await server?.close();
  });

  it('creates the Database in a fresh Space with the schema commands', async () => {
    db = await createDatabase(client);
    expect(db.space).toMatch(/^Example[0-9a-f]{8}$/);
    const schema = (await command(client, { command: 'svc.schema/query', args: {} })) as WorkspaceSchema;
    const tasksType = schema['svc/types'].find((t) => t['svc/name'] === db.type);
    expect(tasksType?.['svc/fields'].map((f) => f['svc/name'])).toEqual(expect.arrayContaining(Object.values(db.fields)));
  });

  it('creates and updates Entities through the command API', async () => {
    tasks = await createTasks(client, db, [
      { title: 'a', estimate: 3, done: false, due: '2026-01-02' },
      { title: 'b', estimate: 8, done: false },
      { title: 'c', estimate: 1 },
    ]);
    expect(tasks).toHaveLength(3);
    for (const task of tasks) expect(task['svc/id']).toMatch(UUID);
    expect(tasks.map((t) => [t[db.fields.title], t[db.fields.estimate]])).toEqual([['a', 3], ['b', 8], ['c', 1]]);
    expect(tasks[0]?.[db.fields.due]).toBe('2026-01-02');

    const updated = await updateTask(client, db, String(tasks[0]?.['svc/id']), { done: true, estimate: 4 });
    expect(updated['svc/id']).toBe(tasks[0]?.['svc/id']);
    expect(updated[db.fields.done]).toBe(true);
    expect(updated[db.fields.estimate]).toBe(4);
    expect(updated[db.fields.title]).toBe('a');
  });

  it('queries them with svc.entity/query (filter and order)', async () => {
    const open = await queryTasks(client, db, false);
    expect(open.map((t) => t[db.fields.title])).toEqual(['b']);
    const done = await queryTasks(client, db, true);
    expect(done.map((t) => [t[db.fields.title], t[db.fields.estimate], t[db.fields.due]])).toEqual([['a', 4, '2026-01-02']]);
  });

  it('writes a document in markdown and reads it back in markdown and plain text', async () => {
    const secret = notesSecret(db, tasks[0] as Entity);
    expect(secret).toMatch(UUID);
    await writeMarkdown(client, secret, '# Notes\n\nFirst **bold** line.');
    expect((await readDocument(client, secret, 'md')).trim()).toBe('# Notes\n\nFirst **bold** line.');
    expect(await readDocument(client, secret, 'plain-text')).toBe('Notes\n\nFirst bold line.');
  });

  it('reads the same Entities through GraphQL', async () => {
    const done = await findTasksWithGraphql(client, db, true);
    expect(done).toEqual([{ id: tasks[0]?.['svc/id'], title: 'a', estimate: 4, done: true, due: '2026-01-02', notes: { md: expect.stringContaining('First **bold** line.') } }]);
    const open = await findTasksWithGraphql(client, db, false);
    expect(open.map((t) => t.id)).toEqual((await queryTasks(client, db, false)).map((t) => t['svc/id']));
  });

  it('lists webhooks', async () => {
    expect(await listAllWebhooks(client)).toEqual([]);
    const added = await addWebhook({ client, body: { url: 'http://127.0.0.1:9/hook', type: db.type } });
    expect(added.error).toBeUndefined();
    const id = added.data?.id ?? -1;
    try {
      const list = await listAllWebhooks(client);
      expect(list).toEqual([expect.objectContaining({ id, url: 'http://127.0.0.1:9/hook', type: db.type, state: 'active', version: '2' })]);
    } finally {
      await deleteWebhook({ client, path: { webhookId: id } });
    }
    expect(await listAllWebhooks(client)).toEqual([]);
  });

  it('throws an error naming the refused token', async () => {
    await expect(command(connect(server.baseUrl, 'not-a-token'), { command: 'svc.schema/query', args: {} })).rejects.toThrow(/svc\.schema\/query failed with status 401: auth\.error\//);
  });

  it('runs the whole program, printing each step, and deletes its Database', async () => {
    const before = await typeNames(client);
    const lines: string[] = [];
    const out = await main(parseArgs(['--base-url', server.baseUrl, '--token', server.token], {}), (line) => lines.push(line));
    expect(out.open.map((t) => Object.entries(t).find(([k]) => k.endsWith('/Title'))?.[1])).toEqual(['Review the spec', 'Ship it']);
    expect(out.done.map((t) => [t.title, t.estimate, t.done])).toEqual([['Write the spec', 5, true]]);
    expect(out.done[0]?.notes?.md).toContain('The spec is **done**');
    expect(out.notes).toContain('# Notes');
    expect(lines[0]).toMatch(/^created the Database Example[0-9a-f]{8}\/Tasks/);
    expect(lines.at(-1)).toMatch(/^deleted Example[0-9a-f]{8}\/Tasks$/);
    expect(await typeNames(client)).toEqual(before);
  });

  it('needs a base URL and a token', () => {
    expect(() => parseArgs([], {})).toThrow(/usage: npx tsx examples\/sdk-client\.ts --base-url URL --token TOKEN/);
    expect(parseArgs([], { SVC_BASE_URL: 'http://x', SVC_TOKEN: 't' })).toEqual({ baseUrl: 'http://x', token: 't', keep: false });
  });
});
