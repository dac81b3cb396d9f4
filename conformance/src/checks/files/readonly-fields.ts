/**
 * The read-only fields of a file Entity (FILE-015): `svc.entity/update` of its `svc/secret`,
 * `svc/content-type` or `svc/content-length` is refused with `entity.error/field-readonly` naming
 * the field, and the file stays as stored: the same values when queried, its content served at its
 * secret. (`svc/name` may be changed: files.download-name.)
 */
import { expectCommandError, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { run } from '../../workspace.js';
import { deleteFiles, expectContent, FILE_TYPE, storeFile } from './client.js';

/** Each read-only field of a file Entity with a value an update might try to give it. */
const READ_ONLY: ReadonlyArray<[string, unknown]> = [
  ['svc/secret', '00000000-0000-4000-8000-000000000000'],
  ['svc/content-type', 'application/octet-stream'],
  ['svc/content-length', 1],
];

export default defineCheck({
  id: 'files.readonly-fields',
  name: 'svc.entity/update of the svc/secret, svc/content-type or svc/content-length of a file Entity is refused with entity.error/field-readonly naming the field; the file stays as stored and is served at its secret',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'files',
  requirements: ['FILE-015'],
  target: 'server',
  async run(ctx) {
    const file = { filename: 'kept.txt', contentType: 'text/plain', bytes: new TextEncoder().encode('read-only fields') };
    const entity = await storeFile(ctx, file, `POST /api/files with ${JSON.stringify(file.filename)}`);
    try {
      for (const [field, value] of READ_ONLY) {
        const what = `svc.entity/update of the ${field} of a file Entity to ${JSON.stringify(value)}`;
        const refused = await ctx.http.command({ command: 'svc.entity/update', args: { type: FILE_TYPE, entity: { 'svc/id': entity['svc/id'], [field]: value } } });
        if (isRecord(refused.json) && refused.json['success'] === true) fail(`${what} succeeded; ${field} is read-only`, refused);
        const error = expectCommandError(refused, what);
        if (error.name !== 'entity.error/field-readonly' || error.data['field'] !== field) fail(`${what}: expected entity.error/field-readonly naming ${field} in data.field, got ${error.name} ${JSON.stringify(error.data)}`, refused);
      }
      const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': FILE_TYPE, 'q/select': READ_ONLY.map(([field]) => field), 'q/where': ['=', ['svc/id'], '$id'], 'q/limit': 1 }, params: { $id: entity['svc/id'] } } }, 'querying the file Entity');
      const row: unknown = Array.isArray(rows) ? rows[0] : undefined;
      const changed = READ_ONLY.filter(([field]) => !isRecord(row) || row[field] !== entity[field as keyof typeof entity]);
      if (changed.length > 0) fail(`after the refused updates the file Entity's ${changed.map(([f]) => f).join(', ')} changed: ${JSON.stringify(row)} (uploaded as ${JSON.stringify(entity)})`, ctx.http.lastExchange?.response);
      await expectContent(ctx, entity['svc/secret'], file, 'GET /api/files/<secret> after the refused updates');
    } finally {
      await deleteFiles(ctx, [entity['svc/id']]);
    }
  },
});
