/** Fault: GET /api/documents/<secret>?format=html answers markdown. */
import { defineFault } from '../fault.js';
import { isDocument, paramsOf, setParam } from './support.js';

export default defineFault({
  id: 'server.document-format-ignored',
  target: 'server',
  area: 'documents',
  breaks: 'DOC-007',
  description: 'ignores format=html when reading a document and answers its markdown',
  select: ['documents.read-write-formats'],
  inbound: {
    request(req) {
      if (isDocument(req, 'GET') && paramsOf(req).get('format') === 'html') setParam(req, 'format', 'md');
    },
  },
});
