// Retention of the delivery and sync history (server/src/runtime/retention.ts): old runs, failed
// deliveries and finished sync runs go, the latest 50 of each webhook and source stay whatever
// their age, pending work is never deleted, and one pass deletes at most its batch. And deleting
// a Database deletes its webhooks in the same transaction, naming them in the result (WH-043).
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/index.js';
import type { Database } from '../src/db/database.js';
import { RetentionTimer, retentionSettings } from '../src/runtime/retention.js';
import { startTestServer, storages } from './storages.js';
import { Api, createTypes, type TestTypes } from './webhooks-support.js';

const DAY = 86_400_000;
const NOW = new Date('2026-06-15T12:00:00.000Z');
const OLD = new Date(NOW.getTime() - 10 * DAY);
const RECENT = new Date(NOW.getTime() - 1 * DAY);

describe('retention settings', () => {
  it('keeps at least the 50 runs the lists show, and bounds the batch below by one', () => {
    expect(retentionSettings({ keep: 10, batch: 0, days: -3 })).toMatchObject({ keep: 50, batch: 1, days: 0 });
    expect(retentionSettings({ keep: 80 })).toMatchObject({ keep: 80, days: 7 });
  });
});

describe.each(storages)('retention on $name', (storage) => {
  let server: RunningServer;
  let api: Api;
  let t: TestTypes;
  let hooks: number[];

  const count = async (sql: string, params: unknown[] = []): Promise<number> => Number((await server.db.query<{ n: number }>(sql, params)).rows[0]?.n);
  const ids = async (sql: string, params: unknown[] = []): Promise<number[]> => (await server.db.query<{ id: number }>(sql, params)).rows.map((r) => Number(r.id));

  async function addRuns(webhookId: number, n: number, at: Date): Promise<void> {
    for (let i = 0; i < n; i++) {
      await server.db.query(
        "INSERT INTO webhook_runs (webhook_id, delivery_id, sequence_id, http_status, elapsed_ms, request_time, worker) VALUES ($1, 0, $2, 500, 3, $3, 'test')",
        [webhookId, i + 1, at.toISOString()],
      );
    }
  }

  let sequence = 1;
  async function addDeliveries(webhookId: number, n: number, state: 'failed' | 'pending', at: Date): Promise<void> {
    for (let i = 0; i < n; i++) {
      await server.db.query(
        "INSERT INTO webhook_deliveries (webhook_id, sequence_id, message_id, body, state, attempts, next_attempt_at, created_at) VALUES ($1, $2, $3, '{}', $4, 1, $5, $5)",
        [webhookId, sequence++, `msg_${randomUUID()}`, state, at.toISOString()],
      );
    }
  }

  async function addSyncRuns(sourceId: string, n: number, status: string, finishedAt: Date | null): Promise<void> {
    for (let i = 0; i < n; i++) {
      await server.db.query("INSERT INTO integration_runs (source_id, trigger, status, started_at, finished_at, attempts, stats) VALUES ($1, 'manual', $2, $3, $4, 0, '{}')", [
        sourceId,
        status,
        OLD.toISOString(),
        finishedAt?.toISOString() ?? null,
      ]);
    }
  }

  beforeAll(async () => {
    // No worker (the deliveries stay as written), no timer (the test prunes).
    server = await startTestServer(storage, { webhookWorker: false, retentionTimer: false, retention: { days: 7, keep: 50, batch: 1_000 } });
    api = new Api(server.baseUrl, server.token);
    t = await createTypes(api);
    hooks = [(await api.addWebhook('http://127.0.0.1:9/a', t.items)).id, (await api.addWebhook('http://127.0.0.1:9/b', t.groups)).id];
  });
  beforeEach(async () => {
    await server.db.query('DELETE FROM webhook_runs');
    await server.db.query('DELETE FROM webhook_deliveries');
    await server.db.query('DELETE FROM integration_runs');
  });
  afterAll(() => server?.close());

  it('deletes the runs older than the age beyond the latest 50 of each webhook, and keeps recent ones', async () => {
    const [a, b] = hooks as [number, number];
    await addRuns(a, 70, OLD);
    await addRuns(a, 10, RECENT);
    await addRuns(b, 30, OLD);
    const latestOfA = await ids('SELECT id FROM webhook_runs WHERE webhook_id = $1 ORDER BY id DESC LIMIT 50', [a]);
    const report = await server.prune(NOW);
    expect(report).toEqual({ webhookRuns: 30, failedDeliveries: 0, syncRuns: 0, more: false });
    expect(await ids('SELECT id FROM webhook_runs WHERE webhook_id = $1 ORDER BY id DESC', [a])).toEqual(latestOfA);
    expect(await count('SELECT count(*) AS n FROM webhook_runs WHERE webhook_id = $1', [b])).toBe(30);
    // The list still shows the latest 50 runs of the webhook.
    const listed = (await api.webhooks()).find((w) => w.id === a);
    expect(listed?.runs).toHaveLength(50);
    // A second pass finds nothing more.
    expect(await server.prune(NOW)).toEqual({ webhookRuns: 0, failedDeliveries: 0, syncRuns: 0, more: false });
  });

  it('keeps runs younger than the age, however many', async () => {
    await addRuns(hooks[0] as number, 80, RECENT);
    expect((await server.prune(NOW)).webhookRuns).toBe(0);
    expect(await count('SELECT count(*) AS n FROM webhook_runs')).toBe(80);
  });

  it('deletes old failed deliveries beyond the latest 50, never a pending one', async () => {
    const a = hooks[0] as number;
    await addDeliveries(a, 5, 'pending', OLD);
    await addDeliveries(a, 60, 'failed', OLD);
    await addDeliveries(a, 3, 'pending', OLD);
    const report = await server.prune(NOW);
    expect(report.failedDeliveries).toBe(10);
    expect(await count("SELECT count(*) AS n FROM webhook_deliveries WHERE state = 'pending'")).toBe(8);
    expect(await count("SELECT count(*) AS n FROM webhook_deliveries WHERE state = 'failed'")).toBe(50);
    // The oldest failed ones went: the remaining failed ones are the latest.
    const failed = await ids("SELECT sequence_id AS id FROM webhook_deliveries WHERE state = 'failed' ORDER BY sequence_id");
    expect(failed[0]).toBe(16);
  });

  it('deletes old finished sync runs beyond the latest 50 of a source, never a running or retrying one', async () => {
    const source = randomUUID();
    const other = randomUUID();
    await addSyncRuns(source, 1, 'running', null);
    await addSyncRuns(source, 1, 'retrying', null);
    await addSyncRuns(source, 58, 'succeeded', OLD);
    await addSyncRuns(source, 2, 'failed', OLD);
    await addSyncRuns(other, 40, 'failed', OLD);
    const report = await server.prune(NOW);
    expect(report.syncRuns).toBe(10);
    expect(await count("SELECT count(*) AS n FROM integration_runs WHERE source_id = $1 AND status IN ('running', 'retrying')", [source])).toBe(2);
    expect(await count('SELECT count(*) AS n FROM integration_runs WHERE source_id = $1', [source])).toBe(52);
    expect(await count('SELECT count(*) AS n FROM integration_runs WHERE source_id = $1', [other])).toBe(40);
  });

  it('keeps sync runs that finished within the age', async () => {
    await addSyncRuns(randomUUID(), 70, 'succeeded', RECENT);
    expect((await server.prune(NOW)).syncRuns).toBe(0);
  });
});

