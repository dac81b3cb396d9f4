/**
 * POST /api/v1/synchronizer/webhooks/transform turns the event given with `--event` into rows, called
 * as the reference server calls it for an accepted event (server/src/integrations/sync/run.ts):
 * `{params: <the forwarded event headers>, payload: <the event body, its JSON when it is JSON>,
 * types, filter, account}` (APP-070). The answer is 200 `{data}` (APP-047), `data` mapping type
 * ids of the config to arrays of rows; the rows are applied by delta rules, so each carries
 * `__syncAction` SET or REMOVE and its key, and fits the schema of its type (APP-071), as the
 * rows of delta pages do (app.data-delta). Skipped without `--event`, and when transform is not
 * implemented (404/405).
 */
import { describeRequest, expectJson, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord, kindOf } from '../../shapes.js';
import { appPost } from './client.js';
import { expectContract, type AppSchemas } from './contract.js';
import { eventPayload, forwardedHeaders, requireEvent } from './pre-process-accepts.js';
import { rowKey, rowProblems, SYNC_ACTION } from './rows.js';
import { PATHS, skipIfNotImplemented, startSync } from './session.js';


export default defineCheck({
  id: 'app.transform',
  name:
    'POST /api/v1/synchronizer/webhooks/transform of the event given with --event answers 200 {data}: type ids of the config to arrays of rows that carry __syncAction SET or REMOVE, their key, and fit the schema',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-047', 'APP-071'],
  target: 'app',
  async run(ctx) {
    const event = requireEvent(ctx);
    const target = await startSync(ctx);
    const request: AppSchemas['TransformRequest'] = {
      params: forwardedHeaders(event.headers),
      payload: eventPayload(event.body) as AppSchemas['TransformRequest']['payload'],
      types: target.types,
      filter: target.filter,
      account: target.session.account,
    };
    const what = 'transforming the event given with --event';
    const res = await appPost(ctx, PATHS.transform, request);
    skipIfNotImplemented(res, `POST ${PATHS.transform}`);
    if (res.status !== 200) fail(`${what}: expected status 200 {data} from ${describeRequest(res)}, got ${res.status}`, res);
    const body = expectJson(res, what);
    if (!isRecord(body) || !isRecord(body['data'])) {
      fail(`${what}: "data" is ${isRecord(body) ? (body['data'] === undefined ? 'absent' : kindOf(body['data'])) : `not there (the answer is ${kindOf(body)})`}, not an object of type ids to rows`, res);
    }
    const { data } = expectContract(res, 'TransformResponse', body, what);
    for (const [type, rows] of Object.entries(data)) {
      if (!target.types.includes(type) && target.config.types.some((t) => t.id === type)) {
        ctx.log(`data names the type ${JSON.stringify(type)}, which this run does not synchronize (--types): its rows are not checked`);
        continue;
      }
      const fields = target.schema[type];
      if (!target.types.includes(type) || fields === undefined) {
        fail(`${what}: data names the type ${JSON.stringify(type)}, which is not a type of the config (types: ${target.types.join(', ')})`, res);
      }
      ctx.log(`${type}: ${rows.length} row(s)`);
      for (const [i, row] of rows.entries()) {
        const key = rowKey(fields, row);
        const label = `data.${type}[${i}]${key === undefined ? '' : ` (row ${JSON.stringify(key)})`}`;
        if (row[SYNC_ACTION] !== 'SET' && row[SYNC_ACTION] !== 'REMOVE') {
          fail(`${what}: ${label}: the rows of transform are applied by delta rules and carry ${SYNC_ACTION} SET or REMOVE, this one has ${JSON.stringify(row[SYNC_ACTION]) ?? 'none'}`, res);
        }
        const problems = rowProblems(fields, row);
        if (problems.length > 0) fail(`${what}: ${label}: ${problems.join('; ')}`, res);
      }
    }
  },
});
