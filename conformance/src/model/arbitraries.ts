/**
 * fast-check arbitraries for the model-based checks: abstract write steps (Entities named by a
 * `pick` among the existing ones, resolved when the step runs, so every shrunk sequence stays
 * valid) and random queries over every operator of spec/query-semantics.md.
 *
 * Values that depend on the data are written as placeholders and filled in when the step runs:
 * `@ref:<type index>:<pick>` (an Entity's svc/id), `@cd:<t>:<pick>` (its creation date),
 * `@pid:<t>:<pick>` (its public id, as a number), `@user` (the author of the Entities).
 *
 * Two profiles: `contract` uses only what the contract states (=, >, q/and, q/in with a $param
 * list, ascending keys over numbers and dates, plain, relation and collection sub-selects, no
 * deletes, no nulls, every value field filled); `full` uses the whole language of the semantics.
 */
import fc from 'fast-check';
import type { ModelField, ModelSchema, RelationField, ValueField, ValueKind } from './schema.js';
import type { Json, JsonObject } from './values.js';

export type Profile = 'contract' | 'full';

export type WriteOp =
  | { op: 'create'; type: number; values: JsonObject; supplyId: boolean }
  | { op: 'update'; type: number; pick: number; values: JsonObject; modificationDate?: string }
  | { op: 'delete'; type: number; pick: number }
  | { op: 'add' | 'remove'; type: number; pick: number; field: string; items: number[] };

/** A query with inline values; `paramize[i]` moves the i-th operand into `params`. */
export interface QueryTemplate {
  query: JsonObject;
  paramize: boolean[];
  /** Date-time parameters are sent with a UTC offset instead of `Z` (normalisation). */
  altTimes: boolean;
}

export type Step = WriteOp | { op: 'batch'; ops: WriteOp[] } | { op: 'query'; template: QueryTemplate };

export interface Scenario {
  /** Seeds the client-supplied svc/ids of the run. */
  salt: number;
  /** Creates sent as one svc.command/batch at the start of the run. */
  initial: WriteOp[];
  steps: Step[];
  final: QueryTemplate[];
}

// ---------------------------------------------------------------- values

export const TEXT_POOL = ['', 'a', 'A', 'ab', 'aB', 'Ab', 'abc', 'b', 'ba', 'B', 'a%', '%', '_', 'a_c', 'x y', "it's", 'Zz', '$a'];

/** Printable ASCII; never a placeholder. */
export const textValue: fc.Arbitrary<string> = fc
  .oneof({ weight: 4, arbitrary: fc.constantFrom(...TEXT_POOL) }, { weight: 1, arbitrary: fc.string({ maxLength: 5 }) })
  .filter((s) => !s.startsWith('@'));

export const integerValue: fc.Arbitrary<number> = fc.oneof({ weight: 3, arbitrary: fc.integer({ min: -3, max: 3 }) }, { weight: 1, arbitrary: fc.integer({ min: -100_000, max: 100_000 }) });

export const decimalValue: fc.Arbitrary<number> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(-1.5, 0, 0.5, 1, 2.25, 10) },
  { weight: 1, arbitrary: fc.integer({ min: -100_000, max: 100_000 }).map((n) => (n === 0 ? 0 : n / 100)) },
);

const DAY = 86_400_000;
export const dateValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('2024-01-01', '2024-01-02', '2024-02-29', '1999-12-31') },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 20_000 }).map((d) => new Date(Date.UTC(1990, 0, 1) + d * DAY).toISOString().slice(0, 10)) },
);

export const dateTimeValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('2024-01-01T00:00:00.000Z', '2024-01-01T12:30:00.500Z', '2024-01-02T00:00:00.000Z', '1999-12-31T23:59:59.999Z') },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 2_000_000_000 }).map((s) => new Date(Date.UTC(2000, 0, 1) + s * 1000 + (s % 1000)).toISOString()) },
);

