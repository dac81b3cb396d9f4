/**
 * POST /api/v1/synchronizer/data, type by type, page by page (pages.ts): every page is a
 * DataResponse (`items` an array of rows, `pagination` {hasNext, nextPageConfig?},
 * `synchronizationType` full or delta) and the pages end: `hasNext` becomes false before the
 * bound, and no `nextPageConfig` comes back twice. Every type is read, also after one fails: the
 * failure names each type that could not be read (the checks built on the reads leave those types
 * out, pages.ts readableTypes).
 */
import { CheckFailure, defineCheck } from '../../check.js';
import { readEachType } from './pages.js';
import { startSync } from './session.js';

export default defineCheck({
  id: 'app.data-pagination',
  name:
    'POST /api/v1/synchronizer/data answers every page of every type with {items, pagination?: {hasNext, nextPageConfig}, synchronizationType?}, ' +
    'and following nextPageConfig reaches hasNext false without repeating a page',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-027', 'APP-058', 'APP-059', 'APP-060'],
  target: 'app',
  async run(ctx) {
    const target = await startSync(ctx);
    const { reads, failed } = await readEachType(ctx, target);
    for (const read of reads) ctx.log(`${read.type}: ${read.rows.length} row(s) in ${read.pages.length} page(s)`);
    const [first, ...others] = failed;
    if (!first) return;
    if (others.length === 0) throw first.failure;
    const list = failed.map(({ type, failure }) => `type ${JSON.stringify(type)}: ${failure.message}`).join('\n');
    throw new CheckFailure(`the data of ${failed.length} of ${target.types.length} types cannot be read (the first one's request below):\n${list}`, first.failure.details);
  },
});
