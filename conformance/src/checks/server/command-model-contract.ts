import { defineCheck } from '../../check.js';
import { runModelProperty } from '../../model/model-property.js';

export default defineCheck({
  id: 'command.model-contract',
  name:
    'Random sequences of the contract commands (create with and without svc/id, partial update with svc/modification-date, add-collection-items, svc.command/batch) ' +
    'leave the Databases as an in-memory model predicts, and random contract queries (=, >, q/and, q/in with a $param list, relation paths, ascending keys, ' +
    'q/limit and q/no-limit, plain, relation and collection sub-selects) answer what the model answers (ties and collection order left free)',
  level: 'MUST',
  area: 'command-api',
  requirements: [
    'CMD-001',
    'CMD-002',
    'CMD-003',
    'CMD-004',
    'CMD-005',
    'CMD-006',
    'CMD-007',
    'CMD-008',
    'CMD-009',
    'CMD-ENT-002',
    'CMD-ENT-006',
    'QUERY-001',
    'QUERY-002',
    'QUERY-003',
    'QUERY-004',
    'QUERY-005',
    'QUERY-006',
    'QUERY-007',
    'QUERY-008',
    'QUERY-009',
    'QUERY-010',
    'QUERY-011',
    'QUERY-012',
    'QUERY-013',
  ],
  target: 'server',
  run: (ctx) => runModelProperty(ctx, 'contract', { quickRuns: 2 }),
});
