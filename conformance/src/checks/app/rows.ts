/**
 * A data row against the schema of its type: the values under schema field ids fit their fields
 * (values.ts), `__syncAction` is SET or REMOVE, and it carries its key (the field of type `id`,
 * `id` by default: spec/integrations.md). Keys the schema does not list are not a problem (the
 * contract does not forbid them and the service ignores them); data-rows notes them.
 */
import type { CheckContext } from '../../check.js';
import { isRecord } from '../../shapes.js';
import type { TypeSchema } from './session.js';
import { valueProblem } from './values.js';

export const SYNC_ACTION = '__syncAction';

/** The key field of a type: its field of type `id`, else `id`. */
export function keyField(fields: TypeSchema): string {
  const byType = Object.entries(fields).find(([, field]) => isRecord(field) && field.type === 'id');
  return byType ? byType[0] : 'id';
}

/** The row's key as text, or undefined when it has none. */
export function rowKey(fields: TypeSchema, row: Record<string, unknown>): string | undefined {
  const key = row[keyField(fields)];
  if (typeof key === 'number' && Number.isFinite(key)) return String(key);
  return typeof key === 'string' && key !== '' ? key : undefined;
}

/** Every way `row` breaks the schema of its type (empty when it fits). */
export function rowProblems(fields: TypeSchema, row: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const key = keyField(fields);
  if (rowKey(fields, row) === undefined) problems.push(`it has no key: field ${JSON.stringify(key)} is ${JSON.stringify(row[key]) ?? 'absent'}`);
  for (const [id, value] of Object.entries(row)) {
    if (id === SYNC_ACTION) {
      if (value !== 'SET' && value !== 'REMOVE') problems.push(`${SYNC_ACTION} is ${JSON.stringify(value)}, not SET or REMOVE`);
      continue;
    }
    const field = (fields as Record<string, unknown>)[id];
    if (!Object.hasOwn(fields, id) || !isRecord(field)) continue;
    const problem = valueProblem(fields[id], value);
    if (problem !== undefined) problems.push(`field ${JSON.stringify(id)} (${fields[id].type}${fields[id].subType ? ` / ${fields[id].subType}` : ''}): ${problem}`);
  }
  return problems;
}

/** The keys of rows that the schema does not list (besides `__syncAction`), each once, in order. */
export function unlistedKeys(fields: TypeSchema, rows: ReadonlyArray<Record<string, unknown>>): string[] {
  const found = new Set<string>();
  for (const row of rows) for (const id of Object.keys(row)) if (id !== SYNC_ACTION && !Object.hasOwn(fields, id)) found.add(id);
  return [...found];
}

/** Logs the keys of a type's rows that its schema does not list (the service ignores them). */
export function noteUnlistedKeys(ctx: CheckContext, type: string, fields: TypeSchema, rows: ReadonlyArray<Record<string, unknown>>): void {
  const keys = unlistedKeys(fields, rows);
  if (keys.length > 0) ctx.log(`rows of type ${JSON.stringify(type)} carry keys the schema does not list (the service ignores them): ${keys.map((k) => JSON.stringify(k)).join(', ')}`);
}
