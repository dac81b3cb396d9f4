// Deviations from the app contract that real integration apps make and the real service accepts
// (spec/integrations.md, "Deviations the service tolerates"): an answer that breaks the contract
// only by them is taken, repaired, with one warning per deviation, which the caller records (the
// account shows them). The app suite stays strict: app.information fails such an app.
import type { AppSchemaName } from './contract.js';

export interface Tolerated {
  /** The answer as the service uses it. */
  value: unknown;
  /** The answer as the contract check reads it, where the service keeps a form the contract lacks (one-to-many). */
  checkedAs?: unknown;
  warnings: string[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The app information without `website` (toggl's app leaves it out): an empty address. */
function withoutWebsite(value: unknown): Tolerated | undefined {
  if (!isObject(value) || value['website'] !== undefined) return undefined;
  return {
    value: { ...value, website: '' },
    warnings: ['The app information has no "website" (the app contract requires one); the service takes it as empty.'],
  };
}

/** The contract's nearest cardinality to `one-to-many`, for the contract check only. */
const CHECKED_AS_CARDINALITY = 'many-to-many';

/**
 * Schema fields whose relation has cardinality `one-to-many` (real apps send it): kept, and read
 * by the mapping as the reverse of many-to-one (this end holds several Entities, the other end
 * one); the contract check reads them as many-to-many.
 */
function oneToMany(value: unknown): Tolerated | undefined {
  if (!isObject(value)) return undefined;
  const warnings: string[] = [];
  const checkedAs: Record<string, unknown> = {};
  for (const [typeId, fields] of Object.entries(value)) {
    if (!isObject(fields)) {
      checkedAs[typeId] = fields;
      continue;
    }
    const checkedFields: Record<string, unknown> = {};
    for (const [fieldId, field] of Object.entries(fields)) {
      const relation = isObject(field) ? field['relation'] : undefined;
      if (isObject(field) && isObject(relation) && relation['cardinality'] === 'one-to-many') {
        checkedFields[fieldId] = { ...field, relation: { ...relation, cardinality: CHECKED_AS_CARDINALITY } };
        warnings.push(
          `The schema of type "${typeId}" gives field "${fieldId}" the relation cardinality "one-to-many" (the app contract has many-to-one, many-to-many and one-to-one); the service takes it as the reverse of many-to-one: this end holds several Entities, the other end one.`,
        );
      } else {
        checkedFields[fieldId] = field;
      }
    }
    checkedAs[typeId] = checkedFields;
  }
  return warnings.length === 0 ? undefined : { value, checkedAs, warnings };
}

const REPAIRS: Partial<Record<AppSchemaName, ReadonlyArray<(value: unknown) => Tolerated | undefined>>> = {
  AppInformation: [withoutWebsite],
  SchemaResponse: [oneToMany],
};

/** The value with every tolerated deviation of `schemaName` repaired, and their warnings (none: as it was). */
export function tolerate(schemaName: AppSchemaName, value: unknown): Tolerated {
  let current: Tolerated = { value, warnings: [] };
  for (const repair of REPAIRS[schemaName] ?? []) {
    const repaired = repair(current.value);
    if (!repaired) continue;
    current = { value: repaired.value, warnings: [...current.warnings, ...repaired.warnings] };
    if (repaired.checkedAs !== undefined) current.checkedAs = repaired.checkedAs;
  }
  return current;
}
