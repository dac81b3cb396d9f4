/**
 * The deterministic boundary sweep that runs before the random runs of the model-based checks, in
 * every profile: one data set built so that every operator meets its edges, then one query per
 * edge, each compared with the model (spec/query-semantics.md).
 *
 * The data: for every value field a pivot value held by two Entities (a tie), its nearest values
 * below and above (a millisecond, one, a quarter, a day, one letter or case apart), values far
 * below and above, and (full profile) an Entity without a value; text values that differ only in
 * case, the empty text (far below) and one holding the LIKE wildcards `%` and `_` (far above); to-one relations to targets with tied, case-variant
 * and missing values and to none; collections with zero, one, two and three items.
 *
 * The queries: every comparison operator of every field against the pivot (so `<` and `<=`, `>`
 * and `>=`, `=` and `!=` differ), through relations and collections too; null operands and
 * `q/null?` and `q/null-or-empty?` (compared and alone); `q/in`/`q/not-in` with present, absent, repeated and no values; every text operator
 * with case variants and wildcards; `q/count` of empty and non-empty collections against -1, 0, 1
 * and 2 with every comparison; `q/and`/`q/or` of one and several expressions; public ids as
 * strings and a bare field name as a path; paths through `svc/created-by` to the author's
 * `user/email` and `user/name`, and sub-queries of it (once the driver has read the authors); every orderable key
 * (own and through the to-one relation) in both directions, with ties and missing values, alone,
 * combined and under `q/limit`; every select shape. In the full profile a write sweep follows:
 * updates to null and back, relation and collection replacements, adding items already there and
 * removing absent ones, moving an item of a one-to-many collection, deletes of referenced
 * Entities, all checked by a full dump.
 *
 * The queries travel in svc.command/batch requests; a difference is confirmed by sending the query
 * alone, so the failure carries its own curl line.
 */
import { fail } from '../assert.js';
import { isRecord } from '../shapes.js';
import { orderPaths, wherePaths, type PathInfo, type Profile, type QueryTemplate, type SchemaShapes, type WriteOp } from './arbitraries.js';
import type { Command, ModelDriver, Query } from './driver.js';
import { exactDifference } from './driver.js';
import { QueryEvaluator } from './query.js';
import type { ValueKind } from './schema.js';
import type { Json, JsonObject } from './values.js';

type WrittenKind = Exclude<ValueKind, 'uuid' | 'public-id'>;

/**
 * Values by kind, by Entity: [0] and [1] the pivot (a tie), [2] its nearest value below, [3] its
 * nearest value above, [4] far below, [5] missing (full profile; the contract profile writes
 * [6] there), [6] far above.
 */
const VALUES: Record<WrittenKind, Json[]> = {
  text: ['ab', 'ab', 'aB', 'ac', '', null, 'x_%y'],
  integer: [1, 1, 0, 2, -30, null, 30],
  decimal: [1.5, 1.5, 1.25, 1.75, -0.5, null, 10],
  bool: [true, true, false, false, true, null, false],
  date: ['2024-01-02', '2024-01-02', '2024-01-01', '2024-01-03', '1999-12-31', null, '2030-06-15'],
  'date-time': [
    '2024-01-01T10:00:00.000Z',
    '2024-01-01T10:00:00.000Z',
    '2024-01-01T09:59:59.999Z',
    '2024-01-01T10:00:00.001Z',
    '2000-01-01T00:00:00.000Z',
    null,
    '2030-01-01T00:00:00.000Z',
  ],
};

/** Values of the referenced Databases' Entities: [0] the pivot, [1] a case variant / below, [2] ties [0], [3] missing (full). */
const TARGET_VALUES: Record<WrittenKind, Json[]> = {
  text: ['alpha', 'Alpha', 'beta', null],
  integer: [2, 1, 2, null],
  decimal: [2.5, 1.5, 2.5, null],
  bool: [true, false, true, null],
  date: ['2024-01-02', '2024-01-01', '2024-01-02', null],
  'date-time': ['2024-01-01T10:00:00.000Z', '2024-01-01T09:59:59.999Z', '2024-01-01T10:00:00.000Z', null],
};

