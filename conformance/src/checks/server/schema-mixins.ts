/**
 * The mixins beyond Comments: rank, icon and avatar, each adding its field with its type and
 * meta; `app/mixins` lists each once, and installing them again changes nothing.
 */
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { SCHEMA_QUERY } from '../../fixtures.js';
import { canonicalJson, type Json } from '../../model/values.js';
import { isRecord } from '../../shapes.js';
import { schemaBatch, uniqueSpaceName } from '../../workspace.js';

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
    'avatar/avatar (file/file, svc/avatar?), lists each mixin once in app/mixins, and installing them again changes nothing',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'schema',
  requirements: ['SCHEMA-015'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const db = `${space}/Decorated`;
    expectSuccess(
      await schemaBatch(ctx, [{ command: 'schema.type/create', args: { 'svc/name': db, 'svc/fields': [{ 'svc/name': `${space}/Name`, 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } }] } }]),
      `creating ${db}`,
    );
    try {
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
      const out = await schemaBatch(ctx, [{ command: 'schema.type/delete', args: { name: db } }]);
      if (out.status !== 200) ctx.log(`tear-down of ${db} answered ${out.status}`);
    }
  },
});
