/**
 * Every row of a full read of every type fits the schema of its type (rows.ts): its keys are
 * schema field ids or `__syncAction`, its values have the JSON type and form of their field's
 * type / subType, and it carries its key.
 */
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { readType } from './pages.js';
import { rowKey, rowProblems } from './rows.js';
import { startSync } from './session.js';

const SHOWN = 8;

export default defineCheck({
  id: 'app.data-rows',
  name: 'Every data row is keyed by schema field ids (or __syncAction), carries its key, and holds values of the JSON type and form of each field (type / subType)',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-014'],
  target: 'app',
  async run(ctx) {
    const target = await startSync(ctx);
    for (const type of target.types) {
      const fields = target.schema[type];
      if (fields === undefined) continue;
      const read = await readType(ctx, target, type);
      const bad = read.rows
        .map(({ row, page }, i) => ({ row, page, i, problems: rowProblems(fields, row) }))
        .filter((r) => r.problems.length > 0);
      if (bad.length === 0) continue;
      const lines = bad.slice(0, SHOWN).map(({ row, i, problems }) => `row ${rowKey(fields, row) === undefined ? `#${i + 1}` : JSON.stringify(rowKey(fields, row))}: ${problems.join('; ')}`);
      fail(
        `the data of type ${JSON.stringify(type)}: ${bad.length} of ${read.rows.length} row(s) do not fit the schema:\n  ${lines.join('\n  ')}${bad.length > SHOWN ? `\n  ... ${bad.length - SHOWN} more` : ''}`,
        bad[0]?.page.res,
      );
    }
  },
});
