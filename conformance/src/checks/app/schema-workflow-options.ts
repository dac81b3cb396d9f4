/**
 * Workflow fields of the schema (`text` / `workflow`) that list `options`: exactly one option
 * with `default` true, at least one with `final` true, and each option's `type` (when given)
 * `Not started`, `Started` or `Finished`. Without `options` the service infers them (nothing to
 * check); a schema without workflow fields passes.
 */
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { startSync } from './session.js';

const OPTION_TYPES = ['Not started', 'Started', 'Finished'];

export default defineCheck({
  id: 'app.schema-workflow-options',
  name: 'Workflow fields with options have exactly one default option, at least one final option, and option types Not started, Started or Finished',
  level: 'MUST',
  area: 'app',
  requirements: ['MAP-024', 'MAP-025', 'MAP-026', 'APP-008'],
  target: 'app',
  async run(ctx) {
    const { types, schema, schemaRes } = await startSync(ctx);
    const problems: string[] = [];
    let workflows = 0;
    for (const type of types) {
      for (const [id, field] of Object.entries(schema[type] ?? {})) {
        if (!isRecord(field) || field.subType !== 'workflow' || field.options === undefined) continue;
        workflows += 1;
        const at = `${type}.${id}`;
        if (!Array.isArray(field.options)) {
          problems.push(`${at}: options is not an array`);
          continue;
        }
        const options = (field.options as unknown[]).filter(isRecord);
        const defaults = options.filter((o) => o['default'] === true).map((o) => String(o['name']));
        const finals = options.filter((o) => o['final'] === true).map((o) => String(o['name']));
        if (defaults.length !== 1) problems.push(`${at}: ${defaults.length === 0 ? 'no option has' : `${defaults.length} options have (${defaults.join(', ')})`} default true; a workflow has exactly one default option`);
        if (finals.length === 0) problems.push(`${at}: no option has final true; a workflow has at least one final option`);
        for (const option of options) {
          if (option['type'] !== undefined && !OPTION_TYPES.includes(String(option['type']))) {
            problems.push(`${at}: option ${JSON.stringify(option['name'])} has type ${JSON.stringify(option['type'])}, not one of ${OPTION_TYPES.join(', ')}`);
          }
        }
      }
    }
    if (problems.length > 0) fail(`the workflow options of the schema:\n  ${problems.join('\n  ')}`, schemaRes);
    ctx.log(`${workflows} workflow field(s) with options`);
  },
});
