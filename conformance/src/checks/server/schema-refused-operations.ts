/**
 * Schema operations a server refuses, one family of cases from one table: each case is a
 * `svc.schema/batch` whose last operation is at fault, with the error name and data the spec's
 * ErrorName table gives (`definition-invalid` naming the argument at fault) and a message a person
 * can act on (CMD-ERR-001): it names the part at fault (the name, type, relation or mixin, or the
 * bound broken). A refused batch applies nothing, the operations before the bad one neither. Names
 * at the edges of the rules are accepted (type names, and a field renamed to 200 characters).
 */
import { randomUUID } from 'node:crypto';
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import type { SchemaOperation } from '../../model/schema.js';
import { readSchema } from '../../schema-view.js';
import { isRecord } from '../../shapes.js';
import { dropTypes, schemaBatch, uniqueSpaceName } from '../../workspace.js';

interface RefusedCase {
  what: string;
  ops: SchemaOperation[];
  name: string;
  data: Record<string, string>;
  /** What the message names: one of these (the part at fault, or the bound it breaks). */
  mentions: string[];
}

/** The Database every case works on, with a text field and a relation to a second one. */
function names(space: string) {
  return {
    base: `${space}/Base`,
    other: `${space}/Other`,
    title: `${space}/Title`,
    link: `${space}/Link`,
    back: `${space}/Back`,
    fresh: `${space}/Fresh`,
  };
}