/** `2024-01-01T12:30:00.500Z` written with a +05:30 offset (the same instant). */
export function withOffset(iso: string): string {
  const shifted = new Date(Date.parse(iso) + 330 * 60_000).toISOString();
  return `${shifted.slice(0, 23)}+05:30`;
}

// ---------------------------------------------------------------- schema helpers

interface TypeInfo {
  index: number;
  name: string;
  /** Value fields a client writes (no system fields). */
  writable: ValueField[];
  /** Relation fields a client writes (no svc/created-by). */
  relations: RelationField[];
  /** Every value field a query may read (system ones but svc/modification-date included). */
  readable: ValueField[];
}

export class SchemaShapes {
  readonly types: TypeInfo[];

  constructor(readonly schema: ModelSchema) {
    this.types = schema.types.map((type, index) => ({
      index,
      name: type.name,
      writable: type.fields.filter((f): f is ValueField => f.kind === 'value' && f.system === undefined),
      relations: type.fields.filter((f): f is RelationField => f.kind === 'relation' && f.system === undefined),
      readable: type.fields.filter((f): f is ValueField => f.kind === 'value' && f.system !== 'svc/modification-date'),
    }));
  }

  typeIndex(name: string): number {
    return this.schema.types.findIndex((t) => t.name === name);
  }

  info(name: string): TypeInfo {
    return this.types[this.typeIndex(name)] as TypeInfo;
  }

  fieldsOf(index: number): ModelField[] {
    return this.schema.types[index]?.fields ?? [];
  }
}

const ref = (type: number, pick: number): string => `@ref:${type}:${pick}`;
const pick = fc.nat({ max: 40 });
const refArb = (type: number): fc.Arbitrary<string> => pick.map((p) => ref(type, p));

function writeValue(kind: ValueKind, profile: Profile): fc.Arbitrary<Json> {
  switch (kind) {
    case 'text':
      return textValue;
    case 'integer':
      return integerValue;
    case 'decimal':
      return decimalValue;
    case 'bool':
      return fc.boolean();
    case 'date':
      return dateValue;
    case 'date-time':
      return profile === 'full' ? fc.oneof({ weight: 3, arbitrary: dateTimeValue }, { weight: 1, arbitrary: dateTimeValue.map(withOffset) }) : dateTimeValue;
    default:
      return fc.constant(null);
  }
}

// ---------------------------------------------------------------- writes

function relationValue(shapes: SchemaShapes, field: RelationField): fc.Arbitrary<Json> {
  const target = shapes.typeIndex(field.target);
  if (field.collection) return fc.uniqueArray(pick, { maxLength: 3 }).map((ps) => ps.map((p): Json => ({ 'svc/id': ref(target, p) })));
  return refArb(target).map((r): Json => ({ 'svc/id': r }));
}

function createOp(shapes: SchemaShapes, type: number, profile: Profile): fc.Arbitrary<WriteOp> {
  const info = shapes.types[type] as TypeInfo;
  const model: Record<string, fc.Arbitrary<Json>> = {};
  for (const field of info.writable) {
    model[field.name] = profile === 'full' ? fc.oneof({ weight: 8, arbitrary: writeValue(field.valueKind, profile) }, { weight: 1, arbitrary: fc.constant(null) }) : writeValue(field.valueKind, profile);
  }
  for (const field of info.relations) model[field.name] = relationValue(shapes, field);
  const required = profile === 'contract' ? info.writable.map((f) => f.name) : [];
  return fc
    .record({ values: fc.record(model, { requiredKeys: required }), supplyId: fc.boolean() })
    .map(({ values, supplyId }): WriteOp => ({ op: 'create', type, values: values as JsonObject, supplyId }));
}

