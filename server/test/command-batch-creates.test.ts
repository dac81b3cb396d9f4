// `svc.command/batch` of consecutive `svc.entity/create` of one Database: written together in a few
// statements when none can fail, answered and observed (webhook effects) as the creates one by one
// would be; when one fails, the batch fails exactly as the creates one by one fail (the first
// failing create's index and error), on every storage.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { recording, type RecordingDatabase } from '../src/db/recording.js';
import { storages, startTestServer } from './storages.js';
import { Api, createTypes, idOf, type Command, type TestTypes, type WebhookDelivery } from './webhooks-support.js';

type Json = Record<string, unknown>;

describe.each(storages)('svc.command/batch of creates on $name', (storage) => {
  let server: RunningServer;
  let recorder: RecordingDatabase | undefined;
  let api: Api;
  let t: TestTypes;
  let groupIds: string[];

  const items = async (): Promise<Json[]> =>
    (await api.run({
      command: 'svc.entity/query',
      args: { query: { 'q/from': t.items, 'q/select': ['svc/id', 'svc/public-id', t.title, t.count, { [t.group]: ['svc/id'] }], 'q/order-by': [[['svc/public-id'], 'q/asc']], 'q/no-limit': true } },
    })) as Json[];
  const create = (title: string, extra: Json = {}): Command => ({ command: 'svc.entity/create', args: { type: t.items, entity: { [t.title]: title, ...extra } } });
  const batchError = async (commands: Command[]): Promise<{ name: string; data: Json }> => {
    const { status, json } = await api.request('POST', '/api/commands', { command: 'svc.command/batch', args: { commands } });
    expect([status, (json as Json)['success']]).toEqual([200, false]);
    return (json as { result: { name: string; data: Json } }).result;
  };

  beforeAll(async () => {
    server = await startTestServer(storage, {
      webhookWorker: false,
      instrument: (db) => {
        recorder = recording(db);
        return recorder;
      },
    });
    api = new Api(server.baseUrl, server.token);
    t = await createTypes(api);
    await api.addWebhook('http://127.0.0.1:9/items', t.items);
    const groups = (await api.run({ command: 'svc.entity.batch/create', args: { type: t.groups, entities: [{}, {}] } })) as Json[];
    groupIds = groups.map(idOf);
  });
  beforeEach(async () => {
    const ids = (await items()).map((e) => ({ 'svc/id': idOf(e) }));
    if (ids.length > 0) await api.run({ command: 'svc.entity.batch/delete', args: { type: t.items, entities: ids } });
    await server.db.query('DELETE FROM webhook_deliveries');
  });
  afterAll(() => server?.close());

  it('writes consecutive creates of one Database in a few statements, answering and observing each as svc.entity/create does', async () => {
    const commands: Command[] = [
      ...Array.from({ length: 30 }, (_, i) => create(`item ${i}`, { [t.count]: i, [t.group]: { 'svc/id': groupIds[i % 2] } })),
      { command: 'svc.entity/create', args: { type: t.groups, entity: {} } },
      create('after', { [t.group]: null }),
      create('last'),
    ];
    recorder?.reset();
    const results = (await api.run({ command: 'svc.command/batch', args: { commands } })) as Array<{ success: boolean; result: Json }>;
    const statements = recorder?.statements.length ?? 0;
    expect(results.map((r) => r.success)).toEqual(commands.map(() => true));
    const created = results.map((r) => r.result);
    expect(created.slice(0, 30).map((e) => e[t.title])).toEqual(Array.from({ length: 30 }, (_, i) => `item ${i}`));
    expect(created.slice(0, 30).map((e) => e[t.group])).toEqual(Array.from({ length: 30 }, (_, i) => ({ 'svc/id': groupIds[i % 2] })));
    const publicIds = created.slice(0, 30).map((e) => Number(e['svc/public-id']));
    expect(publicIds).toEqual(publicIds.map((_, i) => (publicIds[0] as number) + i));
    // Each answer has the fields one svc.entity/create answers.
    const single = (await api.run(create('single', { [t.count]: 1, [t.group]: { 'svc/id': groupIds[0] } }))) as Json;
    for (const e of created.slice(0, 30)) expect(Object.keys(e).sort()).toEqual(Object.keys(single).sort());
    // Stored as answered.
    const read = await items();
    expect(read.map((e) => e[t.title])).toEqual([...created.slice(0, 30).map((e) => e[t.title]), 'after', 'last', 'single']);
    expect(read.slice(0, 30).map((e) => [idOf(e), e[t.count], e[t.group]])).toEqual(created.slice(0, 30).map((e) => [idOf(e), e[t.count], e[t.group]]));
    // One create at a time takes 4 or more statements an Entity; together far fewer.
    expect(statements).toBeLessThan(20);
    // Each create makes its svc.entity/create effect, in order, in the command's one delivery.
    const deliveries = (await server.db.query<{ body: string }>('SELECT body FROM webhook_deliveries ORDER BY webhook_id, sequence_id')).rows.map((r) => JSON.parse(r.body) as WebhookDelivery);
    const ofBatch = deliveries.filter((d) => d.effects.some((e) => e.id === idOf(created[0])));
    expect(ofBatch).toHaveLength(1);
    expect(ofBatch[0]?.effects.map((e) => [e.effect, e.id])).toEqual(
      [...created.slice(0, 30), ...created.slice(31)].map((e) => ['svc.entity/create', idOf(e)]),
    );
  });

  it('fails as the creates one by one fail: the first failing create, by its index, and writes nothing', async () => {
    // A missing relation target (found only by a look-up) before an invalid value (found before any write).
    const missing = randomUUID();
    const first = await batchError([create('ok'), create('no group', { [t.group]: { 'svc/id': missing } }), create('bad', { [t.count]: 'three' })]);
    expect(first).toMatchObject({ name: 'command.error/batch-failed', data: { index: 1, error: { name: 'entity.error/entity-not-found', data: { id: missing } } } });
    const second = await batchError([create('ok'), create('bad', { [t.count]: 'three' }), create('no group', { [t.group]: { 'svc/id': missing } })]);
    expect(second).toMatchObject({ name: 'command.error/batch-failed', data: { index: 1, error: { name: 'entity.error/value-invalid', data: { field: t.count } } } });
    const third = await batchError([create('ok'), create('ok'), { command: 'svc.entity/create', args: { type: `${t.items}-none`, entity: {} } }]);
    expect(third).toMatchObject({ name: 'command.error/batch-failed', data: { index: 2 } });
    expect(await items()).toEqual([]);
  });

  it('creates with their own svc/id one by one, as before (a duplicate fails at the second)', async () => {
    const id = randomUUID();
    const twice = await batchError([create('a', { 'svc/id': id }), create('b', { 'svc/id': id })]);
    expect(twice).toMatchObject({ name: 'command.error/batch-failed', data: { index: 1, error: { name: 'entity.error/duplicate-id' } } });
    const results = (await api.run({ command: 'svc.command/batch', args: { commands: [create('a', { 'svc/id': id }), create('b')] } })) as Array<{ result: Json }>;
    expect(results.map((r) => idOf(r.result))[0]).toBe(id);
    expect((await items()).map((e) => e[t.title])).toEqual(['a', 'b']);
  });
});
