import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { FIELD_TYPE_OF } from '../../model/schema.js';
import { SCHEMA_QUERY } from '../../fixtures.js';
import { isRecord, type JsonRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default defineCheck({
  id: 'schema.created-types-listed',
  name:
    'After svc.schema/batch creates Databases with value fields, a many-to-one relation and a many-to-many relation, svc.schema/query lists each type ' +
    '(svc/name, svc/id, svc/meta, svc/fields) with each field (svc/name, svc/type, svc/id, svc/meta), both ends of a relation sharing the svc/relation UUID ' +
    'sent, and svc/collection? true on the collection ends only',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'schema',
  requirements: ['SCHEMA-001', 'SCHEMA-003', 'SCHEMA-004', 'SCHEMA-005', 'SCHEMA-006', 'SCHEMA-007', 'SCHEMA-008', 'SCHEMA-019', 'SCHEMA-020'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ schema, names }) => {
      const res = await ctx.http.command(SCHEMA_QUERY);
      const result = expectSuccess(res, 'svc.schema/query');
      if (!isRecord(result) || typeof result['svc/version'] !== 'number' || !isRecord(result['svc/meta']) || !Array.isArray(result['svc/types'])) {
        fail(`svc.schema/query: expected {svc/version, svc/meta, svc/types: [...]}, got keys ${JSON.stringify(isRecord(result) ? Object.keys(result) : result)}`, res);
      }
      const types = result['svc/types'].filter(isRecord);
      for (const type of schema.types) {
        const listed = types.find((t) => t['svc/name'] === type.name && t['svc/deleted?'] !== true);
        if (!listed) fail(`svc.schema/query does not list the Database ${type.name} just created`, res);
        if (typeof listed['svc/id'] !== 'string' || !UUID.test(listed['svc/id'])) fail(`${type.name}: svc/id is ${JSON.stringify(listed['svc/id'])}, not a UUID`, res);
        if (!isRecord(listed['svc/meta'])) fail(`${type.name}: svc/meta is ${JSON.stringify(listed['svc/meta'])}, not an object`, res);
        if (!Array.isArray(listed['svc/fields'])) fail(`${type.name}: svc/fields is not an array`, res);
        const fields = listed['svc/fields'].filter(isRecord);
        for (const field of type.fields) {
          if (field.system !== undefined) continue;
          const found: JsonRecord | undefined = fields.find((f) => f['svc/name'] === field.name);
          if (!found) fail(`${type.name}: svc/fields has no field ${field.name}`, res);
          const expectedType = field.kind === 'relation' ? field.target : field.valueKind === 'public-id' ? 'svc/string' : FIELD_TYPE_OF[field.valueKind];
          if (found['svc/type'] !== expectedType) fail(`${type.name} ${field.name}: svc/type is ${JSON.stringify(found['svc/type'])}, expected ${expectedType}`, res);
          if (typeof found['svc/id'] !== 'string' || !UUID.test(found['svc/id'])) fail(`${type.name} ${field.name}: svc/id is ${JSON.stringify(found['svc/id'])}, not a UUID`, res);
          const meta = found['svc/meta'];
          if (!isRecord(meta)) fail(`${type.name} ${field.name}: svc/meta is ${JSON.stringify(meta)}, not an object`, res);
          if (field.kind === 'relation') {
            if (meta['svc/relation'] !== field.relation) fail(`${type.name} ${field.name}: svc/meta svc/relation is ${JSON.stringify(meta['svc/relation'])}, the relation was created with ${field.relation} on both ends`, res);
            if ((meta['svc/collection?'] === true) !== field.collection) {
              fail(`${type.name} ${field.name}: svc/meta svc/collection? is ${JSON.stringify(meta['svc/collection?'])}, but the field was created ${field.collection ? 'as a collection' : 'to-one'}`, res);
            }
          } else if (meta['svc/collection?'] === true) {
            fail(`${type.name} ${field.name}: a value field is listed with svc/collection? true`, res);
          }
        }
      }
      ctx.log(`schema lists ${names.items} and ${names.groups}`);
    });
  },
});
