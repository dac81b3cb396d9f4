// Workspace names of what a source creates (spec/integrations.md, "Names"): Databases
// `<Space>/<type name>`, fields `<Space>/<field name>`, enums `<Space>/<Field>_<Database>` and
// `workflow/state_<Database>`; a name already taken gets ` (2)`, ` (3)`, ... Names are cut to
// the lengths the schema writer accepts (the part after `/` of a type: 200 characters; a field: 200).

export const DELETED_IN_SOURCE = 'deleted in source';
export const TYPE_NAME_MAX = 200;
export const FIELD_NAME_MAX = 200;

/** Cuts `text` to `max` UTF-16 units without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, Math.max(0, max));
  return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head;
}

/**
 * `prefix` + `base` (cut so that the part after the prefix fits `max`), with ` (n)` appended
 * from 2 on until `taken` says no.
 */
export function uniqueName(prefix: string, base: string, max: number, taken: (name: string) => boolean): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : ` (${n})`;
    const candidate = `${prefix}${cut(base, max - suffix.length).trimEnd()}${suffix}`;
    if (!taken(candidate)) return candidate;
  }
}

/** The name a thing is shown by: `name` trimmed, else `fallback` (an id). */
export function displayName(name: unknown, fallback: string): string {
  const text = typeof name === 'string' ? name.trim() : '';
  return text === '' ? fallback : text;
}

export function databaseName(space: string, typeName: string, taken: (name: string) => boolean): string {
  return uniqueName(`${space}/`, typeName, TYPE_NAME_MAX, taken);
}

export function fieldName(space: string, name: string, taken: (name: string) => boolean): string {
  return uniqueName(`${space}/`, name, FIELD_NAME_MAX - space.length - 1, taken);
}

/** The part of a `<Space>/<name>` after the Space. */
export function shortName(name: string): string {
  return name.slice(name.indexOf('/') + 1);
}

/** `<Space>/<Field>_<Database>` of a single or multi select field (`field` is the workspace field name). */
export function selectEnumName(space: string, field: string, database: string, taken: (name: string) => boolean): string {
  return uniqueName(`${space}/`, `${shortName(field)}_${database}`, TYPE_NAME_MAX, taken);
}

/** `workflow/state_<Database>`. */
export function workflowEnumName(database: string, taken: (name: string) => boolean): string {
  return uniqueName('workflow/', `state_${database}`, TYPE_NAME_MAX, taken);
}
