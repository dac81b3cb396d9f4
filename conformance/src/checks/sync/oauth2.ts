import { isDeepStrictEqual } from 'node:util';
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { expectCallbackAccount, oauthCallbackRaw, startOAuth } from './admin.js';
import { lastResponse, withMockApp } from './integration.js';
import { APP_PATHS, bodyOf, requestsTo } from './mock.js';
import { authorizeAsUser, expectAccountWorks, oauthScenario } from './oauth-flow.js';

const NAME = 'OAuth 2 conformance user';

export default defineCheck({
  id: 'sync.oauth2',
  name:
    'OAuth 2 through the server: start calls the app\'s /oauth2/v1/authorize with {callback_uri, state}; the user sent to redirectUri comes back to the callback with code and state; ' +
    'the callback calls /oauth2/v1/access_token with {fields: {callback_uri}, code}, validates and stores the account, which then synchronizes; the state works once',
  level: 'MUST',
  area: 'oauth',
  requirements: ['OAUTH-007', 'OAUTH-009'],
  target: 'server',
  async run(ctx) {
    await withMockApp(ctx, oauthScenario('oauth2', NAME), async (app, leftovers) => {
      const start = await startOAuth(ctx, { appUrl: app.url, accountType: 'oauth2' });
      const authorize = requestsTo(app, APP_PATHS.oauth2Authorize);
      if (authorize.length !== 1) fail(`OAUTH-007: starting the set-up should call POST /oauth2/v1/authorize once; the app got ${authorize.length} such request(s)`, lastResponse(ctx));
      const body = bodyOf(authorize[0]!, 'OAUTH-007 the authorize request');
      if (!isDeepStrictEqual(body, { callback_uri: start.callbackUri, state: start.state })) {
        fail(`OAUTH-007: the authorize request was ${JSON.stringify(body)}, expected {callback_uri: ${JSON.stringify(start.callbackUri)}, state: ${JSON.stringify(start.state)}}`, lastResponse(ctx));
      }
      if (new URL(start.redirectUri).searchParams.get('state') !== start.state) fail(`OAUTH-007: the redirectUri ${start.redirectUri} does not carry the state ${start.state}`, lastResponse(ctx));

      const back = await authorizeAsUser(start.redirectUri, 'OAuth 2');
      if (back.searchParams.get('state') !== start.state) fail(`the external system sent the user back to ${back.href} without the state ${start.state}`, lastResponse(ctx));
      const code = back.searchParams.get('code');
      const res = await oauthCallbackRaw(ctx, back.href);
      const account = await expectCallbackAccount(res, 'finishing the OAuth 2 set-up at the callback');
      leftovers.accounts.push(account.id);
      if (account.accountType !== 'oauth2' || account.name !== NAME) fail(`the OAuth 2 account is ${JSON.stringify(account)}, expected accountType "oauth2" and the name /validate answered (${JSON.stringify(NAME)})`, res);

      const exchange = requestsTo(app, APP_PATHS.oauth2AccessToken);
      if (exchange.length !== 1) fail(`OAUTH-009: the callback should call POST /oauth2/v1/access_token once; the app got ${exchange.length} such request(s)`, res);
      const token = bodyOf(exchange[0]!, 'OAUTH-009 the access-token request');
      const fields = token['fields'];
      if (token['code'] !== code || !isRecord(fields) || fields['callback_uri'] !== start.callbackUri) {
        fail(`OAUTH-009: the access-token request was ${JSON.stringify(token)}, expected {fields: {callback_uri: ${JSON.stringify(start.callbackUri)}}, code: ${JSON.stringify(code)}}`, res);
      }
      const validated = requestsTo(app, APP_PATHS.validate).filter((r) => r.at >= exchange[0]!.at);
      if (validated.length === 0) fail('the account set up through OAuth 2 was stored without calling /validate', res);

      const replay = await oauthCallbackRaw(ctx, back.href);
      if (replay.status < 400 || replay.status > 499) fail(`the state of an OAuth set-up is used once; the same callback a second time answered ${replay.status}`, replay);

      await expectAccountWorks(ctx, app, leftovers, account, 'OAuth 2');
    });
  },
});
