/**
 * Schema operations in the public API's forms (spec: FieldType, FieldSetMetaOp): the field type
 * names `svc/int`, `svc/emoji` and `svc/rank` taken as `svc/integer`, `svc/text` and `svc/integer`, and
 * `schema.field/set-meta` with one `key` and `value` (the other keys of the meta stay), and
 * `schema.enum/create` with `svc/meta`, `schema.type/create` with `svc/id`, and the mixin names
 * `icon/icon-mixin` and `avatar/avatar-mixin`.
 */
import { randomUUID } from 'node:crypto';
import { expectSuccess, fail } from '../../assert.js';
import { CheckUnsupported, defineCheck } from '../../check.js';
import { readSchema } from '../../schema-view.js';
import { isRecord } from '../../shapes.js';
import { dropTypes, run, schemaBatch, uniqueSpaceName } from '../../workspace.js';

/** A public API type name, the type svc-kit lists it as, and a value written and read back. */
const ALIASES: ReadonlyArray<{ alias: string; listed: string; value: string | number }> = [
  { alias: 'svc/int', listed: 'svc/integer', value: 42 },
  { alias: 'svc/emoji', listed: 'svc/text', value: '🚀' },
  { alias: 'svc/rank', listed: 'svc/integer', value: 7 },
];

export default defineCheck({
  id: 'schema.public-api-forms',
  name:
    'The public API forms of schema operations: fields of type svc/int, svc/emoji and svc/rank are created as svc/integer, svc/text and svc/integer and hold such values; ' +
    'schema.field/set-meta with key and value sets that key and keeps the others; schema.enum/create with svc/meta keeps that meta on the enum type; ' +
    'schema.type/create with svc/id makes the type with that id (a taken id refused naming svc/id); install-mixins takes icon/icon-mixin and avatar/avatar-mixin',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'schema',
  requirements: ['SCHEMA-029', 'SCHEMA-030', 'SCHEMA-031', 'SCHEMA-033', 'SCHEMA-034'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const type = `${space}/Forms`;
    const enumType = `${space}/Kind_${space}/Forms`;
    const field = (alias: string) => `${space}/${alias.replace('svc/', 'F-')}`;
    const typeId = randomUUID();
    const made = await schemaBatch(ctx, [
      { command: 'schema.type/create', args: { 'svc/id': typeId, 'svc/name': type, 'svc/fields': [{ 'svc/name': `${space}/Name`, 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true, 'svc/readonly?': false } }] } },
      ...ALIASES.map(({ alias }) => ({ command: 'schema.field/create' as const, args: { 'svc/holder-type': type, 'svc/name': field(alias), 'svc/type': alias } })),
    ]);
    try {
      if (made.status === 400 || (isRecord(made.json) && made.json['success'] === false)) {
        throw new CheckUnsupported(['field types svc/int, svc/emoji and svc/rank'], `svc.schema/batch creating them answered ${made.status}: ${JSON.stringify(made.json).slice(0, 200)}`);
      }
      expectSuccess(made, `creating ${type} with fields of types ${ALIASES.map((a) => a.alias).join(', ')}`);
      const schema = await readSchema(ctx);
      const listedId = schema.requireType(type, 'the type created with svc/id')['svc/id'];
      if (listedId !== typeId) fail(`${type} was created with svc/id ${typeId} and is listed with ${listedId}`, ctx.http.lastExchange?.response);
      const again = await schemaBatch(ctx, [{ command: 'schema.type/create', args: { 'svc/id': typeId, 'svc/name': `${space}/Other` } }]);
      const againError = isRecord(again.json) && isRecord(again.json['result']) ? again.json['result'] : undefined;
      if (again.status !== 200 || !againError || againError['name'] !== 'schema.error/definition-invalid' || !JSON.stringify(againError['data']).includes('svc/id')) {
        fail(`schema.type/create with the svc/id of ${type} should be refused with schema.error/definition-invalid naming svc/id, got ${again.status}: ${JSON.stringify(again.json).slice(0, 300)}`, again);
      }
      for (const { alias, listed } of ALIASES) {
        const got = schema.requireField(type, field(alias), `the field created with type ${alias}`)['svc/type'];
        if (got !== listed) fail(`a field created with type ${alias} is listed with type ${got}, expected ${listed}`, ctx.http.lastExchange?.response);
      }
      const entity = Object.fromEntries(ALIASES.map(({ alias, value }) => [field(alias), value]));
      const created = await run(ctx, { command: 'svc.entity/create', args: { type, entity } }, `creating an Entity of ${type}`);
      const id = isRecord(created) ? created['svc/id'] : undefined;
      const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': type, 'q/select': Object.keys(entity), 'q/where': ['=', ['svc/id'], '$id'], 'q/limit': 1 }, params: { $id: String(id) } } }, 'reading it back');
      const row: unknown = Array.isArray(rows) ? rows[0] : undefined;
      for (const [name, value] of Object.entries(entity)) {
        if (!isRecord(row) || row[name] !== value) fail(`${name} was written ${JSON.stringify(value)} and reads ${JSON.stringify(isRecord(row) ? row[name] : row)}`, ctx.http.lastExchange?.response);
      }

      const name = `${space}/Name`;
      const res = await schemaBatch(ctx, [{ command: 'schema.field/set-meta', args: { 'holder-type': type, name, key: 'svc/hidden?', value: true } }]);
      if (res.status === 400) throw new CheckUnsupported(['schema.field/set-meta with key and value'], `answered 400: ${JSON.stringify(res.json).slice(0, 200)}`);
      expectSuccess(res, 'schema.field/set-meta with key svc/hidden? and value true');
      const meta = (await readSchema(ctx)).requireField(type, name, 'the field whose meta was set')['svc/meta'] as Record<string, unknown>;
      if (meta['svc/hidden?'] !== true) fail(`after set-meta of svc/hidden? to true the meta of ${name} is ${JSON.stringify(meta)}`, ctx.http.lastExchange?.response);
      if (meta['ui/title?'] !== true) fail(`set-meta of one key dropped the others: the meta of ${name} lost ui/title? (${JSON.stringify(meta)})`, ctx.http.lastExchange?.response);

      const enumRes = await schemaBatch(ctx, [{ command: 'schema.enum/create', args: { 'svc/name': enumType, 'svc/meta': { 'svc/type-component?': true }, 'svc/values': [{ 'enum/name': 'One' }] } }]);
      if (enumRes.status === 400) throw new CheckUnsupported(['schema.enum/create with svc/meta'], `answered 400: ${JSON.stringify(enumRes.json).slice(0, 200)}`);
      expectSuccess(enumRes, 'schema.enum/create with svc/meta {svc/type-component?: true}');
      const enumMeta = (await readSchema(ctx)).requireType(enumType, 'the enum type created with svc/meta')['svc/meta'] as Record<string, unknown>;
      if (enumMeta['svc/type-component?'] !== true) fail(`the enum type created with svc/meta {svc/type-component?: true} has the meta ${JSON.stringify(enumMeta)}`, ctx.http.lastExchange?.response);
      if (enumMeta['svc/enum?'] !== true) fail(`the enum type created with svc/meta lost svc/enum?: ${JSON.stringify(enumMeta)}`, ctx.http.lastExchange?.response);

      const mixins = await schemaBatch(ctx, [{ command: 'svc.app/install-mixins', args: { types: { [type]: ['icon/icon-mixin', 'avatar/avatar-mixin'] } } }]);
      if (mixins.status === 200 && isRecord(mixins.json) && mixins.json['success'] === false) throw new CheckUnsupported(['the mixin names icon/icon-mixin and avatar/avatar-mixin'], JSON.stringify(mixins.json).slice(0, 200));
      expectSuccess(mixins, 'svc.app/install-mixins of icon/icon-mixin and avatar/avatar-mixin');
      const afterMixins = await readSchema(ctx);
      for (const [mixin, field] of [['icon/icon-mixin', 'icon/icon'], ['avatar/avatar-mixin', 'avatar/avatar']] as const) {
        if (!afterMixins.field(type, field)) fail(`after installing ${mixin}, ${type} has no field ${field}`, ctx.http.lastExchange?.response);
      }
    } finally {
      await dropTypes(ctx, [enumType, type]);
    }
  },
});
