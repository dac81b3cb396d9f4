/**
 * The options of a data-list filter through the server (POST /api/integrations/accounts/<id>/
 * datalist, spec/service.openapi.yaml): the server asks the app's datalist endpoint with
 * `{types, account, field, dependsOn}` (the account's field values, the requested filter field,
 * the values it depends on), answers the app's `{items: [{title, value}]}` unchanged (a number
 * value stays a number), and a value picked from a list, stored in a source's filter, is passed
 * on as it is in the later schema and data requests.
 */
import { isDeepStrictEqual } from 'node:util';
import { expectJson, expectStatus, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { INTEGRATIONS, syncOk } from './admin.js';
import { lastResponse, withIntegration } from './integration.js';
import { APP_PATHS, bodyOf, requestsTo, type MockApp } from './mock.js';
import { GOOD_TOKEN, buildScenario, keyAndName } from './scenarios.js';

const ORGS = [
  { title: 'Acme', value: 'acme' },
  { title: 'Numbered organization', value: 42 },
];
const PROJECTS_OF_ACME = [{ title: 'Website', value: 'p-web' }];
const PROJECTS_OF_42 = [
  { title: 'Mobile app', value: 7 },
  { title: 'Back office', value: 'p-office' },
];

const SCENARIO = buildScenario({
  description: 'Two data-list filters, the second depending on the first (options per organization).',
  types: [{ id: 'issue', name: 'Issues' }],
  schema: { issue: keyAndName() },
  rows: { issue: [{ id: 'i1', name: 'Issue 1' }] },
  extra: {
    filters: [
      { id: 'org', title: 'Organization', type: 'list', optional: true, datalist: true },
      { id: 'project', title: 'Project', type: 'list', optional: true, datalist: true },
    ],
    datalists: {
      org: { items: ORGS },
      project: {
        items: [],
        byDependsOn: [
          { when: { org: 'acme' }, items: PROJECTS_OF_ACME },
          { when: { org: 42 }, items: PROJECTS_OF_42 },
        ],
      },
    },
  },
});

/** The app's datalist endpoint (spec/app.openapi.yaml). */
const DATALIST_PATH = '/api/v1/synchronizer/datalist';
const TYPES = ['issue'];
const ACCOUNT = { token: GOOD_TOKEN };

/** Asks the server for the options of `field`; checks what the app was asked and what the server answered. */
async function options(ctx: CheckContext, app: MockApp, accountId: string, field: string, dependsOn: Record<string, unknown>, expected: unknown[]): Promise<HttpResponse> {
  app.clearRequests();
  const what = `asking the server for the options of the filter "${field}" with dependsOn ${JSON.stringify(dependsOn)}`;
  const res = await ctx.http.post(`${INTEGRATIONS}/accounts/${encodeURIComponent(accountId)}/datalist`, { types: TYPES, field, dependsOn });
  expectStatus(res, 200, what);
  const asked = requestsTo(app, DATALIST_PATH);
  if (asked.length !== 1) fail(`APP-031 ${what}: the app got ${asked.length} datalist requests, expected one`, res);
  const body = bodyOf(asked[0]!, `APP-031 ${what}: the datalist request`);
  const want = { types: TYPES, account: ACCOUNT, field, dependsOn };
  if (!isDeepStrictEqual(body, want)) {
    fail(`APP-031/APP-061 ${what}: the app was asked ${JSON.stringify(body)}, expected {types, account, field, dependsOn} = ${JSON.stringify(want)}`, res);
  }
  const answer = expectJson(res, what);
  if (!isDeepStrictEqual(answer, { items: expected })) {
    fail(`APP-062 ${what}: the server answered ${JSON.stringify(answer)}, expected the app's options unchanged {items: ${JSON.stringify(expected)}} (title shown, value stored as it is)`, res);
  }
  return res;
}

export default defineCheck({
  id: 'sync.datalist',
  name:
    'POST /api/integrations/accounts/<id>/datalist asks the app\'s datalist with {types, account, field, dependsOn} and answers its {items: [{title, value}]} unchanged; ' +
    'a value picked from a list and stored in a source filter reaches the schema and data requests as it is',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-031', 'APP-061', 'APP-062'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, { sync: false }, async (it) => {
      const accountId = it.account.id;
      await options(ctx, it.app, accountId, 'org', {}, ORGS);
      await options(ctx, it.app, accountId, 'project', { org: 'acme' }, PROJECTS_OF_ACME);
      await options(ctx, it.app, accountId, 'project', { org: 42 }, PROJECTS_OF_42);

      // The values picked (two numbers) go into a source's filter and on to the app.
      const picked = { org: ORGS[1]!.value, project: PROJECTS_OF_42[0]!.value };
      const source = await it.addSource({ filter: picked });
      it.app.clearRequests();
      await syncOk(ctx, source.id, 'a sync of a source whose filter holds values picked from the data lists');
      for (const [path, name] of [
        [APP_PATHS.schema, 'schema'],
        [APP_PATHS.data, 'data'],
      ] as const) {
        const requests = requestsTo(it.app, path);
        if (requests.length === 0) fail(`APP-062: the sync never asked ${name}`, lastResponse(ctx));
        for (const request of requests) {
          const filter = bodyOf(request, `APP-062 the ${name} request`)['filter'];
          if (!isDeepStrictEqual(filter, picked)) {
            fail(`APP-062: the ${name} request carried filter ${JSON.stringify(filter)}, expected the values picked from the data lists as they are: ${JSON.stringify(picked)}`, lastResponse(ctx));
          }
        }
      }
    });
  },
});
