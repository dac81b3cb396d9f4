/**
 * The account types of GET /: at least one entry; entries with distinct ids; fields with an id,
 * a title (`title`, or `name` as the public API's documentation writes it) and a type (any text:
 * the contract does not rule out the public API's `link`, `highlightText`, `oauth`, `date`, `bool`,
 * `list`, `multidropdown`; `optional` a boolean); an entry without authentication omits `fields`
 * rather than listing none; OAuth types are `oauth` (version 1) and `oauth2` (version 2), one
 * per version.
 */
import { expectJson, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { appGet } from './client.js';
import { contractProblems } from './contract.js';
import { PATHS } from './session.js';

/** Spellings of an OAuth account type id other than the two the contract allows (`OAuth2`, `oauth-2`, `oauth1`, ...). */
const OAUTH_VARIANT = /^o-?auth[\s_.-]?(v?[12](\.0)?)?$/i;

export default defineCheck({
  id: 'app.authentication',
  name:
    'The authentication entries of GET /: at least one, distinct ids, fields {id, title (or name), type, optional?}, no empty `fields` (an entry without authentication omits it), ' +
    'OAuth account types named oauth / oauth2 and at most one per OAuth version',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-002', 'APP-003', 'APP-004', 'AUTH-004', 'AUTH-005', 'AUTH-006', 'AUTH-007'],
  target: 'app',
  async run(ctx) {
    const what = 'the authentication entries of GET /';
    const res = await appGet(ctx, PATHS.info);
    expectStatus(res, 200, what);
    const body = expectJson(res, what);
    const entries = isRecord(body) ? body['authentication'] : undefined;
    if (!Array.isArray(entries)) fail(`${what}: "authentication" is not an array`, res);
    if (entries.length === 0) fail(`${what}: "authentication" is empty; an app without authentication lists one entry without "fields"`, res);
    const problems: string[] = [];
    const ids = new Map<string, number>();
    entries.forEach((entry: unknown, i: number) => {
      const at = `authentication[${i}]`;
      problems.push(...contractProblems('AuthenticationEntry', entry, `/authentication/${i}`));
      if (!isRecord(entry)) return;
      const id = typeof entry['id'] === 'string' ? entry['id'] : undefined;
      if (id !== undefined) {
        const earlier = ids.get(id);
        if (earlier !== undefined) {
          problems.push(
            id === 'oauth' || id === 'oauth2'
              ? `${at}: a second account type ${id}: only one authentication type per OAuth version is supported (the first is authentication[${earlier}])`
              : `${at}: the account type id ${JSON.stringify(id)} is also the id of authentication[${earlier}]`,
          );
        } else ids.set(id, i);
      }
      if (Array.isArray(entry['fields']) && entry['fields'].length === 0) {
        problems.push(`${at} (${String(id)}): "fields" is an empty array; an account type without authentication omits "fields"`);
      }
      if (Array.isArray(entry['fields'])) {
        const fieldIds = entry['fields'].filter(isRecord).map((f) => f['id']);
        const twice = fieldIds.find((f, j) => fieldIds.indexOf(f) !== j);
        if (twice !== undefined) problems.push(`${at} (${String(id)}): the field id ${JSON.stringify(twice)} is listed twice`);
      }
      const looksOauth = id !== undefined && OAUTH_VARIANT.test(id) && id !== 'oauth' && id !== 'oauth2';
      if (looksOauth) problems.push(`${at}: the account type id ${JSON.stringify(id)} looks like OAuth; OAuth account types must be "oauth" (version 1) or "oauth2" (version 2)`);
    });
    if (problems.length > 0) fail(`${what}:\n  ${problems.join('\n  ')}`, res);
  },
});
