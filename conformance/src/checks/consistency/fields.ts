/**
 * The fields the cross-surface check writes and reads on `<Space>/Items` (the test Databases of
 * conformance/src/workspace.ts plus the extra fields made here), the random values written
 * through the command API, and the documented mapping that turns each surface's representation
 * of a value into one comparable form:
 *
 * - the command API and webhook effects show values alike ("Values are shaped as the command API
 *   returns them", spec/service.openapi.yaml, `webhooks: entityChanges`): references `{svc/id}`,
 *   collections arrays, selects references to enum Entities;
 * - GraphQL follows the field type table of spec/graphql/README.md ("Field types").
 */
import fc from 'fast-check';
import type { components } from '../../../../generated/service/types.js';
import { dateTimeValue, dateValue, decimalValue, integerValue, textValue, withOffset } from '../../model/arbitraries.js';
import type { TestNames } from '../../model/schema.js';
import { canonicalJson } from '../../model/values.js';
import { isRecord } from '../../shapes.js';

type SchemaOperation = components['schemas']['SchemaOperation'];

/**
 * How a field reads on each surface:
 * `value` the same JSON scalar everywhere; `range` / `location` an object in the command API,
 * stringified JSON in GraphQL; `relation` / `collection` references (`{svc/id}`) in the command
 * API, objects `{id}` in GraphQL; `select` / `multi-select` references to enum Entities in the
 * command API, option names in GraphQL.
 */
export type FieldKind = 'value' | 'range' | 'location' | 'relation' | 'collection' | 'select' | 'multi-select';

export interface SurfaceField {
  /** Workspace field name. */
  name: string;
  /** GraphQL field name (spec/graphql/README.md, "Names" rule 5, and "System fields"). */
  graphql: string;
  kind: FieldKind;
  /** Values written through the command API; absent on system fields (never written). */
  write?: fc.Arbitrary<unknown>;
  /** An update may clear it with null (collections are cleared with `[]` instead). */
  clearable: boolean;
}

/** What the random values of relations and selects are drawn from: ids made when the check starts. */
export interface Pools {
  groups: string[];
  /** Option ids of the single select field. */
  kinds: string[];
  /** Option ids of the multi select field. */
  labels: string[];
}

/** Option names of the two select fields' enum types. */
export const KIND_OPTIONS = ['Low', 'Mid', 'High'];
export const LABEL_OPTIONS = ['red', 'green', 'blue', 'Grün'];

/** Names of the fields and enum types the check adds to the test Databases' `Items`. */
export interface ExtraNames {
  link: string;
  span: string;
  window: string;
  place: string;
  kind: string;
  labels: string;
  /** Enum types (spec: EnumCreateOp, `<Space>/<Field>_<Space>/<Database>`). */
  kindEnum: string;
  labelsEnum: string;
}

export function extraNames(n: TestNames): ExtraNames {
  return {
    link: `${n.space}/Link`,
    span: `${n.space}/Span`,
    window: `${n.space}/Window`,
    place: `${n.space}/Place`,
    kind: `${n.space}/Kind`,
    labels: `${n.space}/Labels`,
    kindEnum: `${n.space}/Kind_${n.items}`,
    labelsEnum: `${n.space}/Labels_${n.items}`,
  };
}

/** `svc.schema/batch` operations adding the extra fields (and the select fields' enum types) to Items. */
export function extraOperations(n: TestNames, x: ExtraNames): SchemaOperation[] {
  const field = (name: string, type: string, collection = false): SchemaOperation => ({
    command: 'schema.field/create',
    args: { 'svc/holder-type': n.items, 'svc/name': name, 'svc/type': type, ...(collection ? { 'svc/meta': { 'svc/collection?': true } } : {}) },
  });
  return [
    { command: 'schema.enum/create', args: { 'svc/name': x.kindEnum, 'svc/values': KIND_OPTIONS.map((name) => ({ 'enum/name': name })) } },
    { command: 'schema.enum/create', args: { 'svc/name': x.labelsEnum, 'svc/values': LABEL_OPTIONS.map((name) => ({ 'enum/name': name })) } },
    field(x.link, 'svc/url'),
    field(x.span, 'svc/date-range'),
    field(x.window, 'svc/date-time-range'),
    field(x.place, 'svc/location'),
    field(x.kind, x.kindEnum),
    field(x.labels, x.labelsEnum, true),
  ];
}