function updateOp(shapes: SchemaShapes, type: number, profile: Profile): fc.Arbitrary<WriteOp> {
  const info = shapes.types[type] as TypeInfo;
  const entries: Array<fc.Arbitrary<[string, Json]>> = info.writable.map((field) =>
    (profile === 'full' ? fc.oneof({ weight: 4, arbitrary: writeValue(field.valueKind, profile) }, { weight: 1, arbitrary: fc.constant(null) }) : writeValue(field.valueKind, profile)).map(
      (v): [string, Json] => [field.name, v],
    ),
  );
  for (const field of info.relations) {
    // The contract: only the to-one relation is set by update; the semantics: any relation or collection.
    if (profile === 'contract' && field.collection) continue;
    const value = profile === 'full' ? fc.oneof({ weight: 4, arbitrary: relationValue(shapes, field) }, { weight: 1, arbitrary: fc.constant(null) }) : relationValue(shapes, field);
    entries.push(value.map((v): [string, Json] => [field.name, v]));
  }
  return fc
    .record({
      pick,
      changes: fc.array(fc.oneof(...entries), { minLength: 1, maxLength: 3 }),
      modificationDate: fc.option(dateTimeValue, { nil: undefined, freq: 3 }),
    })
    .map(({ pick: p, changes, modificationDate }): WriteOp => {
      const op: WriteOp = { op: 'update', type, pick: p, values: Object.fromEntries(changes) };
      if (modificationDate !== undefined) op.modificationDate = modificationDate;
      return op;
    });
}

function collectionOp(shapes: SchemaShapes, type: number, kind: 'add' | 'remove'): fc.Arbitrary<WriteOp> | undefined {
  const collections = (shapes.types[type] as TypeInfo).relations.filter((r) => r.collection);
  if (collections.length === 0) return undefined;
  return fc
    .record({ pick, field: fc.constantFrom(...collections), items: fc.uniqueArray(pick, { minLength: 1, maxLength: 3 }) })
    .map(({ pick: p, field, items }): WriteOp => ({ op: kind, type, pick: p, field: field.name, items }));
}

export function writeOp(shapes: SchemaShapes, profile: Profile): fc.Arbitrary<WriteOp> {
  const options: Array<{ weight: number; arbitrary: fc.Arbitrary<WriteOp> }> = [];
  for (const info of shapes.types) {
    options.push({ weight: 3, arbitrary: createOp(shapes, info.index, profile) });
    options.push({ weight: 3, arbitrary: updateOp(shapes, info.index, profile) });
    const add = collectionOp(shapes, info.index, 'add');
    if (add) options.push({ weight: 2, arbitrary: add });
    if (profile === 'full') {
      options.push({ weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), type: fc.constant(info.index), pick }) });
      const remove = collectionOp(shapes, info.index, 'remove');
      if (remove) options.push({ weight: 1, arbitrary: remove });
    }
  }
  return fc.oneof(...options);
}

/** Creates for the start of a run: about half of `perType` to `perType` Entities of each Database, targets first. */
export function initialCreates(shapes: SchemaShapes, profile: Profile, perType: number[]): fc.Arbitrary<WriteOp[]> {
  const order = [...shapes.types].reverse();
  return fc
    .tuple(
      ...order.map((info) => {
        const max = Math.max(1, perType[info.index] ?? 3);
        return fc.array(createOp(shapes, info.index, profile), { minLength: Math.ceil(max / 2), maxLength: max, size: 'max' });
      }),
    )
    .map((lists) => lists.flat());
}

// ---------------------------------------------------------------- paths

export interface PathInfo {
  path: string[];
  kind: ValueKind;
  /** For uuid values: the Database whose ids the path reads (-1: users). */
  idType?: number;
  /** The Database holding the field read at the end. */
  owner: number;
  many: boolean;
  /** How many collection steps the path takes. */
  collections: number;
  /** A relation step follows a collection step (several items may lead to one Entity). */
  converges?: boolean;
  /** Ends on a relation or collection (a `q/contains` of an Entity applies). */
  endsOnRelation: boolean;
  /** Goes through at least one relation. */
  throughRelation: boolean;
  fieldName: string;
}

