/**
 * The public API's `svc/json-value` field type: any JSON value is kept as written and read back
 * equal (objects with nesting, arrays, strings, numbers, booleans, the empty object and list),
 * null clears it, and `q/null?` separates Entities with a value from those without.
 */
import { randomUUID } from 'node:crypto';
import { expectSuccess, fail } from '../../assert.js';
import { CheckUnsupported, defineCheck } from '../../check.js';
import { readSchema } from '../../schema-view.js';
import { isRecord } from '../../shapes.js';
import { dropTypes, run, schemaBatch, uniqueSpaceName } from '../../workspace.js';

/** Values of every JSON kind, at the edges (falsy values, empty containers, nesting, unicode). */
const VALUES: unknown[] = [{ a: 1, b: [true, null, { c: 'd' }] }, [1, 'two', 3.5], 'text 🚀', 0, -2.75, false, true, {}, [], ''];

export default defineCheck({
  id: 'schema.json-value-field',
  name:
    'A field of type svc/json-value (public API) keeps any JSON value as written (objects, arrays, strings, numbers, booleans, falsy and empty ones) and reads it back equal; ' +
    'null clears it, and q/null? tells the Entities with a value from those without',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'schema',
  requirements: ['SCHEMA-039'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const type = `${space}/Blobs`;
    const f = { name: `${space}/Name`, data: `${space}/Data` };
    const made = await schemaBatch(ctx, [
      { command: 'schema.type/create', args: { 'svc/name': type, 'svc/fields': [{ 'svc/name': f.name, 'svc/type': 'svc/text' }, { 'svc/name': f.data, 'svc/type': 'svc/json-value' }] } },
    ]);
    try {
      if (made.status === 400 || (isRecord(made.json) && made.json['success'] === false)) throw new CheckUnsupported(['field type svc/json-value'], `creating a field of it answered ${made.status}: ${made.text.slice(0, 200)}`);
      expectSuccess(made, `creating ${type} with a field of type svc/json-value`);
      const listed = (await readSchema(ctx)).requireField(type, f.data, 'the svc/json-value field')['svc/type'];
      if (listed !== 'svc/json-value') fail(`the field created with type svc/json-value is listed with type ${listed}`, ctx.http.lastExchange?.response);
      const ids = VALUES.map(() => randomUUID());
      for (const [i, value] of VALUES.entries()) {
        await run(ctx, { command: 'svc.entity/create', args: { type, entity: { 'svc/id': ids[i], [f.name]: `v${i}`, [f.data]: value } } }, `creating an Entity holding ${JSON.stringify(value)}`);
      }
      const cleared = randomUUID();
      await run(ctx, { command: 'svc.entity/create', args: { type, entity: { 'svc/id': cleared, [f.name]: 'cleared', [f.data]: { gone: true } } } }, 'creating an Entity to clear');
      await run(ctx, { command: 'svc.entity/update', args: { type, entity: { 'svc/id': cleared, [f.data]: null } } }, 'clearing its value with null');
      const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': type, 'q/select': ['svc/id', f.data], 'q/limit': 100 } } }, `reading ${type}`);
      const byId = new Map((Array.isArray(rows) ? rows.filter(isRecord) : []).map((r) => [r['svc/id'], r[f.data]]));
      VALUES.forEach((value, i) => {
        if (JSON.stringify(byId.get(ids[i])) !== JSON.stringify(value)) fail(`a svc/json-value written ${JSON.stringify(value)} reads ${JSON.stringify(byId.get(ids[i]))}`, ctx.http.lastExchange?.response);
      });
      if (byId.get(cleared) !== null) fail(`a svc/json-value updated to null reads ${JSON.stringify(byId.get(cleared))}, expected null`, ctx.http.lastExchange?.response);
      const empty = await run(
        ctx,
        { command: 'svc.entity/query', args: { query: { 'q/from': type, 'q/select': [f.name], 'q/where': ['=', ['q/null?', [f.data]], true], 'q/limit': 100 } } },
        'the Entities whose svc/json-value is null',
      );
      const names = Array.isArray(empty) ? empty.filter(isRecord).map((r) => r[f.name]) : [];
      if (names.join() !== 'cleared') fail(`q/null? of the svc/json-value field matched ${JSON.stringify(names)}, expected only "cleared" (false, 0, "", {} and [] are values)`, ctx.http.lastExchange?.response);
    } finally {
      await dropTypes(ctx, [type]);
    }
  },
});
