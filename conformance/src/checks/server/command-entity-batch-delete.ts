import { randomUUID } from 'node:crypto';
import { expectCommandError, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { refIds } from '../../model/driver.js';
import { isRecord } from '../../shapes.js';
import { run, runBatch, withTestWorkspace } from '../../workspace.js';

export default defineCheck({
  id: 'command.entity-batch-delete',
  name:
    'svc.entity.batch/delete {type, entities, opts?} deletes every Entity as svc.entity/delete would and answers "ok"; an unknown id fails the command naming it and deletes nothing, ' +
    'unless opts.fail-if-not-found? is false (then it is skipped)',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-014'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const ids = async (): Promise<string[]> => {
        const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': ['svc/id'], 'q/limit': 100 } } }, 'querying the Items');
        return refIds(rows).sort();
      };
      const group = await run(ctx, { command: 'svc.entity/create', args: { type: n.groups, entity: { [n.name]: 'g' } } }, 'creating a Group');
      const g = isRecord(group) ? String(group['svc/id']) : '';
      const created = await runBatch(
        ctx,
        ['a', 'b', 'c', 'd'].map((title) => ({ command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: title, [n.group]: { 'svc/id': g } } } })),
        'creating four Items in a Group',
      );
      const [a, b, c, d] = created.map((e) => (isRecord(e) ? String(e['svc/id']) : '')) as [string, string, string, string];
      const result = await run(ctx, { command: 'svc.entity.batch/delete', args: { type: n.items, entities: [{ 'svc/id': a }, { 'svc/id': b }] } }, 'svc.entity.batch/delete of two Items');
      if (result !== 'ok') fail(`svc.entity.batch/delete answered ${JSON.stringify(result)}, expected "ok"`, ctx.http.lastExchange?.response);
      if ((await ids()).join() !== [c, d].sort().join()) fail(`after svc.entity.batch/delete of ${a} and ${b}, the Items are ${JSON.stringify(await ids())}`, ctx.http.lastExchange?.response);
      const groups = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.groups, 'q/select': ['svc/id', n.members], 'q/limit': 10 } } }, "querying the Group's members");
      const members = refIds(Array.isArray(groups) && isRecord(groups[0]) ? groups[0][n.members] : undefined).sort();
      if (members.join() !== [c, d].sort().join()) fail(`after svc.entity.batch/delete the Group's ${n.members} still hold ${JSON.stringify(members)}`, ctx.http.lastExchange?.response);

      const missing = randomUUID();
      const entities = [{ 'svc/id': c }, { 'svc/id': missing }];
      for (const opts of [undefined, { 'fail-if-not-found?': true }]) {
        const res = await ctx.http.command({ command: 'svc.entity.batch/delete', args: { type: n.items, entities, ...(opts ? { opts } : {}) } });
        const what = `svc.entity.batch/delete of an Item and an unknown id${opts ? ' with fail-if-not-found? true' : ''}`;
        const error = expectCommandError(res, what);
        if (error.name !== 'entity.error/entity-not-found' || String(error.data['id']).toLowerCase() !== missing) fail(`${what} should fail with entity.error/entity-not-found naming ${missing} in data.id, got ${error.name} ${JSON.stringify(error.data)}`, res);
        if (!(await ids()).includes(c)) fail(`${what} failed but deleted ${c}`, res);
      }
      const skipped = await run(ctx, { command: 'svc.entity.batch/delete', args: { type: n.items, entities, opts: { 'fail-if-not-found?': false } } }, 'svc.entity.batch/delete with fail-if-not-found? false');
      if (skipped !== 'ok') fail(`svc.entity.batch/delete with fail-if-not-found? false answered ${JSON.stringify(skipped)}, expected "ok"`, ctx.http.lastExchange?.response);
      if ((await ids()).join() !== d) fail(`svc.entity.batch/delete with fail-if-not-found? false should skip the unknown id and delete ${c}; the Items are ${JSON.stringify(await ids())}`, ctx.http.lastExchange?.response);
    });
  },
});
