/** Fault: documents read as html lose their strikethrough (`<del>` unwrapped), while json, md and plain-text keep it. */
import { defineFault } from '../fault.js';
import { documentCommandOf, isDocument, isRecord, paramsOf } from './support.js';

function withoutStrike(content: unknown): unknown {
  return typeof content === 'string' ? content.replace(/<\/?del>/g, '') : content;
}

export default defineFault({
  id: 'server.document-html-drops-strike',
  target: 'server',
  area: 'documents',
  breaks: 'DOC-030',
  description: 'drops the strike mark from documents read as html (GET and get-documents), keeping it in every other format',
  select: ['documents.html-round-trip'],
  inbound: {
    response(res, req) {
      if (paramsOf(req).get('format') !== 'html' || res.status !== 200) return;
      if (isDocument(req, 'GET') && isRecord(res.json)) res.json['content'] = withoutStrike(res.json['content']);
      if (documentCommandOf(req, 'get-documents') && Array.isArray(res.json)) {
        for (const document of res.json) if (isRecord(document)) document['content'] = withoutStrike(document['content']);
      }
    },
  },
});
