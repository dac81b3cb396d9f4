/**
 * The access-token step of a completed OAuth authorization (oauth-flow.ts) answers 200 with the
 * data used later to authenticate: a non-empty JSON object (OAuthAccessTokenResponse: any keys;
 * `access_token`, `refresh_token` text and `expires_on` a timestamp when present), which works as
 * the account's field values: POST /validate {id: <oauth|oauth2>, fields: <that data>} answers 200
 * {name}. Run for each OAuth version the app lists whose flow can be completed through HTTP alone
 * (authorization pages served on the app's own host); skipped when none can.
 */
import { describeRequest, expectJson, expectStatus, fail } from '../../assert.js';
import { CheckSkipped, defineCheck, type CheckContext } from '../../check.js';
import { appPost } from './client.js';
import { expectContract } from './contract.js';
import { listedOAuth } from './oauth.js';
import { completeOAuth, isDateOrTimestamp, type OAuthVersion } from './oauth-flow.js';
import { PATHS } from './session.js';

async function checkVersion(ctx: CheckContext, version: OAuthVersion): Promise<string | undefined> {
  const flow = await completeOAuth(ctx, version);
  const n = version === 'oauth2' ? 2 : 1;
  if (!flow.ok) return `OAuth ${n}: ${flow.reason}`;
  const { res } = flow;
  const what = `finishing an OAuth ${n} authorization (${describeRequest(res)})`;
  expectStatus(res, 200, what);
  const body = expectContract(res, 'OAuthAccessTokenResponse', expectJson(res, what), what);
  if (Object.keys(body).length === 0) fail(`${what}: the answer holds no data; it becomes the account's field values, used later to authenticate`, res);
  if (body.expires_on !== undefined && !isDateOrTimestamp(body.expires_on)) fail(`${what}: expires_on ${JSON.stringify(body.expires_on)} is not a timestamp`, res);
  for (const key of ['access_token', 'refresh_token'] as const) {
    if (body[key] !== undefined && body[key].trim() === '') fail(`${what}: ${key} is empty`, res);
  }
  const validating = `authenticating with the data the OAuth ${n} access-token step answered (POST /validate {id: "${version}", fields: <that data>})`;
  const validated = await appPost(ctx, PATHS.validate, { id: version, fields: body });
  if (validated.status !== 200) fail(`${validating}: expected status 200 from ${describeRequest(validated)}, got ${validated.status}: the answer is not data the account can authenticate with`, validated);
  const named = expectContract(validated, 'ValidateResponse', expectJson(validated, validating), validating);
  if (named.name.trim() === '') fail(`${validating}: "name" is empty`, validated);
  ctx.log(`OAuth ${n}: the access-token step answered ${Object.keys(body).join(', ')}; /validate named the account ${JSON.stringify(named.name)}`);
  return undefined;
}

export default defineCheck({
  id: 'app.oauth-access-token',
  name:
    'After an OAuth authorization completed through the app\'s own pages, POST /oauth1/v1/access_token and /oauth2/v1/access_token answer 200 with a non-empty object (access_token, refresh_token, expires_on a timestamp, when present) ' +
    'that authenticates as the account: POST /validate {id, fields: <that object>} answers 200 {name}',
  level: 'MUST',
  area: 'oauth',
  requirements: ['OAUTH-006', 'OAUTH-010'],
  target: 'app',
  async run(ctx) {
    const versions = await listedOAuth(ctx);
    if (versions.length === 0) throw new CheckSkipped('the app lists no oauth or oauth2 account type');
    const notes: string[] = [];
    for (const version of versions) {
      const note = await checkVersion(ctx, version);
      if (note !== undefined) notes.push(note);
    }
    if (notes.length === versions.length) throw new CheckSkipped(`no OAuth flow can be completed through HTTP alone: ${notes.join('; ')}`);
    for (const note of notes) ctx.log(`not checked: ${note}`);
  },
});
