import { isDeepStrictEqual } from 'node:util';
import { expectJson, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { INTEGRATIONS, getAccountRaw } from './admin.js';
import { eventsPath } from './events.js';
import { lastResponse, withIntegration } from './integration.js';
import { APP_PATHS, bodyOf, requestsTo } from './mock.js';
import { ACCOUNT_NAME, ACCOUNT_TYPE, GOOD_TOKEN, plainScenario } from './scenarios.js';

export default defineCheck({
  id: 'sync.account-added',
  name:
    'Adding an account reads the app information (ignoring its unknown keys) and validates {id, fields} with the app; the account shows the app\'s name, the friendly name /validate answered, ' +
    'the account type, the names of its fields (never their values) and its eventsUrl, and reads back and lists the same',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-005', 'APP-018', 'APP-077'],
  target: 'server',
  async run(ctx) {
    const scenario = plainScenario(1);
    await withIntegration(ctx, scenario, { sync: false }, async (it) => {
      const { account } = it;
      if (requestsTo(it.app, APP_PATHS.info, 'GET').length === 0) fail('adding the account never read the app information (GET /)');
      const validate = requestsTo(it.app, APP_PATHS.validate);
      const first = validate[0] ? bodyOf(validate[0], 'APP-018 the validate request') : undefined;
      if (!isDeepStrictEqual(first, { id: ACCOUNT_TYPE, fields: { token: GOOD_TOKEN } })) fail(`APP-018/APP-005: the validate request was ${JSON.stringify(first)}, expected {id: "${ACCOUNT_TYPE}", fields: {token: ...}}`, lastResponse(ctx));
      const expected = { appUrl: it.app.url, appName: scenario.app.name, accountType: ACCOUNT_TYPE, name: ACCOUNT_NAME, fieldNames: ['token'] };
      const shown = { appUrl: account.appUrl.replace(/\/+$/, ''), appName: account.appName, accountType: account.accountType, name: account.name, fieldNames: account.fieldNames };
      if (!isDeepStrictEqual(shown, expected)) fail(`APP-077/APP-005: the new account shows ${JSON.stringify(shown)}, expected ${JSON.stringify(expected)} (the app information has the extra keys id, type and actions, which are to be ignored)`, lastResponse(ctx));
      if (JSON.stringify(account).includes(GOOD_TOKEN)) fail('the account shows the value of its token; field values hold credentials and are never returned');
      if (!account.eventsUrl.endsWith(eventsPath(account.id))) fail(`the account's eventsUrl ${account.eventsUrl} should end with ${eventsPath(account.id)}`, lastResponse(ctx));

      const read = await getAccountRaw(ctx, account.id);
      expectStatus(read, 200, 'reading the account');
      if (!isDeepStrictEqual(expectJson(read, 'reading the account'), account)) fail(`GET ${INTEGRATIONS}/accounts/${account.id} differs from the account the add answered ${JSON.stringify(account)}`, read);
      const list = await ctx.http.get(`${INTEGRATIONS}/accounts`);
      expectStatus(list, 200, 'listing the accounts');
      const listed = Array.isArray(list.json) ? list.json.find((a) => isRecord(a) && a['id'] === account.id) : undefined;
      if (!isDeepStrictEqual(listed, account)) fail(`GET ${INTEGRATIONS}/accounts lists the account as ${JSON.stringify(listed)}, expected ${JSON.stringify(account)}`, lastResponse(ctx));
    });
  },
});
