/** Fault: reading a secret no document has is answered 200 with an empty document instead of 404. */
import { defineFault } from '../fault.js';
import { isDocument, jsonAnswer, pathOf } from './support.js';

export default defineFault({
  id: 'server.document-not-found-as-empty',
  target: 'server',
  area: 'documents',
  breaks: 'DOC-023',
  description: 'answers GET /api/documents/<secret> of an unknown secret 200 {secret, content: ""} instead of 404',
  select: ['documents.not-found'],
  inbound: {
    response(res, req) {
      if (isDocument(req, 'GET') && res.status === 404) return jsonAnswer(200, { secret: decodeURIComponent(pathOf(req).split('/').at(-1) ?? ''), content: '' });
    },
  },
});
