/**
 * The public API's delete flags: a type that has Entities goes only with `delete-entities?`, a type
 * that other types' fields relate to only with `delete-related-fields?`, a field that holds values
 * only with `delete-values?`. Each refusal is named, names the flag, and changes nothing; what holds
 * no data goes without flags, and with the flags everything goes.
 */
import { randomUUID } from 'node:crypto';
import { expectCommandError, expectSuccess, fail } from '../../assert.js';
import { CheckUnsupported, defineCheck, type CheckContext } from '../../check.js';
import type { SchemaOperation } from '../../model/schema.js';
import { readSchema } from '../../schema-view.js';
import { isRecord } from '../../shapes.js';
import { isRefusedKey } from '../../support.js';
import { dropTypes, run, schemaBatch, uniqueSpaceName } from '../../workspace.js';

/** A refused delete: the named error, naming the flag it needs, and the message naming the flag too. */
async function expectRefused(ctx: CheckContext, op: SchemaOperation, what: string, name: string, flag: string): Promise<{ data: Record<string, unknown>; message: string }> {
  const res = await schemaBatch(ctx, [op]);
  if (isRecord(res.json) && res.json['success'] === true) fail(`${what} without ${flag} succeeded; it must be refused with ${name} naming ${flag}`, res);
  const error = expectCommandError(res, what);
  if (error.name !== name) fail(`${what} without ${flag}: expected the error ${name}, got ${error.name}`, res);
  if (error.data['field'] !== flag) fail(`${what} without ${flag}: data.field should be ${JSON.stringify(flag)}, it is ${JSON.stringify(error.data['field'])}`, res);
  if (!error.message.includes(flag)) fail(`${what} without ${flag}: the message ${JSON.stringify(error.message)} does not name ${flag}`, res);
  return error;
}

