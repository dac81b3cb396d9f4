/**
 * `POST /api/files/from-url` downloads the URL (here a file the suite's receiver serves on
 * 127.0.0.1) and answers the file Entity: `svc/name` the URL's last path segment, or `name` when
 * given; `svc/content-type` the answer's Content-Type; `GET /api/files/<secret>` answers the
 * downloaded bytes. A target that refuses the receiver's loopback address (its allow list does
 * not name it) cannot be checked here: skipped.
 */
import { fail } from '../../assert.js';
import { CheckSkipped, defineCheck } from '../../check.js';
import { Receiver } from '../../receiver.js';
import { isRecord } from '../../shapes.js';
import { deleteFiles, expectContent, expectFileEntity, sampleBytes, unsupportedIfUnserved } from './client.js';

export default defineCheck({
  id: 'files.from-url',
  name:
    'POST /api/files/from-url downloads the URL and answers the file Entity (svc/name the last path segment, or name when given; svc/content-type the answer\'s), ' +
    'and GET /api/files/<secret> answers the downloaded bytes',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'files',
  requirements: ['FILE-004'],
  target: 'server',
  async run(ctx) {
    const receiver = await Receiver.start();
    const stored: string[] = [];
    try {
      const bytes = sampleBytes(512);
      const contentType = 'application/pdf';
      receiver.serve('/files/annual%20report.pdf', contentType, bytes);
      const url = receiver.url('/files/annual%20report.pdf');
      for (const [given, name] of [
        [undefined, 'annual report.pdf'],
        ['Renamed.pdf', 'Renamed.pdf'],
      ] as const) {
        const what = `POST /api/files/from-url with ${url}${given === undefined ? '' : ` and name ${JSON.stringify(given)}`}`;
        const res = await ctx.http.post('/api/files/from-url', given === undefined ? { url } : { url, name: given }, { timeoutMs: 20_000 });
        unsupportedIfUnserved(res, 'POST /api/files/from-url');
        if (res.status === 400 && isRecord(res.json) && res.json['name'] === 'file.error/url-refused') {
          throw new CheckSkipped(`the target refuses the suite's receiver at ${receiver.baseUrl} (a loopback address); allow it to run this check (the reference server: SVC_APP_ALLOW=127.0.0.1)`);
        }
        const entity = expectFileEntity(res, { name, contentType, size: bytes.length }, what);
        stored.push(entity['svc/id']);
        if (!receiver.on('/files/annual%20report.pdf').some((r) => r.method === 'GET')) fail(`${what}: the receiver got no GET of the file`, res);
        await expectContent(ctx, entity['svc/secret'], { contentType, bytes }, `reading back the file downloaded from ${url}`);
      }
    } finally {
      await receiver.close();
      await deleteFiles(ctx, stored);
    }
  },
});
