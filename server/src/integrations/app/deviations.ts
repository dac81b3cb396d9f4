// Deviations from the app contract that real integration apps make and the real service accepts
// (spec/integrations.md, "Deviations the service tolerates"): an answer that breaks the contract
// only by them is taken, repaired, with one warning per deviation, which the caller records (the
// account shows them). The app suite stays strict: app.information fails such an app.
import type { AppSchemaName } from './contract.js';

export interface Tolerated {
  value: unknown;
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

const REPAIRS: Partial<Record<AppSchemaName, ReadonlyArray<(value: unknown) => Tolerated | undefined>>> = {
  AppInformation: [withoutWebsite],
};

/** The value with every tolerated deviation of `schemaName` repaired, and their warnings (none: as it was). */
export function tolerate(schemaName: AppSchemaName, value: unknown): Tolerated {
  let current: Tolerated = { value, warnings: [] };
  for (const repair of REPAIRS[schemaName] ?? []) {
    const repaired = repair(current.value);
    if (repaired) current = { value: repaired.value, warnings: [...current.warnings, ...repaired.warnings] };
  }
  return current;
}
