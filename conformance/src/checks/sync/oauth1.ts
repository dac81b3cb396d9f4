import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { expectCallbackAccount, oauthCallbackRaw, startOAuth } from './admin.js';
import { lastResponse, withMockApp } from './integration.js';
import { APP_PATHS, bodyOf, requestsTo } from './mock.js';
import { authorizeAsUser, expectAccountWorks, oauthScenario } from './oauth-flow.js';

const NAME = 'OAuth 1 conformance user';

export default defineCheck({
  id: 'sync.oauth1',
  name:
    'OAuth 1 through the server: start calls the app\'s /oauth1/v1/authorize with {callback_uri} carrying ?state=; the user sent to redirectUri comes back to that callback with oauth_token and ' +
    'oauth_verifier; the callback calls /oauth1/v1/access_token with {fields: {access_token, access_secret, callback_uri}, oauth_verifier} and stores the validated account, which then synchronizes',
  level: 'MUST',
  area: 'oauth',
  requirements: ['OAUTH-002', 'OAUTH-005'],
  target: 'server',
  async run(ctx) {
    await withMockApp(ctx, oauthScenario('oauth', NAME), async (app, leftovers) => {
      const start = await startOAuth(ctx, { appUrl: app.url, accountType: 'oauth' });
      const authorize = requestsTo(app, APP_PATHS.oauth1Authorize);
      if (authorize.length !== 1) fail(`OAUTH-002: starting the set-up should call POST /oauth1/v1/authorize once; the app got ${authorize.length} such request(s)`, lastResponse(ctx));
      const body = bodyOf(authorize[0]!, 'OAUTH-002 the authorize request');
      const callback = body['callback_uri'];
      if (typeof callback !== 'string' || callback !== start.callbackUri) fail(`OAUTH-002: the authorize request was ${JSON.stringify(body)}, expected {callback_uri: ${JSON.stringify(start.callbackUri)}}`, lastResponse(ctx));
      if (new URL(callback).searchParams.get('state') !== start.state) fail(`OAUTH-002: the callback_uri ${callback} should carry the query parameter state=${start.state}`, lastResponse(ctx));

      const back = await authorizeAsUser(start.redirectUri, 'OAuth 1');
      if (back.searchParams.get('state') !== start.state) fail(`the external system sent the user back to ${back.href}, which lost the state ${start.state} of the callback_uri`, lastResponse(ctx));
      const verifier = back.searchParams.get('oauth_verifier');
      const requestToken = back.searchParams.get('oauth_token');
      const res = await oauthCallbackRaw(ctx, back.href);
      const account = await expectCallbackAccount(res, 'finishing the OAuth 1 set-up at the callback');
      leftovers.accounts.push(account.id);
      if (account.accountType !== 'oauth' || account.name !== NAME) fail(`the OAuth 1 account is ${JSON.stringify(account)}, expected accountType "oauth" and the name /validate answered (${JSON.stringify(NAME)})`, res);

      const exchange = requestsTo(app, APP_PATHS.oauth1AccessToken);
      if (exchange.length !== 1) fail(`OAUTH-005: the callback should call POST /oauth1/v1/access_token once; the app got ${exchange.length} such request(s)`, res);
      const token = bodyOf(exchange[0]!, 'OAUTH-005 the access-token request');
      const fields = token['fields'];
      const ok =
        token['oauth_verifier'] === verifier &&
        isRecord(fields) &&
        fields['access_token'] === requestToken &&
        typeof fields['access_secret'] === 'string' &&
        fields['access_secret'] !== '' &&
        fields['callback_uri'] === start.callbackUri;
      if (!ok) {
        fail(
          `OAUTH-005: the access-token request was ${JSON.stringify(token)}, expected {fields: {access_token: ${JSON.stringify(requestToken)} (the request token), access_secret: <its secret>, ` +
            `callback_uri: ${JSON.stringify(start.callbackUri)}}, oauth_verifier: ${JSON.stringify(verifier)}}`,
          res,
        );
      }
      await expectAccountWorks(ctx, app, leftovers, account, 'OAuth 1');
    });
  },
});