/** The paths a `q/where` may use from a Database. */
export function wherePaths(shapes: SchemaShapes, type: number, profile: Profile): PathInfo[] {
  const out: PathInfo[] = [];
  const info = shapes.types[type] as TypeInfo;
  const valuePath = (prefix: string[], field: ValueField, owner: number, collections: number): PathInfo => ({
    path: [...prefix, field.name],
    owner,
    kind: field.valueKind,
    ...(field.valueKind === 'uuid' ? { idType: owner } : {}),
    many: collections > 0,
    collections,
    endsOnRelation: false,
    throughRelation: prefix.length > 0,
    fieldName: field.name,
  });
  for (const field of info.readable) out.push(valuePath([], field, type, 0));
  for (const rel of info.relations) {
    if (profile === 'contract' && rel.collection) continue;
    const target = shapes.typeIndex(rel.target);
    const targetInfo = shapes.types[target] as TypeInfo;
    const c1 = rel.collection ? 1 : 0;
    out.push({ path: [rel.name], owner: type, kind: 'uuid', idType: target, many: rel.collection, collections: c1, endsOnRelation: true, throughRelation: true, fieldName: rel.name });
    for (const field of targetInfo.readable) out.push(valuePath([rel.name], field, target, c1));
    if (profile === 'full') {
      for (const rel2 of targetInfo.relations) {
        const target2 = shapes.typeIndex(rel2.target);
        const c2 = c1 + (rel2.collection ? 1 : 0);
        const converges = rel.collection;
        out.push({ path: [rel.name, rel2.name], owner: target, kind: 'uuid', idType: target2, many: c2 > 0, collections: c2, converges, endsOnRelation: true, throughRelation: true, fieldName: rel2.name });
        const first = (shapes.types[target2] as TypeInfo).writable[0];
        if (first) out.push({ ...valuePath([rel.name, rel2.name], first, target2, c2), converges });
      }
    }
  }
  if (profile === 'contract') {
    // The contract says svc/public-id is a string; that it compares as a number is the semantics' choice.
    return out.filter((p) => p.fieldName !== 'svc/public-id');
  }
  if (profile === 'full') {
    out.push({ path: ['svc/created-by'], owner: type, kind: 'uuid', idType: -1, many: false, collections: 0, endsOnRelation: true, throughRelation: true, fieldName: 'svc/created-by' });
  }
  return out;
}

/** Sort keys a `q/order-by` may use from a Database (never through a collection). */
export function orderPaths(shapes: SchemaShapes, type: number, profile: Profile): PathInfo[] {
  return wherePaths(shapes, type, profile).filter((p) => {
    if (p.many || p.kind === 'bool' || p.fieldName === 'svc/created-by') return false;
    // The contract says nothing of collation or of missing values: numbers and dates of the Database itself.
    if (profile === 'contract') return !p.throughRelation && ['integer', 'decimal', 'date', 'date-time'].includes(p.kind);
    return true;
  });
}

function operandFor(p: PathInfo, profile: Profile): fc.Arbitrary<Json> {
  switch (p.kind) {
    case 'uuid':
      if (p.idType === -1) return fc.constant('@user');
      return fc.oneof({ weight: 5, arbitrary: refArb(p.idType ?? 0) }, { weight: 1, arbitrary: fc.constant('0fffffff-ffff-4fff-bfff-ffffffffffff') });
    case 'public-id':
      return fc.oneof(pick.map((x) => `@pid:${p.owner}:${x}`), fc.integer({ min: 0, max: 5 }));
    case 'date-time':
      if (p.fieldName === 'svc/creation-date') return pick.map((x) => `@cd:${p.owner}:${x}`);
      return fc.oneof(writeValue('date-time', 'contract'), existingValue(p));
    default:
      return fc.oneof(writeValue(p.kind, profile), existingValue(p));
  }
}

/** The value of the path's field on an existing Entity: `@val|<owner>|<pick>|<field>` (hits equalities). */
function existingValue(p: PathInfo): fc.Arbitrary<Json> {
  return pick.map((x) => `@val|${p.owner}|${x}|${p.fieldName}`);
}

