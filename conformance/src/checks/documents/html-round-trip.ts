import { defineCheck } from '../../check.js';
import { runRoundTrip } from './round-trip.js';

export default defineCheck({
  id: 'documents.html-round-trip',
  name:
    'For any canonical document (at least 200 cases), its html is stable: written as json and read as html, then that html written and read again, gives the same html',
  level: 'SHOULD',
  cost: 'slow',
  area: 'documents',
  requirements: ['DOC-007', 'DOC-013', 'DOC-030'],
  target: 'server',
  run: (ctx) => runRoundTrip(ctx, 'html'),
});
