import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { run, withTestWorkspace } from '../../workspace.js';

export default defineCheck({
  id: 'command.update-modification-date',
  name: 'svc/modification-date given inside an update entity becomes the Entity\'s svc/modification-date (an update without it moves it to now)',
  level: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-ENT-006', 'CMD-ENT-005'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const created = await run(ctx, { command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: 'x' } } }, 'creating an Item');
      const id = isRecord(created) ? String(created['svc/id']) : '';
      const read = async (): Promise<unknown> => {
        const rows = await run(
          ctx,
          { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': ['svc/modification-date'], 'q/where': ['=', ['svc/id'], '$id'], 'q/limit': 1 }, params: { $id: id } } },
          'reading svc/modification-date',
        );
        return Array.isArray(rows) && isRecord(rows[0]) ? rows[0]['svc/modification-date'] : undefined;
      };
      const given = '2020-02-02T02:02:02.222Z';
      await run(ctx, { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': id, [n.title]: 'y', 'svc/modification-date': given } } }, 'svc.entity/update with svc/modification-date');
      const after = await read();
      if (after !== given) fail(`an update with svc/modification-date ${given}: the Entity's svc/modification-date is ${JSON.stringify(after)} afterwards`, ctx.http.lastExchange?.response);
      await run(ctx, { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': id, [n.title]: 'z' } } }, 'svc.entity/update without svc/modification-date');
      const later = await read();
      if (typeof later !== 'string' || later <= given) {
        fail(`an update without svc/modification-date: svc/modification-date is ${JSON.stringify(later)}, expected the time of the update (after ${given})`, ctx.http.lastExchange?.response);
      }
    });
  },
});