/** Targets of the first Database's to-one relation, by Entity (undefined: none). */
const TO_ONE: Array<number | undefined> = [0, 0, 1, 2, 3, undefined, 1];
/** Items of its collections, by Entity: none, one, two and three. */
const COLLECTION: number[][] = [[0, 1], [], [2], [0], [], [1, 2, 3], []];

const FIRST = 0;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

function written(kind: ValueKind): kind is WrittenKind {
  return kind !== 'uuid' && kind !== 'public-id';
}

/** Creates of the sweep: 4 Entities of each referenced Database, then 7 of the first, with the values above. */
export function sweepData(shapes: SchemaShapes, profile: Profile): WriteOp[] {
  const ops: WriteOp[] = [];
  for (const info of [...shapes.types].reverse()) {
    const first = info.index === FIRST;
    const count = first ? VALUES.text.length : TARGET_VALUES.text.length;
    for (let i = 0; i < count; i++) {
      const values: JsonObject = {};
      for (const field of info.writable) {
        if (!written(field.valueKind)) continue;
        const table = first ? VALUES[field.valueKind] : TARGET_VALUES[field.valueKind];
        // The contract profile writes every value: the missing one becomes the far value above.
        const value = table[i] === null && profile === 'contract' ? (first ? table[6] : table[0]) : table[i];
        if (value !== null && value !== undefined) values[field.name] = value;
      }
      if (first) {
        for (const rel of info.relations) {
          const target = shapes.typeIndex(rel.target);
          if (rel.collection) values[rel.name] = (COLLECTION[i] ?? []).map((p): Json => ({ 'svc/id': `@ref:${target}:${p}` }));
          else if (TO_ONE[i] !== undefined) values[rel.name] = { 'svc/id': `@ref:${target}:${TO_ONE[i]}` };
          else if (profile === 'contract') values[rel.name] = { 'svc/id': `@ref:${target}:3` };
        }
      }
      ops.push({ op: 'create', type: info.index, values, supplyId: true });
    }
  }
  return ops;
}

/** The pivot operand of a path: the value of the path's field on the owner's Entity 0 (a tie of Entities 0 and 1). */
function pivot(p: PathInfo): Json {
  if (p.kind === 'uuid') return p.idType === -1 ? '@user' : `@ref:${p.idType ?? p.owner}:${p.owner === FIRST ? 3 : 0}`;
  if (p.fieldName === 'svc/public-id') return `@pid:${p.owner}:3`;
  if (p.fieldName === 'svc/creation-date') return `@cd:${p.owner}:3`;
  return `@val|${p.owner}|0|${p.fieldName}`;
}

/** A present value other than the pivot (the nearest above, on the first Database). */
function above(p: PathInfo): Json {
  if (p.kind === 'uuid') return p.idType === -1 ? '@user' : `@ref:${p.idType ?? p.owner}:1`;
  if (p.fieldName === 'svc/public-id') return `@pid:${p.owner}:1`;
  if (p.fieldName === 'svc/creation-date') return `@cd:${p.owner}:1`;
  return `@val|${p.owner}|${p.owner === FIRST ? 3 : 1}|${p.fieldName}`;
}

/** Comparison operators of a kind in a profile (the contract: `=`, and `>` on numbers and dates). */
function comparisons(p: PathInfo, profile: Profile): string[] {
  if (p.kind === 'bool') return profile === 'full' ? ['=', '!='] : ['='];
  if (profile === 'contract') return ['integer', 'decimal', 'date', 'date-time'].includes(p.kind) ? ['=', '>'] : ['='];
  return ['=', '!=', '<', '<=', '>', '>='];
}

class SweepBuilder {
  readonly out: QueryTemplate[] = [];

  constructor(
    private readonly shapes: SchemaShapes,
    readonly profile: Profile,
  ) {}

