/**
 * A data request with `lastSynchronizedAt` (an hour ago) is answered, page by page, with full or
 * delta pages; the rows of a delta page carry `__syncAction` SET or REMOVE and their key, and
 * fit the schema like the rows of a full read.
 */
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { readableTypes } from './pages.js';
import { rowKey, rowProblems, SYNC_ACTION } from './rows.js';
import { startSync } from './session.js';

const HOUR_MS = 3_600_000;

export default defineCheck({
  id: 'app.data-delta',
  name: 'POST /api/v1/synchronizer/data with lastSynchronizedAt answers full or delta pages; the rows of delta pages carry __syncAction SET or REMOVE, their key, and fit the schema',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-060', 'MAP-052'],
  target: 'app',
  async run(ctx) {
    const target = await startSync(ctx);
    const lastSynchronizedAt = new Date(Date.now() - HOUR_MS).toISOString();
    for (const read of await readableTypes(ctx, target, { lastSynchronizedAt })) {
      const { type } = read;
      const fields = target.schema[type];
      if (fields === undefined) continue;
      const kinds = [...new Set(read.synchronizationTypes)].join(' and ');
      ctx.log(`${type} since ${lastSynchronizedAt}: ${read.rows.length} row(s), ${kinds} page(s)`);
      for (const [i, { row, page }] of read.rows.entries()) {
        const label = `row ${rowKey(fields, row) === undefined ? `#${i + 1}` : JSON.stringify(rowKey(fields, row))} of type ${JSON.stringify(type)} since ${lastSynchronizedAt}`;
        if ((page.body.synchronizationType ?? 'full') === 'delta' && row[SYNC_ACTION] !== 'SET' && row[SYNC_ACTION] !== 'REMOVE') {
          fail(`${label}: a row of a delta page carries ${SYNC_ACTION} SET or REMOVE, this one has ${JSON.stringify(row[SYNC_ACTION]) ?? 'none'}`, page.res);
        }
        const problems = rowProblems(fields, row);
        if (problems.length > 0) fail(`${label}: ${problems.join('; ')}`, page.res);
      }
    }
  },
});
