// On PostgreSQL: two server processes started together on one schema (migrations and bootstrap
// take turns) share the delivery queue: every delivery attempt is made by one process only
// (claims use FOR UPDATE SKIP LOCKED), both do work, and each webhook's deliveries arrive in
// sequenceId order. Skipped without DATABASE_URL.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { Receiver } from '../../conformance/src/receiver.js';
import { scratchSchemaName } from '../src/index.js';
import { Api, createTypes, spawnServer, until, type ChildServer, type WebhookDelivery } from './webhooks-support.js';

const DATABASE_URL = process.env.DATABASE_URL;
const COMMANDS = 90;
const HOOKS = 4;

describe.skipIf(!DATABASE_URL)('two server processes on one schema (PostgreSQL)', () => {
  const schema = scratchSchemaName();
  const env = {
    DATABASE_URL: DATABASE_URL ?? '',
    SVC_DB_SCHEMA: schema,
    SVC_TOKEN: 'webhooks-two-servers-test',
    SVC_WEBHOOK_ALLOW: '127.0.0.1',
    SVC_WEBHOOK_RETRY_BASE_MS: '50',
    SVC_WEBHOOK_RETRY_MAX_MS: '200',
    SVC_WEBHOOK_TIMEOUT_MS: '5000',
    SVC_WEBHOOK_POLL_MS: '50',
    // Each process serves at most half the webhooks at once, so both must take part.
    SVC_WEBHOOK_CONCURRENCY: String(HOOKS / 2),
  };
  const servers: ChildServer[] = [];
  let receiver: Receiver | undefined;
  const client = new pg.Client({ connectionString: DATABASE_URL, options: `-c search_path=${schema}` });

  afterAll(async () => {
    for (const s of servers) await s.stop('SIGTERM');
    await receiver?.close();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await client.end().catch(() => undefined);
  });

  it('start together on a fresh schema, then deliver each attempt once, in order per webhook, both taking part', async () => {
    const [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
    servers.push(a, b);
    await client.connect();
    const migrations = await client.query<{ name: string }>('SELECT name FROM schema_migrations');
    expect(new Set(migrations.rows.map((r) => r.name)).size).toBe(migrations.rows.length);
    const admins = await client.query("SELECT id FROM entities WHERE data::text LIKE '%admin@svc-kit.local%'");
    expect(admins.rows).toHaveLength(1);

    receiver = await Receiver.start();
    receiver.latencyMs = 3;
    const apis = [new Api(a.baseUrl, env.SVC_TOKEN), new Api(b.baseUrl, env.SVC_TOKEN)];
    const t = await createTypes(apis[0] as Api);
    for (let h = 0; h < HOOKS; h++) await (apis[h % 2] as Api).addWebhook(receiver.url(`/hook${h}`), t.items);
    // Four clients, each command to one of the two processes in turn.
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < COMMANDS) {
          const i = next++;
          await (apis[i % 2] as Api).run({ command: 'svc.entity/create', args: { type: t.items, entity: { [t.count]: i } } });
        }
      }),
    );
    await until(() => receiver!.requests.length >= COMMANDS * HOOKS, 60_000, `${COMMANDS * HOOKS} deliveries`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.requests).toHaveLength(COMMANDS * HOOKS);
    for (let h = 0; h < HOOKS; h++) {
      const got = receiver.on(`/hook${h}`).map((r) => (r.json as WebhookDelivery).sequenceId);
      expect(got, `webhook ${h}`).toEqual(Array.from({ length: COMMANDS }, (_, i) => i + 1));
    }
    await until(async () => Number((await client.query('SELECT count(*) AS n FROM webhook_runs')).rows[0]?.n) >= COMMANDS * HOOKS, 10_000, 'the runs');
    const runs = await client.query<{ webhook_id: number; sequence_id: number; worker: string }>('SELECT webhook_id, sequence_id, worker FROM webhook_runs');
    const attempts = new Set(runs.rows.map((r) => `${r.webhook_id}:${r.sequence_id}`));
    expect(attempts.size).toBe(runs.rows.length);
    expect(runs.rows).toHaveLength(COMMANDS * HOOKS);
    const workers = new Set(runs.rows.map((r) => r.worker));
    expect(workers.size).toBe(2);
    const outbox = await client.query('SELECT id FROM webhook_deliveries');
    expect(outbox.rows).toEqual([]);
  });
});