  /** A query of Entities' svc/id (ordered by svc/id unless an order is given), operands moved to params every other time. */
  where(type: number, expr: Json, extra: JsonObject = {}): void {
    const name = this.shapes.types[type]?.name ?? '';
    this.out.push({
      query: { 'q/from': name, 'q/select': ['svc/id'], 'q/limit': 100, ...extra, 'q/where': expr },
      paramize: [this.out.length % 2 === 0, true, true],
      altTimes: this.profile === 'full' && this.out.length % 3 === 0,
    });
  }

  query(type: number, extra: JsonObject): void {
    const name = this.shapes.types[type]?.name ?? '';
    this.out.push({ query: { 'q/from': name, 'q/select': ['svc/id'], 'q/limit': 100, ...extra }, paramize: [], altTimes: false });
  }

  /** Every Entity in one answer (`q/no-limit` instead of `q/limit`). */
  all(type: number): void {
    const name = this.shapes.types[type]?.name ?? '';
    this.out.push({ query: { 'q/from': name, 'q/select': ['svc/id'], 'q/no-limit': true }, paramize: [], altTimes: false });
  }
}

/** One query per edge: see the file's comment. */
export function sweepQueries(shapes: SchemaShapes, profile: Profile, authors = false): QueryTemplate[] {
  const b = new SweepBuilder(shapes, profile);
  const full = profile === 'full';
  for (const info of shapes.types) {
    const t = info.index;
    const paths = wherePaths(shapes, t, profile);
    const own = paths.filter((p) => !p.throughRelation);
    // Through each relation: the target's text, integer and date-time fields and its svc/id.
    const related = paths.filter(
      (p) => p.throughRelation && !p.endsOnRelation && p.path.length === 2 && (['text', 'integer', 'date-time'].includes(p.kind) || p.fieldName === 'svc/id') && p.fieldName !== 'svc/modification-date' && p.fieldName !== 'svc/creation-date',
    );
    // Operators through a collection ("any item"): equality, its negation and one of each direction.
    const through = (p: PathInfo, op: string): boolean => !p.many || ['=', '!=', '<', '>='].includes(op);
    const twoSteps = paths.filter((p) => p.path.length > 2 || (p.path.length === 2 && p.endsOnRelation));

    // Comparisons against the pivot: every operator of every field (own), and through relations.
    for (const p of own) for (const op of comparisons(p, profile)) b.where(t, [op, p.path, pivot(p)]);
    for (const p of related) for (const op of comparisons(p, profile).filter((o) => through(p, o))) b.where(t, [op, p.path, pivot(p)]);
    for (const p of twoSteps.slice(0, full ? 4 : 0)) for (const op of ['=', '!=']) b.where(t, [op, p.path, pivot(p)]);
    // A path written as a bare field name.
    const bare = own.find((p) => p.kind === 'text');
    if (full && bare) b.where(t, ['=', bare.path[0] as string, pivot(bare)]);
    // svc/public-id against the string the contract shows (it compares as a number).
    const publicId = own.find((p) => p.fieldName === 'svc/public-id');
    if (full && publicId) for (const op of ['=', '<', '>=']) b.where(t, [op, publicId.path, `@pids:${publicId.owner}:1`]);

    // Membership: present and absent values, a repeated value, and (full) no value at all.
    for (const p of [...own, ...related.slice(0, 3)].filter((q) => q.kind !== 'bool')) {
      b.where(t, ['q/in', p.path, [pivot(p), above(p)]]);
      if (full) b.where(t, ['q/not-in', p.path, [pivot(p), above(p)]]);
    }
    const firstText = own.find((p) => p.kind === 'text');
    const firstNumber = own.find((p) => p.kind === 'integer');
    for (const p of [firstText, firstNumber]) {
      if (p === undefined) continue;
      b.where(t, ['q/in', p.path, [pivot(p), pivot(p), above(p)]]);
      if (!full) continue;
      b.where(t, ['q/in', p.path, []]);
      b.where(t, ['q/not-in', p.path, []]);
    }
    if (!full) {
      // The contract's forms end here: q/and, ascending keys over numbers and dates, selects.
      const p = own.find((q) => q.kind === 'integer') ?? own[0];
      if (p) b.where(t, ['q/and', ['=', p.path, pivot(p)], ['>', ['svc/id'], NIL_UUID]]);
    } else {
      // Missing values: = null, != null and q/null? of every field, own and through relations.
      for (const p of [...own.filter((q) => q.fieldName !== 'svc/id'), ...related.slice(0, 2)]) {
        b.where(t, ['=', p.path, null]);
        b.where(t, ['!=', ['q/null?', p.path], true]);
        // q/null-or-empty?: also true of the empty text; compared, and alone.
        b.where(t, ['=', ['q/null-or-empty?', p.path], true]);
        b.where(t, ['q/null-or-empty?', p.path]);
      }
      for (const p of paths.filter((q) => q.endsOnRelation && q.path.length === 1)) {
        b.where(t, ['=', ['q/null?', p.path], true]);
        b.where(t, ['!=', p.path, null]);
      }
      // Text operators: case variants, a substring, the LIKE wildcards, the empty string.
      const textOps = ['q/contains', 'q/not-contains', 'q/starts-with-ignoring-case?', 'q/ends-with-ignoring-case?', 'q/equals-ignoring-case?', 'q/not-equals-ignoring-case?'];
      for (const p of own.filter((q) => q.kind === 'text')) for (const op of textOps) for (const operand of ['AB', 'b', '%', '_', '']) b.where(t, [op, p.path, operand]);
      for (const p of related.filter((q) => q.kind === 'text')) for (const op of p.many ? ['q/contains', 'q/equals-ignoring-case?'] : textOps) b.where(t, [op, p.path, 'ALPHA']);
      // "Has this Entity": to-one and collection ends, by id and by {svc/id}.
      for (const p of paths.filter((q) => q.endsOnRelation && q.path.length === 1 && q.idType !== -1)) {
        b.where(t, ['q/contains', p.path, `@ref:${p.idType}:0`]);
        b.where(t, ['q/not-contains', p.path, { 'svc/id': `@ref:${p.idType}:0` }]);
      }
      // q/count of collections (empty and not) against 0, 1 and 2, with every comparison.
      for (const rel of info.relations.filter((r) => r.collection).slice(0, 1)) {
        for (const op of ['=', '!=', '<', '<=', '>', '>=']) for (const n of [0, 1, 2]) if (n !== 2 || op === '=' || op === '>') b.where(t, [op, ['q/count', [rel.name, 'svc/id']], n]);
        // Below every count: no Entity has -1 items, every Entity has more.
        for (const op of ['=', '!=', '<', '<=', '>', '>=']) b.where(t, [op, ['q/count', [rel.name, 'svc/id']], -1]);
      }
      // q/and and q/or of one and of several expressions, nested.
      const a = own.find((p) => p.kind === 'integer') ?? own[0];
      const c = own.find((p) => p.kind === 'text') ?? own[0];
      if (a && c) {
        b.where(t, ['q/and', ['>=', a.path, pivot(a)]]);
        b.where(t, ['q/or', ['<', a.path, pivot(a)]]);
        b.where(t, ['q/or', ['=', c.path, pivot(c)], ['q/and', ['>', a.path, pivot(a)], ['!=', c.path, null]], ['=', a.path, null]]);
        b.where(t, ['q/and', ['q/or', ['<=', a.path, pivot(a)], ['=', c.path, above(c)]], ['!=', ['svc/id'], `@ref:${t}:0`]]);
      }
    }

    // Through svc/created-by to the author's fields (when the service told the model its authors).
    if (full && authors) {
      b.where(t, ['=', ['svc/created-by', 'user/email'], '@user:user/email']);
      b.where(t, ['!=', ['svc/created-by', 'user/email'], '@user:user/email']);
      b.where(t, ['q/and', ['=', ['q/null?', ['svc/created-by', 'user/name']], false], ['q/contains', ['svc/created-by', 'user/name'], '@user:user/name']]);
      b.query(t, { 'q/order-by': [[['svc/created-by', 'user/name'], 'q/desc']] });
      // Through a to-one relation to its author.
      const toOne = info.relations.find((r) => !r.collection);
      if (toOne) {
        b.where(t, ['=', [toOne.name, 'svc/created-by', 'user/email'], '@user:user/email']);
        b.query(t, { 'q/order-by': [[[toOne.name, 'svc/created-by', 'user/name'], 'q/asc']] });
      }
      b.query(t, { 'q/select': ['svc/id', { 'author-email': ['svc/created-by', 'user/email'] }, { 'svc/created-by': ['svc/id', 'user/name'] }] });
      // A sub-query of svc/created-by: its q/where keeps the author, or leaves null.
      for (const op of ['=', '!=']) b.query(t, { 'q/select': ['svc/id', { 'svc/created-by': { 'q/select': ['svc/id', 'user/email'], 'q/where': [op, ['user/email'], '@user:user/email'], 'q/limit': 1 } }] });
    }

    // Orders: every key in both directions (ties and missing values in the data), alone, after
    // another key and under a limit; the contract profile: ascending numbers and dates of its own.
    // Through the to-one relation: its first text and integer keys (ties, case variants and missing values there).
    const keys = orderPaths(shapes, t, profile).filter((p) => !p.throughRelation || (p.path.length === 2 && related.some((r) => r.path.join('/') === p.path.join('/')) && ['text', 'integer'].includes(p.kind)));
    const dirs = full ? ['q/asc', 'q/desc'] : ['q/asc'];
    for (const p of keys) for (const dir of dirs) b.query(t, { 'q/order-by': [[p.path, dir]] });
    if (keys.length >= 2) {
      const [k1, k2] = [keys.find((k) => k.throughRelation) ?? keys[1], keys.find((k) => !k.throughRelation && k.kind === 'text') ?? keys[0]] as [PathInfo, PathInfo];
      for (const dir of dirs) {
        b.query(t, { 'q/order-by': [[k1.path, dir], [k2.path, dir === 'q/asc' ? (full ? 'q/desc' : 'q/asc') : 'q/asc']], 'q/limit': 3 });
        // The same key under a condition every Entity meets.
        b.where(t, [full ? '!=' : '>', ['svc/id'], NIL_UUID], { 'q/order-by': [[k2.path, dir]], 'q/limit': 2 });
      }
    }

    // Limits: none matching, one, all and beyond, and q/no-limit.
    for (const limit of [0, 1, 4]) b.query(t, { 'q/limit': limit });
    b.all(t);

    // Every select shape: plain fields, relations with sub-fields, sub-queries, aliases and counts.
    const plain = shapes.fieldsOf(t).filter((f) => f.system !== 'svc/modification-date' && (full || f.system !== 'svc/created-by')).map((f) => f.name);
    const maps: Json[] = [];
    for (const rel of info.relations) {
      const target = shapes.types[shapes.typeIndex(rel.target)];
      const sub = ['svc/id', ...(target?.writable.map((f) => f.name) ?? [])];
      maps.push({ [rel.name]: sub });
      if (rel.collection) {
        const key = target?.writable.find((f) => f.valueKind === 'integer')?.name;
        for (const limit of full ? [0, 1, 100] : [100]) {
          const subQuery: JsonObject = { 'q/select': sub, 'q/limit': limit };
          if (full && key) subQuery['q/order-by'] = [[[key], limit === 1 ? 'q/desc' : 'q/asc']];
          if (full && key && limit === 100) subQuery['q/where'] = ['>=', [key], 2];
          b.query(t, { 'q/select': ['svc/id', { [rel.name]: subQuery }] });
        }
        if (full) {
          maps.push({ [`count-${rel.name}`]: ['q/count', [rel.name, 'svc/id']] });
          maps.push({ [`ids-${rel.name}`]: [rel.name, 'svc/id'] });
          // A path that ends on the collection itself: its items' ids.
          maps.push({ [`refs-${rel.name}`]: [rel.name] });
          if (target?.writable[0]) maps.push({ [`values-${rel.name}`]: [rel.name, target.writable[0].name] });
        }
      } else if (full) {
        maps.push({ [`via-${rel.name}`]: [rel.name, target?.writable[0]?.name ?? 'svc/id'] });
        // A path through the to-one relation that ends on a collection of its target: several ids.
        const further = target?.relations.find((r) => r.collection);
        if (further) maps.push({ [`refs-${rel.name}-${further.name}`]: [rel.name, further.name] });
        // The to-one relation's own fields without its svc/id, and as a sub-query with a q/where.
        const first = target?.writable[0];
        if (first) {
          b.query(t, { 'q/select': ['svc/id', { [rel.name]: [first.name] }] });
          // Aliases among the to-one relation's sub-fields: first, and after its svc/id.
          b.query(t, { 'q/select': ['svc/id', { [rel.name]: [{ [`via-${first.name}`]: [first.name] }] }] });
          b.query(t, { 'q/select': ['svc/id', { [rel.name]: ['svc/id', { [`via-${first.name}`]: [first.name] }] }] });
          b.query(t, { 'q/select': ['svc/id', { [rel.name]: { 'q/select': ['svc/id'], 'q/where': ['=', [first.name], `@val|${shapes.typeIndex(rel.target)}|1|${first.name}`], 'q/limit': 1 } }] });
          const key = target?.writable.find((f) => f.valueKind === 'integer' || f.valueKind === 'text');
          if (key) b.query(t, { 'q/select': ['svc/id', { [rel.name]: { 'q/select': ['svc/id', first.name], 'q/where': ['=', [key.name], `@val|${shapes.typeIndex(rel.target)}|1|${key.name}`], 'q/limit': 1 } }] });
        }
      }
    }
    b.query(t, { 'q/select': [...plain, ...maps] });
  }
  return b.out;
}

