/**
 * The size bound of files (FILE-009): an upload of exactly 25 MiB (26,214,400 bytes) is stored
 * whole, one of 25 MiB and 1 byte is refused with 413 `file.error/too-large` naming `file` with
 * `data.limit` 26214400, and `POST /api/files/from-url` of an answer of 25 MiB and 1 byte (served by
 * the suite's file server on 127.0.0.1) is refused the same way naming `url`. The download part is
 * skipped when the target refuses the loopback file server.
 */
import { expectErrorName, expectPlainError, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { deleteFiles, expectFileEntity, expectFromUrlError, fromUrl, MAX_FILE_BYTES, skipIfLoopbackRefused, unsupportedIfUnserved } from './client.js';
import { FileServer } from './file-server.js';

export default defineCheck({
  id: 'files.size-limit',
  name:
    'A file of exactly 25 MiB is stored by POST /api/files; 25 MiB and 1 byte is refused with 413 file.error/too-large (data.limit 26214400), ' +
    'by POST /api/files naming file and by POST /api/files/from-url naming url',
  level: 'SHOULD',
  area: 'files',
  requirements: ['FILE-009'],
  target: 'server',
  async run(ctx) {
    const over = { filename: 'over.bin', contentType: 'application/octet-stream', bytes: new Uint8Array(MAX_FILE_BYTES + 1) };
    const overWhat = `POST /api/files with ${over.bytes.length} bytes (25 MiB and 1 byte)`;
    const refused = await ctx.http.postForm('/api/files', [{ name: 'file', filename: over.filename, contentType: over.contentType, value: over.bytes }], { timeoutMs: 45_000 });
    unsupportedIfUnserved(refused, 'POST /api/files');
    if (refused.status !== 413) fail(`${overWhat}: expected 413 file.error/too-large, got ${refused.status}`, refused);
    const error = expectPlainError(refused, overWhat);
    expectErrorName(refused, error.name, 'file.error/too-large', overWhat);
    if (error.data?.['limit'] !== MAX_FILE_BYTES || error.data['field'] !== 'file') {
      fail(`${overWhat}: data should be {field: "file", limit: ${MAX_FILE_BYTES}}, got ${JSON.stringify(error.data)}`, refused);
    }

    const exact = { filename: 'exact.bin', contentType: 'application/octet-stream', bytes: new Uint8Array(MAX_FILE_BYTES) };
    exact.bytes[MAX_FILE_BYTES - 1] = 7;
    const stored = await ctx.http.postForm('/api/files', [{ name: 'file', filename: exact.filename, contentType: exact.contentType, value: exact.bytes }], { timeoutMs: 45_000 });
    const entity = expectFileEntity(stored, { name: exact.filename, contentType: exact.contentType, size: MAX_FILE_BYTES }, `POST /api/files with exactly ${MAX_FILE_BYTES} bytes (25 MiB, the limit itself)`);
    await deleteFiles(ctx, [entity['svc/id']]);

    const server = await FileServer.start();
    try {
      server.set('/over.bin', { kind: 'large', size: MAX_FILE_BYTES + 1 });
      const url = server.url('/over.bin');
      const res = await fromUrl(ctx, { url });
      skipIfLoopbackRefused(res, server.baseUrl);
      expectFromUrlError(res, { status: 413, name: 'file.error/too-large', data: { limit: MAX_FILE_BYTES } }, `POST /api/files/from-url with ${url} (an answer of ${MAX_FILE_BYTES + 1} bytes)`);
    } finally {
      await server.close();
    }
  },
});
