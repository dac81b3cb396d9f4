/**
 * Generators of the differential delta-sync property: a small random but valid app schema of two
 * types (`a` with a random set of text, number, boolean, single select, multi select and day
 * fields and, optionally, a relation to `b`), random initial rows, and random batches of changes
 * (creates, updates, deletes) resolved against the rows as they will be, so that every batch is a
 * valid `MockApp.change()` and the counterexample shows concrete rows and changes.
 */
import fc from 'fast-check';
import type { AppDataRow, Scenario } from './mock.js';
import { buildScenario, keyAndName, type AppSchemaField, type AppTypeSchema } from './scenarios.js';

export type FieldKind = 'text' | 'number' | 'bool' | 'single' | 'multi' | 'day';
export const FIELD_KINDS: readonly FieldKind[] = ['text', 'number', 'bool', 'single', 'multi', 'day'];

export interface DeltaCase {
  /** Fields of type `a` (field id `f_<kind>`). */
  fields: FieldKind[];
  /** Whether `a` has the relation field `bId` to `b`. */
  relation: boolean;
  /** Rows per data page (full and delta answers are paged alike). */
  pageSize: number;
  rows: { a: AppDataRow[]; b: AppDataRow[] };
  /** One `MockApp.change()` per batch; a delta sync follows each. */
  batches: Array<Record<'a' | 'b', { create?: AppDataRow[]; update?: AppDataRow[]; delete?: string[] }>>;
}

const A_KEYS = ['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7'];
const B_KEYS = ['b0', 'b1', 'b2', 'b3', 'b4'];
const OPTIONS = ['red', 'green', 'blue'];

function schemaField(kind: FieldKind): AppSchemaField {
  switch (kind) {
    case 'text':
      return { name: 'F text', type: 'text' };
    case 'number':
      return { name: 'F number', type: 'number' };
    case 'bool':
      return { name: 'F bool', type: 'text', subType: 'boolean' };
    case 'single':
      return { name: 'F single', type: 'text', subType: 'single-select' };
    case 'multi':
      return { name: 'F multi', type: 'array[text]', subType: 'multi-select' };
    case 'day':
      return { name: 'F day', type: 'date', subType: 'day' };
  }
}

/** The app schema of a case. */
export function caseSchema(c: Pick<DeltaCase, 'fields' | 'relation'>): { a: AppTypeSchema; b: AppTypeSchema } {
  const a: Record<string, AppSchemaField> = {};
  for (const kind of c.fields) a[`f_${kind}`] = schemaField(kind);
  if (c.relation) a['bId'] = { name: 'B Id', type: 'text', relation: { cardinality: 'many-to-one', name: 'B', targetType: 'b', targetName: 'As', targetFieldId: 'id' } };
  return { a: keyAndName(a), b: keyAndName({ weight: { name: 'Weight', type: 'number' } }) };
}

/** The scenario of a case: its schema and initial rows, delta supported. */
export function caseScenario(c: DeltaCase): Scenario {
  return buildScenario({
    description: 'Differential delta-sync property: random schema, rows and changes.',
    types: [
      { id: 'a', name: 'Alphas' },
      { id: 'b', name: 'Betas' },
    ],
    schema: caseSchema(c),
    rows: { a: c.rows.a, b: c.rows.b },
    pageSize: c.pageSize,
  });
}

const day = fc.integer({ min: 0, max: 3650 }).map((n) => new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));

function valueOf(kind: FieldKind): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'text':
      return fc.oneof(fc.constantFrom('', 'alpha', 'beta gamma', 'Ünïcödé ✓'), fc.string({ maxLength: 8 }));
    case 'number':
      return fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -4000, max: 4000 }).map((n) => n / 4));
    case 'bool':
      return fc.constantFrom('true', 'false', 'yes', 'no', '', true, false);
    case 'single':
      return fc.constantFrom(...OPTIONS, '');
    case 'multi':
      return fc.subarray(OPTIONS);
    case 'day':
      return day;
  }
}

type Values = Record<string, unknown>;

/** Values of some fields of `a` (each present or not; present ones may be null). */
function aValues(fields: FieldKind[], relation: boolean): fc.Arbitrary<Values> {
  const record: Record<string, fc.Arbitrary<unknown>> = { name: fc.constantFrom('first', 'second', 'third', '') };
  for (const kind of fields) record[`f_${kind}`] = fc.option(valueOf(kind), { freq: 6 });
  if (relation) record['bId'] = fc.option(fc.constantFrom(...B_KEYS, 'b-missing'), { freq: 4 });
  return fc.record(record, { requiredKeys: [] }) as fc.Arbitrary<Values>;
}

const bValues: fc.Arbitrary<Values> = fc.record({ name: fc.constantFrom('one', 'two', 'three'), weight: fc.option(fc.integer({ min: 0, max: 100 }), { freq: 4 }) }, { requiredKeys: [] });

/** A change intent: what to do to which row; `pick` chooses among the keys as they will be. */
type Intent =
  | { op: 'create'; type: 'a' | 'b'; pick: number; values: Values }
  | { op: 'update'; type: 'a' | 'b'; pick: number; values: Values }
  | { op: 'delete'; type: 'a' | 'b'; pick: number };

