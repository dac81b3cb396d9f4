import { defineCheck } from '../../check.js';
import { runRoundTrip } from './round-trip.js';

export default defineCheck({
  id: 'documents.markdown-round-trip',
  name:
    'For any canonical document (at least 200 cases), its md is stable: written as json and read as md, then that md written and read again, gives the same md',
  level: 'SHOULD',
  cost: 'slow',
  area: 'documents',
  requirements: ['DOC-006', 'DOC-012', 'DOC-029'],
  target: 'server',
  run: (ctx) => runRoundTrip(ctx, 'md'),
});
