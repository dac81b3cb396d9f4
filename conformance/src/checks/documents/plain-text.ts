import { defineCheck } from '../../check.js';
import { runRoundTrip } from './round-trip.js';

export default defineCheck({
  id: 'documents.plain-text',
  name:
    'For every node and mark, alone and nested (a fixed edge set, then random documents), format=plain-text reads the text of the textblocks in order, ' +
    'empty ones left out, joined by a blank line, hard breaks as line breaks',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'documents',
  requirements: ['DOC-009', 'DOC-031'],
  target: 'server',
  run: (ctx) => runRoundTrip(ctx, 'plain-text'),
});