export default defineCheck({
  id: 'schema.delete-flags',
  name:
    'schema.type/delete of a type with Entities is refused (schema.error/type-has-entities) without delete-entities?, of a type other types relate to ' +
    '(schema.error/type-has-related-fields) without delete-related-fields?, schema.field/delete of a field holding values (schema.error/field-has-values) ' +
    'without delete-values?; a refused delete changes nothing, an empty type or field goes without flags, and with the flags the data goes too',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'schema',
  requirements: ['SCHEMA-035', 'SCHEMA-036'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const [owners, pets, spare, bare] = ['Owners', 'Pets', 'Spare', 'Bare'].map((x) => `${space}/${x}`) as [string, string, string, string];
    const f = { name: `${space}/Name`, nick: `${space}/Nick`, empty: `${space}/Empty`, owner: `${space}/Keeper`, friend: `${space}/Friend` };
    const text = (name: string) => ({ 'svc/name': name, 'svc/type': 'svc/text' });
    try {
      expectSuccess(
        await schemaBatch(ctx, [
          { command: 'schema.type/create', args: { 'svc/name': owners, 'svc/fields': [text(f.name)] } },
          { command: 'schema.type/create', args: { 'svc/name': pets, 'svc/fields': [text(f.nick), text(f.empty)] } },
          { command: 'schema.type/create', args: { 'svc/name': spare, 'svc/fields': [text(f.name)] } },
          { command: 'schema.type/create', args: { 'svc/name': bare, 'svc/fields': [text(f.name)] } },
          { command: 'schema.field/create', args: { 'svc/holder-type': pets, 'svc/name': f.owner, 'svc/type': owners, 'svc/meta': { 'svc/relation': randomUUID() } } },
          { command: 'schema.field/create', args: { 'svc/holder-type': pets, 'svc/name': f.friend, 'svc/type': owners, 'svc/meta': { 'svc/relation': randomUUID() } } },
        ]),
        `creating ${owners}, ${pets} (related to it twice), ${spare} and ${bare}`,
      );
      // An empty type with no relations goes with the flags given (a server without them refuses the keys).
      const probe = await schemaBatch(ctx, [{ command: 'schema.type/delete', args: { name: spare, 'delete-entities?': true, 'delete-related-fields?': true } }]);
      if (isRefusedKey(probe, 'delete-entities?') || isRefusedKey(probe, 'delete-related-fields?')) {
        throw new CheckUnsupported(['delete-entities?', 'delete-related-fields?'], 'the target refused the public API\'s flags of schema.type/delete');
      }
      expectSuccess(probe, `schema.type/delete of the empty ${spare} with both flags`);
      // What holds no data goes without flags: an empty type nothing relates to, an empty relation field.
      expectSuccess(await schemaBatch(ctx, [{ command: 'schema.type/delete', args: { name: bare } }]), `schema.type/delete of the empty ${bare}, which nothing relates to, without flags`);
      expectSuccess(
        await schemaBatch(ctx, [{ command: 'schema.field/delete', args: { 'holder-type': pets, name: f.friend } }]),
        `schema.field/delete of the relation ${pets}.${f.friend}, which holds no link, without delete-values?`,
      );

      const owner = await run(ctx, { command: 'svc.entity/create', args: { type: owners, entity: { [f.name]: 'o' } } }, `creating an Entity of ${owners}`);
      const ownerId = isRecord(owner) ? String(owner['svc/id']) : '';
      await run(ctx, { command: 'svc.entity/create', args: { type: pets, entity: { [f.nick]: 'p', [f.owner]: { 'svc/id': ownerId } } } }, `creating an Entity of ${pets} related to it`);

      expectSuccess(await schemaBatch(ctx, [{ command: 'schema.field/delete', args: { 'holder-type': pets, name: f.empty } }]), `schema.field/delete of ${pets}.${f.empty}, which holds no value, without delete-values?`);
      await expectRefused(ctx, { command: 'schema.field/delete', args: { 'holder-type': pets, name: f.nick } }, `schema.field/delete of ${pets}.${f.nick}, which holds "p"`, 'schema.error/field-has-values', 'delete-values?');
      await expectRefused(ctx, { command: 'schema.field/delete', args: { 'holder-type': pets, name: f.owner } }, `schema.field/delete of the relation ${pets}.${f.owner}, which holds a link`, 'schema.error/field-has-values', 'delete-values?');
      const entities = await expectRefused(
        ctx,
        { command: 'schema.type/delete', args: { name: owners, 'delete-related-fields?': true } },
        `schema.type/delete of ${owners}, which has 1 Entity`,
        'schema.error/type-has-entities',
        'delete-entities?',
      );
      if (entities.data['name'] !== owners) fail(`schema.error/type-has-entities: data.name should be ${JSON.stringify(owners)}, it is ${JSON.stringify(entities.data['name'])}`, ctx.http.lastExchange?.response);
      const related = await expectRefused(
        ctx,
        { command: 'schema.type/delete', args: { name: owners, 'delete-entities?': true } },
        `schema.type/delete of ${owners}, which ${pets}.${f.owner} relates to`,
        'schema.error/type-has-related-fields',
        'delete-related-fields?',
      );
      const { message } = related;
      if (!message.includes(f.owner)) fail(`schema.error/type-has-related-fields: the message ${JSON.stringify(message)} does not name the field that relates to ${owners} (${f.owner})`, ctx.http.lastExchange?.response);
      const listed = Array.isArray(related.data['fields']) ? related.data['fields'] : [];
      if (!listed.some((x) => isRecord(x) && x['holderType'] === pets && x['name'] === f.owner)) {
        fail(`schema.error/type-has-related-fields: data.fields ${JSON.stringify(related.data['fields'])} does not list {holderType: ${pets}, name: ${f.owner}}`, ctx.http.lastExchange?.response);
      }

      // Nothing went: the field, the link and the type are all there.
      const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': pets, 'q/select': [f.nick, { [f.owner]: ['svc/id'] }], 'q/limit': 5 } } }, `reading ${pets} after the refused deletes`);
      const row = Array.isArray(rows) && isRecord(rows[0]) ? rows[0] : {};
      const link = isRecord(row[f.owner]) ? row[f.owner] : {};
      if (row[f.nick] !== 'p' || (link as Record<string, unknown>)['svc/id'] !== ownerId) {
        fail(`after the refused deletes, ${pets} answers ${JSON.stringify(rows)}; expected its value "p" and its link to ${ownerId} as they were`, ctx.http.lastExchange?.response);
      }

      expectSuccess(await schemaBatch(ctx, [{ command: 'schema.field/delete', args: { 'holder-type': pets, name: f.nick, 'delete-values?': true } }]), `schema.field/delete of ${pets}.${f.nick} with delete-values?`);
      expectSuccess(await schemaBatch(ctx, [{ command: 'schema.type/delete', args: { name: owners, 'delete-entities?': true, 'delete-related-fields?': true } }]), `schema.type/delete of ${owners} with both flags`);
      const schema = await readSchema(ctx);
      if (schema.type(owners)) fail(`after schema.type/delete of ${owners} with both flags, the schema still lists it`, ctx.http.lastExchange?.response);
      const left = schema.type(pets)?.['svc/fields'].map((x) => x['svc/name']) ?? [];
      for (const gone of [f.nick, f.owner]) if (left.includes(gone)) fail(`after the deletes with flags, ${pets} still lists the field ${gone}`, ctx.http.lastExchange?.response);
    } finally {
      await dropTypes(ctx, [owners, pets, spare, bare]);
    }
  },
});
