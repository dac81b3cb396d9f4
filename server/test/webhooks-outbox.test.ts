// The outbox: a command's changes and their deliveries are written in one transaction, one
// delivery per (top-level command, Database, webhook); nothing for a failed command, a query, or
// a Database nobody watches (where the cost is one statement); the effects themselves.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { recording, type RecordingDatabase } from '../src/db/recording.js';
import { startTestServer, storages } from './storages.js';
import { Api, createTypes, idOf, type TestTypes, type WebhookDelivery } from './webhooks-support.js';

interface Row {
  webhook_id: number;
  sequence_id: number;
  body: string;
  state: string;
}

describe.each(storages)('webhook outbox on $name', (storage) => {
  let server: RunningServer;
  let api: Api;
  let db: RecordingDatabase;
  let t: TestTypes;
  let other: TestTypes;
  let hooks: { items: number; groups: number };

  const outbox = async () =>
    (await server.db.query<Row>('SELECT webhook_id, sequence_id, body, state FROM webhook_deliveries ORDER BY webhook_id, sequence_id')).rows.map((r) => ({
      webhook: Number(r.webhook_id),
      sequenceId: Number(r.sequence_id),
      body: JSON.parse(r.body) as WebhookDelivery,
    }));

  beforeAll(async () => {
    // No worker: the deliveries stay in the outbox to be looked at.
    server = await startTestServer(storage, { webhookWorker: false, instrument: (inner) => (db = recording(inner)) });
    api = new Api(server.baseUrl, server.token);
    t = await createTypes(api);
    other = await createTypes(api);
    hooks = { items: (await api.addWebhook('http://127.0.0.1:9/items', t.items)).id, groups: (await api.addWebhook('http://127.0.0.1:9/groups', t.groups)).id };
  });
  beforeEach(async () => {
    await server.db.query('DELETE FROM webhook_deliveries');
  });
  afterAll(() => server?.close());

  it('writes one delivery per webhook for a batch touching two Databases, with every effect in order and the batch correlationId', async () => {
    const group = idOf(await api.run({ command: 'svc.entity/create', args: { type: t.groups, entity: {} } }));
    await server.db.query('DELETE FROM webhook_deliveries');
    const correlationId = crypto.randomUUID();
    const [created] = (await api.run({
      command: 'svc.command/batch',
      correlationId,
      args: {
        commands: [
          { command: 'svc.entity/create', args: { type: t.items, entity: { [t.title]: 'a', [t.group]: { 'svc/id': group } } } },
          { command: 'svc.entity/create', args: { type: t.items, entity: { [t.title]: 'b' } } },
        ],
      },
    })) as Array<{ result: unknown }>;
    const rows = await outbox();
    expect(rows.map((r) => r.webhook)).toEqual([hooks.items, hooks.groups]);
    const [items, groups] = rows;
    expect(items?.body.command.correlationId).toBe(correlationId);
    expect(items?.body.effects.map((e) => e.effect)).toEqual(['svc.entity/create', 'svc.entity/create']);
    expect(items?.body.effects[0]).toMatchObject({ values: { [t.title]: 'a', [t.group]: { 'svc/id': group } } });
    // The rich text field is left out of the create's values.
    expect(Object.keys((items?.body.effects[0] as { values: object }).values)).not.toContain(t.body);
    expect(groups?.body.effects).toEqual([{ effect: 'svc.entity/add-collection-items', id: group, type: t.groups, field: t.members, items: [{ 'svc/id': idOf(created?.result) }] }]);
    expect([items?.body.sequenceId, groups?.body.sequenceId]).toEqual([1, 2]);
  });

  it('numbers the deliveries of each webhook 1, 2, 3 ... and echoes the correlationId of an inner command of a batch without one', async () => {
    const first = (await outbox()).length;
    expect(first).toBe(0);
    const before = Number((await server.db.query<{ n: number }>('SELECT next_sequence AS n FROM webhooks WHERE id = $1', [hooks.items])).rows[0]?.n);
    const inner = crypto.randomUUID();
    for (let i = 0; i < 3; i++) await api.run({ command: 'svc.entity/create', args: { type: t.items, entity: { [t.count]: i } } });
    await api.run({ command: 'svc.command/batch', args: { commands: [{ command: 'svc.entity/create', correlationId: inner, args: { type: t.items, entity: {} } }] } });
    const rows = await outbox();
    expect(rows.map((r) => r.body.sequenceId)).toEqual([before, before + 1, before + 2, before + 3]);
    expect(rows.map((r) => r.body.command.correlationId)).toEqual([null, null, null, inner]);
  });

  it('writes nothing for a failed batch (its changes roll back with the deliveries), a query, or a change of rich text only', async () => {
    const item = idOf(await api.run({ command: 'svc.entity/create', args: { type: t.items, entity: {} } }));
    await server.db.query('DELETE FROM webhook_deliveries');
    const sequence = async () => Number((await server.db.query<{ n: number }>('SELECT next_sequence AS n FROM webhooks WHERE id = $1', [hooks.items])).rows[0]?.n);
    const before = await sequence();
    const failed = await api.request('POST', '/api/commands', {
      command: 'svc.command/batch',
      args: { commands: [{ command: 'svc.entity/update', args: { type: t.items, entity: { 'svc/id': item, [t.title]: 'x' } } }, { command: 'svc.entity/create', args: { type: 'Nope/Nope', entity: {} } }] },
    });
    expect((failed.json as { success: boolean }).success).toBe(false);
    await api.run({ command: 'svc.entity/query', args: { query: { 'q/from': t.items, 'q/select': ['svc/id'], 'q/limit': 10 } } });
    await api.run({ command: 'svc.entity/update', args: { type: t.items, entity: { 'svc/id': item, [t.body]: { 'Collaboration~Documents/secret': crypto.randomUUID() } } } });
    expect(await outbox()).toEqual([]);
    expect(await sequence()).toBe(before);
  });

  it('costs one statement per command when no webhook watches the changed Database', async () => {
    const item = idOf(await api.run({ command: 'svc.entity/create', args: { type: other.items, entity: {} } }));
    db.reset();
    await api.run({ command: 'svc.entity/update', args: { type: other.items, entity: { 'svc/id': item, [other.title]: 'x' } } });
    const touching = db.statements.filter((s) => /webhook/.test(s.text));
    expect(touching).toHaveLength(1);
    expect(touching[0]?.text).toMatch(/^SELECT id, type_id, next_sequence FROM webhooks WHERE type_id IN/);
    expect(await outbox()).toEqual([]);
  });

  it('reports an update with the changed fields and svc/modification-date, and the inverse ends of the relation it moved', async () => {
    const [g1, g2] = [idOf(await api.run({ command: 'svc.entity/create', args: { type: t.groups, entity: {} } })), idOf(await api.run({ command: 'svc.entity/create', args: { type: t.groups, entity: {} } }))];
    const item = idOf(await api.run({ command: 'svc.entity/create', args: { type: t.items, entity: { [t.title]: 'a', [t.count]: 1, [t.group]: { 'svc/id': g1 } } } }));
    await server.db.query('DELETE FROM webhook_deliveries');
    await api.run({ command: 'svc.entity/update', args: { type: t.items, entity: { 'svc/id': item, [t.title]: 'b', [t.count]: 1, [t.group]: { 'svc/id': g2 } } } });
    const [items, groups] = await outbox();
    const update = items?.body.effects[0] as { values: Record<string, unknown>; valuesBefore: Record<string, unknown> };
    expect(Object.keys(update.values).sort()).toEqual([t.group, t.title, 'svc/modification-date'].sort());
    expect(update.values).toMatchObject({ [t.title]: 'b', [t.group]: { 'svc/id': g2 } });
    expect(update.valuesBefore).toMatchObject({ [t.title]: 'a', [t.group]: { 'svc/id': g1 } });
    expect(groups?.body.effects).toEqual([
      { effect: 'svc.entity/remove-collection-items', id: g1, type: t.groups, field: t.members, items: [{ 'svc/id': item }] },
      { effect: 'svc.entity/add-collection-items', id: g2, type: t.groups, field: t.members, items: [{ 'svc/id': item }] },
    ]);
    // Deleting the Group: its delete, and the Item's to-one end reported as an update.
    await server.db.query('DELETE FROM webhook_deliveries');
    await api.run({ command: 'svc.entity/delete', args: { type: t.groups, entity: { 'svc/id': g2 } } });
    const after = await outbox();
    expect(after.find((r) => r.webhook === hooks.groups)?.body.effects).toEqual([
      { effect: 'svc.entity/delete', id: g2, type: t.groups, valuesBefore: expect.objectContaining({ [t.members]: [{ 'svc/id': item }], 'svc/id': g2 }) },
    ]);
    expect(after.find((r) => r.webhook === hooks.items)?.body.effects).toEqual([
      { effect: 'svc.entity/update', id: item, type: t.items, values: { [t.group]: null }, valuesBefore: { [t.group]: { 'svc/id': g2 } } },
    ]);
  });
});
