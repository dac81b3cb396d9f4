/**
 * `GET /api/files/<secret>` names the file (FILE-014): `Content-Disposition: attachment` with the
 * file Entity's `svc/name` as the filename (`filename*` for a name beyond ASCII), the new name once
 * `svc.entity/update` changed it, `file` once it is empty or null; the secret is found in any
 * letter case.
 */
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { deleteFiles, FILE_TYPE, storeFile } from './client.js';

/** The filename a Content-Disposition gives: `filename*` (RFC 8187, UTF-8) first, else `filename`. */
export function dispositionName(value: string | undefined): string | undefined {
  const text = value ?? '';
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(text)?.[1];
  if (extended !== undefined) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      return undefined;
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;\s]+)/i.exec(text);
  if (!plain) return undefined;
  return plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1];
}

function expectNamed(res: HttpResponse, name: string, what: string): void {
  if (res.status !== 200) fail(`${what}: expected 200 with the file, got ${res.status}`, res);
  const disposition = res.headers['content-disposition'];
  if (!/^\s*attachment\b/i.test(disposition ?? '') || dispositionName(disposition) !== name) {
    fail(`${what}: Content-Disposition is ${JSON.stringify(disposition ?? null)}, expected attachment with the filename ${JSON.stringify(name)} (the file's svc/name)`, res);
  }
}

export default defineCheck({
  id: 'files.download-name',
  name:
    'GET /api/files/<secret> answers Content-Disposition: attachment with the svc/name as filename (filename* beyond ASCII), the new one after svc.entity/update renamed the file, file for an empty or null name; ' +
    'the secret in upper case finds the file too',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'files',
  requirements: ['FILE-014'],
  target: 'server',
  async run(ctx) {
    const file = { filename: 'Übersicht 2026.txt', contentType: 'text/plain', bytes: new TextEncoder().encode('named') };
    const entity = await storeFile(ctx, file, `POST /api/files with ${JSON.stringify(file.filename)}`);
    try {
      const secret = entity['svc/secret'];
      expectNamed(await ctx.http.get(`/api/files/${encodeURIComponent(secret)}`), file.filename, `GET /api/files/<secret> of ${JSON.stringify(file.filename)}`);
      const renamed = 'renamed-report.txt';
      expectSuccess(
        await ctx.http.command({ command: 'svc.entity/update', args: { type: FILE_TYPE, entity: { 'svc/id': entity['svc/id'], 'svc/name': renamed } } }),
        `svc.entity/update of the svc/name of the file to ${renamed}`,
      );
      expectNamed(await ctx.http.get(`/api/files/${encodeURIComponent(secret.toUpperCase())}`), renamed, `GET /api/files/<secret in upper case> after renaming the file to ${renamed}`);
      for (const empty of ['', null]) {
        expectSuccess(
          await ctx.http.command({ command: 'svc.entity/update', args: { type: FILE_TYPE, entity: { 'svc/id': entity['svc/id'], 'svc/name': empty } } }),
          `svc.entity/update of the svc/name of the file to ${JSON.stringify(empty)}`,
        );
        expectNamed(await ctx.http.get(`/api/files/${encodeURIComponent(secret)}`), 'file', `GET /api/files/<secret> after setting the svc/name of the file to ${JSON.stringify(empty)}`);
      }
    } finally {
      await deleteFiles(ctx, [entity['svc/id']]);
    }
  },
});
