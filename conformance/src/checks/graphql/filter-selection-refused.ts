import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { createGroupAndTwoItems, run, withTestWorkspace } from '../../workspace.js';
import { expectData, ids, postGraphql, rowsOf } from './lib/client.js';
import { GQL } from './lib/dataset.js';
import { SELECTION_REFUSALS, refusal } from './lib/filter-selection.js';
import { requireMutations } from './lib/mutations.js';

export default defineCheck({
  id: 'graphql.filter-selection-refused',
  name:
    'A server with GraphQL mutations refuses `orderBy`, `limit` and `offset` inside a find filter (a relation filter, an item of a collection filter, an inner list\'s filter) ' +
    'with BAD_USER_INPUT and a message naming the path; given as null they are not given, and the filter answers as without them',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-060'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      const { group, items } = await createGroupAndTwoItems(ctx, n);
      const [grouped] = items;
      await run(ctx, { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': grouped, [n.group]: { 'svc/id': group } } } }, 'putting the Item "one" in the Group');
      // null: not given (GraphQL input coercion); the filters answer as without the keys.
      const nulls = await postGraphql(ctx, n.space, {
        query: `{ rel: ${GQL.findItems}(group: {orderBy: null, limit: null, offset: null}) { id } any: ${GQL.findItems}(tags: {containsAny: [{limit: null, offset: null, orderBy: null}]}) { id } }`,
      });
      const data = expectData(nulls, 'orderBy, limit and offset given as null inside find filters');
      const rel = ids(rowsOf(nulls, data, 'rel', 'findItems(group: {orderBy: null, limit: null, offset: null})'));
      if (rel.join() !== String(grouped)) fail(`findItems(group: {orderBy: null, limit: null, offset: null}) should answer the one Item with a Group (${String(grouped)}) as findItems(group: {}) does, got [${rel.join(', ')}]`, nulls);
      const any = ids(rowsOf(nulls, data, 'any', 'findItems(tags: {containsAny: [{limit: null, ...}]})'));
      if (any.length !== 0) fail(`findItems(tags: {containsAny: [{limit: null, offset: null, orderBy: null}]}) should answer no Item (none has tags), got [${any.join(', ')}]`, nulls);
      for (const c of SELECTION_REFUSALS) {
        const { res, error } = await refusal(ctx, n.space, c);
        const what = `${c.key} inside a find filter (${c.query})`;
        if (!error) fail(`${what} should be refused with a GraphQL error, got ${JSON.stringify(res.json)?.slice(0, 300)}`, res);
        if (error.extensions['code'] !== 'BAD_USER_INPUT') fail(`${what} should be refused with extensions.code BAD_USER_INPUT, got ${JSON.stringify(error.extensions)}`, res);
        if (c.path !== undefined && !error.message.includes(c.path)) fail(`${what}: the message should name the path ${c.path}, got ${JSON.stringify(error.message)}`, res);
      }
    });
  },
});
