/**
 * The schema in the shape the public API's clients read (spec: WorkspaceSchema): a top-level
 * `svc/id`; every primitive field type a field uses listed as a type with `svc/primitive?` and no
 * fields; `app/mixins` a map `{<mixin>: true}`; the system fields marked `svc/public-id?`,
 * `svc/creation-date?`, `svc/modification-date?`.
 */
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { SCHEMA_QUERY } from '../../fixtures.js';
import { isRecord } from '../../shapes.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MARKERS: ReadonlyArray<[string, string]> = [
  ['svc/public-id', 'svc/public-id?'],
  ['svc/creation-date', 'svc/creation-date?'],
  ['svc/modification-date', 'svc/modification-date?'],
];

export default defineCheck({
  id: 'schema.public-api-shape',
  name:
    'The schema has the shape the public API\'s clients read: a top-level svc/id; every primitive field type in use listed as a type with svc/primitive? and no fields; ' +
    'app/mixins a map of mixin to true; the system fields svc/public-id, svc/creation-date and svc/modification-date marked so in their meta',
  level: 'SHOULD',
  area: 'schema',
  requirements: ['SCHEMA-032'],
  target: 'server',
  async run(ctx) {
    const res = await ctx.http.command(SCHEMA_QUERY);
    const schema = expectSuccess(res, 'svc.schema/query');
    if (!isRecord(schema) || !Array.isArray(schema['svc/types'])) fail('svc.schema/query answered no svc/types', res);
    if (typeof schema['svc/id'] !== 'string' || !UUID.test(schema['svc/id'])) fail(`the schema has no top-level svc/id (a UUID): ${JSON.stringify(schema['svc/id'])}`, res);
    const types = schema['svc/types'].filter(isRecord);
    const byName = new Map(types.map((t) => [String(t['svc/name']), t]));
    const used = new Set<string>();
    for (const type of types) {
      const meta = isRecord(type['svc/meta']) ? type['svc/meta'] : {};
      if (meta['svc/primitive?'] === true) {
        if (!Array.isArray(type['svc/fields']) || type['svc/fields'].length > 0) fail(`the primitive type ${String(type['svc/name'])} lists fields: ${JSON.stringify(type['svc/fields']).slice(0, 200)}`, res);
        continue;
      }
      const mixins = meta['app/mixins'];
      if (mixins !== undefined && (!isRecord(mixins) || Object.values(mixins).some((v) => typeof v !== 'boolean'))) {
        fail(`${String(type['svc/name'])}: app/mixins is ${JSON.stringify(mixins)}, expected a map of mixin name to true`, res);
      }
      for (const field of Array.isArray(type['svc/fields']) ? type['svc/fields'].filter(isRecord) : []) {
        used.add(String(field['svc/type']));
        const marker = MARKERS.find(([name]) => name === field['svc/name']);
        const fieldMeta = isRecord(field['svc/meta']) ? field['svc/meta'] : {};
        if (marker && fieldMeta[marker[1]] !== true) fail(`${String(type['svc/name'])}'s ${marker[0]} is not marked ${marker[1]}: its meta is ${JSON.stringify(fieldMeta)}`, res);
      }
    }
    for (const name of used) {
      if (!byName.has(name)) fail(`a field has the type ${name}, which the schema does not list (the primitive types are listed with svc/primitive? true)`, res);
    }
  },
});
