/**
 * Fault: markdown over the document limits (more than 10,000 emphasis markers in a paragraph, or
 * nested deeper than 48 levels) is taken: the proxy puts a small document in its place before the
 * server sees it, so the write succeeds where it must be refused.
 */
import { defineFault } from '../fault.js';
import { isRecord, pathOf, paramsOf } from './support.js';

const MARKERS = /[*_~[\]]/g;

function overLimits(markdown: string): boolean {
  return (markdown.match(MARKERS)?.length ?? 0) > 10_000 || /^>{48,}/m.test(markdown);
}

export default defineFault({
  id: 'server.document-limits-ignored',
  target: 'server',
  area: 'documents',
  breaks: 'DOC-038',
  description: 'takes markdown over the marker limit (or nested deeper than 48 levels) instead of refusing it',
  select: ['documents.marker-limit', 'documents.depth-limit'],
  inbound: {
    request(req) {
      if (req.method !== 'PUT' || !pathOf(req).startsWith('/api/documents/') || paramsOf(req).get('format') !== 'md' || !isRecord(req.json)) return;
      const content = req.json['content'];
      if (typeof content === 'string' && overLimits(content) && !content.startsWith('```') && !content.startsWith('~~~')) req.json['content'] = 'taken\n';
    },
  },
});
