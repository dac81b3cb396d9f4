/**
 * Malformed and impossible commands, one definition for the checks that send them
 * (command.bad-input-refused: refused and nothing written; command.bad-input: with the error name
 * and message the spec gives): every kind in every run (KIND_EDGES), then random variants.
 */
import fc from 'fast-check';
import { expectSuccess } from '../../assert.js';
import type { CheckContext } from '../../check.js';
import { derivedUuid } from '../../model/driver.js';
import type { Fixture } from '../../model/fixture.js';
import type { TestNames } from '../../model/schema.js';
import type { Json } from '../../model/values.js';
import { isRecord } from '../../shapes.js';
import { schemaBatch } from '../../workspace.js';

/** A malformed or impossible command and what the spec says it gets. */
export interface BadCase {
  command: Json;
  /** The ErrorName the spec gives this case. */
  name: string;
  /** The message names the offending part: one of these occurs in it. */
  mentions: string[];
  /** Where in the command the offending part is (`q/order-by`): the message names that too. */
  where?: string;
  /** Values `data` holds (the spec's ErrorName table: `{operator, expr}` names the operator; CMD-ERR-003: `data.field` names the field). */
  data?: Record<string, Json>;
}

const KINDS = [
  'unknown-type',
  'unknown-field-select',
  'unknown-field-where',
  'unknown-field-order',
  'unknown-field-path',
  'unknown-field-write',
  'operator-arity',
  'operator-misuse',
  'unknown-operator',
  'missing-param',
  'query-value-type',
  'write-value-type',
  'missing-limit',
  'missing-sub-limit',
  'duplicate-id',
  'update-missing',
  'delete-missing',
  'not-a-collection',
  'primitive-path',
  'missing-item',
  'missing-reference',
  'order-through-collection',
  'select-misuse',
  'limit-too-large',
  'only-null-test',
  'malformed-path',
] as const;

type Kind = (typeof KINDS)[number];

/** Variants a descriptor draws from (each kind picks its case by variant modulo its number of cases). */
const VARIANTS = 28;

/** Kinds whose every case is an edge of the query compiler: each case runs in every run. */
const EVERY_CASE: ReadonlySet<Kind> = new Set(['query-value-type', 'operator-misuse', 'operator-arity', 'select-misuse', 'limit-too-large', 'only-null-test', 'malformed-path']);

/** Kinds of writes whose every value runs in every run, once each: variants 0 to n - 1 pick each of their n values. */
const EVERY_VALUE: Partial<Record<Kind, number>> = { 'write-value-type': 11, 'missing-reference': 3 };

/** Every kind in every run, and every case of the kinds in EVERY_CASE (every value of those in EVERY_VALUE). */
export const KIND_EDGES: readonly Descriptor[] = KINDS.flatMap((kind, i) => {
  const count = EVERY_CASE.has(kind) ? VARIANTS : EVERY_VALUE[kind];
  return count === undefined ? [{ kind, variant: i % 12, token: `edge${i}` }] : Array.from({ length: count }, (_, v) => ({ kind, variant: v, token: `edge${i}v${v}` }));
});

export interface Descriptor {
  kind: Kind;
  variant: number;
  /** Makes unknown names, parameters and ids differ between runs. */
  token: string;
}

export const descriptor: fc.Arbitrary<Descriptor> = fc.record({
  kind: fc.constantFrom(...KINDS),
  variant: fc.nat({ max: VARIANTS - 1 }),
  token: fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/),
});

function query(n: TestNames, extra: Record<string, Json> = {}, from = n.items): Json {
  return { command: 'svc.entity/query', args: { query: { 'q/from': from, 'q/select': ['svc/id'], 'q/limit': 10, ...extra } } };
}

function withParams(command: Json, params: Record<string, Json>): Json {
  if (!isRecord(command) || !isRecord(command['args'])) return command;
  return { ...command, args: { ...command['args'], params } } as Json;
}

function pick<T>(list: readonly T[], variant: number): T {
  return list[variant % list.length] as T;
}

