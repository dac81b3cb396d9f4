import fc from 'fast-check';
import { defineCheck } from '../../check.js';
import { initialCreates, queryTemplate, writeOp, type QueryTemplate, type WriteOp } from '../../model/arbitraries.js';
import { ModelDriver, type Command, type Query } from '../../model/driver.js';
import type { JsonObject } from '../../model/values.js';
import { checkProperty } from '../../property.js';
import { withTestWorkspace } from '../../workspace.js';

type Item = { write: WriteOp } | { query: QueryTemplate };

export default defineCheck({
  id: 'command.batch-in-order',
  name:
    'A svc.command/batch of valid creates, updates, add-collection-items and queries answers one {success: true, result} per inner command, in order: ' +
    'creates answer their Entity, add-collection-items "ok", and each inner query (a full dump at the end) sees the changes of the commands before it',
  level: 'MUST',
  area: 'command-api',
  requirements: ['CMD-003', 'CMD-004'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async (workspace) => {
      const driver = new ModelDriver(ctx, workspace.schema, 'batch-in-order', 'contract');
      const item: fc.Arbitrary<Item> = fc.oneof(
        { weight: 3, arbitrary: writeOp(driver.shapes, 'contract').map((write): Item => ({ write })) },
        { weight: 1, arbitrary: queryTemplate(driver.shapes, 'contract').map((query): Item => ({ query })) },
      );
      const input = fc.record({ salt: fc.nat(), initial: initialCreates(driver.shapes, 'contract', [3, 2]), items: fc.array(item, { minLength: 1, maxLength: 6 }) });
      await checkProperty(ctx, input, async ({ salt, initial, items }) => {
        await driver.reset(salt, initial);
        const work = driver.model.clone();
        const commands: Command[] = [];
        for (const entry of items) {
          if ('query' in entry) {
            const { query, params } = driver.resolveQuery(entry.query, work);
            const args: { query: Query; params?: Record<string, unknown> } = { query: query as unknown as Query };
            if (Object.keys(params).length > 0) args.params = params;
            commands.push({ command: 'svc.entity/query', args });
            continue;
          }
          const command = driver.resolveWrite(entry.write, work, true);
          if (!command) continue;
          if (command.command === 'svc.entity/create') work.create(command.args.type, command.args.entity as JsonObject, driver.provisional(command));
          else driver.applyToModel(work, command, undefined);
          commands.push(command);
        }
        // The batch ends with a full dump, which must see every write before it.
        await driver.batchCommands([...commands, ...driver.dumpQueries()]);
        driver.finishRun();
      });
    });
  },
});
