/** Fault: a script element survives in a document read as HTML. */
import { defineFault } from '../fault.js';
import { isDocument, isRecord, paramsOf } from './support.js';

export default defineFault({
  id: 'server.document-script-kept',
  target: 'server',
  area: 'documents',
  breaks: 'DOC-026',
  description: 'keeps a <script> element in documents read as html (the content is not sanitized)',
  select: ['documents.xss-stripped'],
  inbound: {
    response(res, req) {
      if (!isDocument(req, 'GET') || paramsOf(req).get('format') !== 'html' || res.status !== 200 || !isRecord(res.json)) return;
      const content = res.json['content'];
      if (typeof content === 'string' && content !== '') res.json['content'] = `${content}<script>alert(document.cookie)</script>`;
    },
  },
});
