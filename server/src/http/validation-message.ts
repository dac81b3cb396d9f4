// Picks the useful part of a validator report. A body checked against `oneOf` branches (one per
// command) yields one complaint per branch; only the branch the body chose matters, unless the
// body chose none (an unknown `command`), which is then the problem to report.
import { COMMAND_NAMES } from '../api/spec-document.js';
export interface ValidatorIssue {
  path?: string;
  message?: string;
}

const NOISE = [/^must match exactly one schema in oneOf$/, /^must match a schema in anyOf$/, /^must match "then" schema$/];
const BRANCH_MISMATCH = [/^must be equal to constant$/, /^must be equal to one of the allowed values$/];

function key(issue: ValidatorIssue): string {
  return `${issue.path ?? ''}\u0000${issue.message ?? ''}`;
}

/** The value at a JSON pointer such as `/args/commands/0/command`. */
function at(body: unknown, pointer: string): unknown {
  let value = body;
  for (const part of pointer.split('/').slice(1)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return value;
}

/** An issue for a `command` property whose value names no known command, if there is one. */
function unknownCommand(issues: ValidatorIssue[], body: unknown, route: string): ValidatorIssue | undefined {
  const known = new Set([...COMMAND_NAMES.command, ...COMMAND_NAMES.schemaOperation, ...COMMAND_NAMES.documentCommand]);
  const candidates = issues
    .filter((i) => BRANCH_MISMATCH.some((re) => re.test(i.message ?? '')) && /^\/body(\/.*)?\/command$/.test(i.path ?? ''))
    .sort((a, b) => (a.path ?? '').length - (b.path ?? '').length);
  for (const issue of candidates) {
    const pointer = (issue.path ?? '').slice('/body'.length);
    const value = at(body, pointer);
    if (typeof value === 'string' && known.has(value)) continue;
    const names = route.startsWith('/api/documents')
      ? COMMAND_NAMES.documentCommand
      : isSchemaBatch(body, pointer)
        ? COMMAND_NAMES.schemaOperation
        : COMMAND_NAMES.command;
    return { path: issue.path, message: `must be one of ${names.join(', ')} (got ${JSON.stringify(value) ?? 'nothing'})` };
  }
  return undefined;
}

/** Whether the `command` at `pointer` is an operation inside a `svc.schema/batch`. */
function isSchemaBatch(body: unknown, pointer: string): boolean {
  const parent = pointer.replace(/\/args\/commands\/\d+\/command$/, '');
  return parent !== pointer && at(body, `${parent}/command`) === 'svc.schema/batch';
}

/** The issues worth showing, most specific first (deepest path), without duplicates. */
export function relevantIssues(issues: ValidatorIssue[], body?: unknown, route = ''): ValidatorIssue[] {
  const unknown = unknownCommand(issues, body, route);
  if (unknown) return [unknown];
  const unique = [...new Map(issues.map((i) => [key(i), i])).values()];
  const notNoise = unique.filter((i) => !NOISE.some((re) => re.test(i.message ?? '')));
  const specific = notNoise.filter((i) => !BRANCH_MISMATCH.some((re) => re.test(i.message ?? '')));
  // "must be array" at the root is the other branch of "one command or an array of commands".
  const meaningful = specific.filter((i) => !(i.message === 'must be array' && (i.path === '/body' || i.path === '/body/')));
  const chosen = meaningful.length > 0 ? meaningful : notNoise.length > 0 ? notNoise : unique;
  // An unknown key near a known one first (it is most likely the slip the rest follows from), then the deepest.
  const hinted = (i: ValidatorIssue) => (/\(did you mean /.test(i.message ?? '') ? 1 : 0);
  return mergeTypeIssues(chosen).sort((a, b) => hinted(b) - hinted(a) || (b.path ?? '').split('/').length - (a.path ?? '').split('/').length);
}

const TYPE_ISSUE = /^must be (\w+)$/;

/** "must be object" and "must be null" at one path (the branches of an anyOf) become "must be object or null". */
function mergeTypeIssues(issues: ValidatorIssue[]): ValidatorIssue[] {
  const types = new Map<string, string[]>();
  for (const issue of issues) {
    const type = TYPE_ISSUE.exec(issue.message ?? '')?.[1];
    if (type) types.set(issue.path ?? '', [...(types.get(issue.path ?? '') ?? []), type]);
  }
  const out: ValidatorIssue[] = [];
  for (const issue of issues) {
    const all = types.get(issue.path ?? '');
    if (!TYPE_ISSUE.test(issue.message ?? '') || !all || all.length < 2) {
      out.push(issue);
      continue;
    }
    if (all[0] !== TYPE_ISSUE.exec(issue.message ?? '')?.[1]) continue;
    out.push({ path: issue.path, message: `must be ${all.join(' or ')}` });
  }
  return out;
}
