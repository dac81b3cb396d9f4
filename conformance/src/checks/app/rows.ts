/**
 * A data row against the schema of its type: its keys are schema field ids (or `__syncAction`),
 * its values fit their fields (values.ts), and it carries its key (the field of type `id`, `id`
 * by default: spec/integrations.md).
 */
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
    if (!Object.hasOwn(fields, id) || !isRecord(field)) {
      problems.push(`field ${JSON.stringify(id)} is not in the schema of the type (fields: ${Object.keys(fields).join(', ')})`);
      continue;
    }
    const problem = valueProblem(fields[id], value);
    if (problem !== undefined) problems.push(`field ${JSON.stringify(id)} (${fields[id].type}${fields[id].subType ? ` / ${fields[id].subType}` : ''}): ${problem}`);
  }
  return problems;
}
