/**
 * `POST /api/files` (multipart, part `file`) answers the file Entity with the part's filename,
 * content type and size, and `GET /api/files/<secret>` answers the very bytes uploaded (every byte
 * value, a boundary-like line) with that content type; also for a filename beyond ASCII.
 */
import { defineCheck } from '../../check.js';
import { deleteFiles, expectContent, sampleBytes, storeFile, type SampleFile } from './client.js';

const FILES: readonly SampleFile[] = [
  { filename: 'pixel.png', contentType: 'image/png', bytes: sampleBytes() },
  { filename: 'Straße notes.txt', contentType: 'text/plain', bytes: new TextEncoder().encode('line one\nline two: ü €\n') },
  { filename: 'empty.bin', contentType: 'application/octet-stream', bytes: new Uint8Array(0) },
];

export default defineCheck({
  id: 'files.upload-download',
  name:
    'POST /api/files with a multipart part "file" answers the file Entity (svc/id, svc/name = the filename, svc/secret, svc/content-type, svc/content-length), ' +
    'and GET /api/files/<secret> answers the same bytes with that content type (binary, non-ASCII name, empty file)',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'files',
  requirements: ['FILE-001'],
  target: 'server',
  async run(ctx) {
    const stored: string[] = [];
    try {
      for (const file of FILES) {
        const what = `POST /api/files with ${JSON.stringify(file.filename)} (${file.bytes.length} bytes of ${file.contentType})`;
        const entity = await storeFile(ctx, file, what);
        stored.push(entity['svc/id']);
        await expectContent(ctx, entity['svc/secret'], file, `reading back ${JSON.stringify(file.filename)} by its secret`);
      }
    } finally {
      await deleteFiles(ctx, stored);
    }
  },
});