// ---------------------------------------------------------------- written values

const TEXTS = ['é', 'Ünïcödé', '日本語', 'emoji 😀', 'tab\there', 'line\nbreak', ' padded ', 'quote "x"', 'back\\slash', '<b>not html</b>'];
const text = fc.oneof({ weight: 3, arbitrary: textValue }, { weight: 2, arbitrary: fc.constantFrom(...TEXTS) });
const integer = fc.oneof({ weight: 4, arbitrary: integerValue }, { weight: 1, arbitrary: fc.constantFrom(2_147_483_647, -2_147_483_648) });
const decimal = fc.oneof({ weight: 4, arbitrary: decimalValue }, { weight: 1, arbitrary: fc.constantFrom(0.1, 3.14159, -1234.5678) });
const URLS = ['https://example.org/', 'https://example.org/a/b?c=d&e=f#g', 'http://127.0.0.1:8080/x', 'https://example.org/path%20with%20space'];

/** A timestamp as a client may write it: normalised, with an offset, or with `+00:00` (spec: date-time values are normalised). */
const dateTimeWritten: fc.Arbitrary<string> = fc
  .tuple(dateTimeValue, fc.constantFrom('as-is', 'offset', 'utc-offset'))
  .map(([iso, form]) => (form === 'as-is' ? iso : form === 'offset' ? withOffset(iso) : iso.replace(/Z$/, '+00:00')));

const dateRange = fc.tuple(dateValue, dateValue).map(([a, b]) => (a <= b ? { start: a, end: b } : { start: b, end: a }));
const dateTimeRange = fc
  .tuple(dateTimeWritten, dateTimeWritten)
  .map(([a, b]) => (Date.parse(a) <= Date.parse(b) ? { start: a, end: b } : { start: b, end: a }));
const location = fc.record(
  {
    latitude: fc.integer({ min: -9_000, max: 9_000 }).map((n) => n / 100),
    longitude: fc.integer({ min: -18_000, max: 18_000 }).map((n) => n / 100),
    fullAddress: fc.constantFrom('Paris', '1 Main St, Springfield', 'Zürich "HB"'),
  },
  { requiredKeys: ['latitude', 'longitude'] },
);

const ref = (ids: string[]) => fc.constantFrom(...ids).map((id) => ({ 'svc/id': id }));
const refs = (ids: string[]) => fc.subarray(ids).map((list) => list.map((id) => ({ 'svc/id': id })));

/** Every field compared, system fields first; user fields carry the values written. */
export function surfaceFields(n: TestNames, x: ExtraNames, pools: Pools): SurfaceField[] {
  const user = (name: string, graphql: string, kind: FieldKind, write: fc.Arbitrary<unknown>): SurfaceField => ({ name, graphql, kind, write, clearable: kind !== 'collection' && kind !== 'multi-select' });
  return [
    { name: 'svc/creation-date', graphql: 'creationDate', kind: 'value', clearable: false },
    { name: 'svc/modification-date', graphql: 'modificationDate', kind: 'value', clearable: false },
    { name: 'svc/created-by', graphql: 'createdBy', kind: 'relation', clearable: false },
    user(n.title, 'title', 'value', text),
    user(n.count, 'count', 'value', integer),
    user(n.amount, 'amount', 'value', decimal),
    user(n.done, 'done', 'value', fc.boolean()),
    user(n.due, 'due', 'value', dateValue),
    user(n.at, 'at', 'value', dateTimeWritten),
    user(x.link, 'link', 'value', fc.constantFrom(...URLS)),
    user(x.span, 'span', 'range', dateRange),
    user(x.window, 'window', 'range', dateTimeRange),
    user(x.place, 'place', 'location', location),
    user(x.kind, 'kind', 'select', ref(pools.kinds)),
    user(x.labels, 'labels', 'multi-select', refs(pools.labels)),
    user(n.group, 'group', 'relation', ref(pools.groups)),
    user(n.tags, 'tags', 'collection', refs(pools.groups)),
  ];
}

/** The GraphQL selection of every field: object fields select their `id`. */
export function graphqlSelection(fields: SurfaceField[]): string {
  return ['id', ...fields.map((f) => (f.kind === 'relation' || f.kind === 'collection' ? `${f.graphql} { id }` : f.kind === 'select' || f.kind === 'multi-select' ? `${f.graphql} { name }` : f.graphql))].join(' ');
}

