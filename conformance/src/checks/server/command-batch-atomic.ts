import fc from 'fast-check';
import { expectCommandError, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { initialCreates, writeOp } from '../../model/arbitraries.js';
import { derivedUuid, ModelDriver, type Command } from '../../model/driver.js';
import { dump, dumpCommands, dumpText } from '../../model/fixture.js';
import type { TestNames } from '../../model/schema.js';
import type { WorkspaceModel } from '../../model/workspace-model.js';
import { checkProperty } from '../../property.js';
import { isRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';

const FAILURES = ['update-missing', 'delete-missing', 'duplicate-id', 'not-a-collection', 'unknown-field', 'value-type', 'query-without-limit'] as const;
type Failure = (typeof FAILURES)[number];

/** A command that fails in the state `work` (the model after the inner commands before it), and the error it gets. */
function failing(kind: Failure, n: TestNames, work: WorkspaceModel, pick: number, token: string): { command: Command; name: string } {
  const items = work.entitiesOf(n.items);
  const all = [...items, ...work.entitiesOf(n.groups)];
  const missing = derivedUuid('batch-missing', token, pick);
  switch (kind) {
    case 'duplicate-id': {
      const taken = all[pick % Math.max(1, all.length)];
      if (taken) return { command: { command: 'svc.entity/create', args: { type: n.items, entity: { 'svc/id': taken.id, [n.title]: 'again' } } }, name: 'entity.error/duplicate-id' };
      return failing('update-missing', n, work, pick, token);
    }
    case 'not-a-collection': {
      const item = items[pick % Math.max(1, items.length)];
      const group = work.entitiesOf(n.groups)[0];
      if (item && group) {
        return { command: { command: 'svc.entity/add-collection-items', args: { type: n.items, entity: { 'svc/id': item.id }, field: n.title, items: [{ 'svc/id': group.id }] } }, name: 'entity.error/not-a-collection' };
      }
      return failing('delete-missing', n, work, pick, token);
    }
    case 'update-missing':
      return { command: { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': missing, [n.title]: 'x' } } }, name: 'entity.error/entity-not-found' };
    case 'delete-missing':
      return { command: { command: 'svc.entity/delete', args: { type: n.groups, entity: { 'svc/id': missing } } }, name: 'entity.error/entity-not-found' };
    case 'unknown-field':
      return { command: { command: 'svc.entity/create', args: { type: n.items, entity: { [`${n.space}/Nope${token}`]: 1 } } }, name: 'entity.error/schema-field-not-found' };
    case 'value-type':
      return { command: { command: 'svc.entity/create', args: { type: n.items, entity: { [n.count]: `${token} items` } } }, name: 'entity.error/value-invalid' };
    case 'query-without-limit':
      return { command: { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': ['svc/id'] } } }, name: 'entity.error/query-limit-expr-not-found' };
  }
}

export default defineCheck({
  id: 'command.batch-atomic',
  name:
    'A svc.command/batch whose k-th inner command fails (the others valid creates, updates, deletes and collection changes) answers ' +
    '{success: false} named command.error/batch-failed with data.index k and the inner error in data.error, and leaves no trace of the commands before k',
  level: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-003', 'CMD-ERR-001'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async (workspace) => {
      const n = workspace.names;
      const driver = new ModelDriver(ctx, workspace.schema, 'batch-atomic', 'full');
      const input = fc.record({
        salt: fc.nat(),
        initial: initialCreates(driver.shapes, 'full', [4, 2]),
        ops: fc.array(writeOp(driver.shapes, 'full'), { maxLength: 5 }),
        position: fc.nat(),
        failure: fc.constantFrom(...FAILURES),
        pick: fc.nat({ max: 20 }),
        token: fc.stringMatching(/^[a-z][a-z0-9]{0,5}$/),
      });
      await checkProperty(ctx, input, async ({ salt, initial, ops, position, failure, pick, token }) => {
        // The dump before the failing batch comes back with the run's first Entities.
        const before = dumpText(await driver.reset(salt, initial, dumpCommands(workspace)));

        const valid = driver.resolveAll(ops, true);
        const k = position % (valid.length + 1);
        // The failing command is built against the state the first k commands leave.
        const state = driver.model.clone();
        for (const command of valid.slice(0, k)) driver.applyProvisional(state, command);
        const bad = failing(failure, n, state, pick, token);
        const commands = [...valid.slice(0, k), bad.command, ...valid.slice(k)];

        const res = await ctx.http.command({ command: 'svc.command/batch', args: { commands } } satisfies Command);
        const what = `svc.command/batch of ${commands.length} commands whose command ${k} (${bad.command.command}, ${failure}) fails`;
        expectStatus(res, 200, what);
        const error = expectCommandError(res, what);
        if (error.name !== 'command.error/batch-failed') fail(`${what}: expected error name "command.error/batch-failed", got ${JSON.stringify(error.name)}`, res);
        if (error.data['index'] !== k) fail(`${what}: expected data.index ${k}, got ${JSON.stringify(error.data['index'])}`, res);
        const inner = error.data['error'];
        if (!isRecord(inner) || inner['name'] !== bad.name) {
          fail(`${what}: expected data.error to be the inner error named ${JSON.stringify(bad.name)}, got ${JSON.stringify(inner)?.slice(0, 300)}`, res);
        }
        const after = await dump(ctx, workspace);
        if (after.text !== before) fail(`${what}: the Databases changed although the batch failed (a full dump differs before and after): the first ${k} command(s) were not rolled back`, res);
        driver.finishRun();
      });
    });
  },
});
