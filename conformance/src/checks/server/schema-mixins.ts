/**
 * The mixins beyond Comments: rank, icon, avatar and Files, each adding its field with its type and
 * meta; `app/mixins` lists each once, and installing them again changes nothing; a type created
 * with `app/mixins` in its meta gets the mixins its map marks true. And Comments on
 * two Databases in turn: one comment type, a collection on each; a comment created without
 * `comment/author` answers its creator as author.
 */
import { randomUUID } from 'node:crypto';
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { canonicalJson, type Json } from '../../model/values.js';
import { mixinNames, readSchema, type SchemaType } from '../../schema-view.js';
import { commandError, isRecord } from '../../shapes.js';
import { dropTypes, schemaBatch, uniqueSpaceName } from '../../workspace.js';

/** Each mixin, the field it adds, that field's type and the meta it must carry. */
const MIXINS: ReadonlyArray<{ mixin: string; field: string; type: string; meta: Record<string, Json> }> = [
  { mixin: 'svc/rank-mixin', field: 'svc/rank', type: 'svc/integer', meta: {} },
  { mixin: 'icons/icon-mixin', field: 'icon/icon', type: 'svc/text', meta: { 'svc/icon?': true } },
  { mixin: 'avatars/avatar-mixin', field: 'avatar/avatar', type: 'file/file', meta: { 'svc/avatar?': true } },
  { mixin: 'Files/Files-mixin', field: 'Files/Files', type: 'svc/file', meta: { 'svc/collection?': true } },
];

