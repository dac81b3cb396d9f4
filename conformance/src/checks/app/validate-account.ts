/**
 * POST /validate with the run's account (`{id, fields}`: account type id and field values)
 * answers 200 `{name}`, a friendly account name.
 */
import { describeRequest, expectJson, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { appPost } from './client.js';
import { expectContract } from './contract.js';
import { PATHS, startSession } from './session.js';

export default defineCheck({
  id: 'app.validate-account',
  name: 'POST /validate {id, fields} with a valid account answers 200 {name} (a non-empty friendly account name)',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-019'],
  target: 'app',
  async run(ctx) {
    const session = await startSession(ctx);
    const what = `validating the account (account type ${session.entry.id})`;
    const res = await appPost(ctx, PATHS.validate, { id: session.entry.id, fields: session.account });
    if (res.status !== 200) {
      fail(`${what}: expected status 200 from ${describeRequest(res)}, got ${res.status}${res.status === 401 ? ' (the app refuses the account given to the suite: check --account)' : ''}`, res);
    }
    const body = expectContract(res, 'ValidateResponse', expectJson(res, what), what);
    if (body.name.trim() === '') fail(`${what}: "name" is empty; it is the account name shown to users`, res);
  },
});
