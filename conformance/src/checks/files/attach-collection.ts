/**
 * The Files extension: `svc.app/install-mixins` with `Files/Files-mixin` adds the collection
 * `Files/Files` of `svc/file`; stored files attached with `svc.entity/add-collection-items` are
 * read back in a sub-select of `Files/Files` with their svc/id, svc/secret, svc/name and
 * svc/content-type.
 */
import { expectCommandError, expectSuccess, fail } from '../../assert.js';
import { CheckUnsupported, defineCheck } from '../../check.js';
import { readSchema } from '../../schema-view.js';
import { isRecord } from '../../shapes.js';
import { dropTypes, schemaBatch, uniqueSpaceName } from '../../workspace.js';
import { deleteFiles, FILE_TYPE, type FileEntity, FILES_FIELD, FILES_MIXIN, sampleBytes, storeFile } from './client.js';

const READ = ['svc/id', 'svc/secret', 'svc/name', 'svc/content-type'] as const;

export default defineCheck({
  id: 'files.attach-collection',
  name:
    'svc.app/install-mixins of Files/Files-mixin adds the collection Files/Files of svc/file; files attached with svc.entity/add-collection-items ' +
    'are read back in a sub-select of Files/Files with their svc/id, svc/secret, svc/name and svc/content-type',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'files',
  requirements: ['FILE-003'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const db = `${space}/Folders`;
    const title = `${space}/Name`;
    const stored: FileEntity[] = [];
    const create = { command: 'schema.type/create' as const, args: { 'svc/name': db, 'svc/fields': [{ 'svc/name': title, 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } }] } };
    expectSuccess(await schemaBatch(ctx, [create]), `creating ${db}`);
    try {
      const install = await schemaBatch(ctx, [{ command: 'svc.app/install-mixins', args: { types: { [db]: [FILES_MIXIN] } } }]);
      if (isRecord(install.json) && install.json['success'] === false) {
        const error = expectCommandError(install, `installing ${FILES_MIXIN} on ${db}`);
        if (error.name === 'schema.error/definition-invalid' && error.message.includes(FILES_MIXIN)) throw new CheckUnsupported([FILES_MIXIN], 'svc.app/install-mixins refused it as unknown');
        fail(`installing ${FILES_MIXIN} on ${db} failed with ${error.name}: ${error.message}`, install);
      }
      expectSuccess(install, `installing ${FILES_MIXIN} on ${db}`);
      const schema = await readSchema(ctx);
      const field = schema.field(db, FILES_FIELD);
      if (field?.['svc/type'] !== FILE_TYPE || field['svc/meta']['svc/collection?'] !== true) {
        fail(`after installing ${FILES_MIXIN}, ${db} lists ${FILES_FIELD} as ${JSON.stringify(field ?? null)}, expected a collection (svc/collection?: true) of ${FILE_TYPE}`, schema.res);
      }
      for (const [i, contentType] of ['image/png', 'application/pdf'].entries()) {
        const file = { filename: `attached-${i}.bin`, contentType, bytes: sampleBytes(16) };
        stored.push(await storeFile(ctx, file, `POST /api/files with ${file.filename}`));
      }
      const made = expectSuccess(await ctx.http.command({ command: 'svc.entity/create', args: { type: db, entity: { [title]: 'with files' } } }), `creating an Entity of ${db}`);
      const id = isRecord(made) ? made['svc/id'] : undefined;
      if (typeof id !== 'string') fail(`svc.entity/create of ${db} answered no svc/id: ${JSON.stringify(made)}`, ctx.http.lastExchange?.response);
      const items = stored.map((f) => ({ 'svc/id': f['svc/id'] }));
      expectSuccess(
        await ctx.http.command({ command: 'svc.entity/add-collection-items', args: { type: db, field: FILES_FIELD, entity: { 'svc/id': id }, items } }),
        `svc.entity/add-collection-items of two stored files to ${FILES_FIELD}`,
      );
      const query = { 'q/from': db, 'q/select': ['svc/id', { [FILES_FIELD]: { 'q/select': [...READ], 'q/limit': 10 } }], 'q/where': ['=', ['svc/id'], '$id'], 'q/limit': 1 };
      const answer = await ctx.http.command({ command: 'svc.entity/query', args: { query, params: { $id: id } } });
      const rows = expectSuccess(answer, `reading ${FILES_FIELD} of the Entity`);
      const files = Array.isArray(rows) && isRecord(rows[0]) ? rows[0][FILES_FIELD] : undefined;
      const got = Array.isArray(files) ? files.filter(isRecord) : [];
      const expected = stored.map((f) => Object.fromEntries(READ.map((k) => [k, f[k]])));
      const same = got.length === expected.length && expected.every((e) => got.some((g) => READ.every((k) => g[k] === e[k])));
      if (!same) fail(`${FILES_FIELD} of the Entity reads ${JSON.stringify(files)}, expected the two attached files ${JSON.stringify(expected)}`, answer);
    } finally {
      await dropTypes(ctx, [db]);
      await deleteFiles(ctx, stored.map((f) => f['svc/id']));
    }
  },
});
