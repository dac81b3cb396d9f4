/**
 * `GET /api/files/<secret>` with a secret no file has, or the secret of a file whose Entity was
 * deleted with `svc.entity/delete`, answers 404 `file.error/not-found` naming `secret`.
 */
import { randomUUID } from 'node:crypto';
import { expectErrorName, expectNamesField, expectPlainError, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { expectContent, FILE_TYPE, sampleBytes, storeFile, unsupportedIfUnserved } from './client.js';

export default defineCheck({
  id: 'files.unknown-secret',
  name: 'GET /api/files/<secret> with a secret that names no file, or that of a file whose Entity svc.entity/delete deleted, answers 404 file.error/not-found naming secret, in the error body {name, message, data}',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'files',
  requirements: ['FILE-006'],
  target: 'server',
  async run(ctx) {
    // A file stored, read, then its Entity deleted: its secret names no file any more.
    const file = { filename: 'gone.bin', contentType: 'application/octet-stream', bytes: sampleBytes(64) };
    const entity = await storeFile(ctx, file, 'POST /api/files of gone.bin');
    await expectContent(ctx, entity['svc/secret'], file, 'GET of the stored gone.bin');
    const deleted = await ctx.http.command({ command: 'svc.entity/delete', args: { type: FILE_TYPE, entity: { 'svc/id': entity['svc/id'] } } });
    if (deleted.status !== 200 || !isRecord(deleted.json) || deleted.json['success'] !== true) fail(`svc.entity/delete of the file Entity ${entity['svc/id']} failed: ${deleted.status} ${deleted.text.slice(0, 200)}`, deleted);

    for (const [secret, which] of [[randomUUID(), 'a secret no file has'], ['no-such-file', 'a secret no file has'], [entity['svc/secret'], 'the secret of a file whose Entity was deleted']] as const) {
      const what = `GET /api/files/${secret} (${which})`;
      const res = await ctx.http.get(`/api/files/${secret}`);
      unsupportedIfUnserved(res, 'GET /api/files/{secret}');
      if (res.status !== 404) fail(`${what}: expected 404 file.error/not-found, got ${res.status}`, res);
      const error = expectPlainError(res, what);
      expectErrorName(res, error.name, 'file.error/not-found', what);
      expectNamesField(res, error, 'secret', what);
    }
  },
});
