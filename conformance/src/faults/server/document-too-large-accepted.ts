/** Fault: a document over the size limit is answered as written instead of 413. */
import { defineFault } from '../fault.js';
import { jsonAnswer, pathOf } from './support.js';

export default defineFault({
  id: 'server.document-too-large-accepted',
  target: 'server',
  area: 'documents',
  breaks: 'DOC-025',
  description: 'answers a document write over the 4 MiB limit 200 true instead of 413 document.error/too-large',
  select: ['documents.too-large'],
  inbound: {
    response(res, req) {
      if (pathOf(req).startsWith('/api/documents/') && res.status === 413) return jsonAnswer(200, true);
    },
  },
});
