// The delivery worker in a running server: signed posts, retries with backoff and the same
// webhook-id, a delivery given up after its last attempt (then the next goes out), order kept
// while retrying, time-outs recorded as status 0, deleted webhooks forgotten, a quick shutdown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Receiver } from '../../conformance/src/receiver.js';
import type { RunningServer } from '../src/index.js';
import { verify } from '../src/webhooks/signing.js';
import { startTestServer, storages } from './storages.js';
import { Api, createTypes, idOf, until, type TestTypes, type WebhookDelivery } from './webhooks-support.js';

const RETRY = { baseMs: 40, maxMs: 10_000, attempts: 4 };

describe.each(storages)('webhook deliveries on $name', (storage) => {
  let server: RunningServer;
  let api: Api;
  let t: TestTypes;
  let receiver: Receiver;
  let item: string;

  beforeAll(async () => {
    server = await startTestServer(storage, { webhookRetry: RETRY, webhookTimeoutMs: 400 });
    api = new Api(server.baseUrl, server.token);
    t = await createTypes(api);
    receiver = await Receiver.start();
    item = idOf(await api.run({ command: 'svc.entity/create', args: { type: t.items, entity: {} } }));
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  const update = (title: string) => api.run({ command: 'svc.entity/update', args: { type: t.items, entity: { 'svc/id': item, [t.title]: title } } });
  const bodies = (path: string) => receiver.on(path).map((r) => ({ status: r.status, at: r.receivedAt, id: r.headers['webhook-id'], delivery: r.json as WebhookDelivery }));

  it('signs each attempt with the secret answered on creation', async () => {
    const hook = await api.addWebhook(receiver.url('/signed'), t.items);
    await update('signed');
    await receiver.waitFor(() => receiver.on('/signed').length > 0, 10_000);
    const [request] = receiver.on('/signed');
    expect(request?.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(verify(hook.secret, request?.headers['webhook-id'] ?? '', request?.headers['webhook-timestamp'] ?? '', request?.body ?? '', request?.headers['webhook-signature'] ?? '')).toBe(true);
    await api.request('DELETE', `/api/webhooks/v2/${hook.id}`);
  });

  it('retries a failing delivery with growing pauses and the same webhook-id, gives it up after the last attempt, then sends the next', async () => {
    const hook = await api.addWebhook(receiver.url('/retry'), t.items);
    receiver.failNext(RETRY.attempts);
    await update('one');
    await update('two');
    await receiver.waitFor(() => receiver.on('/retry').some((r) => r.status === 200), 20_000);
    const got = bodies('/retry');
    expect(got.map((g) => `${g.delivery.sequenceId}:${g.status}`)).toEqual(['1:500', '1:500', '1:500', '1:500', '2:200']);
    expect(new Set(got.slice(0, 4).map((g) => g.id)).size).toBe(1);
    expect(got[4]?.id).not.toBe(got[0]?.id);
    for (let k = 1; k < RETRY.attempts; k++) {
      // attempt k+1 comes at least half of baseMs * 2^(k-1) after attempt k (jitter takes off at most half)
      expect((got[k]?.at ?? 0) - (got[k - 1]?.at ?? 0)).toBeGreaterThanOrEqual((RETRY.baseMs * 2 ** (k - 1)) / 2 - 5);
    }
    // The delivered one is deleted from the outbox once its run is recorded; the given-up one stays, failed.
    const outbox = async () =>
      (await server.db.query<{ sequence_id: number; state: string; attempts: number }>('SELECT sequence_id, state, attempts FROM webhook_deliveries WHERE webhook_id = $1', [hook.id])).rows.map(
        (r) => [Number(r.sequence_id), r.state, Number(r.attempts)],
      );
    await until(async () => (await outbox()).length === 1, 5_000, 'the outbox of the webhook');
    expect(await outbox()).toEqual([[1, 'failed', RETRY.attempts]]);
    await until(async () => (await api.webhooks()).find((w) => w.id === hook.id)?.runs.length === 5, 5_000, 'five runs');
    const runs = (await api.webhooks()).find((w) => w.id === hook.id)?.runs ?? [];
    expect(runs.map((r) => r.http_status)).toEqual(['200', '500', '500', '500', '500']);
    await api.request('DELETE', `/api/webhooks/v2/${hook.id}`);
  });

  it('records an attempt without answer as status 0 after the time-out, and retries it', async () => {
    const silent = await Receiver.start();
    // A receiver that takes requests and never answers.
    const hanging = await new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
      void import('node:http').then(({ createServer }) => {
        const s = createServer(() => undefined);
        s.listen(0, '127.0.0.1', () => {
          const { port } = s.address() as { port: number };
          resolve({ url: `http://127.0.0.1:${port}/hang`, close: () => new Promise((r) => { s.close(() => r()); s.closeAllConnections(); }) });
        });
      });
    });
    try {
      const hook = await api.addWebhook(hanging.url, t.items);
      await update('hang');
      await until(async () => ((await api.webhooks()).find((w) => w.id === hook.id)?.runs.length ?? 0) >= 2, 10_000, 'two runs');
      const runs = (await api.webhooks()).find((w) => w.id === hook.id)?.runs ?? [];
      for (const run of runs) {
        expect(run.http_status).toBe('0');
        expect(Number(run.elapsed_time)).toBeGreaterThanOrEqual(380);
        expect(Number(run.elapsed_time)).toBeLessThan(3_000);
      }
      await api.request('DELETE', `/api/webhooks/v2/${hook.id}`);
    } finally {
      await hanging.close();
      await silent.close();
    }
  });

  it('forgets the pending deliveries of a deleted webhook', async () => {
    const hook = await api.addWebhook(receiver.url('/deleted'), t.items);
    receiver.failNext(1_000);
    await update('a');
    await update('b');
    await receiver.waitFor(() => receiver.on('/deleted').length > 0, 10_000);
    await api.request('DELETE', `/api/webhooks/v2/${hook.id}`);
    receiver.failNext(0);
    const count = receiver.on('/deleted').length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(receiver.on('/deleted').length).toBeLessThanOrEqual(count + 1);
    const { rows } = await server.db.query('SELECT id FROM webhook_deliveries WHERE webhook_id = $1', [hook.id]);
    expect(rows).toEqual([]);
  });
});

describe('shutdown', () => {
  it('closes quickly while an attempt is in flight', async () => {
    const server = await startTestServer(storages[0] ?? { name: 'pg-mem' }, { webhookTimeoutMs: 30_000 });
    const api = new Api(server.baseUrl, server.token);
    const t = await createTypes(api);
    const { createServer } = await import('node:http');
    let got = 0;
    const hanging = createServer(() => (got += 1));
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', () => resolve()));
    try {
      await api.addWebhook(`http://127.0.0.1:${(hanging.address() as { port: number }).port}/`, t.items);
      await api.run({ command: 'svc.entity/create', args: { type: t.items, entity: {} } });
      await until(() => got > 0, 10_000, 'the attempt');
      const started = Date.now();
      await server.close();
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await new Promise<void>((resolve) => {
        hanging.close(() => resolve());
        hanging.closeAllConnections();
      });
    }
  });
});
