import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { SCHEMA_QUERY } from '../../fixtures.js';
import { isRecord } from '../../shapes.js';
import { run, schemaBatch, uniqueSpaceName } from '../../workspace.js';
import { typeDelete } from '../../model/schema.js';

const SYSTEM = ['svc/id', 'svc/public-id', 'svc/creation-date', 'svc/modification-date', 'svc/created-by'];

export default defineCheck({
  id: 'schema.type-create-own-fields',
  name:
    'schema.type/create with only the client\'s own fields creates a Database whose schema lists the system fields too, and in which ' +
    'svc.entity/create answers an Entity with svc/id, svc/public-id, svc/creation-date, svc/modification-date and svc/created-by',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'schema',
  requirements: ['SCHEMA-007', 'SCHEMA-017'],
  target: 'server',
  async run(ctx) {
    const name = `${uniqueSpaceName(ctx)}/Own`;
    const field = name.replace('/Own', '/Note');
    const created = await schemaBatch(ctx, [{ command: 'schema.type/create', args: { 'svc/name': name, 'svc/meta': {}, 'svc/fields': [{ 'svc/name': field, 'svc/type': 'svc/text' }] } }]);
    expectSuccess(created, `schema.type/create of ${name} with one own field`);
    try {
      const res = await ctx.http.command(SCHEMA_QUERY);
      const schema = expectSuccess(res, 'svc.schema/query');
      const type = isRecord(schema) && Array.isArray(schema['svc/types']) ? schema['svc/types'].find((t: unknown) => isRecord(t) && t['svc/name'] === name) : undefined;
      const fields = isRecord(type) && Array.isArray(type['svc/fields']) ? type['svc/fields'].map((f: unknown) => (isRecord(f) ? f['svc/name'] : undefined)) : [];
      const missing = [...SYSTEM, field].filter((f) => !fields.includes(f));
      if (missing.length > 0) fail(`${name} was created with only ${field}: the schema should list the system fields too; missing ${missing.join(', ')}`, res);
      const entity = await run(ctx, { command: 'svc.entity/create', args: { type: name, entity: { [field]: 'hello' } } }, `svc.entity/create in ${name}`);
      const absent = SYSTEM.filter((f) => !isRecord(entity) || entity[f] === undefined || entity[f] === null);
      if (absent.length > 0) fail(`svc.entity/create in ${name}: the result lacks ${absent.join(', ')}`, ctx.http.lastExchange?.response);
    } finally {
      await schemaBatch(ctx, [typeDelete(name)]).catch(() => undefined);
    }
  },
});
