import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { expectData, ids, postGraphql, queryRows, rowsOf } from './lib/client.js';
import { GQL, createDataset, typeName } from './lib/dataset.js';

export default defineCheck({
  id: 'graphql.aliases',
  name:
    'Aliases run several queries in one request, each answered under its alias as the same query alone; a selection written with fragments, inline fragments, @skip and @include ' +
    '(literal or from variables) answers as the plain one, and a skipped or excluded field is not evaluated (its wrong arguments raise no error)',
  level: 'MUST',
  area: 'graphql',
  requirements: ['GQL-029', 'GQL-002'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async (workspace) => {
      const n = workspace.names;
      await createDataset(ctx, workspace, { groups: 3, items: 12 });
      const queries: Record<string, string> = {
        low: `${GQL.findItems}(count: {less: 1}, orderBy: {count: ASC}) { id count }`,
        high: `${GQL.findItems}(count: {greaterOrEquals: 1}, limit: 3, offset: 1) { id }`,
        undone: `${GQL.findItems}(done: {is: false}) { id group { id } }`,
        groups: `${GQL.findGroups}(orderBy: {name: DESC}) { id members(limit: 2) { id } }`,
      };
      const res = await postGraphql(ctx, n.space, { query: `{ ${Object.entries(queries).map(([alias, q]) => `${alias}: ${q}`).join('\n')} }` });
      const data = expectData(res, 'four aliased queries');
      for (const [alias, q] of Object.entries(queries)) {
        const together = rowsOf(res, data, alias, alias);
        const root = q.startsWith(GQL.findGroups) ? GQL.findGroups : GQL.findItems;
        const alone = await queryRows(ctx, n.space, `{ ${q} }`, root, `${alias} alone`);
        if (JSON.stringify(together) !== JSON.stringify(alone)) fail(`the alias ${alias} answered ${JSON.stringify(together)}, the same query alone ${JSON.stringify(alone)}`, res);
        if (alias === 'high' && ids(together).length > 3) fail('limit 3 under an alias answered more than 3 Entities', res);
      }
      // The same selection written with fragments, inline fragments, @skip and @include (GraphQL's CollectFields).
      const plain = await queryRows(ctx, n.space, `{ ${GQL.findGroups}(orderBy: {name: DESC}) { id name rank_2 members(limit: 2) { id title } } }`, GQL.findGroups, 'the plain selection');
      // A skipped or excluded field is not evaluated: its arguments, wrong as they are, raise no error.
      const fancy = await postGraphql(ctx, n.space, {
        variables: { yes: true },
        query: `query Fancy($yes: Boolean!) { unused: ${GQL.findItems}(limit: -1) @skip(if: $yes) { id }
          g: ${GQL.findGroups}(orderBy: {name: DESC}) {
            skippedList: members(limit: -1) @skip(if: $yes) { id }
            excludedList: members(offset: -1) @include(if: false) { id }
            ...GroupId ...GroupId
            ... on ${typeName(n.space, 'Group')} { name }
            ... @skip(if: true) { rank_2 }
            rank_2 @skip(if: false)
            skipped: name @skip(if: true)
            excluded: rank_2 @include(if: false)
            id @include(if: true) @skip(if: false)
            members(limit: 2) { ...ItemFields }
          } }
          fragment GroupId on ${typeName(n.space, 'Group')} { id }
          fragment ItemFields on ${typeName(n.space, 'Item')} { id ... @include(if: true) { title } }`,
      });
      const written = rowsOf(fancy, expectData(fancy, 'the selection with fragments and directives'), 'g', 'g');
      if (JSON.stringify(written) !== JSON.stringify(plain)) fail(`the selection written with fragments, @skip and @include answered ${JSON.stringify(written).slice(0, 400)}, the plain selection ${JSON.stringify(plain).slice(0, 400)}`, fancy);
    });
  },
});
