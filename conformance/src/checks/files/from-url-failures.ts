/**
 * How `POST /api/files/from-url` answers a download that fails (FILE-010), against the suite's own
 * file server on 127.0.0.1: an error status (404 and 400 with a Location, 500, and a 300 without
 * Location: no redirect to follow) is 422 `file.error/download-failed` naming `url` with
 * `data.url` the URL sent and `data.status` the status answered; a body cut off before its
 * announced length, or an https URL whose server speaks no TLS, is 422 too; a URL that is not
 * absolute is 400 `file.error/url-refused`. Skipped when the target refuses the loopback file
 * server.
 */
import { defineCheck } from '../../check.js';
import { expectFromUrlError, fromUrl, skipIfLoopbackRefused } from './client.js';
import { FileServer, type FileAnswer } from './file-server.js';

interface Case {
  path: string;
  answer: FileAnswer;
  what: string;
  expected: { status: number; name: string; data?: Record<string, unknown> };
}

const FAILED = 'file.error/download-failed';

const CASES: readonly Case[] = [
  { path: '/missing.bin', answer: { kind: 'status', status: 404, location: '/elsewhere.bin' }, what: 'a file answered 404 with a Location (not a redirect)', expected: { status: 422, name: FAILED, data: { status: 404 } } },
  { path: '/bad-request.bin', answer: { kind: 'status', status: 400, location: '/elsewhere.bin' }, what: 'a file answered 400 with a Location (not a redirect)', expected: { status: 422, name: FAILED, data: { status: 400 } } },
  { path: '/broken-server.bin', answer: { kind: 'status', status: 500 }, what: 'a file answered 500', expected: { status: 422, name: FAILED, data: { status: 500 } } },
  { path: '/choices.bin', answer: { kind: 'status', status: 300 }, what: 'a file answered 300 without Location (no redirect to follow)', expected: { status: 422, name: FAILED, data: { status: 300 } } },
  { path: '/cut-off.bin', answer: { kind: 'broken', announced: 4096, sent: 512 }, what: 'a file whose connection breaks after 512 of the 4096 bytes announced', expected: { status: 422, name: FAILED } },
];

export default defineCheck({
  id: 'files.from-url-failures',
  name:
    'POST /api/files/from-url of a URL answering 404, 500 or 300 without Location is 422 file.error/download-failed naming url with data.url and data.status, ' +
    'a body cut off before its length 422, a URL that is not absolute 400 file.error/url-refused',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'files',
  requirements: ['FILE-010'],
  target: 'server',
  async run(ctx) {
    const server = await FileServer.start();
    try {
      // Where a Location of an error answer leads: a file, which a download that followed it would store.
      server.set('/elsewhere.bin', { kind: 'content', contentType: 'application/octet-stream', body: new Uint8Array([1, 2, 3]) });
      for (const c of CASES) {
        server.set(c.path, c.answer);
        const url = server.url(c.path);
        const what = `POST /api/files/from-url with ${url} (${c.what})`;
        const res = await fromUrl(ctx, { url });
        skipIfLoopbackRefused(res, server.baseUrl);
        expectFromUrlError(res, { ...c.expected, url }, what);
      }
      // An https URL of the file server, which does not speak TLS: a connection that breaks.
      const tls = server.url('/missing.bin').replace(/^http:/, 'https:');
      expectFromUrlError(await fromUrl(ctx, { url: tls }), { status: 422, name: FAILED, url: tls }, `POST /api/files/from-url with ${tls} (an https URL whose server speaks no TLS)`);
      const relative = '/files/report.pdf';
      expectFromUrlError(await fromUrl(ctx, { url: relative }), { status: 400, name: 'file.error/url-refused', url: relative }, `POST /api/files/from-url with ${relative} (not an absolute URL)`);
    } finally {
      await server.close();
    }
  },
});
