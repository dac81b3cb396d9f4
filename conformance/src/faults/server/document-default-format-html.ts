/** Fault: a document read without format answers HTML instead of markdown. */
import { defineFault } from '../fault.js';
import { isDocument, paramsOf, setParam } from './support.js';

export default defineFault({
  id: 'server.document-default-format-html',
  target: 'server',
  area: 'documents',
  breaks: 'DOC-006',
  description: 'reads a document as html when the format parameter is absent (the default must be md)',
  select: ['documents.default-format'],
  inbound: {
    request(req) {
      if (isDocument(req, 'GET') && !paramsOf(req).has('format')) setParam(req, 'format', 'html');
    },
  },
});
