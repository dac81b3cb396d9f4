/**
 * The sources of the integrations admin API around their runs: the list, an id in upper case, an
 * unknown id on every endpoint of a source, a `types` entry the app's config does not offer (also
 * of an app that offers none, through a front that empties the config's types), and a filter
 * change of an app whose config does not enable webhooks.
 */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { expectJson, expectPlainError, expectStatus, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { isRecord } from '../../shapes.js';
import { uniqueSpaceName } from '../../workspace.js';
import { INTEGRATIONS, addSourceRaw, deleteSourceRaw, getSource, patchSource, patchSourceRaw, startSyncRaw } from './admin.js';
import { lastResponse, withIntegration } from './integration.js';
import { APP_PATHS, bodyOf, requestsTo } from './mock.js';
import { startRewriteFront } from './rewrite-front.js';
import { GOOD_TOKEN, buildScenario, keyAndName } from './scenarios.js';

const SCENARIO = buildScenario({
  description: 'Two types and a filter, no webhooks.',
  types: [
    { id: 'task', name: 'Tasks' },
    { id: 'project', name: 'Projects' },
  ],
  schema: { task: keyAndName(), project: keyAndName() },
  extra: { filters: [{ id: 'region', title: 'Region', optional: true, type: 'text' }] },
});

const ACCOUNT = { token: GOOD_TOKEN };

/** A 404 `integration.error/source-not-found` with `data.id` the id asked and a message naming it. */
function expectSourceNotFound(res: HttpResponse, id: string, what: string): void {
  expectStatus(res, 404, `SYNC-021 ${what}`);
  const error = expectPlainError(res, `SYNC-021 ${what}`);
  if (error.name !== 'integration.error/source-not-found') fail(`SYNC-021 ${what}: answered the error ${JSON.stringify(error.name)}, expected "integration.error/source-not-found"`, res);
  const shown = error.data?.['id'];
  if (shown !== id && !(typeof shown === 'string' && id.endsWith(`:${shown}`))) fail(`SYNC-021 ${what}: integration.error/source-not-found carries data ${JSON.stringify(error.data)}, expected {id: "${id}"} (the id asked)`, res);
  if (!error.message.toLowerCase().includes(String(shown).toLowerCase())) fail(`SYNC-021 ${what}: the message ${JSON.stringify(error.message)} does not name the source id ${id}`, res);
}

/** Adding a source of `types` is refused with type-unknown naming `unknown`, and the message lists `offered` (or `none`). */
async function expectTypeUnknown(ctx: CheckContext, accountId: string, types: string[], unknown: string, offered: string, what: string): Promise<void> {
  const space = uniqueSpaceName(ctx);
  const res = await addSourceRaw(ctx, { accountId, space, types });
  const at = `SYNC-022 adding a source of types ${JSON.stringify(types)} (${what})`;
  if (res.status === 201) {
    const created = expectJson(res, at);
    if (isRecord(created) && typeof created['id'] === 'string') await deleteSourceRaw(ctx, created['id']);
  }
  expectStatus(res, 400, at);
  const error = expectPlainError(res, at);
  if (error.name !== 'integration.error/type-unknown') fail(`${at}: answered the error ${JSON.stringify(error.name)}, expected "integration.error/type-unknown"`, res);
  if (!isDeepStrictEqual(error.data, { field: 'types', type: unknown })) fail(`${at}: integration.error/type-unknown carries data ${JSON.stringify(error.data)}, expected {field: "types", type: "${unknown}"}`, res);
  if (!error.message.includes(`"${unknown}"`) || !error.message.includes(offered)) {
    fail(`${at}: the message ${JSON.stringify(error.message)} should name the type "${unknown}" and the types the app offers (${offered})`, res);
  }
  const list = expectJson(await ctx.http.get(`${INTEGRATIONS}/sources`), `${at}: listing the sources`);
  if (Array.isArray(list) && list.some((s) => isRecord(s) && s['space'] === space)) fail(`${at}: the refused source was created all the same: the sources list holds one in Space ${space}`, lastResponse(ctx));
}

export default defineCheck({
  id: 'sync.source-admin',
  name:
    'The sources list holds every source, oldest first, as reading each shows it; a source id in upper case names its source; reading, changing, deleting or syncing an unknown id is answered 404 ' +
    'integration.error/source-not-found {id}; adding a source reads the config with the account and refuses a type the config does not offer (400 integration.error/type-unknown {field: types, type}, ' +
    'the message naming the type and the offered ones, "none" when there are none); changing the filter of an app without webhooks reads the config with the account and installs no webhook',
  level: 'MUST',
  area: 'sync',
  requirements: ['SYNC-021', 'SYNC-022', 'EVT-001'],
  target: 'server',
  async run(ctx) {
    let noTypes = false;
    const front = (appUrl: string) => startRewriteFront(appUrl, (path, status, body) => (noTypes && path === APP_PATHS.config && status === 200 && isRecord(body) ? { ...body, types: [] } : undefined));
    await withIntegration(ctx, SCENARIO, { types: ['task'], sync: false, front }, async (it) => {
      const configs = () => requestsTo(it.app, APP_PATHS.config).map((r) => bodyOf(r, 'SYNC-022 a config request'));
      const withAccount = (what: string) => {
        const bodies = configs();
        if (bodies.length === 0) fail(`SYNC-022 ${what}: the app got no config request`, lastResponse(ctx));
        for (const body of bodies) if (!isDeepStrictEqual(body['account'], ACCOUNT)) fail(`SYNC-022 ${what}: the config request carried ${JSON.stringify(body)}, expected {account: ${JSON.stringify(ACCOUNT)}} (the account's fields)`, lastResponse(ctx));
      };
      withAccount('adding the source');

      // A type the config does not offer; then an app whose config offers none.
      await expectTypeUnknown(ctx, it.account.id, ['task', 'nope'], 'nope', '"task", "project"', 'the app offers task and project');
      noTypes = true;
      await expectTypeUnknown(ctx, it.account.id, ['task'], 'task', 'none', 'the app\'s config offers no type');
      noTypes = false;

      // The list, oldest first, and a source id in upper case.
      const second = await it.addSource({ types: ['project'] });
      const listed = await ctx.http.get(`${INTEGRATIONS}/sources`);
      expectStatus(listed, 200, 'SYNC-021 listing the sources');
      const all = expectJson(listed, 'SYNC-021 listing the sources');
      if (!Array.isArray(all)) fail(`SYNC-021: the sources list is ${JSON.stringify(all)?.slice(0, 200)}, not an array`, listed);
      const mine = all.filter((s) => isRecord(s) && (s['id'] === it.source.id || s['id'] === second.id));
      const order = mine.map((s) => (isRecord(s) ? s['id'] : undefined));
      if (!isDeepStrictEqual(order, [it.source.id, second.id])) fail(`SYNC-021: the sources list holds the check's sources as ${JSON.stringify(order)}, expected both, oldest first: ${JSON.stringify([it.source.id, second.id])}`, listed);
      for (const listedSource of mine) {
        if (!isRecord(listedSource)) continue;
        const read = await getSource(ctx, String(listedSource['id']));
        if (!isDeepStrictEqual(listedSource, read)) fail(`SYNC-021: the sources list shows ${JSON.stringify(listedSource)}, reading it shows ${JSON.stringify(read)}`, listed);
      }
      const upper = await ctx.http.get(`${INTEGRATIONS}/sources/${it.source.id.toUpperCase()}`);
      expectStatus(upper, 200, 'SYNC-021 reading a source by its id in upper case');
      const byUpper = expectJson(upper, 'SYNC-021 reading a source by its id in upper case');
      if (!isRecord(byUpper) || byUpper['id'] !== it.source.id) fail(`SYNC-021: reading the source ${it.source.id} by its id in upper case answered ${JSON.stringify(byUpper)?.slice(0, 200)}`, upper);

      // An unknown id, on every endpoint of a source.
      const unknown = randomUUID();
      expectSourceNotFound(await ctx.http.get(`${INTEGRATIONS}/sources/${unknown}`), unknown, 'reading an unknown source');
      expectSourceNotFound(await patchSourceRaw(ctx, unknown, { keepUnsynced: true }), unknown, 'changing an unknown source');
      expectSourceNotFound(await deleteSourceRaw(ctx, unknown), unknown, 'deleting an unknown source');
      expectSourceNotFound(await startSyncRaw(ctx, unknown, false), unknown, 'syncing an unknown source');
      // An unknown id in the URN form a UUID format may allow: refused as a parameter, or not found; never a fault of the server.
      const urn = `urn:uuid:${randomUUID()}`;
      const byUrn = await ctx.http.get(`${INTEGRATIONS}/sources/${urn}`);
      if (byUrn.status !== 400) expectSourceNotFound(byUrn, urn, `reading the unknown source ${urn} (or 400: not a plain UUID)`);

      // A new filter: the config is read again with the account; no webhooks, no install.
      it.app.clearRequests();
      const changed = await patchSource(ctx, it.source.id, { filter: { region: 'us' } });
      if (!isDeepStrictEqual(changed.filter, { region: 'us' })) fail(`SYNC-022: after PATCH {filter: {region: "us"}} the source shows filter ${JSON.stringify(changed.filter)}`, lastResponse(ctx));
      withAccount('changing the source\'s filter');
      const installs = requestsTo(it.app, APP_PATHS.webhooks);
      if (installs.length > 0 || changed.webhook !== null) {
        fail(`EVT-001: the app's config does not enable webhooks, yet changing the filter sent ${installs.length} webhook install request(s) and the source shows webhook ${JSON.stringify(changed.webhook)}`, lastResponse(ctx));
      }
    });
  },
});
