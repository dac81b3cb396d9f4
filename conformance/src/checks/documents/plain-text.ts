import { defineCheck } from '../../check.js';
import { runRoundTrip } from './round-trip.js';

export default defineCheck({
  id: 'documents.plain-text',
  name:
    'For any canonical document (at least 200 cases), format=plain-text reads the text of its textblocks in order, empty ones left out, joined by a blank line, ' +
    'hard breaks as line breaks',
  level: 'SHOULD',
  cost: 'slow',
  area: 'documents',
  requirements: ['DOC-009', 'DOC-031'],
  target: 'server',
  run: (ctx) => runRoundTrip(ctx, 'plain-text'),
});