describe.each(storages)('retention in bounded batches on $name', (storage) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(storage, { webhookWorker: false, retentionTimer: false, retention: { days: 0, batch: 7 } });
  });
  afterAll(() => server?.close());

  it('deletes at most the batch per pass and says when more is left, until none is', async () => {
    const api = new Api(server.baseUrl, server.token);
    const t = await createTypes(api);
    const hook = (await api.addWebhook('http://127.0.0.1:9/a', t.items)).id;
    const at = new Date(Date.now() - 1_000).toISOString();
    for (let i = 0; i < 70; i++) {
      await server.db.query("INSERT INTO webhook_runs (webhook_id, delivery_id, sequence_id, http_status, elapsed_ms, request_time, worker) VALUES ($1, 0, $2, 200, 1, $3, 't')", [hook, i + 1, at]);
    }
    const passes: number[] = [];
    for (let pass = 0; pass < 10; pass++) {
      const report = await server.prune();
      passes.push(report.webhookRuns);
      expect(report.webhookRuns).toBeLessThanOrEqual(7);
      if (!report.more) break;
    }
    // 20 runs beyond the latest 50: passes of 7, 7, 6, then nothing more.
    expect(passes).toEqual([7, 7, 6]);
    expect(Number((await server.db.query<{ n: number }>('SELECT count(*) AS n FROM webhook_runs')).rows[0]?.n)).toBe(50);
  });
});

