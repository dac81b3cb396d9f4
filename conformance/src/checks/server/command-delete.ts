import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { canonicalJson } from '../../model/values.js';
import { isRecord } from '../../shapes.js';
import { run, runBatch, withTestWorkspace } from '../../workspace.js';

export default defineCheck({
  id: 'command.delete',
  name: 'svc.entity/delete {type, entity: {svc/id}} answers "ok"; the Entity is gone from queries and from the collections that held it',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-010'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const group = await run(ctx, { command: 'svc.entity/create', args: { type: n.groups, entity: { [n.name]: 'g' } } }, 'creating a Group');
      const g = isRecord(group) ? String(group['svc/id']) : '';
      const ref = [{ 'svc/id': g }];
      const items = await runBatch(
        ctx,
        ['doomed', 'kept'].map((title) => ({ command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: title, [n.group]: { 'svc/id': g }, [n.tags]: ref } } })),
        'creating two Items in the Group',
      );
      const [doomed, kept] = items.map((i) => (isRecord(i) ? String(i['svc/id']) : ''));
      const result = await run(ctx, { command: 'svc.entity/delete', args: { type: n.items, entity: { 'svc/id': doomed as string } } }, 'svc.entity/delete');
      if (result !== 'ok') fail(`svc.entity/delete answered ${JSON.stringify(result)}, expected "ok"`, ctx.http.lastExchange?.response);

      const left = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': ['svc/id'], 'q/limit': 100 } } }, 'querying the Items');
      if (canonicalJson(left) !== canonicalJson([{ 'svc/id': kept }])) fail(`after deleting ${doomed}: expected only ${kept} left, got ${JSON.stringify(left)}`, ctx.http.lastExchange?.response);
      const rows = await run(
        ctx,
        { command: 'svc.entity/query', args: { query: { 'q/from': n.groups, 'q/select': ['svc/id', n.members, n.tagged], 'q/limit': 10 } } },
        'querying the Group\'s collections',
      );
      const expected = [{ 'svc/id': g, [n.members]: [{ 'svc/id': kept }], [n.tagged]: [{ 'svc/id': kept }] }];
      if (canonicalJson(rows) !== canonicalJson(expected)) {
        fail(`after deleting ${doomed}: the Group's collections should hold only ${kept}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(rows)}`, ctx.http.lastExchange?.response);
      }
    });
  },
});
