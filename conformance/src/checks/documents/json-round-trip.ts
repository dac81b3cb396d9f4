import { defineCheck } from '../../check.js';
import { runRoundTrip } from './round-trip.js';

export default defineCheck({
  id: 'documents.json-round-trip',
  name:
    'Every node and mark of spec/CONVENTIONS.md ("Documents"), alone and nested (a fixed edge set, then random canonical documents), written with ' +
    'format=json reads back with format=json unchanged (also written over another document), and so do documents of the schema outside the ' +
    'canonical form (empty paragraphs, hard breaks at the edges); attributes left out read back with their defaults; a node or mark kind the ' +
    'server lacks is refused with 400 document.error/content-invalid naming it; json with empty text nodes, unsorted marks or adjacent text with ' +
    'the same marks is refused so, or read as the document it is',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'documents',
  requirements: ['DOC-008', 'DOC-014', 'DOC-018', 'DOC-022', 'DOC-028'],
  target: 'server',
  run: (ctx) => runRoundTrip(ctx, 'json'),
});
