/**
 * The request `POST /api/files/from-url` makes and the redirects it follows (FILE-011), against two
 * file servers of the suite on 127.0.0.1 (two origins): `method` POST and the client's headers go
 * with the first request; 3 redirects (300, 307 and 308 with a Location) are followed, each with GET and the headers
 * (same origin), and the file is stored under the last path segment of the URL sent; a 4th
 * redirect is 422 `file.error/download-failed`; a redirect to the other origin drops the client's
 * headers; a redirect to a URL that is not http(s), or to a refused address, is 400
 * `file.error/url-refused` (each target checked again), one to an invalid address 422; an answer
 * without Content-Type (or a blank one) is stored as `application/octet-stream`; a header the
 * server sets itself is refused with 400 `request.error/invalid-body` naming `/headers/<name>`.
 * Skipped when the target refuses the loopback file servers.
 */
import { expectErrorName, expectPlainError, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { deleteFiles, expectContent, expectFileEntity, expectFromUrlError, fromUrl, sampleBytes, skipIfLoopbackRefused } from './client.js';
import { FileServer } from './file-server.js';

/** A header the client gives, and its value. */
const PROBE = ['X-Svc-Probe', 'probe-7d1c'] as const;

/** Headers the server sets itself (spec: FileFromUrl.headers), in the letter case a client may write them. */
const MANAGED: ReadonlyArray<readonly [string, string]> = [
  ['Host', 'example.org'],
  ['Content-Length', '0'],
  ['Transfer-Encoding', 'chunked'],
  ['Connection', 'close'],
  ['Upgrade', 'websocket'],
  ['TE', 'trailers'],
  ['Trailer', 'Expires'],
  ['Keep-Alive', 'timeout=5'],
  ['Expect', '100-continue'],
];

export default defineCheck({
  id: 'files.from-url-redirects',
  name:
    'POST /api/files/from-url sends method and headers, follows 3 redirects with GET (a 4th is 422 file.error/download-failed), drops the headers on a redirect to another origin, ' +
    'refuses a redirect to a URL that is not http(s) or to a refused address (400 file.error/url-refused) and one to an invalid address (422), stores an answer without Content-Type ' +
    'as application/octet-stream, and refuses a header the server sets itself (400 request.error/invalid-body naming /headers/<name>)',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'files',
  requirements: ['FILE-011'],
  target: 'server',
  async run(ctx) {
    const a = await FileServer.start();
    const b = await FileServer.start();
    const stored: string[] = [];
    try {
      const bytes = sampleBytes(128);
      a.set('/chain/annual%20report.pdf', { kind: 'redirect', location: '/hop-1', status: 300 });
      a.set('/hop-1', { kind: 'redirect', location: `${a.baseUrl}/hop-2`, status: 307 });
      a.set('/hop-2', { kind: 'redirect', location: 'final.pdf', status: 308 });
      a.set('/final.pdf', { kind: 'content', contentType: 'application/pdf', body: bytes });
      const url = a.url('/chain/annual%20report.pdf');
      const what = `POST /api/files/from-url with method POST, header ${PROBE[0]} and ${url} (3 redirects: 300, 307, 308)`;
      const res = await fromUrl(ctx, { url, method: 'POST', headers: { [PROBE[0]]: PROBE[1] } });
      skipIfLoopbackRefused(res, a.baseUrl);
      const entity = expectFileEntity(res, { name: 'annual report.pdf', contentType: 'application/pdf', size: bytes.length }, what);
      stored.push(entity['svc/id']);
      await expectContent(ctx, entity['svc/secret'], { contentType: 'application/pdf', bytes }, `reading back the file of ${url}`);
      const seen = a.requests.map((r) => `${r.method} ${r.path}${r.headers[PROBE[0].toLowerCase()] === PROBE[1] ? ` with ${PROBE[0]}` : ''}`);
      const want = ['POST /chain/annual%20report.pdf', 'GET /hop-1', 'GET /hop-2', 'GET /final.pdf'].map((s) => `${s} with ${PROBE[0]}`);
      if (seen.join('; ') !== want.join('; ')) fail(`${what}: the file server got ${seen.join('; ') || 'nothing'}, expected ${want.join('; ')} (the first request with the method given, each redirect with GET, the headers kept on the same origin)`, res);

      a.set('/one-more', { kind: 'redirect', location: url });
      const fourWhat = `POST /api/files/from-url with ${a.url('/one-more')} (4 redirects, one more than followed)`;
      expectFromUrlError(await fromUrl(ctx, { url: a.url('/one-more') }), { status: 422, name: 'file.error/download-failed', url: a.url('/one-more') }, fourWhat);

      b.set('/landing', { kind: 'content', contentType: null, body: bytes });
      a.set('/away', { kind: 'redirect', location: b.url('/landing'), status: 303 });
      const awayWhat = `POST /api/files/from-url with header ${PROBE[0]} and ${a.url('/away')}, redirected to another origin ${b.url('/landing')} that answers no Content-Type`;
      const away = await fromUrl(ctx, { url: a.url('/away'), headers: { [PROBE[0]]: PROBE[1] } });
      const awayEntity = expectFileEntity(away, { name: 'away', contentType: 'application/octet-stream', size: bytes.length }, awayWhat);
      stored.push(awayEntity['svc/id']);
      const landed = b.on('/landing');
      if (landed.length !== 1) fail(`${awayWhat}: the other origin got ${landed.length} requests of /landing, expected 1`, away);
      if (landed[0]?.headers[PROBE[0].toLowerCase()] !== undefined) fail(`${awayWhat}: the client's header ${PROBE[0]} went to the other origin; a redirect to another origin drops the client's headers`, away);

      a.set('/blank-type', { kind: 'content', contentType: ' ', body: bytes, location: '/final.pdf' });
      const blank = await fromUrl(ctx, { url: a.url('/blank-type') });
      stored.push(expectFileEntity(blank, { name: 'blank-type', contentType: 'application/octet-stream', size: bytes.length }, `POST /api/files/from-url with ${a.url('/blank-type')} (a 200 with a blank Content-Type, and a Location that is no redirect)`)['svc/id']);

      for (const [path, location, expected] of [
        ['/to-ftp', 'ftp://example.org/file.bin', { status: 400, name: 'file.error/url-refused' }],
        ['/to-private', 'http://10.20.30.40/file.bin', { status: 400, name: 'file.error/url-refused' }],
        ['/to-nowhere', 'http://[not-an-address/file.bin', { status: 422, name: 'file.error/download-failed' }],
      ] as const) {
        a.set(path, { kind: 'redirect', location });
        expectFromUrlError(await fromUrl(ctx, { url: a.url(path) }), { ...expected, url: a.url(path) }, `POST /api/files/from-url with ${a.url(path)} (redirected to ${location})`);
      }

      const before = a.requests.length;
      for (const [name, value] of MANAGED) {
        const headerWhat = `POST /api/files/from-url with the header ${name}: ${value}`;
        const refused = await fromUrl(ctx, { url: a.url('/final.pdf'), headers: { [name]: value } });
        if (refused.status !== 400) fail(`${headerWhat}: expected 400 request.error/invalid-body naming /headers/${name} (the server sets ${name} itself), got ${refused.status}`, refused);
        const error = expectPlainError(refused, headerWhat);
        expectErrorName(refused, error.name, 'request.error/invalid-body', headerWhat);
        if (error.data?.['field'] !== `/headers/${name}`) fail(`${headerWhat}: data.field should be ${JSON.stringify(`/headers/${name}`)}, got ${JSON.stringify(error.data?.['field'])}`, refused);
      }
      if (a.requests.length !== before) fail(`the refused headers still made ${a.requests.length - before} downloads; a refused request calls nothing`, ctx.http.lastExchange?.response);
    } finally {
      await a.close();
      await b.close();
      await deleteFiles(ctx, stored);
    }
  },
});
