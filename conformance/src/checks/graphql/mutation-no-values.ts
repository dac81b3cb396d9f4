import { setTimeout as sleep } from 'node:timers/promises';
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { queryRows } from './lib/client.js';
import { RESULT, mutate, requireMutations } from './lib/mutations.js';

export default defineCheck({
  id: 'graphql.mutation-no-values',
  name: 'A server with GraphQL mutations changes no Entity with an `update` or `update<F>` given no value: the Entities keep their modification date',
  level: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-065'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      await mutate(ctx, n.space, `mutation { items { create(title: "a") ${RESULT} addGroup(name: "g") ${RESULT} } }`, 'items', 'creating an Item and its Group');
      const read = async (what: string) =>
        JSON.stringify(await queryRows(ctx, n.space, `{ findItems { modificationDate group { modificationDate } } }`, 'findItems', `reading the modification dates ${what}`));
      const before = await read('before');
      await sleep(5);
      const { res } = await mutate(ctx, n.space, `mutation { items(title: {is: "a"}) { update ${RESULT} updateGroup ${RESULT} } }`, 'items', 'update and updateGroup without values');
      const after = await read('after');
      if (after !== before) fail(`update and updateGroup without values should leave the Item and its Group as they were; their modification dates read ${before} before and ${after} after`, res);
    });
  },
});
