import { expectCommandError, fail } from '../../assert.js';
import { CheckUnsupported, defineCheck } from '../../check.js';
import { isUnknownCommand } from '../../support.js';
import { run, withTestWorkspace } from '../../workspace.js';

export default defineCheck({
  id: 'command.entity-batch-conflict-field',
  name:
    'svc.entity.batch/create-or-update with a conflict-field the Database lacks fails with entity.error/schema-field-not-found, with a relation, a collection or a system field ' +
    'with entity.error/conflict-field-invalid, each naming the field in data.field, and writes nothing',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-016'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const cases: Array<[string, string, string]> = [
        [`${n.space}/Titel`, 'entity.error/schema-field-not-found', 'a field the Database lacks'],
        [n.group, 'entity.error/conflict-field-invalid', 'a relation'],
        [n.tags, 'entity.error/conflict-field-invalid', 'a collection'],
        ['svc/id', 'entity.error/conflict-field-invalid', 'a system field'],
      ];
      for (const [field, name, what] of cases) {
        for (const action of ['skip-create', 'update-latest'] as const) {
          const res = await ctx.http.command({ command: 'svc.entity.batch/create-or-update', args: { type: n.items, entities: [{ [n.title]: 'never' }], 'conflict-field': field, 'conflict-action': action } });
          if (isUnknownCommand(res, 'svc.entity.batch/create-or-update')) throw new CheckUnsupported(['svc.entity.batch/create-or-update'], 'the target answered command.error/unknown-command');
          const label = `svc.entity.batch/create-or-update (${action}) with ${what} (${field}) as conflict-field`;
          const error = expectCommandError(res, label);
          if (error.name !== name || error.data['field'] !== field) fail(`${label} should fail with ${name} naming ${field} in data.field, got ${error.name} ${JSON.stringify(error.data)}`, res);
        }
      }
      const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': ['svc/id'], 'q/limit': 10 } } }, 'querying the Items');
      if (!Array.isArray(rows) || rows.length !== 0) fail(`refused svc.entity.batch/create-or-update commands created Items: ${JSON.stringify(rows)}`, ctx.http.lastExchange?.response);
    });
  },
});
