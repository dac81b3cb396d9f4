// Replays a recorded sequence of requests against a running server and checks each answer
// against its pattern. Requests may use values kept from earlier answers: `{{name}}` anywhere in
// a path, header or string of a body is replaced by the value kept under `name`.
//
// Patterns: a plain value must be equal; an object must hold at least its keys, each matching; an
// array must have as many items, each matching, unless its last item is "<...>" (then at least
// the ones before it, in order); the strings "<uuid>", "<string>", "<number>", "<boolean>",
// "<any>" and "<absent>" (the key must not be there) match what they say.

export interface ReplayRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  /** JSON body; a FormData is sent as multipart. */
  body?: unknown;
}

export interface ReplayStep {
  /** Who sends this form (a client or a documentation page), and what the step does. */
  client: string;
  what: string;
  request: ReplayRequest;
  expect: { status: number; body?: unknown; headers?: Record<string, string> };
  /** Values to keep from the answer: name -> JSON pointer into the body (or `header:<name>`). */
  keep?: Record<string, string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const REST = '<...>';

function describe(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** The differences between a value and a pattern, as `<path>: <why>` lines (none: it matches). */
export function mismatches(actual: unknown, pattern: unknown, at = ''): string[] {
  const where = at === '' ? '/' : at;
  if (typeof pattern === 'string' && /^<[a-z.]+>$/.test(pattern)) {
    const ok =
      pattern === '<any>' ||
      (pattern === '<uuid>' && typeof actual === 'string' && UUID.test(actual)) ||
      (pattern === '<string>' && typeof actual === 'string') ||
      (pattern === '<number>' && typeof actual === 'number') ||
      (pattern === '<boolean>' && typeof actual === 'boolean');
    return ok ? [] : [`${where}: expected ${pattern}, got ${describe(actual)}`];
  }
  if (Array.isArray(pattern)) {
    if (!Array.isArray(actual)) return [`${where}: expected an array, got ${describe(actual)}`];
    const open = pattern[pattern.length - 1] === REST;
    const items = open ? pattern.slice(0, -1) : pattern;
    if (open ? actual.length < items.length : actual.length !== items.length) {
      return [`${where}: expected ${open ? 'at least ' : ''}${items.length} items, got ${actual.length}: ${describe(actual)}`];
    }
    return items.flatMap((item, i) => mismatches(actual[i], item, `${at}/${i}`));
  }
  if (pattern !== null && typeof pattern === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return [`${where}: expected an object, got ${describe(actual)}`];
    const record = actual as Record<string, unknown>;
    return Object.entries(pattern).flatMap(([key, sub]) => {
      const path = `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (sub === '<absent>') return Object.hasOwn(record, key) ? [`${path}: expected no such key, got ${describe(record[key])}`] : [];
      if (!Object.hasOwn(record, key)) return [`${path}: missing`];
      return mismatches(record[key], sub, path);
    });
  }
  return Object.is(actual, pattern) ? [] : [`${where}: expected ${describe(pattern)}, got ${describe(actual)}`];
}

/** The value at a JSON pointer. */
export function pointer(value: unknown, path: string): unknown {
  if (path === '') return value;
  return path
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((current, part) => (current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[part] : undefined), value);
}

/** `{{name}}` replaced by kept values, in every string of a value. */
export function substitute<T>(value: T, kept: ReadonlyMap<string, unknown>): T {
  if (typeof value === 'string') {
    const whole = /^\{\{([\w-]+)\}\}$/.exec(value);
    if (whole && kept.has(whole[1] as string)) return kept.get(whole[1] as string) as T;
    return value.replace(/\{\{([\w-]+)\}\}/g, (_, name: string) => {
      if (!kept.has(name)) throw new Error(`the step uses {{${name}}}, which no earlier step kept`);
      return String(kept.get(name));
    }) as T;
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, kept)) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof FormData) && !(value instanceof Blob)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [substitute(k, kept), substitute(v, kept)])) as T;
  }
  return value;
}

export interface StepOutcome {
  step: ReplayStep;
  status: number;
  body: unknown;
  problems: string[];
}

/** Sends one step (after substitution) and judges its answer; keeps what it names. */
export async function replayStep(baseUrl: string, token: string, step: ReplayStep, kept: Map<string, unknown>): Promise<StepOutcome> {
  const request = substitute(step.request, kept);
  const headers: Record<string, string> = { authorization: `Token ${token}`, ...(request.headers ?? {}) };
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(request.body);
  }
  const res = await fetch(`${baseUrl}${request.path}`, { method: request.method, headers, ...(body === undefined ? {} : { body }), redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON: judged as text.
  }
  const problems: string[] = [];
  if (res.status !== step.expect.status) problems.push(`status: expected ${step.expect.status}, got ${res.status}`);
  if (step.expect.body !== undefined) problems.push(...mismatches(parsed, substitute(step.expect.body, kept)));
  for (const [name, value] of Object.entries(step.expect.headers ?? {})) {
    const got = res.headers.get(name);
    if (value === '<string>' ? got === null : got !== substitute(value, kept)) problems.push(`header ${name}: expected ${value}, got ${got}`);
  }
  for (const [name, path] of Object.entries(step.keep ?? {})) {
    const value = path.startsWith('header:') ? res.headers.get(path.slice('header:'.length)) : pointer(parsed, path);
    if (value === undefined || value === null) problems.push(`keep ${name}: nothing at ${path}`);
    else kept.set(name, value);
  }
  return { step, status: res.status, body: parsed, problems };
}
