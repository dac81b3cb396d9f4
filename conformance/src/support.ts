/**
 * "If supported, then correct": how a target says it lacks a feature beyond the contract's forms,
 * and a ledger of the features a check found missing.
 *
 * A target lacks a feature when it answers one of the named "unsupported" errors of
 * spec/CONVENTIONS.md ("Features beyond the contract"): an unknown command, an unknown operator
 * (naming that operator), an unknown document format, a route it does not serve. Any other answer
 * means the target took the request on, so what it answered must be right: a check verifies it at
 * its own level (MUST). A check that met unsupported features throws CheckUnsupported at the end,
 * after everything else it verified passed, and the run grades it at the check's `unsupported` level.
 */
import { CheckUnsupported } from './check.js';
import type { HttpResponse } from './http.js';
import { commandError, isRecord } from './shapes.js';

/** Operators and select forms of the contract (spec: "Query object keys"); every other one is beyond it. */
const CONTRACT_OPERATORS = new Set(['=', '>', 'q/and', 'q/in', 'q/asc']);

/** The operators and `q/...` forms a query or command uses that are beyond the contract's. */
export function beyondContractOperators(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    if (typeof value[0] === 'string' && (value[0].startsWith('q/') || /^[<>=!]+$/.test(value[0])) && !CONTRACT_OPERATORS.has(value[0])) out.add(value[0]);
    for (const item of value) beyondContractOperators(item, out);
  } else if (isRecord(value)) {
    for (const item of Object.values(value)) beyondContractOperators(item, out);
  } else if (value === 'q/desc') {
    out.add(value);
  }
  return out;
}

/** The commands of the contract ("Command API"); every other command is beyond it. */
const CONTRACT_COMMANDS = new Set(['svc.entity/query', 'svc.command/batch', 'svc.entity/create', 'svc.entity/update', 'svc.entity/add-collection-items']);

/** The command names a request body carries, inner commands of batches (`args.commands`) included. */
function commandNames(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) commandNames(item, out);
  else if (isRecord(value)) {
    if (typeof value['command'] === 'string') out.add(value['command']);
    const args = value['args'];
    if (isRecord(args) && Array.isArray(args['commands'])) commandNames(args['commands'], out);
  }
  return out;
}

/**
 * The feature beyond the contract that a failed command API answer names as unknown, when the
 * request used it: a command (`command.error/unknown-command`) or an operator or select form
 * (`entity.error/query-operator-invalid` naming it), also as the inner error of a batch.
 */
export function unsupportedFeature(res: HttpResponse): string | undefined {
  let body: unknown;
  try {
    body = res.request.body === undefined ? undefined : (JSON.parse(res.request.body) as unknown);
  } catch {
    return undefined;
  }
  for (const name of commandNames(body)) if (!CONTRACT_COMMANDS.has(name) && isUnknownCommand(res, name)) return name;
  for (const op of beyondContractOperators(body)) if (isUnknownOperator(res, op)) return `query ${op}`;
  return undefined;
}

/** The command API's answer naming `command` as unknown (`command.error/unknown-command`). */
export function isUnknownCommand(res: HttpResponse, command?: string): boolean {
  const error = innerBatchError(res.json) ?? commandError(res.json);
  if (error?.name !== 'command.error/unknown-command') return false;
  return command === undefined || error.data['command'] === undefined || error.data['command'] === command;
}

/** The command API's answer naming `operator` as not known (`entity.error/query-operator-invalid` with `data.operator`). */
export function isUnknownOperator(res: HttpResponse, operator: string): boolean {
  const error = innerBatchError(res.json) ?? commandError(res.json);
  return error?.name === 'entity.error/query-operator-invalid' && error.data['operator'] === operator;
}

/**
 * A route the target does not serve: 404 `route.error/not-found` or 405 `route.error/method-not-allowed`, or a
 * 404/405 whose body is no JSON object (a framework's page). A JSON object without either name is an answer of
 * the route, to be judged (if served, then correct).
 */
