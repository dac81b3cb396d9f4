/**
 * `POST /api/files` with a multipart body that cannot be read (FILE-012): no boundary in its
 * Content-Type, or cut off before its closing boundary, is answered 400 `request.error/invalid-body`
 * naming `body`; a part `file` that is a text field (no filename) 400 naming `file`; a filename
 * with a path is stored with `/` turned to `_`. A Reader token is refused with 403 whatever the
 * body (the access level comes before the body is read); `GET /api/files` is 405
 * `route.error/method-not-allowed`.
 */
import { expectErrorName, expectPlainError, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import type { Auth, HttpResponse } from '../../http.js';
import { deleteFiles, expectFileEntity, unsupportedIfUnserved, upload } from './client.js';

const BOUNDARY = 'svc-check-7f3a';
const PART = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="cut.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;

interface Case {
  what: string;
  contentType: string;
  body: string;
  field: string;
}

const CASES: readonly Case[] = [
  { what: 'a multipart Content-Type without a boundary', contentType: 'multipart/form-data', body: `${PART}content\r\n--${BOUNDARY}--\r\n`, field: 'body' },
  { what: 'a body cut off before its closing boundary', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: `${PART}half of the fi`, field: 'body' },
  {
    what: 'the part "file" as a text field (no filename)',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"\r\n\r\njust some text\r\n--${BOUNDARY}--\r\n`,
    field: 'file',
  },
];

function post(ctx: CheckContext, c: { contentType: string; body: string }, auth?: Auth): Promise<HttpResponse> {
  return ctx.http.request({ method: 'POST', path: '/api/files', headers: { 'Content-Type': c.contentType }, body: c.body, ...(auth === undefined ? {} : { auth }) });
}

export default defineCheck({
  id: 'files.upload-malformed',
  name:
    'POST /api/files with a multipart body without boundary or cut off is 400 request.error/invalid-body naming body, a text part "file" 400 naming file; ' +
    'a filename with a path is stored with / turned to _; a Reader token is refused 403 whatever the body; GET /api/files is 405 route.error/method-not-allowed',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'files',
  requirements: ['FILE-012'],
  target: 'server',
  async run(ctx) {
    for (const c of CASES) {
      const what = `POST /api/files with ${c.what}`;
      const res = await post(ctx, c);
      unsupportedIfUnserved(res, 'POST /api/files');
      if (res.status !== 400) fail(`${what}: expected 400 request.error/invalid-body naming ${c.field}, got ${res.status}`, res);
      const error = expectPlainError(res, what);
      expectErrorName(res, error.name, 'request.error/invalid-body', what);
      if (error.data?.['field'] !== c.field) fail(`${what}: data.field should be ${JSON.stringify(c.field)}, got ${JSON.stringify(error.data?.['field'])}`, res);
    }

    const file = { filename: 'reports/q1.txt', contentType: 'text/plain', bytes: new TextEncoder().encode('first quarter') };
    const stored = expectFileEntity(await upload(ctx, file), { name: 'reports_q1.txt', contentType: file.contentType, size: file.bytes.length }, `POST /api/files with the filename ${JSON.stringify(file.filename)}`);
    await deleteFiles(ctx, [stored['svc/id']]);

    const listWhat = 'GET /api/files (the route takes POST only)';
    const list = await ctx.http.get('/api/files', { headers: { 'Content-Type': 'application/json' } });
    if (list.status !== 405) fail(`${listWhat}: expected 405 route.error/method-not-allowed, got ${list.status}`, list);
    expectErrorName(list, expectPlainError(list, listWhat).name, 'route.error/method-not-allowed', listWhat);

    if (ctx.readerToken === undefined || ctx.readerToken === '') return;
    const reader: Auth = { header: `Token ${ctx.readerToken}` };
    for (const c of [{ what: 'a JSON body', contentType: 'application/json', body: '{"file":"x"}' }, CASES[1] as Case]) {
      const what = `POST /api/files with a Reader token and ${c.what}`;
      const res = await post(ctx, c, reader);
      if (res.status !== 403) fail(`${what}: expected 403 auth.error/forbidden (storing a file needs the Editor level, whatever the body), got ${res.status}`, res);
      expectErrorName(res, expectPlainError(res, what).name, 'auth.error/forbidden', what);
    }
  },
});