/** Writes of the full profile's sweep, after its queries: see the file's comment. Picks count Entities in creation order. */
export function sweepWrites(shapes: SchemaShapes): WriteOp[][] {
  const items = shapes.types[FIRST];
  const groupsIndex = items?.relations[0] ? shapes.typeIndex(items.relations[0].target) : -1;
  const groups = shapes.types[groupsIndex];
  if (!items || !groups) return [];
  const toOne = items.relations.find((r) => !r.collection);
  const collection = items.relations.find((r) => r.collection);
  // The collection of the referenced Database whose other end is the to-one relation (one-to-many).
  const members = groups.relations.find((r) => r.collection && shapes.typeIndex(r.target) === FIRST && toOne !== undefined && r.name !== collection?.name);
  const clears: JsonObject = Object.fromEntries(items.writable.slice(0, 3).map((f) => [f.name, null]));
  const sets: JsonObject = Object.fromEntries(items.writable.filter((f) => written(f.valueKind)).map((f) => [f.name, VALUES[f.valueKind as WrittenKind][6] ?? null]));
  const steps: WriteOp[][] = [
    [{ op: 'update', type: FIRST, pick: 0, values: clears }],
    [{ op: 'update', type: FIRST, pick: 5, values: sets, modificationDate: '2024-02-03T04:05:06.007Z' }],
  ];
  if (toOne) steps.push([{ op: 'update', type: FIRST, pick: 1, values: { [toOne.name]: null } }, { op: 'update', type: FIRST, pick: 5, values: { [toOne.name]: { 'svc/id': `@ref:${groupsIndex}:3` } } }]);
  if (collection) {
    steps.push(
      [{ op: 'update', type: FIRST, pick: 0, values: { [collection.name]: [] } }],
      [{ op: 'update', type: FIRST, pick: 1, values: { [collection.name]: [{ 'svc/id': `@ref:${groupsIndex}:3` }, { 'svc/id': `@ref:${groupsIndex}:0` }] } }],
      // Adding an item already there changes nothing; removing one that is not there neither.
      [{ op: 'add', type: FIRST, pick: 2, field: collection.name, items: [2, 0] }],
      [{ op: 'remove', type: FIRST, pick: 3, field: collection.name, items: [1, 0] }],
      [{ op: 'remove', type: FIRST, pick: 4, field: collection.name, items: [3] }],
    );
  }
  // Adding to a one-to-many collection moves the item from its previous parent.
  if (members) steps.push([{ op: 'add', type: groupsIndex, pick: 3, field: members.name, items: [0, 2] }]);
  // Deleting referenced Entities: relation values and collection items to them disappear.
  steps.push([{ op: 'delete', type: groupsIndex, pick: 1 }], [{ op: 'delete', type: FIRST, pick: 6 }]);
  return steps;
}

