import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { run, runBatch, withTestWorkspace } from '../../workspace.js';

export default defineCheck({
  id: 'query.collections-empty-array',
  name:
    'Empty collections come back as [] (never null or missing) whether selected by name, with sub-fields, as a sub-query with q/limit, or through an alias path; ' +
    'q/count of them is 0',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'query',
  requirements: ['QUERY-031', 'QUERY-029', 'QUERY-028'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await runBatch(
        ctx,
        [
          { command: 'svc.entity/create', args: { type: n.groups, entity: { [n.name]: 'lonely' } } },
          { command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: 'untagged' } } },
        ],
        'creating a Group and an Item without relations',
      );
      const cases: Array<[string, string, string]> = [
        [n.groups, n.members, n.title],
        [n.groups, n.tagged, n.title],
        [n.items, n.tags, n.name],
      ];
      for (const [from, collection, sub] of cases) {
        const rows = await run(
          ctx,
          {
            command: 'svc.entity/query',
            args: {
              query: {
                'q/from': from,
                'q/select': [
                  'svc/id',
                  collection,
                  { 'as-list': [collection, sub] },
                  { 'as-count': ['q/count', [collection, 'svc/id']] },
                  { [collection]: { 'q/select': ['svc/id', sub], 'q/limit': 100 } },
                ],
                'q/limit': 10,
              },
            },
          },
          `selecting the empty collection ${collection}`,
        );
        const res = ctx.http.lastExchange?.response;
        const row: unknown = Array.isArray(rows) ? rows[0] : undefined;
        if (!isRecord(row)) fail(`querying ${from}: expected one Entity, got ${JSON.stringify(rows)}`, res);
        for (const key of [collection, 'as-list']) {
          if (!Array.isArray(row[key]) || (row[key] as unknown[]).length !== 0) fail(`the empty collection ${collection} (selected as ${key}) came back as ${JSON.stringify(row[key])}, expected []`, res);
        }
        if (row['as-count'] !== 0) fail(`q/count of the empty collection ${collection} is ${JSON.stringify(row['as-count'])}, expected 0`, res);
        const listed = await run(
          ctx,
          { command: 'svc.entity/query', args: { query: { 'q/from': from, 'q/select': ['svc/id', { [collection]: ['svc/id', sub] }], 'q/limit': 10 } } },
          `selecting the empty collection ${collection} with sub-fields`,
        );
        const first: unknown = Array.isArray(listed) ? listed[0] : undefined;
        const value = isRecord(first) ? first[collection] : undefined;
        if (!Array.isArray(value) || value.length !== 0) fail(`{${collection}: [svc/id, ${sub}]} of an empty collection came back as ${JSON.stringify(value)}, expected []`, ctx.http.lastExchange?.response);
      }
    });
  },
});
