/**
 * Storing a file needs the Editor access level: a Reader token is answered 403
 * `auth.error/forbidden` on `POST /api/files` and `POST /api/files/from-url` (an Editor token
 * stores), and a Reader token reads a stored file with `GET /api/files/<secret>`. Skipped without
 * `--reader-token`.
 */
import { expectErrorName, expectPlainError, fail } from '../../assert.js';
import { CheckSkipped, defineCheck } from '../../check.js';
import type { Auth } from '../../http.js';
import { deleteFiles, expectContent, expectFileEntity, sampleBytes, unsupportedIfUnserved, upload } from './client.js';

export default defineCheck({
  id: 'files.access-levels',
  name: 'POST /api/files and POST /api/files/from-url refuse a Reader token with 403 auth.error/forbidden (an Editor token stores); a Reader token reads GET /api/files/<secret>',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'files',
  requirements: ['FILE-008'],
  target: 'server',
  async run(ctx) {
    if (ctx.readerToken === undefined || ctx.readerToken === '') throw new CheckSkipped('needs a Reader token (--reader-token)');
    const reader: Auth = { header: `Token ${ctx.readerToken}` };
    const file = { filename: 'levels.bin', contentType: 'application/octet-stream', bytes: sampleBytes(8) };
    const stored: string[] = [];
    try {
      const refused = await upload(ctx, file, reader);
      unsupportedIfUnserved(refused, 'POST /api/files');
      if (refused.status !== 403) fail(`POST /api/files with a Reader token: expected 403 auth.error/forbidden, got ${refused.status}`, refused);
      expectErrorName(refused, expectPlainError(refused, 'POST /api/files with a Reader token').name, 'auth.error/forbidden', 'POST /api/files with a Reader token');
      const fromUrl = await ctx.http.post('/api/files/from-url', { url: 'https://example.org/file.bin' }, { auth: reader });
      if (fromUrl.status !== 403) fail(`POST /api/files/from-url with a Reader token: expected 403 auth.error/forbidden, got ${fromUrl.status}`, fromUrl);
      expectErrorName(fromUrl, expectPlainError(fromUrl, 'POST /api/files/from-url with a Reader token').name, 'auth.error/forbidden', 'POST /api/files/from-url with a Reader token');

      const writer: Auth | undefined = ctx.editorToken === undefined || ctx.editorToken === '' ? undefined : { header: `Token ${ctx.editorToken}` };
      const res = await upload(ctx, file, writer);
      const entity = expectFileEntity(res, { name: file.filename, contentType: file.contentType, size: file.bytes.length }, `POST /api/files with ${writer ? 'an Editor' : 'the main'} token`);
      stored.push(entity['svc/id']);
      await expectContent(ctx, entity['svc/secret'], file, 'GET /api/files/<secret> with a Reader token', reader);
    } finally {
      await deleteFiles(ctx, stored);
    }
  },
});
