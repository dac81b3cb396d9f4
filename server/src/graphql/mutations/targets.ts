// The Entities a filter selects, for the actions of a mutation: the root field's filter, a link's
// target filter, a relation value given as a filter. Read with the query engine (the filters of
// the read API, filters.ts), bounded by MAX_MUTATION_TARGETS.
import { Failure } from '../../api/failure.js';
import type { Queryable } from '../../db/database.js';
import type { Catalog, FieldDef } from '../../model/catalog.js';
import { RICH_TEXT_SECRET } from '../../model/field-types.js';
import { runPlan } from '../../query/execute.js';
import { ParamBag, filterCondition } from '../filters.js';
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
export async function matchingIds(tx: Queryable, catalog: Catalog, object: ObjectModel, filter: Record<string, unknown>, where: string): Promise<string[]> {
  const bag = new ParamBag();
  const condition = filterCondition(object, filter, bag, where);
  const select = [{ kind: 'field' as const, key: 'id', field: idField(object) }];
  const rows = await runPlan(tx, catalog, { type: object.type, condition, orderBy: [], limit: MAX_MUTATION_TARGETS + 1, offset: 0, select }, bag.values);
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
