/**
 * The mixins beyond Comments: rank, icon and avatar, each adding its field with its type and
 * meta; `app/mixins` lists each once, and installing them again changes nothing. And Comments on
 * two Databases in turn: one comment type, a collection on each.
 */
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { SCHEMA_QUERY } from '../../fixtures.js';
import { canonicalJson, type Json } from '../../model/values.js';
import { isRecord } from '../../shapes.js';
import { dropTypes, schemaBatch, uniqueSpaceName } from '../../workspace.js';

/** Each mixin, the field it adds, that field's type and the meta it must carry. */
const MIXINS: ReadonlyArray<{ mixin: string; field: string; type: string; meta: Record<string, Json> }> = [
  { mixin: 'svc/rank-mixin', field: 'svc/rank', type: 'svc/integer', meta: {} },
  { mixin: 'icons/icon-mixin', field: 'icon/icon', type: 'svc/text', meta: { 'svc/icon?': true } },
  { mixin: 'avatars/avatar-mixin', field: 'avatar/avatar', type: 'file/file', meta: { 'svc/avatar?': true } },
];

export default defineCheck({
  id: 'schema.mixins',
  name:
    'svc.app/install-mixins of svc/rank-mixin, icons/icon-mixin and avatars/avatar-mixin adds svc/rank (svc/integer), icon/icon (svc/text, svc/icon?) and ' +
    'avatar/avatar (file/file, svc/avatar?), lists each mixin once in app/mixins, and installing them again changes nothing; ' +
    'the Comments extension installed on two Databases one after the other gives both the comments/comments collection of one comments/comment type',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'schema',
  requirements: ['SCHEMA-015'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const db = `${space}/Decorated`;
    const [first, second] = [`${space}/Discussed`, `${space}/Discussed too`];
    const create = (name: string) => ({ command: 'schema.type/create' as const, args: { 'svc/name': name, 'svc/fields': [{ 'svc/name': `${space}/Name`, 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } }] } });
    expectSuccess(await schemaBatch(ctx, [create(db), create(first), create(second)]), `creating ${db}, ${first} and ${second}`);
    try {
      // The Comments extension on one Database, then on another in a batch of its own: the comment type exists once, both get the collection.
      for (const name of [first, second]) {
        expectSuccess(await schemaBatch(ctx, [{ command: 'svc.app/install-mixins', args: { types: { [name]: ['comments/comments-mixin'] } } }]), `installing comments/comments-mixin on ${name}`);
      }
      const schema = expectSuccess(await ctx.http.command(SCHEMA_QUERY), 'svc.schema/query');
      const types = isRecord(schema) && Array.isArray(schema['svc/types']) ? schema['svc/types'].filter(isRecord) : [];
      const comment = types.filter((t) => t['svc/name'] === 'comments/comment' && t['svc/deleted?'] !== true);
      const commentFields = comment.length === 1 && Array.isArray(comment[0]?.['svc/fields']) ? comment[0]['svc/fields'].filter(isRecord) : [];
      const secret = commentFields.find((f) => f['svc/name'] === 'comment/document-secret');
      if (comment.length !== 1 || secret?.['svc/type'] !== 'svc/uuid' || commentFields.find((f) => f['svc/name'] === 'comment/author')?.['svc/type'] !== 'svc/user') {
        fail(`after installing the Comments extension twice, svc.schema/query lists comments/comment ${comment.length} times with the fields ${JSON.stringify(commentFields.map((f) => [f['svc/name'], f['svc/type']]))}, expected once, with comment/document-secret (svc/uuid) and comment/author (svc/user)`, ctx.http.lastExchange?.response);
      }
      for (const name of [first, second]) {
        const collection = types.find((t) => t['svc/name'] === name);
        const field = (Array.isArray(collection?.['svc/fields']) ? collection['svc/fields'] : []).find((f: unknown) => isRecord(f) && f['svc/name'] === 'comments/comments');
        if (!isRecord(field) || field['svc/type'] !== 'comments/comment') fail(`after installing comments/comments-mixin, ${name} lists no comments/comments collection of comments/comment`, ctx.http.lastExchange?.response);
      }
      const listed = async (): Promise<Record<string, unknown>> => {
        const schema = expectSuccess(await ctx.http.command(SCHEMA_QUERY), 'svc.schema/query');
        const types = isRecord(schema) && Array.isArray(schema['svc/types']) ? schema['svc/types'] : [];
        const type = types.find((t: unknown) => isRecord(t) && t['svc/name'] === db && t['svc/deleted?'] !== true);
        if (!isRecord(type)) fail(`svc.schema/query does not list ${db}`, ctx.http.lastExchange?.response);
        return type;
      };
      const install = { command: 'svc.app/install-mixins' as const, args: { types: { [db]: MIXINS.map((m) => m.mixin) } } };
      expectSuccess(await schemaBatch(ctx, [install]), `installing ${MIXINS.map((m) => m.mixin).join(', ')} on ${db}`);
      const once = await listed();
      const fields = Array.isArray(once['svc/fields']) ? once['svc/fields'].filter(isRecord) : [];
      for (const m of MIXINS) {
        const field = fields.find((f) => f['svc/name'] === m.field);
        if (!field) fail(`after installing ${m.mixin}, ${db} lists no field ${m.field}`, ctx.http.lastExchange?.response);
        if (field['svc/type'] !== m.type) fail(`${m.mixin} adds ${m.field} of type ${JSON.stringify(field['svc/type'])}, expected ${m.type}`, ctx.http.lastExchange?.response);
        const meta = isRecord(field['svc/meta']) ? field['svc/meta'] : {};
        for (const [key, value] of Object.entries(m.meta)) {
          if (canonicalJson(meta[key] as Json) !== canonicalJson(value)) fail(`${m.mixin} adds ${m.field} with the meta ${JSON.stringify(meta)}, expected ${key}: ${JSON.stringify(value)}`, ctx.http.lastExchange?.response);
        }
      }
      const meta = isRecord(once['svc/meta']) ? once['svc/meta'] : {};
      const mixins = Array.isArray(meta['app/mixins']) ? meta['app/mixins'] : [];
      for (const m of MIXINS) {
        if (mixins.filter((x) => x === m.mixin).length !== 1) fail(`after installing it, ${db}'s app/mixins is ${JSON.stringify(mixins)}, expected ${m.mixin} in it once`, ctx.http.lastExchange?.response);
      }
      expectSuccess(await schemaBatch(ctx, [install]), `installing the same mixins on ${db} again`);
      const twice = await listed();
      if (canonicalJson(twice as Json) !== canonicalJson(once as Json)) {
        fail(`installing the mixins again changed ${db}: it was ${JSON.stringify(once).slice(0, 400)}, it is ${JSON.stringify(twice).slice(0, 400)}`, ctx.http.lastExchange?.response);
      }
    } finally {
      await dropTypes(ctx, [db, first, second]);
    }
  },
});