function intent(fields: FieldKind[], relation: boolean): fc.Arbitrary<Intent> {
  const type = fc.constantFrom<'a' | 'b'>('a', 'a', 'b');
  return fc.oneof(
    fc.record({ op: fc.constant('create' as const), type, pick: fc.nat(), values: aValues(fields, relation) }),
    fc.record({ op: fc.constant('update' as const), type, pick: fc.nat(), values: aValues(fields, relation) }),
    fc.record({ op: fc.constant('delete' as const), type, pick: fc.nat() }),
  );
}

/** Keeps only the values a type has (b has name and weight). */
function valuesFor(type: 'a' | 'b', values: Values, bExtra: Values): Values {
  if (type === 'a') return values;
  const out: Values = {};
  if ('name' in values) out['name'] = values['name'];
  if ('weight' in bExtra) out['weight'] = bExtra['weight'];
  return out;
}

/** Turns intents into valid batches, following which keys exist after each step. */
function resolve(initial: { a: string[]; b: string[] }, batches: Array<Array<Intent & { bExtra: Values }>>): DeltaCase['batches'] {
  const live = { a: new Set(initial.a), b: new Set(initial.b) };
  const pools = { a: A_KEYS, b: B_KEYS };
  return batches.map((intents) => {
    const out: DeltaCase['batches'][number] = { a: {}, b: {} };
    // Within a batch the app applies creates, then updates, then deletes: keep to that order.
    const created = { a: new Set<string>(), b: new Set<string>() };
    const deleted = { a: new Set<string>(), b: new Set<string>() };
    for (const step of intents.filter((i) => i.op === 'create')) {
      const free = pools[step.type].filter((k) => !live[step.type].has(k) && !created[step.type].has(k));
      const key = free[step.pick % Math.max(free.length, 1)];
      if (key === undefined || step.op !== 'create') continue;
      created[step.type].add(key);
      (out[step.type].create ??= []).push({ id: key, ...valuesFor(step.type, step.values, step.bExtra) });
    }
    for (const step of intents.filter((i) => i.op === 'update')) {
      const keys = [...live[step.type], ...created[step.type]];
      const key = keys[step.pick % Math.max(keys.length, 1)];
      if (key === undefined || step.op !== 'update') continue;
      (out[step.type].update ??= []).push({ id: key, ...valuesFor(step.type, step.values, step.bExtra) });
    }
    for (const step of intents.filter((i) => i.op === 'delete')) {
      const keys = [...live[step.type], ...created[step.type]].filter((k) => !deleted[step.type].has(k));
      const key = keys[step.pick % Math.max(keys.length, 1)];
      if (key === undefined) continue;
      deleted[step.type].add(key);
      (out[step.type].delete ??= []).push(key);
    }
    for (const type of ['a', 'b'] as const) {
      for (const key of created[type]) live[type].add(key);
      for (const key of deleted[type]) live[type].delete(key);
    }
    return out;
  });
}

/**
 * Edges every run tries first: rows of `a` naming rows of `b` that a delta then removes, one while
 * the `a` row naming it is delivered again in the same delta (its link must not come back through
 * the removed row's key), one while the `a` row naming it is not delivered; then the removed key
 * comes back as a new row, which the `a` rows naming it link again.
 */
export const DELTA_EDGES: readonly DeltaCase[] = [
  {
    fields: ['text'],
    relation: true,
    pageSize: 50,
    rows: {
      a: [
        { id: 'a0', name: 'first', f_text: 'alpha', bId: 'b0' },
        { id: 'a1', name: 'second', f_text: 'beta gamma', bId: 'b1' },
        { id: 'a2', name: 'third', bId: 'b2' },
      ],
      b: [
        { id: 'b0', name: 'one', weight: 1 },
        { id: 'b1', name: 'two', weight: 2 },
        { id: 'b2', name: 'three' },
      ],
    },
    batches: [
      { a: { update: [{ id: 'a0', name: 'first again' }] }, b: { delete: ['b0', 'b1'] } },
      { a: { update: [{ id: 'a2', f_text: '' }] }, b: { create: [{ id: 'b0', name: 'one again' }] } },
    ],
  },
];

/** A whole case: schema, page size, initial rows, and 1 to 3 batches of up to 5 changes each. */
export function deltaCase(): fc.Arbitrary<DeltaCase> {
  return fc
    .record({ fields: fc.subarray([...FIELD_KINDS], { minLength: 1 }), relation: fc.boolean(), pageSize: fc.constantFrom(50, 50, 1, 2, 3) })
    .chain(({ fields, relation, pageSize }) =>
      fc
        .record({
          aKeys: fc.subarray(A_KEYS, { minLength: 1, maxLength: 5 }),
          bKeys: fc.subarray(B_KEYS, { maxLength: 3 }),
          aRows: fc.array(aValues(fields, relation), { minLength: 5, maxLength: 5 }),
          bRows: fc.array(bValues, { minLength: 3, maxLength: 3 }),
          intents: fc.array(fc.array(fc.tuple(intent(fields, relation), bValues), { maxLength: 5 }), { minLength: 1, maxLength: 3 }),
        })
        .map(({ aKeys, bKeys, aRows, bRows, intents }): DeltaCase => {
          const rows = {
            a: aKeys.map((id, i) => ({ id, ...aRows[i] })),
            b: bKeys.map((id, i) => ({ id, ...bRows[i] })),
          };
          const batches = resolve({ a: aKeys, b: bKeys }, intents.map((batch) => batch.map(([i, bExtra]) => ({ ...i, bExtra }))));
          return { fields, relation, pageSize, rows, batches };
        }),
    );
}
