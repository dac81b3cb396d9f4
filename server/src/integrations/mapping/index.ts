// The mapping of an app's schema to Databases and the conversion of its data rows
// (spec/integrations.md, "Names", "Fields", "Values"): what the sync engine calls.
export { checkAppSchema } from './check-schema.js';
export { materializeMapping, LOCKED_META, HIDDEN_META, type MaterializeArgs } from './materialize.js';
export { convertRow } from './convert-row.js';
export { resolveOptions } from './enum-options.js';
export { matchUsers } from './users.js';
