// On PostgreSQL: a server killed (SIGKILL) while deliveries are pending, some commands in flight,
// and started again on the same schema delivers every pending delivery: each committed change
// exactly once, none lost, none without its change, in sequenceId order. Skipped without DATABASE_URL.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { Receiver } from '../../conformance/src/receiver.js';
import { scratchSchemaName } from '../src/index.js';
import { Api, createTypes, spawnServer, until, type ChildServer, type WebhookDelivery } from './webhooks-support.js';

const DATABASE_URL = process.env.DATABASE_URL;

describe.skipIf(!DATABASE_URL)('webhook deliveries across a crash (PostgreSQL)', () => {
  const schema = scratchSchemaName();
  const env = {
    DATABASE_URL: DATABASE_URL ?? '',
    SVC_DB_SCHEMA: schema,
    SVC_TOKEN: 'webhooks-crash-test',
    SVC_WEBHOOK_ALLOW: '127.0.0.1',
    SVC_WEBHOOK_RETRY_BASE_MS: '50',
    SVC_WEBHOOK_RETRY_MAX_MS: '200',
    SVC_WEBHOOK_ATTEMPTS: '100000',
    // Long enough that a loaded machine's slow answer is no time-out (which would be retried: a second delivery).
    SVC_WEBHOOK_TIMEOUT_MS: '10000',
    SVC_WEBHOOK_POLL_MS: '100',
  };
  const servers: ChildServer[] = [];
  let receiver: Receiver | undefined;

  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    await receiver?.close();
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  it('delivers every pending delivery after a SIGKILL and a restart on the same schema', async () => {
    receiver = await Receiver.start();
    receiver.failNext(Number.MAX_SAFE_INTEGER);
    const first = await spawnServer(env);
    servers.push(first);
    const api = new Api(first.baseUrl, env.SVC_TOKEN);
    const t = await createTypes(api);
    await api.addWebhook(receiver.url('/crash'), t.items);
    for (let i = 0; i < 20; i++) await api.run({ command: 'svc.entity/create', args: { type: t.items, entity: { [t.count]: i } } });
    await api.run({ command: 'svc.command/batch', args: { commands: [20, 21, 22].map((i) => ({ command: 'svc.entity/create', args: { type: t.items, entity: { [t.count]: i } } })) } });
    // The receiver has refused the first delivery a few times: it is being retried, the rest wait.
    await receiver.waitFor(() => receiver!.requests.length >= 3, 20_000);
    // Commands in flight when the process dies: each either committed with its delivery or not at all.
    let stop = false;
    const inFlight = Array.from({ length: 3 }, async (_, k) => {
      for (let i = 0; !stop && i < 200; i++) await api.run({ command: 'svc.entity/create', args: { type: t.items, entity: { [t.count]: 1000 + k * 1000 + i } } }).catch(() => undefined);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await first.stop('SIGKILL');
    stop = true;
    await Promise.all(inFlight);
    const beforeRestart = receiver.requests.length;
    expect(receiver.requests.every((r) => r.status === 500)).toBe(true);

    receiver.failNext(0);
    const second = await spawnServer(env);
    servers.push(second);
    const again = new Api(second.baseUrl, env.SVC_TOKEN);
    const rows = (await again.run({ command: 'svc.entity/query', args: { query: { 'q/from': t.items, 'q/select': ['svc/id'], 'q/no-limit': true } } })) as Array<{ 'svc/id': string }>;
    const committed = new Set(rows.map((r) => r['svc/id']));
    expect(committed.size).toBeGreaterThan(23);
    const ok = () => receiver!.requests.filter((r) => r.status === 200).map((r) => r.json as WebhookDelivery);
    // 21 deliveries (20 creates and one batch) were pending before the in-flight commands.
    const expected = committed.size - 2;
    await until(() => ok().length >= expected, 30_000, `${expected} deliveries after the restart (got ${ok().length}; ${beforeRestart} failed attempts before)`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const delivered = ok();
    expect(delivered.map((d) => d.sequenceId)).toEqual(Array.from({ length: expected }, (_, i) => i + 1));
    const created = delivered.flatMap((d) => d.effects.filter((e) => e.effect === 'svc.entity/create').map((e) => e.id));
    expect(new Set(created)).toEqual(committed);
    expect(created).toHaveLength(committed.size);
    await second.stop('SIGTERM');
  });
});