function cases(space: string, relation: string): RefusedCase[] {
  const n = names(space);
  const newType = (name: string): SchemaOperation => ({ command: 'schema.type/create', args: { 'svc/name': name, 'svc/fields': [] } });
  const newField = (name: string, type = 'svc/text', meta?: Record<string, unknown>): SchemaOperation => ({
    command: 'schema.field/create',
    args: { 'svc/holder-type': n.base, 'svc/name': name, 'svc/type': type, ...(meta ? { 'svc/meta': meta } : {}) },
  });
  // A harmless operation first: the refusal of the second must undo it.
  const first = newType(n.fresh);
  const badName = (name: string, why: string): RefusedCase => ({ what: `schema.type/create of ${JSON.stringify(name.slice(0, 40))} (${why})`, ops: [first, newType(name)], name: 'schema.error/definition-invalid', data: { field: 'svc/name' }, mentions: [name] });
  const nope = `${space}/Nope`;
  const longField = `${space}/${'F'.repeat(200 - space.length)}`;
  return [
    { what: 'schema.type/create of an existing name', ops: [first, newType(n.base)], name: 'schema.error/type-exists', data: { name: n.base }, mentions: [n.base] },
    badName('NoSlash', 'no /'),
    badName(`/${space}x`, 'nothing before the /'),
    badName(` ${space}/X`, 'a blank first'),
    badName(`${space}/ X`, 'a blank after the /'),
    badName(`${space}/`, 'nothing after the /'),
    badName(`${'S'.repeat(101)}/A`, '101 characters before the /'),
    badName(`${space}/${'D'.repeat(201)}`, '201 characters after the /'),
    { what: 'schema.type/rename to an existing name', ops: [first, { command: 'schema.type/rename', args: { 'from-name': n.base, 'to-name': n.other } }], name: 'schema.error/type-exists', data: { name: n.other }, mentions: [n.other] },
    { what: 'schema.type/rename to a name without /', ops: [first, { command: 'schema.type/rename', args: { 'from-name': n.base, 'to-name': 'NoSlash' } }], name: 'schema.error/definition-invalid', data: { field: 'to-name' }, mentions: ['NoSlash'] },
    { what: 'schema.type/rename of an unknown type', ops: [first, { command: 'schema.type/rename', args: { 'from-name': `${space}/Nope`, 'to-name': `${space}/Nope2` } }], name: 'schema.error/type-not-found', data: { name: nope }, mentions: [nope] },
    { what: 'schema.type/delete of an unknown type', ops: [first, { command: 'schema.type/delete', args: { name: nope } }], name: 'schema.error/type-not-found', data: { name: nope }, mentions: [nope] },
    { what: 'schema.type/delete of the system type svc/user', ops: [first, { command: 'schema.type/delete', args: { name: 'svc/user' } }], name: 'schema.error/definition-invalid', data: { field: 'name' }, mentions: ['svc/user'] },
    { what: 'schema.field/create on an unknown type', ops: [first, { command: 'schema.field/create', args: { 'svc/holder-type': `${space}/Nope`, 'svc/name': n.fresh, 'svc/type': 'svc/text' } }], name: 'schema.error/type-not-found', data: { name: nope }, mentions: [nope] },
    { what: 'schema.field/create of an existing name', ops: [first, newField(n.title)], name: 'schema.error/field-exists', data: { holderType: n.base, name: n.title }, mentions: [n.title] },
    { what: 'schema.field/create of a 201-character name', ops: [first, newField(longField)], name: 'schema.error/definition-invalid', data: { field: 'svc/name' }, mentions: [longField, '200'] },
    { what: 'schema.field/create of an unknown field type', ops: [first, newField(`${space}/Odd`, `${space}/NoSuchType`)], name: 'schema.error/definition-invalid', data: { field: 'svc/type' }, mentions: [`${space}/NoSuchType`] },
    {
      what: 'schema.field/create of a third end of a relation',
      ops: [first, newField(`${space}/Third`, n.other, { 'svc/relation': relation })],
      name: 'schema.error/definition-invalid',
      data: { field: 'svc/meta' },
      mentions: [relation],
    },
    {
      what: 'schema.field/create of a third end of a relation that would fit it (a second Back on Other, of type Base)',
      ops: [first, { command: 'schema.field/create', args: { 'svc/holder-type': n.other, 'svc/name': `${space}/Third`, 'svc/type': n.base, 'svc/meta': { 'svc/relation': relation } } }],
      name: 'schema.error/definition-invalid',
      data: { field: 'svc/meta' },
      mentions: [relation],
    },
    {
      what: 'schema.field/create of an end of another pair of Databases on a one-ended relation',
      ops: [
        first,
        { command: 'schema.field/create', args: { 'svc/holder-type': n.other, 'svc/name': `${space}/Solo`, 'svc/type': n.base, 'svc/meta': { 'svc/relation': 'c0ffee00-0000-4000-8000-000000000001' } } },
        newField(`${space}/Wrong`, n.base, { 'svc/relation': 'c0ffee00-0000-4000-8000-000000000001' }),
      ],
      name: 'schema.error/definition-invalid',
      data: { field: 'svc/meta' },
      mentions: ['c0ffee00-0000-4000-8000-000000000001'],
    },
    {
      // The target fits the first end's holder; the holder is not the first end's type.
      what: 'schema.field/create of an end held by another Database than the one-ended relation points to',
      ops: [
        first,
        { command: 'schema.field/create', args: { 'svc/holder-type': n.other, 'svc/name': `${space}/Solo`, 'svc/type': n.base, 'svc/meta': { 'svc/relation': 'c0ffee00-0000-4000-8000-000000000002' } } },
        { command: 'schema.field/create', args: { 'svc/holder-type': n.other, 'svc/name': `${space}/Wrong`, 'svc/type': n.other, 'svc/meta': { 'svc/relation': 'c0ffee00-0000-4000-8000-000000000002' } } },
      ],
      name: 'schema.error/definition-invalid',
      data: { field: 'svc/meta' },
      mentions: ['c0ffee00-0000-4000-8000-000000000002'],
    },
    { what: 'schema.field/delete of an unknown field', ops: [first, { command: 'schema.field/delete', args: { 'holder-type': n.base, name: nope } }], name: 'schema.error/field-not-found', data: { holderType: n.base, name: nope }, mentions: [nope] },
    { what: 'schema.field/delete of svc/id', ops: [first, { command: 'schema.field/delete', args: { 'holder-type': n.base, name: 'svc/id' } }], name: 'schema.error/definition-invalid', data: { field: 'name' }, mentions: ['svc/id'] },
    { what: 'schema.field/rename of svc/creation-date', ops: [first, { command: 'schema.field/rename', args: { 'holder-type': n.base, 'from-name': 'svc/creation-date', 'to-name': `${space}/Born` } }], name: 'schema.error/definition-invalid', data: { field: 'from-name' }, mentions: ['svc/creation-date'] },
    { what: 'schema.field/rename to an existing name', ops: [first, { command: 'schema.field/rename', args: { 'holder-type': n.base, 'from-name': n.title, 'to-name': n.link } }], name: 'schema.error/field-exists', data: { holderType: n.base, name: n.link }, mentions: [n.link] },
    { what: 'schema.field/rename to 201 characters', ops: [first, { command: 'schema.field/rename', args: { 'holder-type': n.base, 'from-name': n.title, 'to-name': longField } }], name: 'schema.error/definition-invalid', data: { field: 'to-name' }, mentions: [longField, '200'] },
    { what: 'svc.app/install-mixins of an unknown mixin', ops: [first, { command: 'svc.app/install-mixins', args: { types: { [n.base]: ['no/such-mixin'] } } }], name: 'schema.error/definition-invalid', data: { field: 'types' }, mentions: ['no/such-mixin'] },
    { what: 'svc.app/install-mixins on an unknown type', ops: [first, { command: 'svc.app/install-mixins', args: { types: { [nope]: ['comments/comments-mixin'] } } }], name: 'schema.error/type-not-found', data: { name: nope }, mentions: [nope] },
  ];
}

