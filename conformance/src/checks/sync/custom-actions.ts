/**
 * Custom actions run Entity by Entity in a queue and stop at the first failure; there are no batch
 * actions (contract, "Errors"; APP-075, APP-076). Through svc-kit's automation call
 * (POST /api/integrations/sources/<id>/actions/<action id> with `args`, spec/integrations.md
 * "Custom actions"), an action over N synchronized Entities whose app fails the k-th (order and k
 * drawn from the seed): the app gets exactly one `POST /api/v1/automations/action/execute` per
 * Entity (`{action: {action, args}, account}`, the public API's form), its key arg filled from that
 * Entity's row (`{{id}}`; the rest of the template rule is sync.action-templates, a SHOULD), in the
 * order given, one at a time (the
 * mock app records whether calls overlapped; each call takes a little while so that overlapping
 * ones would), none after the failing one; the answer says which ran (`done`), which failed and
 * which did not run, and that execution stopped. Two calls for the same source at once are
 * queued: the app still never gets two action requests at once.
 */
import fc from 'fast-check';
import { expectJson, expectStatus, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { isRecord, type JsonRecord } from '../../shapes.js';
import { INTEGRATIONS } from './admin.js';
import { lastResponse, withIntegration, type Integration } from './integration.js';
import { bodyOf, requestsTo, type MockApp } from './mock.js';
import { GOOD_TOKEN, oneTypeScenario } from './scenarios.js';

/** The app's action endpoint (spec/app.openapi.yaml). */
const ACTION_PATH = '/api/v1/automations/action/execute';
const ACTION = 'archive';
/** The automation's args: `thing` names the row (the mock app's key arg), the one template this check relies on. */
const ARGS = { thing: '{{id}}' };
const COUNT = 6;
const KEYS = Array.from({ length: COUNT }, (_, i) => `t${i + 1}`);
/** How long the mock app takes for each action call: long enough for calls run in parallel to overlap. */
const CALL_MS = 30;

interface Plan {
  /** Keys in the order the Entities are given. */
  order: string[];
  /** Index (in `order`) of the Entity the app fails; at least one Entity runs before it and one is left after it. */
  failAt: number;
}

function planOf(seed: number): Plan {
  const [plan] = fc.sample(
    fc.record({
      order: fc.shuffledSubarray(KEYS, { minLength: COUNT, maxLength: COUNT }),
      failAt: fc.integer({ min: 1, max: COUNT - 2 }),
    }),
    { seed, numRuns: 1 },
  );
  if (!plan) throw new Error('fast-check drew no plan');
  return plan;
}

function scenarioOf(failKey: string) {
  return oneTypeScenario(
    `${COUNT} rows and one custom action that fails for ${failKey}.`,
    { size: { name: 'Size', type: 'number' } },
    KEYS.map((id, i) => ({ id, name: `Thing ${i + 1}`, size: i + 1 })),
    {
      actions: [
        {
          action: ACTION,
          name: 'Archive',
          description: 'Archives the thing.',
          args: [
            { id: 'thing', name: 'Thing', description: 'The key of the thing to archive.', type: 'text', textTemplateSupported: true },
            { id: 'note', name: 'Note', type: 'textarea', textTemplateSupported: true },
          ],
          keyArg: 'thing',
          types: ['thing'],
          failKeys: [failKey],
          failStatus: 409,
          failMessage: `Thing ${failKey} is locked (conformance).`,
          delayMs: CALL_MS,
        },
      ],
    },
  );
}

type Result = { entity: unknown; status: unknown; message?: unknown };

/** Runs the action over the Entities (by key); answers the response and its results. */
async function runAction(ctx: CheckContext, it: Integration, ids: Map<string, string>, keys: readonly string[], what: string): Promise<{ res: HttpResponse; results: Result[]; stopped: unknown }> {
  const entities = keys.map((key) => ids.get(key) as string);
  const res = await ctx.http.post(`${INTEGRATIONS}/sources/${encodeURIComponent(it.source.id)}/actions/${ACTION}`, { entities, args: ARGS });
  expectStatus(res, 200, what);
  const body = expectJson(res, what);
  if (!isRecord(body) || !Array.isArray(body['results'])) fail(`${what}: the answer is not {action, results: [...], stopped}`, res);
  const results = body['results'] as unknown[];
  if (results.length !== keys.length || !results.every(isRecord)) fail(`${what}: the answer should carry one result object per Entity given (${keys.length}); it carries ${JSON.stringify(results).slice(0, 300)}`, res);
  (results as JsonRecord[]).forEach((result, i) => {
    if (result['entity'] !== entities[i]) fail(`${what}: results[${i}].entity is ${JSON.stringify(result['entity'])}, expected the Entity given at that place (${entities[i]}, key ${keys[i]}): results follow the order given`, res);
  });
  return { res, results: results as Result[], stopped: body['stopped'] };
}

/**
 * The keys the app's action requests named (their `thing` arg), in the order received; fails on a
 * request that is not `{action: {action, args}, account}` about one Entity, with args filled from
 * that Entity's row.
 */
function requestedKeys(app: MockApp, what: string, res: HttpResponse): string[] {
  return requestsTo(app, ACTION_PATH).map((request, i) => {
    const body = bodyOf(request, `${what}: action request ${i}`);
    const action = body['action'];
    if (!isRecord(action) || action['action'] !== ACTION || !isRecord(action['args']) || !isRecord(body['account']) || body['account']['token'] !== GOOD_TOKEN) {
      fail(`APP-076 ${what}: action request ${i} should be {action: {action: "${ACTION}", args: {...}}, account: <the account>}; it carried ${JSON.stringify(body).slice(0, 300)}`, res);
    }
    const args = action['args'];
    const key = args['thing'];
    if (typeof key !== 'string' || !/^t\d+$/.test(key)) {
      fail(`APP-076 ${what}: action request ${i} should name one Entity: its arg "thing" (the template ${JSON.stringify(ARGS.thing)}) filled with that Entity's key; it carried ${JSON.stringify(args).slice(0, 300)} (there are no batch actions)`, res);
    }
    return key;
  });
}

/** The app never had two action calls in progress at once, and each started after the one before had ended. */
function expectOneAtATime(app: MockApp, what: string, res: HttpResponse): void {
  const calls = app.actionCalls;
  const overlapped = calls.filter((c) => c.overlapped);
  if (overlapped.length > 0) {
    fail(`APP-075 ${what}: the app got action requests while another was in progress (keys ${overlapped.map((c) => c.key).join(', ')}); custom actions run one at a time, in a queue`, res);
  }
  calls.forEach((call, i) => {
    const before = calls[i - 1];
    if (before && (before.finishedAt === undefined || call.startedAt < before.finishedAt)) {
      fail(`APP-075 ${what}: the action request for ${call.key} started before the one for ${before.key} was answered`, res);
    }
  });
}

export default defineCheck({
  id: 'sync.custom-actions',
  name:
    'An automation call of a custom action over N Entities calls the app once per Entity (never a batch; {action: {action, args}, account}, its key arg filled from that Entity), in the order given, one at a time, and stops at the first failure: ' +
    'no request after the failing one, the answer says which were done, which failed and which were not run; two calls for one source are queued',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-075', 'APP-076'],
  target: 'server',
  async run(ctx) {
    const plan = planOf(ctx.fastCheck.seed);
    const failKey = plan.order[plan.failAt]!;
    ctx.log(`seed ${ctx.fastCheck.seed}: Entities in the order ${plan.order.join(', ')}, the app fails ${failKey}`);
    await withIntegration(ctx, scenarioOf(failKey), {}, async (it) => {
      const byKey = await it.byKey('thing');
      const ids = new Map<string, string>();
      for (const key of KEYS) {
        const id = byKey.get(key)?.['svc/id'];
        if (typeof id !== 'string') fail(`the first sync should have created the Entity of row ${key}; it is missing`, lastResponse(ctx));
        ids.set(key, id);
      }

      // N Entities, the app failing the k-th.
      it.app.clearRequests();
      const what = `running action "${ACTION}" on ${COUNT} Entities (keys ${plan.order.join(', ')}) whose app fails ${failKey} (place ${plan.failAt})`;
      const { res, results, stopped } = await runAction(ctx, it, ids, plan.order, what);
      const asked = requestedKeys(it.app, what, res);
      expectOneAtATime(it.app, what, res);
      const expectedAsked = plan.order.slice(0, plan.failAt + 1);
      if (asked.length > expectedAsked.length && asked.slice(0, expectedAsked.length).join() === expectedAsked.join()) {
        fail(`APP-075 ${what}: the app got requests for ${asked.slice(expectedAsked.length).join(', ')} after the action failed on ${failKey}; the remaining execution must stop`, res);
      }
      if (asked.join() !== expectedAsked.join()) {
        fail(`APP-075/APP-076 ${what}: the app should get exactly one request per Entity up to the failing one, in the order given (${expectedAsked.join(', ')}); it got ${asked.join(', ') || 'none'}`, res);
      }
      const statuses = results.map((r) => r.status);
      const expected = plan.order.map((_, i) => (i < plan.failAt ? 'done' : i === plan.failAt ? 'failed' : 'not-run'));
      if (statuses.join() !== expected.join()) {
        fail(`APP-075 ${what}: the results should say ${expected.join(', ')} (done before the failure, failed, then not run); they say ${statuses.join(', ')}`, res);
      }
      const failed = results[plan.failAt]!;
      if (typeof failed.message !== 'string' || !failed.message.includes(`Thing ${failKey} is locked`)) {
        fail(`${what}: the failed result should carry the app's message ("Thing ${failKey} is locked (conformance).") so that a person can act on it; it carries ${JSON.stringify(failed.message)}`, res);
      }
      if (stopped !== true) fail(`APP-075 ${what}: the answer should say the execution stopped (stopped: true); it says ${JSON.stringify(stopped)}`, res);

      // Two calls for the same source at once: queued, each Entity still one request, one at a time.
      const fine = plan.order.filter((key) => key !== failKey);
      const first = fine.slice(0, 2);
      const second = fine.slice(2, 4);
      it.app.clearRequests();
      const both = 'two action calls for the same source at once';
      const [one, two] = await Promise.all([
        runAction(ctx, it, ids, first, `${both} (the first, keys ${first.join(', ')})`),
        runAction(ctx, it, ids, second, `${both} (the second, keys ${second.join(', ')})`),
      ]);
      for (const [run, keys] of [
        [one, first],
        [two, second],
      ] as const) {
        if (run.results.some((r) => r.status !== 'done') || run.stopped !== false) {
          fail(`APP-075 ${both}: the call for ${keys.join(', ')} should have every Entity done and stopped false; it answered ${JSON.stringify({ results: run.results, stopped: run.stopped }).slice(0, 400)}`, run.res);
        }
      }
      const askedBoth = requestedKeys(it.app, both, two.res);
      if ([...askedBoth].sort().join() !== [...first, ...second].sort().join()) {
        fail(`APP-076 ${both}: the app should get one request per Entity (${[...first, ...second].join(', ')}); it got ${askedBoth.join(', ') || 'none'}`, two.res);
      }
      for (const keys of [first, second]) {
        const places = keys.map((key) => askedBoth.indexOf(key));
        if (places[1]! < places[0]!) fail(`APP-075 ${both}: the Entities of one call must run in the order given (${keys.join(' then ')}); the app got ${askedBoth.join(', ')}`, two.res);
      }
      expectOneAtATime(it.app, both, two.res);
    });
  },
});
