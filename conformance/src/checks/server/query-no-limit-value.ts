import { expectSuccess, fail } from '../../assert.js';
import { CheckUnsupported, defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { isRefusedKey } from '../../support.js';
import { createGroupAndTwoItems, run, withTestWorkspace, type Command } from '../../workspace.js';

export default defineCheck({
  id: 'query.no-limit-value',
  name: '"q/limit": "q/no-limit" (the public API\'s value form) answers every match of a top-level query and every item of a collection sub-query, as "q/no-limit": true does',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'limits',
  requirements: ['LIMIT-009'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const {
        group,
        items: [a, b],
      } = await createGroupAndTwoItems(ctx, n);
      await run(ctx, { command: 'svc.entity/add-collection-items', args: { type: n.groups, entity: { 'svc/id': group }, field: n.members, items: [{ 'svc/id': a }, { 'svc/id': b }] } }, 'adding both Items to the Group');
      const read = async (command: unknown, what: string) => {
        const res = await ctx.http.command(command as Command);
        if (isRefusedKey(res, 'q/limit')) throw new CheckUnsupported(['"q/limit": "q/no-limit"'], `the target refused ${what}`);
        return expectSuccess(res, what);
      };
      const items = await read({ command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': ['svc/id'], 'q/limit': 'q/no-limit' } } }, 'a top-level query with "q/limit": "q/no-limit"');
      const ids = Array.isArray(items) ? items.map((r: unknown) => (isRecord(r) ? String(r['svc/id']) : '')).sort() : [];
      if (ids.join() !== [a, b].sort().join()) fail(`a top-level query of ${n.items} with "q/limit": "q/no-limit" answered ${JSON.stringify(items)}, expected both Items`, ctx.http.lastExchange?.response);
      const groups = await read(
        { command: 'svc.entity/query', args: { query: { 'q/from': n.groups, 'q/select': [{ [n.members]: { 'q/select': ['svc/id'], 'q/limit': 'q/no-limit' } }], 'q/limit': 1 } } },
        'a collection sub-query with "q/limit": "q/no-limit"',
      );
      const members: unknown = Array.isArray(groups) && isRecord(groups[0]) ? groups[0][n.members] : undefined;
      if (!Array.isArray(members) || members.length !== 2) fail(`a sub-query of ${n.members} with "q/limit": "q/no-limit" answered ${JSON.stringify(members)}, expected both Items`, ctx.http.lastExchange?.response);
    });
  },
});
