import { isDeepStrictEqual } from 'node:util';
import { describeRequest, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { INTEGRATIONS, addAccountRaw, expectAdminError } from './admin.js';
import { nonce } from './integration.js';
import { APP_PATHS, bodyOf, requestsTo, startApp } from './mock.js';
import { ACCOUNT_TYPE, plainScenario } from './scenarios.js';

export default defineCheck({
  id: 'sync.account-refused',
  name:
    'Adding an account calls the app\'s /validate with {id: <account type>, fields}; when the app answers 401 {message} the account is refused with a 4xx error carrying the app\'s message ' +
    'and is not stored; an account type the app does not list is refused without storing anything',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-018', 'APP-005'],
  target: 'server',
  async run(ctx) {
    const app = await startApp(plainScenario(1));
    try {
      const message = `The token was revoked in the external system (conformance ${nonce()}).`;
      app.fail({ endpoint: 'validate', kind: 'error', status: 401, message });
      const fields = { token: 'a-token-the-app-refuses' };
      const res = await addAccountRaw(ctx, { appUrl: app.url, accountType: ACCOUNT_TYPE, fields });
      if (res.status < 400 || res.status > 499) fail(`adding an account the app refuses (401 {message}) should answer a 4xx error, got ${res.status}`, res);
      const error = expectAdminError(res, 'APP-018 an account the app refuses');
      if (!error.message.includes(message)) fail(`the refusal should carry the app's message ${JSON.stringify(message)}; it says ${JSON.stringify(error.message)}`, res);
      const validate = requestsTo(app, APP_PATHS.validate);
      if (validate.length === 0) fail('APP-018: adding an account never called the app\'s POST /validate', res);
      const body = bodyOf(validate[0]!, 'APP-018 the validate request');
      if (!isDeepStrictEqual(body, { id: ACCOUNT_TYPE, fields })) fail(`APP-018/APP-005: the validate request was ${JSON.stringify(body)}, expected {id: "${ACCOUNT_TYPE}", fields: ${JSON.stringify(fields)}}`, res);

      // A plainly wrong account (the app's own 401), and an account type the app does not offer.
      const wrong = await addAccountRaw(ctx, { appUrl: app.url, accountType: ACCOUNT_TYPE, fields: { token: 'wrong' } });
      if (wrong.status < 400 || wrong.status > 499) fail(`adding an account with a token the app does not accept should answer a 4xx error, got ${wrong.status}`, wrong);
      const unknownType = await addAccountRaw(ctx, { appUrl: app.url, accountType: 'no-such-type', fields });
      if (unknownType.status < 400 || unknownType.status > 499) fail(`adding an account of a type the app does not list should answer a 4xx error, got ${unknownType.status}`, unknownType);
      expectAdminError(unknownType, 'an account of an unknown account type');

      const list = await ctx.http.get(`${INTEGRATIONS}/accounts`);
      expectStatus(list, 200, 'listing the accounts');
      const stored = Array.isArray(list.json) ? list.json.filter((a) => isRecord(a) && a['appUrl'] === app.url) : [];
      if (stored.length > 0) fail(`${describeRequest(list)} lists ${stored.length} account(s) of the mock app at ${app.url}; refused accounts must not be stored`, list);
    } finally {
      await app.close();
    }
  },
});