/** Names at the edges of the rules: accepted (and deleted again). */
function acceptedNames(space: string): string[] {
  const room = 100 - space.length;
  return [`${space}${'s'.repeat(room)}/X`, `${space}/${'D'.repeat(200)}`, `${space}/a b`];
}

async function typeNames(ctx: CheckContext, space: string): Promise<string[]> {
  const schema = await readSchema(ctx);
  return [...schema.byName.values()]
    .filter((t) => t['svc/name'].startsWith(space))
    .map((t) => `${t['svc/name']}: ${JSON.stringify(t['svc/fields'].map((f) => f['svc/name']))}`)
    .sort();
}

export default defineCheck({
  id: 'schema.refused-operations',
  name:
    'Refused schema operations answer their named error with the ErrorName data (type-exists {name}, field-exists {holderType, name}, type-not-found {name}, ' +
    'field-not-found {holderType, name}, definition-invalid {field} naming the argument at fault): names outside the rules, unknown field types, a third end of a relation, ' +
    'unknown mixins, system types and fields, each with a message naming the part at fault; the batch applies nothing, and names at the edges of the rules are accepted',
  level: 'SHOULD',
  area: 'schema',
  requirements: ['SCHEMA-024', 'CMD-ERR-001'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const n = names(space);
    const relation = randomUUID();
    const made: string[] = [n.base, n.other];
    try {
      expectSuccess(
        await schemaBatch(ctx, [
          { command: 'schema.type/create', args: { 'svc/name': n.base, 'svc/fields': [{ 'svc/name': n.title, 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } }] } },
          { command: 'schema.type/create', args: { 'svc/name': n.other, 'svc/fields': [] } },
          { command: 'schema.field/create', args: { 'svc/holder-type': n.base, 'svc/name': n.link, 'svc/type': n.other, 'svc/meta': { 'svc/relation': relation } } },
          { command: 'schema.field/create', args: { 'svc/holder-type': n.other, 'svc/name': n.back, 'svc/type': n.base, 'svc/meta': { 'svc/relation': relation, 'svc/collection?': true } } },
        ]),
        `creating ${n.base} and ${n.other} with a relation`,
      );
      const before = await typeNames(ctx, space);
      for (const c of cases(space, relation)) {
        const res = await schemaBatch(ctx, c.ops);
        const body = res.json;
        if (isRecord(body) && body['success'] === true) {
          // Wrongly accepted: what it created goes with the tear-down.
          for (const op of c.ops) if (op.command === 'schema.type/create') made.push(op.args['svc/name']);
          fail(`${c.what} succeeded; it must be refused with ${c.name}`, res);
        }
        const error = isRecord(body) && isRecord(body['result']) ? body['result'] : {};
        if (error['name'] !== c.name) fail(`${c.what}: expected the error ${c.name}, got ${JSON.stringify(error['name'])}`, res);
        const data = isRecord(error['data']) ? error['data'] : {};
        for (const [key, value] of Object.entries(c.data)) {
          if (data[key] !== value) fail(`${c.what}: data.${key} should be ${JSON.stringify(value)}, it is ${JSON.stringify(data[key])}`, res);
        }
        const message = typeof error['message'] === 'string' ? error['message'] : '';
        if (!c.mentions.some((m) => message.includes(m))) {
          fail(`${c.what}: the message ${JSON.stringify(message.slice(0, 300))} does not name the part at fault (${c.mentions.map((m) => JSON.stringify(m.slice(0, 60))).join(' or ')})`, res);
        }
        const now = await typeNames(ctx, space);
        if (JSON.stringify(now) !== JSON.stringify(before)) {
          made.push(n.fresh);
          fail(`after the refused batch (${c.what}) the schema of ${space} is ${JSON.stringify(now).slice(0, 500)}, expected it unchanged: ${JSON.stringify(before).slice(0, 500)}`, res);
        }
      }
      for (const name of acceptedNames(space)) {
        const res = await schemaBatch(ctx, [{ command: 'schema.type/create', args: { 'svc/name': name, 'svc/fields': [] } }]);
        if (isRecord(res.json) && res.json['success'] === true) made.push(name);
        else fail(`schema.type/create of ${JSON.stringify(name)} (${name.indexOf('/')} characters before the /, ${name.length - name.indexOf('/') - 1} after) was refused; the name follows the rules`, res);
      }
      // A field name of exactly 200 characters, by rename.
      const longest = `${space}/${'R'.repeat(199 - space.length)}`;
      const renamed = await schemaBatch(ctx, [{ command: 'schema.field/rename', args: { 'holder-type': n.base, 'from-name': n.title, 'to-name': longest } }]);
      if (!(isRecord(renamed.json) && renamed.json['success'] === true)) fail(`schema.field/rename of ${n.title} to a name of ${longest.length} characters was refused; a field name may have 200`, renamed);
    } finally {
      await dropTypes(ctx, made);
    }
  },
});