export function isUnservedRoute(res: HttpResponse): boolean {
  if (res.status !== 404 && res.status !== 405) return false;
  if (!isRecord(res.json)) return true;
  const name = res.json['name'];
  return name === 'route.error/not-found' || name === 'route.error/method-not-allowed';
}

/**
 * A query key or value form of the public API that the target refuses as unknown: `{success: false}`
 * `entity.error/query-operator-invalid` naming `key` in `data.operator`, or 400
 * `request.error/invalid-body` whose `data.field` (a JSON pointer, also inside the command API's
 * envelope) ends in `key`.
 */
export function isRefusedKey(res: HttpResponse, key: string): boolean {
  if (isUnknownOperator(res, key)) return true;
  if (res.status !== 400) return false;
  const error = commandError(res.json) ?? (isRecord(res.json) && typeof res.json['name'] === 'string' ? { name: res.json['name'], data: isRecord(res.json['data']) ? res.json['data'] : {} } : undefined);
  const field = error?.data['field'];
  return error?.name === 'request.error/invalid-body' && typeof field === 'string' && (field.endsWith(`/${key}`) || field.endsWith(`/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`));
}

/** `document.error/format-unsupported` (400). */
export function isUnsupportedFormat(res: HttpResponse): boolean {
  return res.status === 400 && isRecord(res.json) && res.json['name'] === 'document.error/format-unsupported';
}

/** The inner error of a failed svc.command/batch (`command.error/batch-failed` with `data.error`). */
function innerBatchError(body: unknown): { name: string; data: Record<string, unknown> } | undefined {
  const outer = commandError(body);
  if (outer?.name !== 'command.error/batch-failed') return undefined;
  const inner = outer.data['error'];
  if (!isRecord(inner) || typeof inner['name'] !== 'string') return undefined;
  return { name: inner['name'], data: isRecord(inner['data']) ? inner['data'] : {} };
}

/**
 * The features a check found unsupported, and those the target served. `finish()` throws
 * CheckUnsupported when one is missing; call it last, once everything supported has been verified.
 * A feature the target served in one request and named as unknown in another is not missing: the
 * refusal is a wrong answer (`servedButRefused()`), which the check fails on before `finish()`.
 */
export class SupportLedger {
  private readonly missing = new Map<string, { detail: string; res?: HttpResponse }>();
  private readonly served = new Set<string>();

  /** Records `feature` as unsupported; `detail` says what the target answered to `res`. */
  lacks(feature: string, detail: string, res?: HttpResponse): void {
    if (!this.missing.has(feature)) this.missing.set(feature, res === undefined ? { detail } : { detail, res });
  }

  /** Records that the target answered a request that uses `feature` with success. */
  serves(feature: string): void {
    this.served.add(feature);
  }

  has(feature: string): boolean {
    return !this.missing.has(feature);
  }

  get unsupported(): string[] {
    return [...this.missing.keys()];
  }

  /** A feature both served and named as unknown, with the refusal. */
  servedButRefused(): { feature: string; detail: string; res?: HttpResponse } | undefined {
    for (const [feature, refusal] of this.missing) if (this.served.has(feature)) return { feature, ...refusal };
    return undefined;
  }

  finish(): void {
    if (this.missing.size === 0) return;
    const details = [...this.missing.entries()].map(([feature, { detail }]) => `${feature}: ${detail}`).join('; ');
    throw new CheckUnsupported([...this.missing.keys()], details);
  }
}

/** Throws CheckUnsupported at once: the check can verify nothing without `feature`. */
export function unsupported(feature: string, res: HttpResponse): never {
  const name = innerBatchError(res.json)?.name ?? commandError(res.json)?.name ?? (isRecord(res.json) && typeof res.json['name'] === 'string' ? res.json['name'] : `status ${res.status}`);
  throw new CheckUnsupported([feature], `the target answered ${name}`);
}
