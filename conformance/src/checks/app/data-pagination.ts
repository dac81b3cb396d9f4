/**
 * POST /api/v1/synchronizer/data, type by type, page by page (pages.ts): every page is a
 * DataResponse (`items` an array of rows, `pagination` {hasNext, nextPageConfig?},
 * `synchronizationType` full or delta) and the pages end: `hasNext` becomes false before the
 * bound, and no `nextPageConfig` comes back twice.
 */
import { defineCheck } from '../../check.js';
import { readType } from './pages.js';
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
    for (const type of target.types) {
      const read = await readType(ctx, target, type);
      ctx.log(`${type}: ${read.rows.length} row(s) in ${read.pages.length} page(s)`);
    }
  },
});