function renderPath(p: PathInfo, profile: Profile): fc.Arbitrary<Json> {
  if (profile === 'full' && p.path.length === 1) return fc.oneof({ weight: 3, arbitrary: fc.constant(p.path) }, { weight: 1, arbitrary: fc.constant(p.path[0] as string) });
  return fc.constant(p.path);
}

// ---------------------------------------------------------------- q/where

export function comparisonOps(p: PathInfo, profile: Profile): string[] {
  if (p.kind === 'bool') return profile === 'full' ? ['=', '!='] : ['='];
  if (profile === 'contract') return ['integer', 'decimal', 'date', 'date-time'].includes(p.kind) ? ['=', '>'] : ['='];
  return ['=', '!=', '<', '<=', '>', '>='];
}

export function whereExpr(shapes: SchemaShapes, type: number, profile: Profile, depth = 0): fc.Arbitrary<Json> {
  const paths = wherePaths(shapes, type, profile);
  const collections = (shapes.types[type] as TypeInfo).relations.filter((r) => r.collection);
  const comparison = fc
    .constantFrom(...paths)
    .chain((p) => fc.tuple(fc.constantFrom(...comparisonOps(p, profile)), renderPath(p, profile), operandFor(p, profile)))
    .map(([op, path, value]): Json => [op, path, value]);
  const listable = paths.filter((p) => p.kind !== 'bool');
  const membership = fc
    .constantFrom(...listable)
    .chain((p) =>
      fc.tuple(
        profile === 'full' ? fc.constantFrom('q/in', 'q/not-in') : fc.constant('q/in'),
        renderPath(p, profile),
        fc.array(operandFor(p, profile), { minLength: profile === 'full' ? 0 : 1, maxLength: 4 }),
      ),
    )
    .map(([op, path, list]): Json => [op, path, list]);
  const options: Array<{ weight: number; arbitrary: fc.Arbitrary<Json> }> = [
    { weight: 5, arbitrary: comparison },
    { weight: 2, arbitrary: membership },
  ];
  if (profile === 'full') {
    const textPaths = paths.filter((p) => p.kind === 'text');
    const relationPaths = paths.filter((p) => p.endsOnRelation && p.idType !== -1);
    const text = fc
      .constantFrom(...textPaths)
      .chain((p) =>
        fc.tuple(
          fc.constantFrom('q/contains', 'q/not-contains', 'q/starts-with-ignoring-case?', 'q/ends-with-ignoring-case?', 'q/equals-ignoring-case?', 'q/not-equals-ignoring-case?'),
          renderPath(p, profile),
          fc.oneof(textValue, fc.constantFrom('a', 'A', 'b', '%', '_', ''), existingValue(p)),
        ),
      )
      .map(([op, path, value]): Json => [op, path, value]);
    const has = fc
      .constantFrom(...relationPaths)
      .chain((p) => fc.tuple(fc.constantFrom('q/contains', 'q/not-contains'), renderPath(p, profile), operandFor(p, profile), fc.boolean()))
      .map(([op, path, value, asRef]): Json => [op, path, asRef && typeof value === 'string' ? { 'svc/id': value } : value]);
    const nullTest = fc.constantFrom(...paths).chain((p) =>
      fc.oneof(
        fc.tuple(fc.constantFrom('=', '!='), renderPath(p, profile)).map(([op, path]): Json => [op, path, null]),
        fc.tuple(fc.constantFrom('=', '!='), fc.constantFrom('q/null?', 'q/null-or-empty?'), fc.constant(p.path), fc.boolean()).map(([op, fn, path, b]): Json => [op, [fn, path], b]),
        fc.constant(p.path).map((path): Json => ['q/null-or-empty?', path]),
      ),
    );
    options.push({ weight: 2, arbitrary: text }, { weight: 1, arbitrary: has }, { weight: 2, arbitrary: nullTest });
    if (collections.length > 0) {
      const count = fc
        .tuple(fc.constantFrom('=', '!=', '<', '<=', '>', '>='), fc.constantFrom(...collections), fc.integer({ min: 0, max: 3 }))
        .map(([op, field, n]): Json => [op, ['q/count', [field.name, 'svc/id']], n]);
      options.push({ weight: 1, arbitrary: count });
    }
  }
  if (depth < 2) {
    const sub = whereExpr(shapes, type, profile, depth + 1);
    const logical =
      profile === 'full'
        ? fc.tuple(fc.constantFrom('q/and', 'q/or'), fc.array(sub, { minLength: 1, maxLength: 3 })).map(([op, parts]): Json => [op, ...parts])
        : fc.tuple(sub, sub).map(([a, b]): Json => ['q/and', a, b]);
    options.push({ weight: depth === 0 ? 2 : 1, arbitrary: logical });
  }
  return fc.oneof(...options);
}

