/** Fault: get-documents answers the documents in reverse order. */
import { defineFault } from '../fault.js';
import { documentCommandOf } from './support.js';

export default defineFault({
  id: 'server.get-documents-reordered',
  target: 'server',
  area: 'documents',
  breaks: 'DOC-027',
  description: 'answers get-documents in reverse request order',
  select: ['documents.batch-commands'],
  inbound: {
    response(res, req) {
      if (documentCommandOf(req, 'get-documents') && res.status === 200 && Array.isArray(res.json) && res.json.length > 1) res.json.reverse();
    },
  },
});
