// Enum types of select and workflow fields and their options (enum Entities: `enum/name`,
// `enum/color`, `enum/icon`, `svc/rank`; workflows also `workflow/Final` and `workflow/Type`).
// Creates an enum with the schema's options, and resolves option names of a row to enum Entity
// ids, adding a missing name as a new option (ranked last; a workflow's as `Started`).
import type { Queryable } from '../../db/database.js';
import { Failure } from '../../api/failure.js';
import { loadCatalog } from '../../model/catalog.js';
import { insertEntity } from '../../model/entity-writer.js';
import { createEnumType, createField } from '../../model/schema-writer.js';
import type { ConvertedRow } from '../types.js';
import type { OptionSpec } from './options.js';
import { typeFields, type TypeFields } from './type-lookup.js';

export const WORKFLOW_TYPE_FIELD = 'workflow/Type';
export const WORKFLOW_FINAL_FIELD = 'workflow/Final';
const NAME_FIELD = 'enum/name';
const RANK_FIELD = 'svc/rank';

type OptionInput = Pick<OptionSpec, 'name' | 'color' | 'icon' | 'final' | 'state'>;

function optionValues(fields: ReadonlyMap<string, string>, option: OptionInput, rank: number): Record<string, unknown> {
  return {
    [NAME_FIELD]: option.name,
    ...(option.color ? { 'enum/color': option.color } : {}),
    ...(option.icon ? { 'enum/icon': option.icon } : {}),
    [RANK_FIELD]: rank,
    ...(fields.has(WORKFLOW_FINAL_FIELD) ? { [WORKFLOW_FINAL_FIELD]: option.final } : {}),
    ...(fields.has(WORKFLOW_TYPE_FIELD) ? { [WORKFLOW_TYPE_FIELD]: option.state } : {}),
  };
}

async function insertOptions(tx: Queryable, enumType: string, fields: ReadonlyMap<string, string>, options: Array<[OptionInput, number]>, authorId: string): Promise<string[]> {
  if (options.length === 0) return [];
  const catalog = await loadCatalog(tx);
  const ids: string[] = [];
  for (const [option, rank] of options) ids.push((await insertEntity(tx, catalog, enumType, optionValues(fields, option, rank), authorId))['svc/id'] as string);
  return ids;
}

/** Creates the enum type `name` (a workflow enum with `workflow/Type`) with `options` ranked in their order. */
export async function createOptionsEnum(tx: Queryable, name: string, workflow: boolean, options: OptionSpec[], authorId: string): Promise<void> {
  await createEnumType(tx, { name, workflow, values: [] }, authorId);
  if (workflow) await createField(tx, name, { name: WORKFLOW_TYPE_FIELD, type: 'svc/text' });
  const fields = (await typeFields(tx, name))?.keys ?? new Map<string, string>();
  await insertOptions(tx, name, fields, options.map((o, rank): [OptionInput, number] => [o, rank]), authorId);
}

interface Option {
  id: string;
  name: string;
  rank: number;
}

/** The options of an enum type, by rank (then creation). */
async function loadOptions(tx: Queryable, type: TypeFields): Promise<Option[]> {
  const nameKey = type.keys.get(NAME_FIELD);
  const rankKey = type.keys.get(RANK_FIELD);
  const { rows } = await tx.query<{ id: string; data: Record<string, unknown> }>('SELECT id, data FROM entities WHERE type_id = $1 ORDER BY created_at, id', [type.id]);
  const options = rows.map((row, index) => {
    const rank = rankKey ? Number(row.data?.[rankKey] ?? NaN) : NaN;
    return { id: row.id, name: nameKey ? String(row.data?.[nameKey] ?? '') : '', rank: Number.isFinite(rank) ? rank : index, index };
  });
  return options.sort((a, b) => a.rank - b.rank || a.index - b.index).map(({ index: _index, ...o }) => o);
}

/**
 * The enum Entity ids of the option names (in their order, without repeats), creating options
 * that do not exist yet. An empty workflow value gives the default option (the first by rank).
 */
export async function resolveOptions(tx: Queryable, authorId: string, select: ConvertedRow['selects'][number]): Promise<string[]> {
  const type = await typeFields(tx, select.enumType);
  if (!type || (type.kind !== 'enum' && type.kind !== 'workflow') || !type.keys.has(NAME_FIELD)) {
    throw new Failure(
      'integration.error/row-invalid',
      `The options of "${select.field}" cannot be resolved: "${select.enumType}" is not an enum type any more (was it deleted?).`,
      { field: select.field, type: select.enumType },
      422,
    );
  }
  const options = await loadOptions(tx, type);
  if (select.names.length === 0) return select.workflow && options[0] ? [options[0].id] : [];
  const byName = new Map<string, string>();
  for (const option of options) if (!byName.has(option.name)) byName.set(option.name, option.id);
  const missing = [...new Set(select.names.filter((n) => !byName.has(n)))];
  const firstRank = options.reduce((max, o) => Math.max(max, o.rank), -1) + 1;
  const created = await insertOptions(
    tx,
    select.enumType,
    type.keys,
    missing.map((name, i): [OptionInput, number] => [{ name, final: false, state: 'Started' }, firstRank + i]),
    authorId,
  );
  missing.forEach((name, i) => byName.set(name, created[i] as string));
  return [...new Set(select.names.map((n) => byName.get(n) as string))];
}
