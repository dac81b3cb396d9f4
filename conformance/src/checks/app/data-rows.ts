/**
 * Every row of a full read of every type fits the schema of its type (rows.ts): its values have
 * the JSON type and form of their field's type / subType, and it carries its key. Keys the schema
 * does not list are noted, not failed: the contract keys rows by field id but does not forbid
 * others, and the service ignores them.
 */
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { readableTypes } from './pages.js';
import { noteUnlistedKeys, rowKey, rowProblems } from './rows.js';
import { startSync } from './session.js';

const SHOWN = 8;

export default defineCheck({
  id: 'app.data-rows',
  name: 'Every data row carries its key and holds, under each schema field id, a value of the JSON type and form of that field (type / subType); keys the schema does not list are noted',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-014'],
  target: 'app',
  async run(ctx) {
    const target = await startSync(ctx);
    for (const read of await readableTypes(ctx, target)) {
      const { type } = read;
      const fields = target.schema[type];
      if (fields === undefined) continue;
      noteUnlistedKeys(ctx, type, fields, read.rows.map(({ row }) => row));
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
