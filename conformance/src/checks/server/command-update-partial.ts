import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { canonicalJson } from '../../model/values.js';
import { isRecord } from '../../shapes.js';
import { run, withTestWorkspace } from '../../workspace.js';

export default defineCheck({
  id: 'command.update-partial',
  name:
    'svc.entity/update with svc/id, some changed fields and svc/modification-date succeeds; the given fields change and every other field keeps its value',
  level: 'MUST',
  area: 'command-api',
  requirements: ['CMD-007', 'CMD-ENT-006'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const group = await run(ctx, { command: 'svc.entity/create', args: { type: n.groups, entity: { [n.name]: 'g' } } }, 'creating a Group');
      const groupId = isRecord(group) ? String(group['svc/id']) : '';
      const values = { [n.title]: 'before', [n.count]: 1, [n.amount]: 9.75, [n.done]: false, [n.due]: '2024-05-01', [n.at]: '2024-05-01T08:00:00.000Z' };
      const created = await run(ctx, { command: 'svc.entity/create', args: { type: n.items, entity: { ...values, [n.group]: { 'svc/id': groupId } } } }, 'creating an Item');
      const id = isRecord(created) ? String(created['svc/id']) : '';
      const modified = new Date(Date.now() + 60_000).toISOString();
      await run(
        ctx,
        { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': id, [n.count]: 2, [n.done]: true, 'svc/modification-date': modified } } },
        'svc.entity/update of two fields with svc/modification-date',
      );
      const select = ['svc/id', ...Object.keys(values), n.group];
      const rows = await run(
        ctx,
        { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': select, 'q/where': ['=', ['svc/id'], '$id'], 'q/limit': 10 }, params: { $id: id } } },
        'reading the updated Entity',
      );
      const expected = [{ 'svc/id': id, ...values, [n.count]: 2, [n.done]: true, [n.group]: { 'svc/id': groupId } }];
      if (canonicalJson(rows) !== canonicalJson(expected)) {
        fail(`after updating ${n.count} and ${n.done} only: expected ${JSON.stringify(expected)}, got ${JSON.stringify(rows)?.slice(0, 500)}`, ctx.http.lastExchange?.response);
      }
    });
  },
});
