import { expectPlainError, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { documentCommandRaw, getDocumentRaw, newSecret, putDocument } from './client.js';

/**
 * The data of document.error/not-found (spec/service.openapi.yaml, the error table): `secret`, the unknown secret; a
 * `data.field`, when given, names the part at fault (spec/CONVENTIONS.md, "Error bodies"): never empty.
 */
function expectNotFoundData(res: HttpResponse, data: Record<string, unknown> | undefined, secret: string, what: string): void {
  const got = data?.['secret'];
  if (typeof got !== 'string' || got.toLowerCase() !== secret.toLowerCase()) fail(`${what}: expected data.secret ${JSON.stringify(secret)} (the unknown secret), got ${JSON.stringify(got)}`, res);
  const field = data?.['field'];
  if (field !== undefined && (typeof field !== 'string' || field === '')) fail(`${what}: data.field, when given, names the part at fault; got ${JSON.stringify(field)}`, res);
}

export default defineCheck({
  id: 'documents.not-found',
  name:
    'Reading a secret no document has is answered 404 with {name, message, data} (document.error/not-found), by GET /api/documents/<secret> in every ' +
    'format and by get-documents (also when other secrets of the request exist), data.secret the unknown secret (a data.field, if any, not empty)',
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
      expectNotFoundData(res, error.data, missing, what);
    }
    const existing = newSecret();
    await putDocument(ctx, existing, 'here');
    const res = await documentCommandRaw(ctx, { command: 'get-documents', args: [{ secret: existing }, { secret: missing }] });
    const what = `get-documents of an existing secret and the unknown secret ${missing}`;
    expectStatus(res, 404, what);
    const error = expectPlainError(res, what);
    if (error.name !== 'document.error/not-found') fail(`${what}: expected the error name document.error/not-found, got ${JSON.stringify(error.name)}`, res);
    expectNotFoundData(res, error.data, missing, what);
  },
});
