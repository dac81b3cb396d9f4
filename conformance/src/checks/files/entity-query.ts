/**
 * A stored file is an Entity of `svc/file`: svc.entity/query from `svc/file` finds it by svc/id
 * with the svc/name, svc/secret, svc/content-type and svc/content-length the upload answered.
 */
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { deleteFiles, FILE_TYPE, sampleBytes, storeFile } from './client.js';

const FIELDS = ['svc/id', 'svc/name', 'svc/secret', 'svc/content-type', 'svc/content-length'] as const;

export default defineCheck({
  id: 'files.entity-query',
  name: 'a file stored with POST /api/files is read by svc.entity/query from svc/file with the svc/name, svc/secret, svc/content-type and svc/content-length the upload answered',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'files',
  requirements: ['FILE-002'],
  target: 'server',
  async run(ctx) {
    const file = { filename: 'queried.bin', contentType: 'application/x-svc-sample', bytes: sampleBytes(64) };
    const entity = await storeFile(ctx, file, 'POST /api/files');
    try {
      const query = { 'q/from': FILE_TYPE, 'q/select': [...FIELDS], 'q/where': ['=', ['svc/id'], '$id'], 'q/limit': 2 };
      const answer = await ctx.http.command({ command: 'svc.entity/query', args: { query, params: { $id: entity['svc/id'] } } });
      const rows = expectSuccess(answer, `svc.entity/query of ${FILE_TYPE} by the svc/id of the stored file`);
      const row = Array.isArray(rows) && rows.length === 1 && isRecord(rows[0]) ? rows[0] : undefined;
      if (!row) fail(`svc.entity/query of ${FILE_TYPE} by svc/id ${entity['svc/id']} answered ${JSON.stringify(rows)}, expected the one file Entity`, answer);
      const wrong = FIELDS.filter((f) => row[f] !== entity[f]);
      if (wrong.length > 0) {
        fail(`svc.entity/query of ${FILE_TYPE} answered ${wrong.map((f) => `${f} ${JSON.stringify(row[f])}`).join(', ')}; the upload answered ${wrong.map((f) => JSON.stringify(entity[f])).join(', ')}`, answer);
      }
    } finally {
      await deleteFiles(ctx, [entity['svc/id']]);
    }
  },
});