export default defineCheck({
  id: 'schema.mixins',
  name:
    'svc.app/install-mixins of svc/rank-mixin, icons/icon-mixin, avatars/avatar-mixin and Files/Files-mixin adds svc/rank (svc/integer), icon/icon (svc/text, svc/icon?), ' +
    'avatar/avatar (file/file, svc/avatar?) and Files/Files (svc/file, a collection), lists each mixin once in app/mixins, and installing them again changes nothing; ' +
    'schema.type/create with app/mixins in svc/meta installs the mixins its map marks true, and refuses an unknown one naming svc/meta; ' +
    'the Comments extension installed on two Databases one after the other gives both the comments/comments collection of one comments/comment type, ' +
    'whose Entities created without comment/author have their creator for author',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'schema',
  requirements: ['SCHEMA-015', 'COMMENT-006'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const db = `${space}/Decorated`;
    const [first, second] = [`${space}/Discussed`, `${space}/Discussed too`];
    const copied = `${space}/Copied`;
    const create = (name: string) => ({ command: 'schema.type/create' as const, args: { 'svc/name': name, 'svc/fields': [{ 'svc/name': `${space}/Name`, 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } }] } });
    expectSuccess(await schemaBatch(ctx, [create(db), create(first), create(second)]), `creating ${db}, ${first} and ${second}`);
    try {
      // The Comments extension on one Database, then on another in a batch of its own: the comment type exists once, both get the collection.
      for (const name of [first, second]) {
        expectSuccess(await schemaBatch(ctx, [{ command: 'svc.app/install-mixins', args: { types: { [name]: ['comments/comments-mixin'] } } }]), `installing comments/comments-mixin on ${name}`);
      }
      const schema = await readSchema(ctx);
      const comment = schema.schema['svc/types'].filter((t) => t['svc/name'] === 'comments/comment' && t['svc/deleted?'] !== true);
      const commentFields = comment.length === 1 ? (comment[0]?.['svc/fields'] ?? []) : [];
      const typeOf = (name: string) => commentFields.find((f) => f['svc/name'] === name)?.['svc/type'];
      if (comment.length !== 1 || typeOf('comment/document-secret') !== 'svc/uuid' || typeOf('comment/author') !== 'svc/user') {
        fail(`after installing the Comments extension twice, svc.schema/query lists comments/comment ${comment.length} times with the fields ${JSON.stringify(commentFields.map((f) => [f['svc/name'], f['svc/type']]))}, expected once, with comment/document-secret (svc/uuid) and comment/author (svc/user)`, schema.res);
      }
      for (const name of [first, second]) {
        if (schema.field(name, 'comments/comments')?.['svc/type'] !== 'comments/comment') fail(`after installing comments/comments-mixin, ${name} lists no comments/comments collection of comments/comment`, schema.res);
      }
      // A comment created without comment/author has its creator for author (COMMENT-006).
      const commentRes = await ctx.http.command({ command: 'svc.entity/create', args: { type: 'comments/comment', entity: { 'comment/document-secret': randomUUID() } } });
      const made = expectSuccess(commentRes, 'svc.entity/create of a comments/comment without comment/author');
      const author = isRecord(made) && isRecord(made['comment/author']) ? made['comment/author']['svc/id'] : undefined;
      const creator = isRecord(made) && isRecord(made['svc/created-by']) ? made['svc/created-by']['svc/id'] : undefined;
      if (typeof creator !== 'string' || author !== creator) fail(`svc.entity/create of a comments/comment without comment/author answered comment/author ${JSON.stringify(isRecord(made) ? made['comment/author'] : made)}, expected its creator {svc/id: ${JSON.stringify(creator)}}`, commentRes);
      if (isRecord(made) && typeof made['svc/id'] === 'string') {
        await ctx.http.command({ command: 'svc.entity/delete', args: { type: 'comments/comment', entity: { 'svc/id': made['svc/id'] } } });
      }
      const listed = async (): Promise<SchemaType> => (await readSchema(ctx)).requireType(db, `reading ${db} after installing mixins`);
      const install = { command: 'svc.app/install-mixins' as const, args: { types: { [db]: MIXINS.map((m) => m.mixin) } } };
      expectSuccess(await schemaBatch(ctx, [install]), `installing ${MIXINS.map((m) => m.mixin).join(', ')} on ${db}`);
      const once = await listed();
      for (const m of MIXINS) {
        const field = once['svc/fields'].find((f) => f['svc/name'] === m.field);
        if (!field) fail(`after installing ${m.mixin}, ${db} lists no field ${m.field}`, ctx.http.lastExchange?.response);
        if (field['svc/type'] !== m.type) fail(`${m.mixin} adds ${m.field} of type ${JSON.stringify(field['svc/type'])}, expected ${m.type}`, ctx.http.lastExchange?.response);
        const meta = field['svc/meta'];
        for (const [key, value] of Object.entries(m.meta)) {
          if (canonicalJson(meta[key] as Json) !== canonicalJson(value)) fail(`${m.mixin} adds ${m.field} with the meta ${JSON.stringify(meta)}, expected ${key}: ${JSON.stringify(value)}`, ctx.http.lastExchange?.response);
        }
      }
      const mixins = mixinNames(once['svc/meta']['app/mixins']);
      for (const m of MIXINS) {
        if (mixins.filter((x) => x === m.mixin).length !== 1) fail(`after installing it, ${db}'s app/mixins is ${JSON.stringify(mixins)}, expected ${m.mixin} in it once`, ctx.http.lastExchange?.response);
      }
      expectSuccess(await schemaBatch(ctx, [install]), `installing the same mixins on ${db} again`);
      const twice = await listed();
      if (canonicalJson(twice as Json) !== canonicalJson(once as Json)) {
        fail(`installing the mixins again changed ${db}: it was ${JSON.stringify(once).slice(0, 400)}, it is ${JSON.stringify(twice).slice(0, 400)}`, ctx.http.lastExchange?.response);
      }

      // A type created with app/mixins in its meta (a schema copied from another workspace): the map's mixins marked true are installed, one marked false is not.
      const asMap = { 'icons/icon-mixin': true, 'Files/Files-mixin': true, 'svc/rank-mixin': false };
      expectSuccess(
        await schemaBatch(ctx, [{ command: 'schema.type/create', args: { 'svc/name': copied, 'svc/meta': { 'app/mixins': asMap }, 'svc/fields': [{ 'svc/name': `${space}/Name`, 'svc/type': 'svc/text' }] } }]),
        `creating ${copied} with svc/meta app/mixins ${JSON.stringify(asMap)}`,
      );
      const madeType = (await readSchema(ctx)).requireType(copied, `reading ${copied}`);
      const names = madeType['svc/fields'].map((f) => f['svc/name']);
      const installed = mixinNames(madeType['svc/meta']['app/mixins']).sort();
      if (!names.includes('icon/icon') || !names.includes('Files/Files') || names.includes('svc/rank') || installed.join() !== 'Files/Files-mixin,icons/icon-mixin') {
        fail(`schema.type/create of ${copied} with svc/meta app/mixins ${JSON.stringify(asMap)} made the fields ${JSON.stringify(names)} and app/mixins ${JSON.stringify(installed)}; expected icon/icon and Files/Files (the mixins marked true installed), no svc/rank`, ctx.http.lastExchange?.response);
      }
      // An unknown mixin in a created type's meta is refused naming svc/meta, and the type is not created.
      const unknown = `${space}/Unknown mixin`;
      const refused = await schemaBatch(ctx, [{ command: 'schema.type/create', args: { 'svc/name': unknown, 'svc/meta': { 'app/mixins': ['no/such-mixin'] }, 'svc/fields': [] } }]);
      const error = commandError(refused.json);
      if (error?.name !== 'schema.error/definition-invalid' || error.data['field'] !== 'svc/meta') {
        fail(`schema.type/create of ${unknown} with svc/meta app/mixins ["no/such-mixin"] should be refused with schema.error/definition-invalid naming svc/meta, got ${refused.status} ${refused.text.slice(0, 300)}`, refused);
      }
      if ((await readSchema(ctx)).schema['svc/types'].some((t) => t['svc/name'] === unknown)) fail(`the refused schema.type/create of ${unknown} created it`, ctx.http.lastExchange?.response);
    } finally {
      await dropTypes(ctx, [db, first, second, copied]);
    }
  },
});
