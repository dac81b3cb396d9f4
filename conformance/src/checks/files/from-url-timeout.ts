/**
 * The time-out of `POST /api/files/from-url` (FILE-009): an answer whose body trickles, one byte a
 * second for 45 s, is given up after the 30 s an exchange may take and answered 422
 * `file.error/download-failed` naming `url`, well before the body would end. Slow (over 30 s):
 * the full profile only. Skipped when the target refuses the loopback file server.
 */
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { expectFromUrlError, fromUrl, skipIfLoopbackRefused } from './client.js';
import { FileServer } from './file-server.js';

/** The body's length in bytes, one a second: longer than the 30 s time-out, with room for a slow server. */
const TRICKLE_BYTES = 45;

export default defineCheck({
  id: 'files.from-url-timeout',
  name: 'POST /api/files/from-url of an answer that trickles for 45 s is given up after the 30 s time-out with 422 file.error/download-failed naming url',
  level: 'SHOULD',
  area: 'files',
  requirements: ['FILE-009'],
  target: 'server',
  cost: 'slow',
  async run(ctx) {
    const server = await FileServer.start();
    try {
      server.set('/slow.bin', { kind: 'trickle', bytes: TRICKLE_BYTES, everyMs: 1000 });
      const url = server.url('/slow.bin');
      const what = `POST /api/files/from-url with ${url} (a body of ${TRICKLE_BYTES} bytes, one a second)`;
      const res = await fromUrl(ctx, { url });
      skipIfLoopbackRefused(res, server.baseUrl);
      expectFromUrlError(res, { status: 422, name: 'file.error/download-failed', url }, what);
      if (res.durationMs >= (TRICKLE_BYTES - 5) * 1000) fail(`${what}: the answer came after ${Math.round(res.durationMs / 1000)} s, when the body was (nearly) whole; the download should be given up after 30 s`, res);
    } finally {
      await server.close();
    }
  },
});