/**
 * Adds three fields to the Items: a `svc/date-range` (ranges, locations, files and rich text can
 * only be tested with q/null?, spec/query-semantics.md, which the `only-null-test` kind sends), a
 * rich text field (its one sub-select is `['Collaboration~Documents/secret']`, which `select-misuse`
 * bends) and a `svc/uuid` field (compared as a UUID, as svc/id is, which `query-value-type` tests).
 */
export async function addSpanField(ctx: CheckContext, n: TestNames): Promise<void> {
  const res = await schemaBatch(ctx, [
    { command: 'schema.field/create', args: { 'svc/holder-type': n.items, 'svc/name': spanField(n), 'svc/type': 'svc/date-range' } },
    { command: 'schema.field/create', args: { 'svc/holder-type': n.items, 'svc/name': notesField(n), 'svc/type': RICH_TEXT_TYPE } },
    { command: 'schema.field/create', args: { 'svc/holder-type': n.items, 'svc/name': tokenField(n), 'svc/type': 'svc/uuid' } },
  ]);
  expectSuccess(res, 'schema.field/create of a svc/date-range, a rich text and a svc/uuid field');
}

function spanField(n: TestNames): string {
  return `${n.space}/Span`;
}

function notesField(n: TestNames): string {
  return `${n.space}/Notes`;
}

function tokenField(n: TestNames): string {
  return `${n.space}/Token`;
}

const RICH_TEXT_TYPE = 'Collaboration~Documents/Document';
const RICH_TEXT_SECRET = 'Collaboration~Documents/secret';

