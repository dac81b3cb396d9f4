import { defineCheck } from '../../check.js';
import { runModelProperty } from '../../model/model-property.js';

export default defineCheck({
  id: 'command.model-full',
  name:
    'Random sequences of every entity command (create, update with nulls and relation values, delete, add and remove collection items, batches) ' +
    'match an in-memory model of spec/query-semantics.md, and random queries over the whole language (every q/where operator, q/null?, q/count, ' +
    'paths through relations and collections, bare-string paths, $params, q/asc and q/desc keys through the to-one relation, aliases, counts, ' +
    'sub-queries with q/where, q/order-by and q/limit) answer exactly what the model answers, in the same order; ' +
    'first a deterministic sweep of the edges of every operator (operands equal to values present and their nearest neighbours, ties, ' +
    'missing values, case variants, empty lists and collections, both directions, relation paths) and of the writes',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'query',
  requirements: [
    'CMD-010',
    'CMD-011',
    'QUERY-014',
    'QUERY-015',
    'QUERY-016',
    'QUERY-017',
    'QUERY-018',
    'QUERY-019',
    'QUERY-020',
    'QUERY-021',
    'QUERY-022',
    'QUERY-023',
    'QUERY-024',
    'QUERY-025',
    'QUERY-026',
    'QUERY-027',
    'QUERY-028',
    'QUERY-029',
    'QUERY-030',
    'QUERY-031',
    'QUERY-032',
    'QUERY-033',
    'QUERY-034',
    'QUERY-035',
  ],
  target: 'server',
  run: (ctx) => runModelProperty(ctx, 'full'),
});
