import { defineCheck } from '../../check.js';
import { runRoundTrip } from './round-trip.js';

export default defineCheck({
  id: 'documents.html-round-trip',
  name:
    'Every node and mark, alone and nested (a fixed edge set, then random canonical documents), survives html: written as json, read as html and that ' +
    'html written back, it is the same document (json), reads as the same html, md and plain-text; hand-written html of every element reads as the ' +
    'document it is; documents outside the canonical form give stable html after one round trip',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'documents',
  requirements: ['DOC-007', 'DOC-013', 'DOC-017', 'DOC-030', 'DOC-035'],
  target: 'server',
  run: (ctx) => runRoundTrip(ctx, 'html'),
});
