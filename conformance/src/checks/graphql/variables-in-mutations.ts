import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';
import { expectData, ids, postGraphql, queryRows } from './lib/client.js';
import { GQL, typeName } from './lib/dataset.js';
import { requireMutations } from './lib/mutations.js';

export default defineCheck({
  id: 'graphql.variables-in-mutations',
  name:
    'A server with GraphQL mutations runs the mutation operationName names in a document with a query beside it, with its variables (a non-null one among them) ' +
    'and its fragments (the actions and the result selected through fragment spreads, a field of the result under @include(if: $variable))',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-030', 'GQL-048'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      const query = [
        `query All { ${GQL.findItems} { id } }`,
        'mutation Make($title: String!, $show: Boolean!, $hide: Boolean!) { items { ...Actions } }',
        `fragment Actions on ${typeName(n.space, 'Item')}Operations { made: create(title: $title) { ...Result } }`,
        'fragment Result on MutationResult { message @include(if: $show) documents @include(if: $hide) { secret } entities { id type } }',
      ].join('\n');
      const title = 'made through variables';
      const what = 'the mutation Make of a document with a query, named by operationName, with variables and fragments';
      const res = await postGraphql(ctx, n.space, { query, operationName: 'Make', variables: { title, show: true, hide: false } });
      const data = expectData(res, what);
      if (data[GQL.findItems] !== undefined) fail(`${what}: the query All ran although operationName named Make`, res);
      const items = data['items'];
      const made = isRecord(items) ? items['made'] : undefined;
      const entities = isRecord(made) ? made['entities'] : undefined;
      if (!isRecord(made) || !Array.isArray(entities) || entities.length !== 1) fail(`${what}: data.items.made should be the result of the create the fragment Actions selects, naming one Entity, got ${JSON.stringify(items)?.slice(0, 300)}`, res);
      if (typeof made['message'] !== 'string') fail(`${what}: message @include(if: $show) with $show true should be there, got ${JSON.stringify(made).slice(0, 300)}`, res);
      if ('documents' in made) fail(`${what}: documents @include(if: $hide) with $hide false should be left out, got ${JSON.stringify(made).slice(0, 300)}`, res);
      const created = entities[0];
      const id = isRecord(created) ? String(created['id']) : '';
      const rows = await queryRows(ctx, n.space, `{ ${GQL.findItems}(title: {is: ${JSON.stringify(title)}}) { id } }`, GQL.findItems, 'reading the created Item back');
      if (ids(rows).join() !== id) fail(`${what}: the Item created with $title ${JSON.stringify(title)} should be found by its title alone (${id}), got [${ids(rows).join(', ')}]`, res);
    });
  },
});
