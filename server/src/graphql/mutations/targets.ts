// The Entities a filter selects, for the actions of a mutation: the root field's filter, a link's
// target filter, a relation value given as a filter. Read with the query engine (the filters of
// the read API, filters.ts), bounded by MAX_MUTATION_TARGETS.
import { GraphQLError } from 'graphql';
import { Failure } from '../../api/failure.js';
import type { Queryable } from '../../db/database.js';
import type { Catalog, FieldDef } from '../../model/catalog.js';
import { RICH_TEXT_SECRET } from '../../model/field-types.js';
import { runPlan } from '../../query/execute.js';
import { planSelect } from '../../query/select.js';
import { ParamBag, filterCondition, orderKeys } from '../filters.js';
import type { ObjectModel } from '../space-model.js';

/** The most Entities one action acts on, or one filter of an argument names (that of a batch command). */
export const MAX_MUTATION_TARGETS = 1000;

function idField(object: ObjectModel): FieldDef {
  const field = object.type.fieldsByName.get('svc/id');
  // Stryker disable next-line all: every type has svc/id
  if (!field) throw new Error(`${object.type.name} has no svc/id`);
  return field;
}

/** The ids of the Entities of `object` matching `filter` (a `<T>Filter` value), in creation order. */
/** A `limit` or `offset` of a filter: absent, or an integer of at least 0. */
function count(value: unknown, name: string, where: string): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new GraphQLError(`${where}.${name}: ${name} must be an integer of at least 0; got ${String(value)}.`, { extensions: { code: 'BAD_USER_INPUT', field: `${where}.${name}` } });
  }
  return value;
}

/**
 * The ids of the Entities of `object` matching `filter` (a `<T>Filter` value, or field filter
 * arguments): in the order of its `orderBy` (else creation order), past its `offset`, at most its
 * `limit` of them.
 */
export async function matchingIds(tx: Queryable, catalog: Catalog, object: ObjectModel, filter: Record<string, unknown>, where: string): Promise<string[]> {
  const { orderBy, limit: rawLimit, offset: rawOffset, ...fields } = filter;
  const limit = count(rawLimit, 'limit', where);
  const offset = count(rawOffset, 'offset', where) ?? 0;
  const bag = new ParamBag();
  const condition = filterCondition(object, fields, bag, where);
  const order = typeof orderBy === 'object' && orderBy !== null ? orderKeys(object, orderBy as Record<string, unknown>) : [];
  const select = [{ kind: 'field' as const, key: 'id', field: idField(object) }];
  const take = Math.min(limit ?? MAX_MUTATION_TARGETS + 1, MAX_MUTATION_TARGETS + 1);
  const rows = await runPlan(tx, catalog, { type: object.type, condition, orderBy: order, limit: take, offset, select }, bag.values);
  if (rows.length > MAX_MUTATION_TARGETS) {
    throw new Failure(
      'entity.error/query-result-too-large',
      `${where}: the filter selects more than ${MAX_MUTATION_TARGETS} Entities of "${object.type.name}"; one mutation action acts on at most ${MAX_MUTATION_TARGETS}. Narrow the filter.`,
      { type: object.type.name, limit: MAX_MUTATION_TARGETS },
    );
  }
  return rows.map((r) => String((r as Record<string, unknown>)['id']));
}

/** The document secret of a rich text field of each Entity (undefined: the Entity has none yet). */
export async function documentSecrets(tx: Queryable, catalog: Catalog, object: ObjectModel, field: FieldDef, ids: readonly string[]): Promise<Map<string, string | undefined>> {
  const out = new Map<string, string | undefined>();
  if (ids.length === 0) return out;
  const bag = new ParamBag();
  const list = bag.add([...ids]);
  const select = [
    { kind: 'field' as const, key: 'id', field: idField(object) },
    { kind: 'field' as const, key: 'secret', field },
  ];
  const rows = await runPlan(tx, catalog, { type: object.type, where: ['q/in', ['svc/id'], list], limit: ids.length, offset: 0, select }, bag.values);
  for (const row of rows as Array<Record<string, unknown>>) {
    const value = row['secret'];
    const secret = typeof value === 'string' ? value : value && typeof value === 'object' ? (value as Record<string, unknown>)[RICH_TEXT_SECRET] : undefined;
    out.set(String(row['id']), typeof secret === 'string' ? secret : undefined);
  }
  return out;
}

/**
 * The ids of the Entities that relation `field` of the Entities `ids` (of `object`) links to,
 * each once, in the order read; at most MAX_MUTATION_TARGETS.
 */
export async function linkedIds(tx: Queryable, catalog: Catalog, object: ObjectModel, field: FieldDef, ids: readonly string[], where: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const bag = new ParamBag();
  const list = bag.add([...ids]);
  const select = planSelect(catalog, object.type, [{ [field.name]: ['svc/id'] }]);
  const rows = await runPlan(tx, catalog, { type: object.type, where: ['q/in', ['svc/id'], list], limit: ids.length, offset: 0, select }, bag.values);
  const out = new Set<string>();
  for (const row of rows as Array<Record<string, unknown>>) {
    const value = row[field.name];
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item && typeof item === 'object') out.add(String((item as Record<string, unknown>)['svc/id']));
    }
  }
  if (out.size > MAX_MUTATION_TARGETS) {
    throw new Failure(
      'entity.error/query-result-too-large',
      `${where}: the selected Entities link to more than ${MAX_MUTATION_TARGETS} Entities by "${field.name}"; one mutation action acts on at most ${MAX_MUTATION_TARGETS}. Narrow the filter.`,
      { field: field.name, limit: MAX_MUTATION_TARGETS },
    );
  }
  return [...out];
}
