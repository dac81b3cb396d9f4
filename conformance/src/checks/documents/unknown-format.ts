import { expectPlainError, expectStatus, fail } from '../../assert.js';
import type { HttpResponse } from '../../http.js';
import { defineCheck } from '../../check.js';
import { documentCommandRaw, getDocumentRaw, newSecret, putDocument, putDocumentRaw } from './client.js';

function expectFormatError(res: HttpResponse, what: string): void {
  expectStatus(res, 400, what);
  const error = expectPlainError(res, what);
  if (error.name !== 'document.error/format-unsupported') fail(`${what}: expected the error name document.error/format-unsupported, got ${JSON.stringify(error.name)}`, res);
  if (error.data?.['field'] !== 'format' && !error.message.includes('format')) fail(`${what}: the error names neither data.field "format" nor the parameter in its message`, res);
}

export default defineCheck({
  id: 'documents.unknown-format',
  name:
    'An unknown format (GET, PUT, get-documents, create-or-update-documents), and plain-text on a write, are answered 400 with {name, message, data} ' +
    '(document.error/format-unsupported naming format), and the document is left unchanged',
  level: 'SHOULD',
  area: 'documents',
  requirements: ['DOC-024'],
  target: 'server',
  async run(ctx) {
    const secret = newSecret();
    await putDocument(ctx, secret, 'unchanged');
    expectFormatError(await getDocumentRaw(ctx, secret, 'docx'), 'GET with format=docx');
    expectFormatError(await putDocumentRaw(ctx, secret, 'changed', 'docx'), 'PUT with format=docx');
    expectFormatError(await putDocumentRaw(ctx, secret, 'changed', 'plain-text'), 'PUT with format=plain-text (a read-only format)');
    expectFormatError(await documentCommandRaw(ctx, { command: 'get-documents', args: [{ secret }] }, 'rtf'), 'get-documents with format=rtf');
    expectFormatError(
      await documentCommandRaw(ctx, { command: 'create-or-update-documents', args: [{ secret, content: 'changed' }] }, 'plain-text'),
      'create-or-update-documents with format=plain-text (a read-only format)',
    );
    const res = await getDocumentRaw(ctx, secret, 'plain-text');
    const body = res.json as { content?: unknown } | undefined;
    if (res.status !== 200 || body?.content !== 'unchanged') fail(`after the refused writes the document reads ${res.status} ${res.text.slice(0, 200)}, expected "unchanged"`, res);
  },
});
