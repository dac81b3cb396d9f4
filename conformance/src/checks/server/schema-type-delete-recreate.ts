import { expectCommandError, expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { SCHEMA_QUERY } from '../../fixtures.js';
import { isRecord } from '../../shapes.js';
import { run, schemaBatch, uniqueSpaceName } from '../../workspace.js';
import { typeDelete } from '../../model/schema.js';

export default defineCheck({
  id: 'schema.type-delete-recreate',
  name:
    'schema.type/delete removes a Database (the schema no longer lists it as live, queries of it fail with entity.error/schema-type-not-found), ' +
    'and a Database can be created again under the same name, empty',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'schema',
  requirements: ['SCHEMA-010', 'SCHEMA-016', 'CMD-ERR-006'],
  target: 'server',
  async run(ctx) {
    const name = `${uniqueSpaceName(ctx)}/Again`;
    const field = name.replace('/Again', '/Label');
    const create = [{ command: 'schema.type/create' as const, args: { 'svc/name': name, 'svc/fields': [{ 'svc/name': field, 'svc/type': 'svc/text' }] } }];
    const remove = [typeDelete(name)];
    const query = { command: 'svc.entity/query' as const, args: { query: { 'q/from': name, 'q/select': ['svc/id', field], 'q/limit': 10 } } };
    expectSuccess(await schemaBatch(ctx, create), `schema.type/create of ${name}`);
    let live = true;
    try {
      await run(ctx, { command: 'svc.entity/create', args: { type: name, entity: { [field]: 'first life' } } }, `svc.entity/create in ${name}`);
      expectSuccess(await schemaBatch(ctx, remove), `schema.type/delete of ${name}`);
      live = false;
      const schemaRes = await ctx.http.command(SCHEMA_QUERY);
      const schema = expectSuccess(schemaRes, 'svc.schema/query');
      const listed = isRecord(schema) && Array.isArray(schema['svc/types']) && schema['svc/types'].some((t: unknown) => isRecord(t) && t['svc/name'] === name && t['svc/deleted?'] !== true);
      if (listed) fail(`after schema.type/delete of ${name}, svc.schema/query still lists it as a live type`, schemaRes);
      const gone = await ctx.http.command(query);
      const error = expectCommandError(gone, `querying ${name} after its deletion`);
      if (error.name !== 'entity.error/schema-type-not-found') fail(`querying the deleted ${name}: expected entity.error/schema-type-not-found, got ${error.name}`, gone);

      expectSuccess(await schemaBatch(ctx, create), `schema.type/create of ${name} again after its deletion`);
      live = true;
      const rows = await run(ctx, query, `querying ${name} created again`);
      if (!Array.isArray(rows) || rows.length !== 0) fail(`${name} created again should be empty, got ${JSON.stringify(rows)?.slice(0, 300)}`, ctx.http.lastExchange?.response);
      await run(ctx, { command: 'svc.entity/create', args: { type: name, entity: { [field]: 'second life' } } }, `svc.entity/create in ${name} created again`);
    } finally {
      if (live) await schemaBatch(ctx, remove).catch(() => undefined);
    }
  },
});
