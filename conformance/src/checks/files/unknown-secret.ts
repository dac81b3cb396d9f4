/** `GET /api/files/<secret>` with a secret no file has answers 404 `file.error/not-found` naming `secret`. */
import { randomUUID } from 'node:crypto';
import { expectErrorName, expectNamesField, expectPlainError, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { unsupportedIfUnserved } from './client.js';

export default defineCheck({
  id: 'files.unknown-secret',
  name: 'GET /api/files/<secret> with a secret that names no file answers 404 file.error/not-found naming secret, in the error body {name, message, data}',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'files',
  requirements: ['FILE-006'],
  target: 'server',
  async run(ctx) {
    for (const secret of [randomUUID(), 'no-such-file']) {
      const what = `GET /api/files/${secret}`;
      const res = await ctx.http.get(`/api/files/${secret}`);
      unsupportedIfUnserved(res, 'GET /api/files/{secret}');
      if (res.status !== 404) fail(`${what}: expected 404 file.error/not-found, got ${res.status}`, res);
      const error = expectPlainError(res, what);
      expectErrorName(res, error.name, 'file.error/not-found', what);
      expectNamesField(res, error, 'secret', what);
    }
  },
});