// ---------------------------------------------------------------- q/order-by, limits

export function orderBy(shapes: SchemaShapes, type: number, profile: Profile): fc.Arbitrary<Json> {
  const keys = orderPaths(shapes, type, profile);
  const dir = profile === 'full' ? fc.constantFrom('q/asc', 'q/desc') : fc.constant('q/asc');
  return fc.array(fc.tuple(fc.constantFrom(...keys), dir), { minLength: 1, maxLength: 2 }).chain((items) =>
    fc.tuple(...items.map(([p, d]) => renderPath(p, profile).map((path): Json => [path, d]))),
  );
}

const topLimit: fc.Arbitrary<JsonObject> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 12 }).map((n): JsonObject => ({ 'q/limit': n })) },
  { weight: 1, arbitrary: fc.constant<JsonObject>({ 'q/limit': 0 }) },
  { weight: 1, arbitrary: fc.constant<JsonObject>({ 'q/limit': 1000 }) },
  { weight: 1, arbitrary: fc.constant<JsonObject>({ 'q/no-limit': true }) },
);

// ---------------------------------------------------------------- q/select

function selectList(shapes: SchemaShapes, type: number, profile: Profile, depth: number): fc.Arbitrary<Json[]> {
  const info = shapes.types[type] as TypeInfo;
  const plain: string[] = info.readable.filter((f) => f.system !== 'svc/id').map((f) => f.name);
  for (const rel of info.relations) plain.push(rel.name);
  if (profile === 'full') plain.push('svc/created-by');

  const maps: Array<fc.Arbitrary<[string, Json]>> = [];
  if (depth < 2) {
    for (const rel of info.relations) {
      const target = shapes.typeIndex(rel.target);
      maps.push(selectList(shapes, target, profile, depth + 1).map((sub): [string, Json] => [rel.name, sub]));
      if (rel.collection) {
        const limit =
          profile === 'full'
            ? fc.oneof(fc.integer({ min: 0, max: 4 }).map((n): JsonObject => ({ 'q/limit': n })), fc.constant<JsonObject>({ 'q/limit': 100 }), fc.constant<JsonObject>({ 'q/no-limit': true }))
            : fc.constant<JsonObject>({ 'q/limit': 100 });
        const sub = fc.record(
          {
            select: selectList(shapes, target, profile, depth + 1),
            limit,
            where: profile === 'full' ? fc.option(whereExpr(shapes, target, profile, 1), { nil: undefined }) : fc.constant(undefined),
            order: profile === 'full' ? fc.option(orderBy(shapes, target, profile), { nil: undefined }) : fc.constant(undefined),
          },
          { requiredKeys: ['select', 'limit', 'where', 'order'] },
        );
        maps.push(
          sub.map(({ select, limit: l, where, order }): [string, Json] => {
            const q: JsonObject = { 'q/select': select, ...l };
            if (where !== undefined) q['q/where'] = where;
            if (order !== undefined) q['q/order-by'] = order;
            return [rel.name, q];
          }),
        );
      }
    }
    if (profile === 'full') {
      // No relation step after a collection step: where two items lead to the same Entity, whether its
      // value comes once or twice is not written down (spec/query-semantics.md, Select).
      const aliasPaths = wherePaths(shapes, type, profile).filter((p) => !p.converges && p.fieldName !== 'svc/created-by');
      if (aliasPaths.length > 0) maps.push(fc.tuple(fc.nat({ max: 2 }), fc.constantFrom(...aliasPaths)).map(([n, p]): [string, Json] => [`alias-${n}`, p.path]));
      const collections = info.relations.filter((r) => r.collection);
      if (collections.length > 0) {
        maps.push(fc.tuple(fc.nat({ max: 1 }), fc.constantFrom(...collections)).map(([n, c]): [string, Json] => [`count-${n}`, ['q/count', [c.name, 'svc/id']]]));
      }
    }
  }
  const withId = profile === 'contract' ? fc.constant(true) : fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });
  return fc
    .record({
      withId,
      plain: fc.subarray(plain, { maxLength: 4 }),
      maps: maps.length > 0 ? fc.array(fc.oneof(...maps), { maxLength: depth === 0 ? 3 : 1 }) : fc.constant([]),
      merge: fc.boolean(),
    })
    .map(({ withId: id, plain: names, maps: items, merge }) => {
      const used = new Set<string>(names);
      const list: Json[] = id ? ['svc/id', ...names] : [...names];
      if (id) used.add('svc/id');
      const objects: Array<[string, Json]> = [];
      for (const [key, value] of items) {
        if (used.has(key)) continue;
        used.add(key);
        objects.push([key, value]);
      }
      if (merge && objects.length > 1) list.push(Object.fromEntries(objects));
      else for (const [key, value] of objects) list.push({ [key]: value });
      if (list.length === 0) list.push('svc/id');
      return list;
    });
}

