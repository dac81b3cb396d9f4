import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { SCHEMA_QUERY } from '../../fixtures.js';
import { isRecord } from '../../shapes.js';
import { run, withTestWorkspace } from '../../workspace.js';

export default defineCheck({
  id: 'schema.type-create-system-fields',
  name:
    'schema.type/create with the system fields spelled out (svc/id of type svc/uuid with svc/id?, svc/public-id, svc/creation-date and ' +
    'svc/modification-date with svc/readonly? and svc/default-value "$now") works: each system field is listed once and Entities can be created and read',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'schema',
  requirements: ['SCHEMA-018', 'SCHEMA-007'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(
      ctx,
      async ({ names: n }) => {
        const res = await ctx.http.command(SCHEMA_QUERY);
        const schema = expectSuccess(res, 'svc.schema/query');
        const type = isRecord(schema) && Array.isArray(schema['svc/types']) ? schema['svc/types'].find((t: unknown) => isRecord(t) && t['svc/name'] === n.items) : undefined;
        const names = isRecord(type) && Array.isArray(type['svc/fields']) ? type['svc/fields'].map((f: unknown) => (isRecord(f) ? String(f['svc/name']) : '')) : [];
        for (const field of ['svc/id', 'svc/public-id', 'svc/creation-date', 'svc/modification-date', n.title]) {
          const count = names.filter((name) => name === field).length;
          if (count !== 1) fail(`${n.items} (created with the system fields spelled out): the schema lists ${field} ${count} times, expected once`, res);
        }
        const created = await run(ctx, { command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: 'spelled' } } }, `svc.entity/create in ${n.items}`);
        const id = isRecord(created) ? created['svc/id'] : undefined;
        if (typeof id !== 'string') fail(`svc.entity/create in ${n.items}: no svc/id in the result`, ctx.http.lastExchange?.response);
        const rows = await run(
          ctx,
          { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': ['svc/id', 'svc/creation-date', n.title], 'q/limit': 10 } } },
          `querying ${n.items}`,
        );
        const row: unknown = Array.isArray(rows) ? rows[0] : undefined;
        if (!isRecord(row) || row['svc/id'] !== id || row[n.title] !== 'spelled' || typeof row['svc/creation-date'] !== 'string') {
          fail(`querying ${n.items}: expected the created Entity with its creation date, got ${JSON.stringify(rows)}`, ctx.http.lastExchange?.response);
        }
      },
      { spellSystemFields: true },
    );
  },
});