// ---------------------------------------------------------------- random create and update

export type Written = Record<string, unknown>;

export interface Case {
  /** Fields given to svc.entity/create (absent ones are not given). */
  create: Written;
  /** Fields given to svc.entity/update (at least one). */
  update: Written;
}

export function caseArbitrary(fields: SurfaceField[]): fc.Arbitrary<Case> {
  const writable = fields.filter((f): f is SurfaceField & { write: fc.Arbitrary<unknown> } => f.write !== undefined);
  const given = (forUpdate: boolean): fc.Arbitrary<Written> =>
    fc
      .tuple(
        ...writable.map((f) => {
          const value = forUpdate && f.clearable ? fc.oneof({ weight: 4, arbitrary: f.write }, { weight: 1, arbitrary: fc.constant(null) }) : f.write;
          return fc.option(value, { nil: undefined, freq: 2 });
        }),
      )
      .map((values) => Object.fromEntries(writable.flatMap((f, i) => (values[i] === undefined ? [] : [[f.name, values[i]]]))));
  return fc.record({ create: given(false), update: given(true).filter((u) => Object.keys(u).length > 0) });
}

// ---------------------------------------------------------------- the comparable form

/** Option names by enum Entity id, to read select values of the command API and webhooks. */
export type OptionNames = ReadonlyMap<string, string>;

function byCanonical(a: unknown, b: unknown): number {
  const x = canonicalJson(a);
  const y = canonicalJson(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function refId(value: unknown, key: string): unknown {
  return isRecord(value) && key in value ? value[key] : value;
}

/**
 * Ranges and location in GraphQL: `{"start":..,"end":..}` and
 * `{"longitude":..,"latitude":..,"fullAddress":..}`, no spaces, `fullAddress` left out when absent
 * (spec/graphql/README.md, "Query semantics" 9): the command API's object written that way.
 */
function stringified(kind: 'range' | 'location', value: unknown): unknown {
  if (!isRecord(value)) return value ?? null;
  if (kind === 'range') return JSON.stringify({ start: value['start'], end: value['end'] });
  const address = value['fullAddress'];
  return JSON.stringify({ longitude: value['longitude'], latitude: value['latitude'], ...(address === undefined || address === null ? {} : { fullAddress: address }) });
}

/**
 * A value as the command API (or a webhook effect) shows it, in the comparable form. A missing
 * value is null, an empty collection `[]` (spec/query-semantics.md, "Values": collections are
 * never null). Collection items are compared as sets: the order of a webhook effect's arrays is
 * not specified.
 */
export function commandForm(field: SurfaceField, value: unknown, options: OptionNames): unknown {
  switch (field.kind) {
    case 'value':
      return value ?? null;
    case 'range':
    case 'location':
      return stringified(field.kind, value);
    case 'relation':
      return refId(value, 'svc/id') ?? null;
    case 'select': {
      const id = refId(value, 'svc/id');
      return typeof id === 'string' ? (options.get(id) ?? `(an unknown option ${id})`) : (id ?? null);
    }
    case 'collection':
      return Array.isArray(value) ? value.map((v) => refId(v, 'svc/id')).sort(byCanonical) : (value ?? []);
    case 'multi-select':
      return Array.isArray(value)
        ? value
            .map((v) => {
              const id = refId(v, 'svc/id');
              return typeof id === 'string' ? (options.get(id) ?? `(an unknown option ${id})`) : id;
            })
            .sort(byCanonical)
        : (value ?? []);
  }
}

/**
 * A value as GraphQL shows it, in the comparable form: objects by their `id`, options (objects of
 * their option type) by their `name`.
 */
export function graphqlForm(field: SurfaceField, value: unknown): unknown {
  switch (field.kind) {
    case 'value':
    case 'range':
    case 'location':
      return value ?? null;
    case 'select':
      return refId(value, 'name') ?? null;
    case 'relation':
      return refId(value, 'id') ?? null;
    case 'collection':
      return Array.isArray(value) ? value.map((v) => refId(v, 'id')).sort(byCanonical) : (value ?? []);
    case 'multi-select':
      return Array.isArray(value) ? value.map((v) => refId(v, 'name')).sort(byCanonical) : (value ?? []);
  }
}