/** Runs the sweep: fixed data, every query of `sweepQueries` in batches of 50, each compared with the model, then (full) the writes. */
export async function runSweep(driver: ModelDriver): Promise<void> {
  await driver.reset(0, sweepData(driver.shapes, driver.profile));
  const authors = driver.profile === 'full' && (await driver.loadAuthors());
  await compareQueries(driver, sweepQueries(driver.shapes, driver.profile, authors), 'sweep query');
  if (driver.profile === 'full') {
    for (const step of sweepWrites(driver.shapes)) {
      if (step.length === 1 && step[0]) await driver.write(step[0]);
      else await driver.batch(step);
    }
    await driver.compareDump();
  }
  driver.finishRun();
}

async function compareQueries(driver: ModelDriver, templates: QueryTemplate[], label: string): Promise<void> {
  for (let start = 0; start < templates.length; start += 50) {
    const chunk = templates.slice(start, start + 50);
    const resolved = chunk.map((t) => driver.resolveQuery(t));
    const commands: Command[] = resolved.map(({ query, params }) => {
      const args: { query: Query; params?: Record<string, unknown> } = { query: query as unknown as Query };
      if (Object.keys(params).length > 0) args.params = params;
      return { command: 'svc.entity/query', args };
    });
    const batch: Command = { command: 'svc.command/batch', args: { commands } };
    const res = await driver.ctx.http.command(batch);
    const body = res.json;
    const results = isRecord(body) && body['success'] === true && Array.isArray(body['result']) ? body['result'] : undefined;
    if (results === undefined) {
      // The batch as a whole failed: find the query that fails alone (or, when it failed on an
      // operator the service lacks, compare the others of the chunk one by one).
      const lacking = driver.unsupportedIn(batch, res);
      for (const [i, template] of chunk.entries()) await driver.compareQuery(template, `${label} ${start + i + 1} of ${templates.length}`);
      if (lacking) continue;
      fail(`a svc.command/batch of ${chunk.length} ${label.replace(/ query$/, '')} queries failed, although each of them is answered alone`, res);
    }
    for (const [i, template] of chunk.entries()) {
      const inner: unknown = results?.[i];
      const ok = isRecord(inner) && inner['success'] === true;
      const { query, params } = resolved[i] as { query: JsonObject; params: JsonObject };
      const rows = ok ? inner['result'] : undefined;
      if (ok) driver.served(commands[i] as Command);
      const differs =
        !ok ||
        (driver.mode === 'exact' ? exactDifference(new QueryEvaluator(driver.model, params).run(query), rows) : driver.tolerantDifference({ query, params }, rows)) !== undefined;
      // A difference is settled by the query alone, with its own curl line.
      if (differs) await driver.compareQuery(template, `${label} ${start + i + 1} of ${templates.length}`);
      if (differs) fail(`${label} ${start + i + 1} differs inside a svc.command/batch but not alone: ${JSON.stringify(query)}`, res);
    }
  }
}
