/**
 * POST /api/v1/synchronizer/datalist for each filter of the config flagged `datalist` answers
 * `{items: [{title, value}]}`. Skipped when no filter is flagged. An app that flags a filter but
 * answers 404/405 fails: the service has no other way to get the filter's options. `dependsOn`
 * holds the run's `--filter` values (none by default), so a filter that declares `dependsOn` may
 * refuse the request with a 4xx error body (noted, not failed).
 */
import { describeRequest, expectJson, fail } from '../../assert.js';
import { CheckSkipped, defineCheck } from '../../check.js';
import { appPost } from './client.js';
import { expectContract } from './contract.js';
import { expectErrorBody } from './errors.js';
import { filterOf, isNotImplemented, PATHS, readConfig, startSession } from './session.js';

export default defineCheck({
  id: 'app.datalist',
  name: 'POST /api/v1/synchronizer/datalist answers {items: [{title, value}]} for every filter flagged datalist',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-032', 'APP-063'],
  target: 'app',
  async run(ctx) {
    const session = await startSession(ctx);
    const { config } = await readConfig(ctx, session);
    const flagged = config.filters.filter((f) => f.datalist === true);
    if (flagged.length === 0) throw new CheckSkipped('no filter of the config is flagged datalist');
    const types = config.types.map((t) => t.id);
    let answered = 0;
    for (const filter of flagged) {
      const what = `the data list of the filter ${JSON.stringify(filter.id)}`;
      const { [filter.id]: _own, ...dependsOn } = filterOf(ctx);
      const res = await appPost(ctx, PATHS.datalist, { types, account: session.account, field: filter.id, dependsOn });
      if (isNotImplemented(res)) {
        fail(`${what}: ${describeRequest(res)} answered ${res.status}, but the config flags this filter datalist: its options can only come from this endpoint`, res);
      }
      if (res.status !== 200 && filter['dependsOn'] !== undefined && res.status >= 400 && res.status < 500) {
        ctx.log(`${what}: refused without the values it depends on (${expectErrorBody(res, what)})`);
        continue;
      }
      if (res.status !== 200) fail(`${what}: expected status 200 from ${describeRequest(res)}, got ${res.status}`, res);
      const body = expectContract(res, 'DatalistResponse', expectJson(res, what), what);
      ctx.log(`${what}: ${body.items.length} option(s)`);
      answered += 1;
    }
    if (answered === 0) throw new CheckSkipped(`every flagged filter (${flagged.map((f) => f.id).join(', ')}) needs the values of the filters it depends on`);
  },
});
