/**
 * POST /api/v1/synchronizer/filter/validate (optional: 404/405 skip): an empty filter is valid
 * (200 or 204) when every filter is optional, else valid or refused with 400 {message}; for each
 * filter of the config, an obviously invalid value (next to the run's `--filter` values) is
 * either accepted (200 or 204) or refused with 400 {message}.
 */
import { describeRequest, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { appPost } from './client.js';
import { expectErrorBody } from './errors.js';
import { filterOf, PATHS, readConfig, skipIfNotImplemented, startSession, type AppFilter } from './session.js';

/** A value no filter of this type takes. */
function invalidValue(filter: AppFilter): unknown {
  switch (filter.type) {
    case 'number':
      return 'svc-conformance: not a number';
    case 'datebox':
      return 'svc-conformance: not a date';
    case 'bool':
      return 'svc-conformance: not a boolean';
    default:
      return { 'svc-conformance': ['not a filter value'] };
  }
}

function expectValidOrRefused(res: HttpResponse, what: string, refusable: boolean): void {
  if (res.status === 200 || res.status === 204) return;
  if (refusable && res.status === 400) {
    expectErrorBody(res, what);
    return;
  }
  fail(`${what}: expected status ${refusable ? '200 or 204 (valid) or 400 {message} (invalid)' : '200 or 204'} from ${describeRequest(res)}, got ${res.status}`, res);
}

async function validateFilter(ctx: CheckContext, body: unknown): Promise<HttpResponse> {
  return appPost(ctx, PATHS.filterValidate, body);
}

export default defineCheck({
  id: 'app.filter-validate',
  name:
    'POST /api/v1/synchronizer/filter/validate answers 200 or 204 for an empty filter when every filter is optional, and 200/204 or 400 {message} for an invalid filter value',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-035', 'APP-ERR-002'],
  target: 'app',
  async run(ctx) {
    const session = await startSession(ctx);
    const { config } = await readConfig(ctx, session);
    const types = config.types.map((t) => t.id);
    const required = config.filters.filter((f) => f.optional !== true).map((f) => f.id);
    const empty = await validateFilter(ctx, { types, filter: {}, account: session.account });
    skipIfNotImplemented(empty, 'filter/validate');
    expectValidOrRefused(empty, `validating an empty filter${required.length > 0 ? ` (required filters: ${required.join(', ')})` : ''}`, required.length > 0);
    for (const filter of config.filters) {
      const value = invalidValue(filter);
      const res = await validateFilter(ctx, { types, filter: { ...filterOf(ctx), [filter.id]: value }, account: session.account });
      expectValidOrRefused(res, `validating the filter ${JSON.stringify(filter.id)} (${filter.type}) set to ${JSON.stringify(value)}`, true);
    }
  },
});
