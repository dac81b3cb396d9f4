import { fail } from '../../assert.js';
import { CheckSkipped, CheckUnsupported, defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { SELECTION_REFUSALS, refusal } from './lib/filter-selection.js';
import { requireMutations } from './lib/mutations.js';

export default defineCheck({
  id: 'graphql.filter-selection-field',
  name: 'The refusal of `orderBy`, `limit` or `offset` inside a find filter gives the path it names as `extensions.field` (e.g. findItems.group.limit)',
  level: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-066'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      try {
        await requireMutations(ctx, n.space);
      } catch (error) {
        if (error instanceof CheckUnsupported) throw new CheckSkipped(`no orderBy, limit and offset in filters without GraphQL mutations (${error.message})`);
        throw error;
      }
      for (const c of SELECTION_REFUSALS) {
        if (c.path === undefined) continue;
        const { res, error } = await refusal(ctx, n.space, c);
        if (error?.extensions['field'] !== c.path) fail(`${c.key} inside a find filter (${c.query}) should be refused with extensions.field ${JSON.stringify(c.path)}, got ${JSON.stringify(error?.extensions)}`, res);
      }
    });
  },
});