export function queryTemplate(shapes: SchemaShapes, profile: Profile): fc.Arbitrary<QueryTemplate> {
  const perType = shapes.types.map((info) =>
    fc
      .record({
        select: selectList(shapes, info.index, profile, 0),
        where: fc.option(whereExpr(shapes, info.index, profile), { nil: undefined, freq: 6 }),
        order: fc.option(orderBy(shapes, info.index, profile), { nil: undefined, freq: 2 }),
        limit: topLimit,
      })
      .map(({ select, where, order, limit }): JsonObject => {
        const q: JsonObject = { 'q/from': info.name, 'q/select': select };
        if (where !== undefined) q['q/where'] = where;
        if (order !== undefined) q['q/order-by'] = order;
        return { ...q, ...limit };
      }),
  );
  return fc.record({
    query: fc.oneof(...perType),
    paramize: fc.array(fc.boolean(), { maxLength: 6 }),
    altTimes: profile === 'full' ? fc.boolean() : fc.constant(false),
  });
}

export interface ScenarioOptions {
  profile: Profile;
  maxSteps: number;
  /** Most Entities of each Database created at the start (by schema index). */
  initial: number[];
}

export function scenario(shapes: SchemaShapes, options: ScenarioOptions): fc.Arbitrary<Scenario> {
  const write = writeOp(shapes, options.profile);
  const step: fc.Arbitrary<Step> = fc.oneof(
    { weight: 4, arbitrary: write },
    { weight: 1, arbitrary: fc.array(write, { minLength: 2, maxLength: 4 }).map((ops): Step => ({ op: 'batch', ops })) },
    { weight: 3, arbitrary: queryTemplate(shapes, options.profile).map((template): Step => ({ op: 'query', template })) },
  );
  return fc.record({
    salt: fc.nat(),
    initial: initialCreates(shapes, options.profile, options.initial),
    steps: fc.array(step, { maxLength: options.maxSteps, size: 'max' }),
    final: fc.array(queryTemplate(shapes, options.profile), { minLength: 1, maxLength: 1 }),
  });
}
