import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { runBatch, withTestWorkspace, type Command } from '../../workspace.js';
import { expectData, postGraphql, rowsOf } from './lib/client.js';
import { GQL } from './lib/dataset.js';

const CREATED = 105;

export default defineCheck({
  id: 'graphql.default-limit',
  name: `Without limit, find<Plural> and inner lists answer 100 Entities (of ${CREATED}); limit raises and lowers it`,
  level: 'MUST',
  area: 'graphql',
  requirements: ['LIMIT-001', 'GQL-015', 'GQL-028'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const [group] = await runBatch(ctx, [{ command: 'svc.entity/create', args: { type: n.groups, entity: { [n.name]: 'big' } } }], 'creating a Group');
      const groupId = String((group as Record<string, unknown>)['svc/id']);
      const commands: Command[] = Array.from({ length: CREATED }, (_, i) => ({
        command: 'svc.entity/create',
        args: { type: n.items, entity: { [n.title]: `item ${i}`, [n.group]: { 'svc/id': groupId } } },
      }));
      await runBatch(ctx, commands, `creating ${CREATED} Items in the Group`);
      const res = await postGraphql(ctx, n.space, {
        query: `{ plain: ${GQL.findItems} { id } raised: ${GQL.findItems}(limit: 200) { id } lowered: ${GQL.findItems}(limit: 7) { id } ${GQL.findGroups} { members { id } more: members(limit: 150) { id } } }`,
      });
      const data = expectData(res, 'queries with and without limit');
      const count = (key: string) => rowsOf(res, data, key, key).length;
      if (count('plain') !== 100) fail(`${GQL.findItems} without limit answered ${count('plain')} of ${CREATED} Entities, expected 100`, res);
      if (count('raised') !== CREATED) fail(`${GQL.findItems}(limit: 200) answered ${count('raised')}, expected all ${CREATED}`, res);
      if (count('lowered') !== 7) fail(`${GQL.findItems}(limit: 7) answered ${count('lowered')}`, res);
      const [g] = rowsOf(res, data, GQL.findGroups, GQL.findGroups);
      if (!g) fail(`${GQL.findGroups} answered no Group`, res);
      const members = rowsOf(res, g, 'members', 'members').length;
      const more = rowsOf(res, g, 'more', 'members(limit: 150)').length;
      if (members !== 100) fail(`the inner list members without limit answered ${members} of ${CREATED}, expected 100`, res);
      if (more !== CREATED) fail(`the inner list members(limit: 150) answered ${more}, expected ${CREATED}`, res);
    });
  },
});
