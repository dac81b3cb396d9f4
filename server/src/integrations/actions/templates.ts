// Text templates of custom action args (spec/integrations.md, "Custom actions"; svc-kit's choice:
// the public API does not show how a template is written). In the value of an arg whose
// `textTemplateSupported` is true, `{{<app field id>}}` (blanks around the id allowed; the id is
// one or more characters other than braces and blanks) stands for that field's value in the
// Entity's row; any other text, a lone `{{` included, is kept as written. The values of other
// args are sent as given.
import { Failure } from '../../api/failure.js';
import { nearestName } from '../../api/near-names.js';
import type { AppActionArg } from './catalog.js';

/** A placeholder: `{{`, blanks, the field id, blanks, `}}`. */
const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** How many field ids a message lists at most. */
const LISTED = 30;

/** Largest value an arg may have once filled (characters); longer fails that Entity. */
export const MAX_FILLED_CHARS = 1_000_000;

/** The field ids an arg value's placeholders name, in order, each once. */
export function placeholdersOf(value: string): string[] {
  const names = new Set<string>();
  for (const match of value.matchAll(PLACEHOLDER)) names.add(match[1] as string);
  return [...names];
}

/** The args (of the call) whose values are templates: an arg with `textTemplateSupported` true. */
export function templateArgs(args: Readonly<Record<string, string>>, known: ReadonlyMap<string, AppActionArg>): Array<[string, string]> {
  return Object.entries(args).filter(([id]) => known.get(id)?.textTemplateSupported === true);
}

/**
 * Refuses (400 `integration.error/action-args-invalid`) the first placeholder of a template arg
 * that names no field of `row`, naming the arg, the placeholder, the Entity's type and the row's
 * field ids (and the field id it probably meant).
 */
export function requireKnownPlaceholders(templates: ReadonlyArray<[string, string]>, row: Readonly<Record<string, unknown>>, appType: string, entityField: string): void {
  for (const [arg, value] of templates) {
    for (const name of placeholdersOf(value)) {
      if (Object.hasOwn(row, name)) continue;
      const fields = Object.keys(row);
      const near = nearestName(name, fields);
      const shown = fields.slice(0, LISTED).map((f) => JSON.stringify(f)).join(', ') + (fields.length > LISTED ? ` and ${fields.length - LISTED} more` : '');
      throw new Failure(
        'integration.error/action-args-invalid',
        `args/${arg} names the field {{${name}}}, which the row of ${entityField} (type "${appType}") does not have${near === undefined ? '' : ` (did you mean {{${near}}}?)`}; its fields are ${shown}.`,
        { field: `args/${arg}`, arg, placeholder: name, ...(near === undefined ? {} : { near }) },
        400,
      );
    }
  }
}

/** A row value as the text it fills in: strings as they are, empty as nothing, others as JSON text. */
export function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? '';
}

/**
 * The args sent for one Entity: template args filled from its row, the others as given. Throws an
 * Error naming the arg when a filled value would exceed MAX_FILLED_CHARS.
 */
export function fillArgs(args: Readonly<Record<string, string>>, known: ReadonlyMap<string, AppActionArg>, row: Readonly<Record<string, unknown>>): Record<string, string> {
  const filled: Record<string, string> = {};
  for (const [id, value] of Object.entries(args)) {
    if (known.get(id)?.textTemplateSupported !== true) {
      filled[id] = value;
      continue;
    }
    let length = 0;
    let tooLong = false;
    const text = value.replace(PLACEHOLDER, (whole, name: string) => {
      if (tooLong) return '';
      const part = Object.hasOwn(row, name) ? asText(row[name]) : whole;
      length += part.length;
      if (length > MAX_FILLED_CHARS) tooLong = true;
      return tooLong ? '' : part;
    });
    if (tooLong || text.length > MAX_FILLED_CHARS) throw new Error(`args/${id} would hold more than ${MAX_FILLED_CHARS} characters once its templates are filled from this Entity's row; it was not sent.`);
    filled[id] = text;
  }
  return filled;
}