describe.each(storages)('deleting a Database deletes its webhooks on $name', (storage) => {
  let server: RunningServer;
  let api: Api;
  beforeAll(async () => {
    server = await startTestServer(storage, { webhookWorker: false, retentionTimer: false });
    api = new Api(server.baseUrl, server.token);
  });
  afterAll(() => server?.close());

  it('in the same transaction, with their pending deliveries, and the result names them', async () => {
    const t = await createTypes(api);
    const first = await api.addWebhook('http://127.0.0.1:9/one', t.groups);
    const second = await api.addWebhook('http://127.0.0.1:9/two', t.groups);
    const kept = await api.addWebhook('http://127.0.0.1:9/items', t.items);
    // A pending delivery of each (the worker is off).
    await api.run({ command: 'svc.entity/create', args: { type: t.groups, entity: {} } });
    expect(Number((await server.db.query<{ n: number }>('SELECT count(*) AS n FROM webhook_deliveries WHERE webhook_id IN ($1, $2)', [first.id, second.id])).rows[0]?.n)).toBe(2);
    const result = await api.run({
      command: 'svc.schema/batch',
      args: { commands: [{ command: 'schema.type/delete', args: { name: t.groups, 'delete-entities?': true, 'delete-related-fields?': true } }] },
    });
    expect(result).toEqual([{ 'svc/name': t.groups, 'svc/id': expect.any(String), 'svc/deleted-webhooks': [first.id, second.id] }]);
    expect((await api.webhooks()).map((w) => w.id)).toEqual(expect.not.arrayContaining([first.id, second.id]));
    expect((await api.webhooks()).map((w) => w.id)).toContain(kept.id);
    for (const table of ['webhook_deliveries', 'webhook_runs', 'webhook_leases']) {
      const { rows } = await server.db.query<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE webhook_id IN ($1, $2)`, [first.id, second.id]);
      expect(Number(rows[0]?.n), table).toBe(0);
    }
    const result2 = await api.run({ command: 'svc.schema/batch', args: { commands: [{ command: 'schema.type/delete', args: { name: t.items, 'delete-entities?': true } }] } });
    expect(result2).toEqual([{ 'svc/name': t.items, 'svc/id': expect.any(String), 'svc/deleted-webhooks': [kept.id] }]);
    expect(await api.webhooks()).toEqual([]);
    // A Database without webhooks: the result says so with an empty list.
    const bare = await createTypes(api);
    const result3 = await api.run({ command: 'svc.schema/batch', args: { commands: [{ command: 'schema.type/delete', args: { name: bare.items, 'delete-related-fields?': true } }] } });
    expect(result3).toEqual([{ 'svc/name': bare.items, 'svc/id': expect.any(String), 'svc/deleted-webhooks': [] }]);
  });

  it('a failed batch deletes no webhook', async () => {
    const t = await createTypes(api);
    const hook = await api.addWebhook('http://127.0.0.1:9/one', t.groups);
    const { json } = await api.request('POST', '/api/commands', {
      command: 'svc.schema/batch',
      args: {
        commands: [
          { command: 'schema.type/delete', args: { name: t.groups, 'delete-entities?': true, 'delete-related-fields?': true } },
          { command: 'schema.type/delete', args: { name: `${t.groups}-missing` } },
        ],
      },
    });
    expect((json as { success: boolean }).success).toBe(false);
    expect((await api.webhooks()).map((w) => w.id)).toContain(hook.id);
  });
});

describe('the retention timer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A storage that answers every statement with no rows (a history with nothing to prune), or fails. */
  function stubDatabase(fail = false): Database & { statements: string[] } {
    const statements: string[] = [];
    const db = {
      kind: 'pg-mem' as const,
      statements,
      async query(text: string) {
        statements.push(text);
        if (fail) throw new Error('storage gone');
        return { rows: [], rowCount: 0, command: '', oid: 0, fields: [] };
      },
      transaction: <T>(fn: (tx: Database) => Promise<T>) => fn(db as unknown as Database),
      read: <T>(fn: (q: Database) => Promise<T>) => fn(db as unknown as Database),
      close: async () => undefined,
    };
    return db as unknown as Database & { statements: string[] };
  }

  it('prunes soon after start, then every interval, and not after stop', async () => {
    vi.useFakeTimers();
    const db = stubDatabase();
    const timer = new RetentionTimer(db, retentionSettings({ intervalMs: 60_000 }), () => undefined);
    timer.start();
    expect(db.statements).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    const afterFirst = db.statements.length;
    expect(afterFirst).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(db.statements.length).toBe(afterFirst);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(db.statements.length).toBe(afterFirst * 2);
    await timer.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(db.statements.length).toBe(afterFirst * 2);
  });

  it('logs a failed pass without the storage error escaping, and tries again later', async () => {
    vi.useFakeTimers();
    const db = stubDatabase(true);
    const lines: string[] = [];
    const timer = new RetentionTimer(db, retentionSettings({ intervalMs: 5_000 }), (m) => lines.push(m));
    timer.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(lines).toEqual(['retention: pruning the history failed: storage gone']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(lines).toHaveLength(2);
    await timer.stop();
  });
});