export function build(n: TestNames, f: Fixture, { kind, variant, token }: Descriptor): BadCase {
  const unknownType = `${n.space}/Nope${token}`;
  const unknownField = `${n.space}/Nope${token}`;
  const missingId = derivedUuid('missing', token, variant);
  switch (kind) {
    case 'unknown-type': {
      const commands: Json[] = [
        { command: 'svc.entity/query', args: { query: { 'q/from': unknownType, 'q/select': ['svc/id'], 'q/limit': 10 } } },
        { command: 'svc.entity/create', args: { type: unknownType, entity: { [n.title]: 'x' } } },
        { command: 'svc.entity/update', args: { type: unknownType, entity: { 'svc/id': f.items[0], [n.title]: 'x' } } },
        { command: 'svc.entity/delete', args: { type: unknownType, entity: { 'svc/id': f.items[0] } } },
        { command: 'svc.entity/add-collection-items', args: { type: unknownType, entity: { 'svc/id': f.items[0] }, field: n.tags, items: [{ 'svc/id': f.groups[0] }] } },
      ];
      return { command: pick(commands, variant), name: 'entity.error/schema-type-not-found', mentions: [unknownType] };
    }
    case 'unknown-field-select':
      return { command: query(n, { 'q/select': ['svc/id', unknownField] }), name: 'entity.error/schema-field-not-found', mentions: [unknownField] };
    case 'unknown-field-where':
      return { command: query(n, { 'q/where': ['=', [unknownField], 'x'] }), name: 'entity.error/schema-field-not-found', mentions: [unknownField] };
    case 'unknown-field-order':
      return { command: query(n, { 'q/order-by': [[[unknownField], 'q/asc']] }), name: 'entity.error/schema-field-not-found', mentions: [unknownField] };
    case 'unknown-field-path':
      return { command: query(n, { 'q/where': ['=', [n.group, unknownField], 'x'] }), name: 'entity.error/schema-field-not-found', mentions: [unknownField] };
    case 'unknown-field-write': {
      const commands: Json[] = [
        { command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: 'x', [unknownField]: 1 } } },
        { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': f.items[1], [unknownField]: 1 } } },
      ];
      return { command: pick(commands, variant), name: 'entity.error/schema-field-not-found', mentions: [unknownField] };
    }
    case 'operator-arity': {
      // At the top and nested in q/and / q/or, where a request schema may not reach.
      const op = pick(['=', '!=', '<', '>=', 'q/in', 'q/contains', 'q/starts-with-ignoring-case?', 'q/not-in'], variant);
      const bad: Json = variant % 2 === 0 ? [op, [n.title]] : [op, [n.title], 'a', 'b'];
      const nested: Json[] = [bad, ['q/and', bad], ['q/or', ['=', [n.done], true], bad]];
      return { command: query(n, { 'q/where': pick(nested, Math.floor(variant / 2) % 3) }), name: 'entity.error/query-operator-invalid', mentions: [op], data: { operator: op } };
    }
    case 'operator-misuse': {
      // Operators the contract knows, used where they cannot apply (nested where a request schema may not reach).
      const cases: Array<[Json, string]> = [
        [['<', [n.title], null], '<'],
        [['>=', [n.count], null], '>='],
        [['<', [n.done], true], '<'],
        [['q/contains', [n.count], 'x'], 'q/contains'],
        [['q/ends-with-ignoring-case?', [n.done], 'x'], 'q/ends-with-ignoring-case?'],
        [['<', ['q/null?', [n.title]], true], 'q/null?'],
        [['q/and', ['>=', ['q/null?', [n.title]], false]], 'q/null?'],
        // q/null-or-empty? (public API): compared with = or != only, alone with a field only (a server without it names it as unknown).
        [['<', ['q/null-or-empty?', [n.title]], true], 'q/null-or-empty?'],
        [['q/and', ['q/null-or-empty?', [n.title], true]], 'q/null-or-empty?'],
        [['>', ['q/count', [n.title]], 1], 'q/count'],
        [['q/and', ['>', ['q/count', [n.tags, n.name]], 1]], 'q/count'],
        [['q/and', ['=', ['q/count', ['svc/created-by', 'svc/id']], 1]], 'q/count'],
        [['q/and', ['<', ['q/count', [n.group, n.members, 'svc/id']], 2]], 'q/count'],
        [['q/or', ['q/and'], ['=', [n.done], true]], 'q/and'],
        [['q/and', ['=', [n.done], true], ['q/or']], 'q/or'],
        [['q/and', `not-an-expression-${token}`], `not-an-expression-${token}`],
        [['q/or', ['=', [n.done], true], []], '[]'],
        [['q/and', [7, [n.title], 'x']], '7'],
        [['q/starts-with-ignoring-case?', [n.group], 'x'], 'q/starts-with-ignoring-case?'],
      ];
      const [expr, op] = pick(cases, variant);
      return { command: query(n, { 'q/where': expr }), name: 'entity.error/query-operator-invalid', mentions: [op] };
    }
    case 'unknown-operator': {
      // Names of the properties every JavaScript object has are as unknown as any other (nested, where a request schema may not reach).
      const op = pick([`q/nope-${token}`, 'constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'], variant);
      const expr: Json = [op, [n.title], 'a'];
      return { command: query(n, { 'q/where': variant % 2 === 0 ? expr : ['q/and', expr] }), name: 'entity.error/query-operator-invalid', mentions: [op], data: { operator: op } };
    }
    case 'missing-param': {
      const param = `$missing-${token}`;
      const expr: Json = variant % 2 === 0 ? ['=', [n.title], param] : ['q/in', [n.count], param];
      return { command: withParams(query(n, { 'q/where': expr }), { '$other': 1 }), name: 'entity.error/query-param-not-found', mentions: [param] };
    }
    case 'query-value-type': {
      const cases: Array<[Json, string[]]> = [
        [['=', [n.count], 'abc'], [n.count, 'abc']],
        [['>', [n.amount], 'ten'], [n.amount, 'ten']],
        [['=', [n.title], 5], [n.title]],
        [['=', [n.done], 'yes'], [n.done, 'yes']],
        [['=', [n.due], 20240101], [n.due, '20240101']],
        [['=', [n.at], true], [n.at]],
        [['=', ['svc/id'], `not-a-uuid-${token}`], ['svc/id', `not-a-uuid-${token}`]],
        // A svc/uuid field compares as a UUID, as svc/id does (spec/query-semantics.md, Values).
        [['q/and', ['=', [tokenField(n)], `not-a-uuid-${token}`]], [tokenField(n), `not-a-uuid-${token}`]],
        [['=', [n.group], `not-a-uuid-${token}`], [n.group, `not-a-uuid-${token}`]],
        [['q/in', [n.count], ['one', 'two']], [n.count, 'one']],
        [['=', ['q/null?', [n.title]], 'yes'], ['q/null?']],
        [['>', ['q/count', [n.tags, 'svc/id']], 'two'], ['q/count']],
        [['q/in', [n.title], `not-a-list-${token}`], ['q/in']],
        [['q/not-in', [n.count], 3], ['q/not-in']],
        [['q/contains', [n.title], 5], ['q/contains']],
        [['q/starts-with-ignoring-case?', [n.title], true], ['q/starts-with-ignoring-case?']],
        [['q/and', ['<=', ['q/count', [n.tags, 'svc/id']], 1.5]], ['q/count', '1.5']],
        // Dates are YYYY-MM-DD exactly.
        [['=', [n.due], 'x2024-01-02'], [n.due, 'x2024-01-02']],
        [['=', [n.due], '2024-01-02x'], [n.due, '2024-01-02x']],
        [['>', [n.due], '2024-1-02'], [n.due, '2024-1-02']],
        [['<', [n.due], '2024-01-2'], [n.due, '2024-01-2']],
        [['=', [n.at], 'not a time'], [n.at, 'not a time']],
        [['=', ['svc/public-id'], `pid-${token}`], ['svc/public-id', `pid-${token}`]],
        [['<', ['svc/public-id'], true], ['svc/public-id']],
        // Only svc/public-id takes its number as a string; timestamps are strings only.
        [['=', [n.count], '12'], [n.count, '12']],
        [['q/and', ['>', ['svc/creation-date'], 5]], ['svc/creation-date']],
        // A long value is quoted in part (the message stays short), as anywhere else.
        [['=', [n.count], `long-${'x'.repeat(3000)}`], [n.count]],
        [['q/and', ['=', ['q/null?', [n.title]], `long-${'y'.repeat(3000)}`]], ['q/null?']],
      ];
      const [expr, mentions] = pick(cases, variant);
      return { command: query(n, { 'q/where': expr }), name: 'entity.error/query-value-invalid', mentions };
    }
    case 'write-value-type': {
      const values: Array<[string, Json]> = [
        [n.count, 'abc'],
        [n.count, 1.5],
        [n.amount, 'ten'],
        [n.title, 5],
        [n.done, 'yes'],
        [n.due, 20240101],
        [n.at, 'not a time'],
        // References: an id that is no UUID is a bad value (not a missing Entity), and a collection takes an array.
        [n.group, { 'svc/id': 'not-a-uuid' }],
        [n.tags, [{ 'svc/id': 'not-a-uuid' }]],
        [n.tags, { 'svc/id': '00000000-0000-4000-8000-000000000000' }],
        // A long value is quoted in part (the message stays short).
        [n.count, `long-${'z'.repeat(3000)}`],
      ];
      const [field, value] = pick(values, variant);
      const command: Json =
        variant % 2 === 0
          ? { command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: 'x', [field]: value } } }
          : { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': f.items[2], [field]: value } } };
      return { command, name: 'entity.error/value-invalid', mentions: [field], data: { field } };
    }
    case 'missing-limit': {
      const command = query(n);
      const args = isRecord(command) && isRecord(command['args']) && isRecord(command['args']['query']) ? command['args']['query'] : {};
      delete args['q/limit'];
      return { command, name: 'entity.error/query-limit-expr-not-found', mentions: ['q/limit'] };
    }
    case 'missing-sub-limit':
      return {
        command: query(n, { 'q/select': ['svc/id', { [n.members]: { 'q/select': ['svc/id'] } }] }, n.groups),
        name: 'entity.error/query-limit-expr-not-found',
        mentions: ['q/limit'],
      };
    case 'duplicate-id': {
      // Ids are unique across Databases: an id of either Database is taken in both.
      const id = pick([...f.items, ...f.groups], variant);
      const type = variant % 2 === 0 ? n.items : n.groups;
      return { command: { command: 'svc.entity/create', args: { type, entity: { 'svc/id': id } } }, name: 'entity.error/duplicate-id', mentions: [id] };
    }
    case 'update-missing':
      return { command: { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': missingId, [n.title]: 'x' } } }, name: 'entity.error/entity-not-found', mentions: [missingId] };
    case 'delete-missing':
      return { command: { command: 'svc.entity/delete', args: { type: pick([n.items, n.groups], variant), entity: { 'svc/id': missingId } } }, name: 'entity.error/entity-not-found', mentions: [missingId] };
    case 'not-a-collection': {
      const field = pick([n.title, n.group, n.count, 'svc/id'], variant);
      return {
        command: { command: 'svc.entity/add-collection-items', args: { type: n.items, entity: { 'svc/id': f.items[0] }, field, items: [{ 'svc/id': f.groups[1] }] } },
        name: 'entity.error/not-a-collection',
        mentions: [field],
      };
    }
    case 'primitive-path': {
      const through = pick([n.title, n.count, n.due], variant);
      const parts: Array<Record<string, Json>> = [
        { 'q/where': ['=', [through, 'svc/id'], 'x'] },
        { 'q/order-by': [[[through, n.name], 'q/asc']] },
        { 'q/select': ['svc/id', { [`alias-${token}`]: [through, 'svc/id'] }] },
      ];
      return { command: query(n, pick(parts, Math.floor(variant / 3))), name: 'entity.error/query-primitive-field-expr-invalid', mentions: [through], data: { field: through } };
    }
    case 'missing-item':
      return {
        command: { command: 'svc.entity/add-collection-items', args: { type: n.groups, entity: { 'svc/id': f.groups[0] }, field: pick([n.members, n.tagged], variant), items: [{ 'svc/id': missingId }] } },
        name: 'entity.error/entity-not-found',
        mentions: [missingId],
      };
    case 'missing-reference': {
      // A reference, a collection item, or an author (svc/created-by given) that is no Entity.
      const entity: Record<string, Json> = pick([{ [n.group]: { 'svc/id': missingId } }, { [n.tags]: [{ 'svc/id': f.groups[0] }, { 'svc/id': missingId }] }, { [n.title]: 'x', 'svc/created-by': { 'svc/id': missingId } }], variant);
      return { command: { command: 'svc.entity/create', args: { type: n.items, entity } }, name: 'entity.error/entity-not-found', mentions: [missingId] };
    }
    case 'select-misuse': {
      // Select forms a request schema lets through but the language refuses: sub-fields of a primitive field, q/count of what is no collection.
      const alias = `alias-${token}`;
      const cases: BadCase[] = [
        { command: query(n, { 'q/select': ['svc/id', { [n.title]: ['svc/id'] }] }), name: 'entity.error/query-primitive-field-expr-invalid', mentions: [n.title], data: { field: n.title } },
        { command: query(n, { 'q/select': ['svc/id', { [n.count]: { 'q/select': ['svc/id'], 'q/limit': 1 } }] }), name: 'entity.error/query-primitive-field-expr-invalid', mentions: [n.count], data: { field: n.count } },
        { command: query(n, { 'q/select': ['svc/id', { [alias]: ['q/count', [n.title]] }] }), name: 'entity.error/query-operator-invalid', mentions: ['q/count'], data: { operator: 'q/count' } },
        { command: query(n, { 'q/select': ['svc/id', { [alias]: ['q/count', [n.tags, n.name]] }] }), name: 'entity.error/query-operator-invalid', mentions: ['q/count'], data: { operator: 'q/count' } },
        { command: query(n, { 'q/select': ['svc/id', { [alias]: ['q/count', ['svc/created-by', 'svc/id']] }] }), name: 'entity.error/query-operator-invalid', mentions: ['q/count'], data: { operator: 'q/count' } },
        { command: query(n, { 'q/select': ['svc/id', { [alias]: ['q/count', [n.group, n.members, 'svc/id']] }] }), name: 'entity.error/query-operator-invalid', mentions: ['q/count'], data: { operator: 'q/count' } },
        // Only a rich text field has the sub-field Collaboration~Documents/secret, and it has no other.
        { command: query(n, { 'q/select': ['svc/id', { [n.title]: [RICH_TEXT_SECRET] }] }), name: 'entity.error/query-primitive-field-expr-invalid', mentions: [n.title], data: { field: n.title } },
        { command: query(n, { 'q/select': ['svc/id', { [notesField(n)]: ['svc/id'] }] }), name: 'entity.error/query-primitive-field-expr-invalid', mentions: [notesField(n)], data: { field: notesField(n) } },
        { command: query(n, { 'q/select': ['svc/id', { [notesField(n)]: [RICH_TEXT_SECRET, 'svc/id'] }] }), name: 'entity.error/query-primitive-field-expr-invalid', mentions: [notesField(n)], data: { field: notesField(n) } },
      ];
      return pick(cases, variant);
    }
    case 'limit-too-large': {
      // q/limit is at most 10000 (spec/query-semantics.md), on the query and on a sub-query.
      const cases: Json[] = [
        query(n, { 'q/limit': 10_001 }),
        query(n, { 'q/select': ['svc/id', { [n.members]: { 'q/select': ['svc/id'], 'q/limit': 10_001 } }] }, n.groups),
      ];
      return { command: pick(cases, variant), name: 'entity.error/query-value-invalid', mentions: ['q/limit', '10001'] };
    }
    case 'only-null-test': {
      // A range compares with nothing but q/null?: not with =, <, a text operator, a list, nor as an order key.
      const span = spanField(n);
      const cases: BadCase[] = [
        { command: query(n, { 'q/where': ['=', [span], '2024-01-01'] }), name: 'entity.error/query-operator-invalid', mentions: [span] },
        { command: query(n, { 'q/where': ['q/and', ['<', [span], '{"start":"2024-01-01","end":"2024-01-02"}']] }), name: 'entity.error/query-operator-invalid', mentions: [span] },
        { command: query(n, { 'q/where': ['q/contains', [span], '2024'] }), name: 'entity.error/query-operator-invalid', mentions: [span] },
        { command: query(n, { 'q/where': ['q/in', [span], ['2024-01-01']] }), name: 'entity.error/query-operator-invalid', mentions: [span] },
        { command: query(n, { 'q/order-by': [[[span], 'q/asc']] }), name: 'entity.error/query-operator-invalid', mentions: [span], where: 'q/order-by' },
      ];
      return pick(cases, variant);
    }
    case 'malformed-path': {
      // Paths a request schema may not reach (nested): empty, not names, longer than 16 names.
      const long = Array.from({ length: 17 }, (_, i) => `${n.space}/P${i}`);
      const sixteen = Array.from({ length: 16 }, (_, i) => `${n.space}/Nope${token}${i}`);
      const cases: BadCase[] = [
        { command: query(n, { 'q/where': ['q/and', ['=', [], true]] }), name: 'entity.error/query-operator-invalid', mentions: ['[]'] },
        { command: query(n, { 'q/where': ['q/and', ['=', [5], true]] }), name: 'entity.error/query-operator-invalid', mentions: ['[5]'] },
        { command: query(n, { 'q/where': ['q/or', ['=', [n.title, 7], 'x']] }), name: 'entity.error/query-operator-invalid', mentions: [n.title] },
        { command: query(n, { 'q/where': ['q/and', ['=', long, 1]] }), name: 'entity.error/query-operator-invalid', mentions: [long[0] as string] },
        // Sixteen names is a path: its first name is unknown.
        { command: query(n, { 'q/where': ['q/and', ['=', sixteen, 1]] }), name: 'entity.error/schema-field-not-found', mentions: [sixteen[0] as string] },
      ];
      return pick(cases, variant);
    }
    case 'order-through-collection':
      return { command: query(n, { 'q/order-by': [[[pick([n.tags, n.tags], variant), n.name], 'q/asc']] }), name: 'entity.error/query-operator-invalid', mentions: [n.tags], where: 'q/order-by' };
  }
}

