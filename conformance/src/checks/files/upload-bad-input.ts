/**
 * `POST /api/files` whose multipart body has no part named `file` is answered 400
 * `request.error/invalid-body` naming `file`, and a body that is not multipart 415
 * `request.error/unsupported-media-type`; neither stores a file (no `svc/file` Entity has the
 * name sent).
 */
import { randomBytes } from 'node:crypto';
import { expectErrorName, expectNamesField, expectPlainError, expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { FILE_TYPE, unsupportedIfUnserved } from './client.js';

export default defineCheck({
  id: 'files.upload-bad-input',
  name:
    'POST /api/files without a part named "file" is answered 400 request.error/invalid-body naming file, a JSON body 415 request.error/unsupported-media-type; nothing is stored',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'files',
  requirements: ['FILE-007'],
  target: 'server',
  async run(ctx) {
    const name = `misnamed-${randomBytes(4).toString('hex')}.bin`;
    const what = 'POST /api/files with the file in a part named "attachment"';
    const res = await ctx.http.postForm('/api/files', [
      { name: 'attachment', filename: name, contentType: 'application/octet-stream', value: new Uint8Array([1, 2, 3]) },
      { name: 'comment', value: 'no file part here' },
    ]);
    unsupportedIfUnserved(res, 'POST /api/files');
    if (res.status !== 400) fail(`${what}: expected 400 request.error/invalid-body naming file, got ${res.status}`, res);
    const error = expectPlainError(res, what);
    expectErrorName(res, error.name, 'request.error/invalid-body', what);
    expectNamesField(res, error, 'file', what);

    const jsonWhat = 'POST /api/files with a JSON body';
    const json = await ctx.http.post('/api/files', { file: name });
    if (json.status !== 415) fail(`${jsonWhat}: expected 415 request.error/unsupported-media-type (the body must be multipart/form-data), got ${json.status}`, json);
    expectErrorName(json, expectPlainError(json, jsonWhat).name, 'request.error/unsupported-media-type', jsonWhat);

    const query = { 'q/from': FILE_TYPE, 'q/select': ['svc/id'], 'q/where': ['=', ['svc/name'], '$name'], 'q/limit': 1 };
    const found = await ctx.http.command({ command: 'svc.entity/query', args: { query, params: { $name: name } } });
    // No file Entity at all yet (the type is made with the first file): nothing was stored either.
    const body = found.json as { success?: unknown; result?: { name?: unknown } } | undefined;
    if (body?.success === false && body.result?.name === 'entity.error/schema-type-not-found') return;
    const rows = expectSuccess(found, `svc.entity/query of ${FILE_TYPE} by the name of the refused upload`);
    if (Array.isArray(rows) && rows.length > 0) fail(`the refused upload stored a file anyway: ${FILE_TYPE} has an Entity named ${JSON.stringify(name)}`, found);
  },
});
