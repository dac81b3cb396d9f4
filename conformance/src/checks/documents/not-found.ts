import { expectPlainError, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { documentCommandRaw, getDocumentRaw, newSecret, putDocument } from './client.js';

export default defineCheck({
  id: 'documents.not-found',
  name:
    'Reading a secret no document has is answered 404 with {name, message, data} (document.error/not-found), by GET /api/documents/<secret> in every ' +
    'format and by get-documents (also when other secrets of the request exist)',
  level: 'SHOULD',
  area: 'documents',
  requirements: ['DOC-023'],
  target: 'server',
  async run(ctx) {
    const missing = newSecret();
    for (const format of [undefined, 'md', 'json', 'plain-text'] as const) {
      const res = await getDocumentRaw(ctx, missing, format);
      const what = `GET of the unknown secret ${missing}${format ? ` as ${format}` : ''}`;
      expectStatus(res, 404, what);
      const error = expectPlainError(res, what);
      if (error.name !== 'document.error/not-found') fail(`${what}: expected the error name document.error/not-found, got ${JSON.stringify(error.name)}`, res);
    }
    const existing = newSecret();
    await putDocument(ctx, existing, 'here');
    const res = await documentCommandRaw(ctx, { command: 'get-documents', args: [{ secret: existing }, { secret: missing }] });
    const what = `get-documents of an existing secret and the unknown secret ${missing}`;
    expectStatus(res, 404, what);
    const error = expectPlainError(res, what);
    if (error.name !== 'document.error/not-found') fail(`${what}: expected the error name document.error/not-found, got ${JSON.stringify(error.name)}`, res);
  },
});
