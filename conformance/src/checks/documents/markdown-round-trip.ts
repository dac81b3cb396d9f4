import { defineCheck } from '../../check.js';
import { runRoundTrip } from './round-trip.js';

export default defineCheck({
  id: 'documents.markdown-round-trip',
  name:
    'Every node and mark, alone and nested (a fixed edge set, then random canonical documents), survives md: written as json, read as md and that md ' +
    'written back, it is the same document (json), reads as the same md, html and plain-text; hand-written CommonMark and GFM of every syntax read as ' +
    'the document they are; documents outside the canonical form give stable md after one round trip',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'documents',
  requirements: ['DOC-006', 'DOC-012', 'DOC-016', 'DOC-029', 'DOC-034'],
  target: 'server',
  run: (ctx) => runRoundTrip(ctx, 'md'),
});
