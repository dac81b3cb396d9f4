// "If supported, then correct" for webhooks: a server that lacks a feature beyond the contract
// (create, delete and remove-collection-items effects; signed deliveries; the Database's svc/id as
// a webhook's type; retries) is graded "unsupported" by the checks of that feature, not failed,
// and every other webhook check still passes. The lacking server is the reference server behind
// the fault proxy, with the feature taken away in flight.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineFault, type Fault } from '../src/faults/fault.js';
import { startFaultProxy } from '../src/faults/proxy.js';
import { isDelivery, isRecord, jsonAnswer, pathOf } from '../src/faults/server/support.js';
import { setDeliveryWaitMs } from '../src/receiver.js';
import { runChecks, type RunSummary } from '../src/runner.js';
import type { RunningServer } from '../../server/src/index.js';
import { startTestServer } from '../../server/test/storages.js';

const BEYOND = ['svc.entity/create', 'svc.entity/delete', 'svc.entity/remove-collection-items'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const lacking = (what: string, hooks: Pick<Fault, 'inbound' | 'outbound'>): Fault =>
  defineFault({ id: `server.lacks-${what}`, target: 'server', area: 'webhooks', breaks: 'WH-034', description: `lacks ${what}`, ...hooks });

/** Deliveries without these effect kinds; a delivery left without effects is not sent (answered 200 by the proxy). */
const withoutEffects = (kinds: string[]) =>
  lacking(kinds.map((k) => k.replace('svc.entity/', '')).join('-'), {
    outbound: {
      request(req) {
        if (!isDelivery(req) || !isRecord(req.json) || !Array.isArray(req.json['effects'])) return;
        req.json['effects'] = req.json['effects'].filter((e) => !(isRecord(e) && kinds.includes(String(e['effect']))));
      },
      reply(req) {
        if (isDelivery(req) && isRecord(req.json) && Array.isArray(req.json['effects']) && req.json['effects'].length === 0) return jsonAnswer(200, { ok: true });
      },
    },
  });

const unsigned = lacking('signatures', {
  outbound: {
    request(req) {
      if (isDelivery(req)) delete req.headers['webhook-signature'];
    },
  },
});

const namesOnly = lacking('type-by-id', {
  inbound: {
    reply(req) {
      if (req.method === 'POST' && pathOf(req) === '/api/webhooks/v2' && isRecord(req.json) && UUID.test(String(req.json['type']))) {
        return jsonAnswer(400, { name: 'webhook.error/type-not-found', message: 'no Database of that name', data: { field: 'type' } });
      }
    },
  },
});

/** A failed attempt is never tried again: the proxy answers later attempts of that delivery itself. */
const noRetries = lacking('retries', {
  outbound: {
    reply(req, state) {
      if (isDelivery(req) && state.has(`failed ${req.headers['webhook-id'] ?? ''}`)) return jsonAnswer(200, { ok: true });
    },
    response(res, req, state) {
      if (isDelivery(req) && (res.status < 200 || res.status > 299)) state.set(`failed ${req.headers['webhook-id'] ?? ''}`, true);
    },
  },
});

describe('webhook features a server lacks are unsupported, not failed', () => {
  let server: RunningServer;
  let previous: number;

  beforeAll(async () => {
    previous = setDeliveryWaitMs(2_000);
    server = await startTestServer({ name: 'pg-mem' });
  });

  afterAll(async () => {
    setDeliveryWaitMs(previous);
    await server?.close();
  });

  async function through(fault: Fault, only: string[]): Promise<RunSummary> {
    const proxy = await startFaultProxy({ upstream: server.baseUrl, fault });
    try {
      return await runChecks({ target: 'server', baseUrl: proxy.url, token: server.token, seed: 20261124, numRuns: 3, profile: 'full', only, timeoutMs: 30_000 });
    } finally {
      await proxy.close();
    }
  }

  const verdicts = (summary: RunSummary) => Object.fromEntries(summary.results.map((r) => [r.id, r.verdict === 'pass' ? 'pass' : `${r.verdict}: ${(r.message ?? '').slice(0, 300)}`]));
  /** The check's verdict is unsupported (a warning), naming exactly these features. */
  const unsupportedWith = (summary: RunSummary, id: string, features: string[]) => {
    const result = summary.results.find((r) => r.id === id);
    expect(result?.verdict, `${id}: ${result?.message}`).toBe('unsupported');
    expect(result?.outcome).toBe('warn');
    const named = /^not supported by the target: (.*?) \(/.exec(result?.message ?? '')?.[1]?.split(', ') ?? [];
    expect(named.sort()).toEqual([...features].sort());
  };

  it('without create, delete and remove-collection-items effects: those checks are unsupported, the rest pass', async () => {
    const summary = await through(withoutEffects(BEYOND), ['webhooks.replay', 'webhooks.create-delete-effects', 'webhooks.update-effect', 'webhooks.collection-effect', 'consistency.cross-surface']);
    unsupportedWith(summary, 'webhooks.replay', BEYOND.map((k) => `${k} effects`));
    unsupportedWith(summary, 'webhooks.create-delete-effects', ['svc.entity/create effects', 'svc.entity/delete effects']);
    expect(verdicts(summary)).toMatchObject({ 'webhooks.update-effect': 'pass', 'webhooks.collection-effect': 'pass', 'consistency.cross-surface': 'pass' });
  }, 300_000);

  it('without remove-collection-items effects only: webhooks.replay names that kind alone', async () => {
    const summary = await through(withoutEffects(['svc.entity/remove-collection-items']), ['webhooks.replay', 'webhooks.create-delete-effects']);
    unsupportedWith(summary, 'webhooks.replay', ['svc.entity/remove-collection-items effects']);
    expect(verdicts(summary)).toMatchObject({ 'webhooks.create-delete-effects': 'pass' });
  }, 300_000);

  it('without signatures: webhooks.signature is unsupported', async () => {
    unsupportedWith(await through(unsigned, ['webhooks.signature']), 'webhooks.signature', ['signed deliveries: a webhook-signature header']);
  }, 120_000);

  it('taking Database names only: webhooks.type-by-id is unsupported', async () => {
    unsupportedWith(await through(namesOnly, ['webhooks.type-by-id']), 'webhooks.type-by-id', ['webhook type given as the Database svc/id']);
  }, 120_000);

  it('without retries: webhooks.retries is unsupported', async () => {
    unsupportedWith(await through(noRetries, ['webhooks.retries']), 'webhooks.retries', ['retries of failed deliveries']);
  }, 120_000);
});
