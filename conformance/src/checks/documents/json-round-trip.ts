import { defineCheck } from '../../check.js';
import { runRoundTrip } from './round-trip.js';

export default defineCheck({
  id: 'documents.json-round-trip',
  name:
    'For any canonical document of the supported nodes and marks (spec/CONVENTIONS.md, "Documents"; at least 200 cases), writing it with format=json and ' +
    'reading it with format=json gives it back unchanged',
  level: 'SHOULD',
  cost: 'slow',
  area: 'documents',
  requirements: ['DOC-008', 'DOC-014', 'DOC-022', 'DOC-028'],
  target: 'server',
  run: (ctx) => runRoundTrip(ctx, 'json'),
});
