/**
 * A data request for a type the app does not have: the app may answer an empty page, or refuse
 * it; a refusal is an error status (4xx or 5xx) with the body `{message}` (or `{error}`).
 */
import { randomBytes } from 'node:crypto';
import { expectJson } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { appPost } from './client.js';
import { expectContract } from './contract.js';
import { expectErrorBody, expectErrorStatus } from './errors.js';
import { dataRequest } from './pages.js';
import { PATHS, startSync } from './session.js';

export default defineCheck({
  id: 'app.data-error-body',
  name: 'POST /api/v1/synchronizer/data for a requestedType the app does not have answers a valid page, or an error status with {message}',
  level: 'SHOULD',
  area: 'app',
  requirements: ['APP-ERR-003'],
  target: 'app',
  async run(ctx) {
    const target = await startSync(ctx);
    const bogus = `svc-conformance-no-such-type-${randomBytes(4).toString('hex')}`;
    const what = `asking data of the type ${bogus}, which the config does not list`;
    const res = await appPost(ctx, PATHS.data, dataRequest(target, bogus));
    if (res.status === 200) {
      expectContract(res, 'DataResponse', expectJson(res, what), what);
      ctx.log(`${what}: answered 200 with a page; nothing refused, so no error body to check`);
      return;
    }
    expectErrorStatus(res, what);
    expectErrorBody(res, what);
  },
});
