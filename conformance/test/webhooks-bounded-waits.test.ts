// Every wait for a delivery is bounded: against a server whose deliveries never arrive (the fault
// proxy answers them itself and drops them), each webhook check that waits for one fails within
// its stated time, naming what it waited for, and a property check fails at its first missed
// delivery instead of waiting again for every shrunk input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverChecks } from '../src/checks/index.js';
import { defineFault } from '../src/faults/fault.js';
import { startFaultProxy, type FaultProxy } from '../src/faults/proxy.js';
import { isDelivery, jsonAnswer } from '../src/faults/server/support.js';
import { setDeliveryWaitMs } from '../src/receiver.js';
import { runChecks, type RunSummary } from '../src/runner.js';
import type { RunningServer } from '../../server/src/index.js';
import { startTestServer } from '../../server/test/storages.js';

const WAIT_MS = 1_500;
/** Checks of the selection that never wait for a delivery. */
const NO_DELIVERY = ['webhooks.add-list-delete', 'webhooks.add-refused', 'webhooks.refused-ranges', 'webhooks.secret-not-listed', 'webhooks.type-renamed', 'webhooks.database-deleted'];
/** Checks whose attempts go to a closed port: the fault answers those 200 too, which they fail for, whatever the waits. */
const NO_LISTENER = ['webhooks.unreachable-run'];

const dropsDeliveries = defineFault({
  id: 'server.webhook-never-delivers',
  target: 'server',
  area: 'webhooks',
  breaks: 'WH-020',
  description: 'never delivers: every delivery is answered 200 by the proxy and dropped',
  outbound: {
    reply(req) {
      if (isDelivery(req)) return jsonAnswer(200, { ok: true });
    },
  },
});

describe('bounded waits for deliveries', () => {
  let server: RunningServer;
  let proxy: FaultProxy;
  let summary: RunSummary;
  let previous: number;

  beforeAll(async () => {
    previous = setDeliveryWaitMs(WAIT_MS);
    server = await startTestServer({ name: 'pg-mem' });
    proxy = await startFaultProxy({ upstream: server.baseUrl, fault: dropsDeliveries });
    summary = await runChecks({
      target: 'server',
      baseUrl: proxy.url,
      token: server.token,
      seed: 20261124,
      numRuns: 5,
      profile: 'full',
      // A loaded 2-core machine can take several seconds for the biggest requests of the checks.
      timeoutMs: 30_000,
      only: ['webhooks', 'consistency.cross-surface'],
    });
  }, 300_000);

  afterAll(async () => {
    setDeliveryWaitMs(previous);
    await proxy?.close();
    await server?.close();
  });

  it('runs every webhook check and the cross-surface check', () => {
    const expected = serverChecks.filter((c) => c.area === 'webhooks' || c.id === 'consistency.cross-surface').map((c) => c.id);
    expect(summary.results.map((r) => r.id).sort()).toEqual(expected.sort());
  });

  it('fails every check that waits for a delivery, naming what it waited for and the time', () => {
    const waiting = summary.results.filter((r) => !NO_DELIVERY.includes(r.id) && !NO_LISTENER.includes(r.id));
    const wrong = waiting
        .filter((r) => r.verdict !== 'fail' || !/within \d+(\.\d)? s/.test(r.message ?? ''))
      .map((r) => `${r.id}: ${r.verdict}: ${(r.message ?? '').slice(0, 300)}`);
    expect(wrong).toEqual([]);
    const named = waiting.filter((r) => /correlationId [0-9a-f-]{36}/.test(r.message ?? '')).map((r) => r.id);
    expect(named.sort()).toEqual(waiting.map((r) => r.id).sort());
  });

  it('fails each of them within a few waits (a property check stops at its first missed delivery)', () => {
    // Set-up and tear-down of the test Databases on a loaded machine, plus at most a handful of waits.
    const slow = summary.results.filter((r) => !NO_DELIVERY.includes(r.id) && !NO_LISTENER.includes(r.id) && r.durationMs > 6 * WAIT_MS + 15_000).map((r) => `${r.id}: ${r.durationMs} ms`);
    expect(slow).toEqual([]);
  });

  it('still passes the checks that do not wait for deliveries', () => {
    expect(summary.results.filter((r) => NO_DELIVERY.includes(r.id) && r.verdict !== 'pass').map((r) => `${r.id}: ${r.message}`)).toEqual([]);
  });
});
