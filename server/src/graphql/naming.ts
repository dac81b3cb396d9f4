// Names of the generated GraphQL schema (spec/graphql/README.md, "Names"): PascalCase type
// names from singular Database names, `find<Plural>` query names, camelCase field names, and the
// `_2`, `_3`, ... suffixes that settle collisions.
import pluralize from 'pluralize';

const WORD = /[A-Za-z0-9]+/g;

/** Applies `change` to the last run of ASCII letters and digits of `text`. */
function changeLastWord(text: string, change: (word: string) => string): string {
  const words = [...text.matchAll(WORD)];
  const last = words.at(-1);
  if (!last || last.index === undefined) return text;
  return text.slice(0, last.index) + change(last[0]) + text.slice(last.index + last[0].length);
}

/** The runs of ASCII letters and digits of `text` (every other character is dropped). */
function words(text: string): string[] {
  return [...text.matchAll(WORD)].map((m) => m[0]);
}

function withDigitGuard(name: string): string {
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

/** PascalCase: the first letter of each word upper-cased, the rest kept as written. */
export function pascalCase(text: string): string {
  return withDigitGuard(words(text).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(''));
}

/**
 * camelCase: as PascalCase, then the first letter lower-cased, or the whole first word when it is
 * written in capitals (`ID` gives `id`, `URL link` gives `urlLink`, `Due date` gives `dueDate`).
 */
export function camelCase(text: string): string {
  const [first, ...rest] = words(text);
  if (first === undefined) return '';
  const head = first === first.toUpperCase() ? first.toLowerCase() : first.charAt(0).toLowerCase() + first.slice(1);
  return withDigitGuard(head + rest.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(''));
}

/** The part of a `<Space>/<Database>` or `<namespace>/<field>` name after the first `/`. */
export function localPart(name: string): string {
  const slash = name.indexOf('/');
  return slash === -1 ? name : name.slice(slash + 1);
}

/** Fallback type name when a Database name has no ASCII letter or digit. */
const TYPE_FALLBACK = 'Database';

/**
 * `Demo/Sales leads` gives `DemoSalesLead`: the Space, then the Database part with its last word
 * singular, in PascalCase (the public API's `<Space><Singular>`).
 */
export function typeBaseName(databaseName: string): string {
  const slash = databaseName.indexOf('/');
  // Stryker disable next-line StringLiteral: every Database name the schema accepts has a '/' (its Space before it), so this '' is never taken
  const space = slash === -1 ? '' : databaseName.slice(0, slash);
  const local = pascalCase(changeLastWord(localPart(databaseName), (w) => pluralize.singular(w))) || TYPE_FALLBACK;
  // Stryker disable next-line Regex: PascalCase drops every '_' but the one its digit guard puts first, so /_/ removes the same one
  return withDigitGuard(`${pascalCase(space).replace(/^_/, '')}${local.replace(/^_/, '')}`);
}

/** A type that is not a Database (the users, an option type, the comments): its whole name in PascalCase (`workflow/state_Demo/Tasks` gives `WorkflowStateDemoTasks`). */
export function plainTypeName(typeName: string): string {
  return pascalCase(typeName) || TYPE_FALLBACK;
}

/** `Demo/Sales leads` gives `salesLeads`: the root mutation field of a Database (lowerCamel plural). */
export function mutationBaseName(databaseName: string): string {
  return camelCase(changeLastWord(localPart(databaseName), (w) => pluralize.plural(w))) || 'database';
}

/** `Demo/Task` gives `findTasks`. */
export function queryBaseName(databaseName: string): string {
  return `find${pascalCase(changeLastWord(localPart(databaseName), (w) => pluralize.plural(w))) || TYPE_FALLBACK}`;
}

/** `Demo/Due date` gives `dueDate`; a name without ASCII letters or digits gives `field`. */
export function fieldBaseName(fieldName: string): string {
  return camelCase(localPart(fieldName)) || 'field';
}

/** Hands out names: a taken name gets `_2`, `_3`, ... appended until `free` accepts it. */
export function firstFree(base: string, free: (candidate: string) => boolean): string {
  if (free(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}_${n}`;
    if (free(candidate)) return candidate;
  }
}

/** The suffixes of the names a generated type brings (README, "Derived names"). */
export const DERIVED_SUFFIXES = ['', 'Filter', 'CollectionFilter', 'Order', 'Input', 'Operations'] as const;

/** The names a generated type's name brings (README, "Derived names"). */
export function derivedNames(typeName: string): string[] {
  return DERIVED_SUFFIXES.map((suffix) => `${typeName}${suffix}`);
}

/** The Space name as written in the endpoint path: every space character as `_`. */
export function spacePathName(space: string): string {
  return space.replace(/ /g, '_');
}
