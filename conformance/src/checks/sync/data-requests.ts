import { isDeepStrictEqual } from 'node:util';
import { fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import { getSource, syncFails, type SyncRun } from './admin.js';
import { lastResponse, withIntegration } from './integration.js';
import { APP_PATHS, bodyOf, headerOf, requestsTo, type RecordedRequest } from './mock.js';
import { GOOD_TOKEN, buildScenario, keyAndName } from './scenarios.js';

const PAGE_SIZE = 2;
const FILTER = { region: 'eu' };

const SCENARIO = buildScenario({
  description: 'Two types, one of them over three pages, and a filter.',
  types: [
    { id: 'alpha', name: 'Alphas' },
    { id: 'beta', name: 'Betas' },
  ],
  schema: { alpha: keyAndName({ size: { name: 'Size', type: 'number' } }), beta: keyAndName() },
  rows: {
    alpha: Array.from({ length: 5 }, (_, i) => ({ id: `a${i}`, name: `Alpha ${i}`, size: i })),
    beta: [{ id: 'b0', name: 'Beta 0' }],
  },
  pageSize: PAGE_SIZE,
  extra: { filters: [{ id: 'region', title: 'Region', optional: true, type: 'text' }] },
});

const ACCOUNT = { token: GOOD_TOKEN };
const TYPES = ['alpha', 'beta'];

function absent(value: unknown): boolean {
  return value === undefined || value === null;
}

/** Checks the data requests of one run (`pages`: how many of each type); answers their operationId. */
function checkRun(ctx: CheckContext, requests: RecordedRequest[], pages: Record<string, number>, run: SyncRun, lastSynchronizedAt: string | null, when: string): string {
  const bodies = requests.map((r, i) => {
    const type = headerOf(r, 'content-type') ?? '';
    if (!/^application\/json\b/i.test(type)) fail(`APP-016 ${when}: data request ${i} was sent with Content-Type ${JSON.stringify(type)}, expected application/json`, lastResponse(ctx));
    return bodyOf(r, `${when}: data request ${i}`);
  });
  const byType = (type: string) => bodies.filter((b) => b['requestedType'] === type);
  const alpha = byType('alpha');
  const beta = byType('beta');
  if (alpha.length !== pages['alpha'] || beta.length !== pages['beta'] || bodies.length !== alpha.length + beta.length) {
    fail(
      `APP-055/SYNC-010 ${when}: expected one data request per type and page (alpha: ${pages['alpha']} pages of at most ${PAGE_SIZE} rows, beta: ${pages['beta']}), ` +
        `got ${bodies.length} with requestedType ${JSON.stringify(bodies.map((b) => b['requestedType']))}`,
      lastResponse(ctx),
    );
  }
  const operationIds = new Set<unknown>();
  for (const [i, body] of bodies.entries()) {
    const at = `${when}: the data request for ${String(body['requestedType'])} (${i})`;
    if (!isDeepStrictEqual(body['types'], TYPES)) fail(`APP-054 ${at} carries types ${JSON.stringify(body['types'])}, expected the selected type ids ${JSON.stringify(TYPES)}`, lastResponse(ctx));
    if (!isDeepStrictEqual(body['account'], ACCOUNT)) fail(`APP-026 ${at} carries account ${JSON.stringify(body['account'])}, expected the account's fields ${JSON.stringify(ACCOUNT)}`, lastResponse(ctx));
    if (!isDeepStrictEqual(body['filter'], FILTER)) fail(`APP-026 ${at} carries filter ${JSON.stringify(body['filter'])}, expected the source's filter ${JSON.stringify(FILTER)}`, lastResponse(ctx));
    if (!isDeepStrictEqual(body['schema'], SCENARIO.schema)) fail(`APP-026 ${at} carries schema ${JSON.stringify(body['schema']).slice(0, 300)}, expected the schema the app answered`, lastResponse(ctx));
    if (lastSynchronizedAt === null) {
      if (!absent(body['lastSynchronizedAt'])) fail(`APP-056 ${at} carries lastSynchronizedAt ${JSON.stringify(body['lastSynchronizedAt'])} before any successful sync`, lastResponse(ctx));
    } else if (typeof body['lastSynchronizedAt'] !== 'string' || Date.parse(body['lastSynchronizedAt']) !== Date.parse(lastSynchronizedAt)) {
      fail(`APP-056 ${at} carries lastSynchronizedAt ${JSON.stringify(body['lastSynchronizedAt'])}, expected the last successful sync ${lastSynchronizedAt}`, lastResponse(ctx));
    }
    if (typeof body['operationId'] !== 'string' || body['operationId'] === '') fail(`APP-078 ${at} carries operationId ${JSON.stringify(body['operationId'])}, expected the run's identifier`, lastResponse(ctx));
    operationIds.add(body['operationId']);
  }
  if (operationIds.size !== 1) fail(`APP-078 ${when}: the data requests of run ${run.id} carry several operationIds ${JSON.stringify([...operationIds])}`, lastResponse(ctx));
  const given = alpha.map((b) => b['pagination']);
  if (!absent(given[0])) fail(`APP-057 ${when}: the first page of alpha carries pagination ${JSON.stringify(given[0])}; there is no previous nextPageConfig`, lastResponse(ctx));
  for (let page = 1; page < given.length; page += 1) {
    // The mock app answers nextPageConfig {offset} (mock-app/scenario.schema.json, "data").
    const expected = { offset: page * PAGE_SIZE };
    if (!isDeepStrictEqual(given[page], expected)) {
      fail(`APP-057/SYNC-010 ${when}: page ${page} of alpha carries pagination ${JSON.stringify(given[page])}, expected the nextPageConfig of the previous answer ${JSON.stringify(expected)}`, lastResponse(ctx));
    }
  }
  if (!absent(beta[0]?.['pagination'])) fail(`APP-057 ${when}: the first page of beta carries pagination ${JSON.stringify(beta[0]?.['pagination'])}`, lastResponse(ctx));
  return String([...operationIds][0]);
}

export default defineCheck({
  id: 'sync.data-requests',
  name:
    'Adding a source validates its filter with {types, filter, account}; a sync validates the account, asks the schema with {types, filter, account}, then asks data once per type and page with requestedType, the selected types, account, filter, schema, ' +
    'pagination = the previous nextPageConfig, lastSynchronizedAt absent on the first run and the last successful run afterwards (a failed run does not move it), and one operationId per run, as JSON',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-016', 'APP-018', 'APP-023', 'APP-034', 'APP-026', 'APP-054', 'APP-055', 'APP-056', 'APP-057', 'APP-078', 'SYNC-010', 'AUTH-008', 'AUTH-012'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, { filter: FILTER, sync: false }, async (it) => {
      // Adding the source validated its filter with the app (an app that has the endpoint).
      const check = requestsTo(it.app, APP_PATHS.filterValidate);
      const checked = check[0] ? bodyOf(check[0], 'APP-034 the filter/validate request') : undefined;
      if (!isDeepStrictEqual(checked, { types: TYPES, filter: FILTER, account: ACCOUNT })) {
        fail(`APP-034: adding the source should validate its filter with {types, filter, account}; the app got ${JSON.stringify(checked) ?? 'no filter/validate request'}`, lastResponse(ctx));
      }
      it.app.clearRequests();
      const first = await it.sync('the first sync');
      const validate = requestsTo(it.app, APP_PATHS.validate);
      const data1 = requestsTo(it.app, APP_PATHS.data);
      if (validate.length === 0 || (data1[0] && (validate[0]?.at ?? Infinity) > data1[0].at)) fail('AUTH-008: a sync run uses the account, so it calls POST /validate first; no validate request came before the first data request', lastResponse(ctx));
      const v = bodyOf(validate[0]!, 'APP-018 the validate request');
      if (!isDeepStrictEqual(v, { id: 'token', fields: ACCOUNT })) fail(`APP-018: the validate request was ${JSON.stringify(v)}, expected {id: "token", fields: ${JSON.stringify(ACCOUNT)}}`, lastResponse(ctx));
      const schema = requestsTo(it.app, APP_PATHS.schema);
      if (schema.length === 0) fail('APP-023: the run never asked POST /api/v1/synchronizer/schema', lastResponse(ctx));
      const s = bodyOf(schema[0]!, 'APP-023 the schema request');
      if (!isDeepStrictEqual(s['types'], TYPES) || !isDeepStrictEqual(s['filter'], FILTER) || !isDeepStrictEqual(s['account'], ACCOUNT)) {
        fail(`APP-023: the schema request was ${JSON.stringify(s)}, expected {types: ${JSON.stringify(TYPES)}, filter: ${JSON.stringify(FILTER)}, account: ${JSON.stringify(ACCOUNT)}}`, lastResponse(ctx));
      }
      const notJson = it.app.requests.filter((r) => r.body !== undefined && !/^application\/json\b/i.test(headerOf(r, 'content-type') ?? ''));
      if (notJson.length > 0) fail(`APP-016: bodies sent to the app carry Content-Type: application/json; ${notJson.map((r) => `${r.method} ${r.path} had ${JSON.stringify(headerOf(r, 'content-type') ?? null)}`).join(', ')}`, lastResponse(ctx));
      const op1 = checkRun(ctx, data1, { alpha: 3, beta: 1 }, first, null, 'in the first run');
      const alphas = await it.byKey('alpha');
      if (alphas.size !== 5) fail(`SYNC-010: the 5 rows of alpha came over 3 pages; ${it.database('alpha')} holds ${alphas.size} Entities (${JSON.stringify([...alphas.keys()])})`, lastResponse(ctx));
      const { lastSynchronizedAt } = await getSource(ctx, it.source.id);
      const inRun = typeof lastSynchronizedAt === 'string' && Date.parse(lastSynchronizedAt) >= Date.parse(first.startedAt) && Date.parse(lastSynchronizedAt) <= Date.parse(first.finishedAt ?? '');
      if (!inRun) fail(`APP-056: after the first successful run (${first.startedAt} to ${String(first.finishedAt)}) the source shows lastSynchronizedAt ${JSON.stringify(lastSynchronizedAt)}`, lastResponse(ctx));

      // A run that fails is no successful synchronization: lastSynchronizedAt stays that of the first run.
      it.app.fail({ endpoint: 'data', kind: 'error', status: 500, message: 'The external system is down (conformance).', times: 1 });
      const failed = await syncFails(ctx, it.source.id, 'a sync whose first data request fails with 500');
      const after = await getSource(ctx, it.source.id);
      if (after.lastSynchronizedAt !== lastSynchronizedAt) fail(`APP-056: the failed run ${failed.run.id} moved the source's lastSynchronizedAt from ${String(lastSynchronizedAt)} to ${String(after.lastSynchronizedAt)}; it is the last successful synchronization`, lastResponse(ctx));

      // Three alpha rows change: the delta of the second run has them on two pages.
      it.app.change({ alpha: { update: [0, 2, 4].map((i) => ({ id: `a${i}`, size: i * 10 })) } });
      it.app.clearRequests();
      const second = await it.sync('the second sync');
      const op2 = checkRun(ctx, requestsTo(it.app, APP_PATHS.data), { alpha: 2, beta: 1 }, second, lastSynchronizedAt, 'in the second run');
      if (op1 === op2) fail(`APP-078: two runs carried the same operationId ${JSON.stringify(op1)}`, lastResponse(ctx));
    });
  },
});
