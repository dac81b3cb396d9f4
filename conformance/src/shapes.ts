/**
 * Shape predicates for the bodies the spec prescribes. Each `*Problems`
 * function returns the list of ways a value differs from the shape (empty when
 * it conforms), so checks can say precisely what is wrong.
 */

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** `{name: string, message: string, data?: object}`: error body of every endpoint other than /api/commands. */
export function plainErrorProblems(body: unknown, options: { dataRequired?: boolean } = {}): string[] {
  if (!isRecord(body)) return [`body is ${kindOf(body)}, not an object`];
  const problems: string[] = [];
  if (typeof body['name'] !== 'string' || body['name'] === '') problems.push(`"name" is ${kindOf(body['name'])}, not a non-empty string`);
  if (typeof body['message'] !== 'string' || body['message'] === '') problems.push(`"message" is ${kindOf(body['message'])}, not a non-empty string`);
  if ('data' in body || options.dataRequired) {
    if (!isRecord(body['data'])) problems.push(`"data" is ${kindOf(body['data'])}, not an object`);
  }
  return problems;
}

/** `{success: false, result: {name, message, data}}`: every error body of /api/commands. */
export function commandErrorProblems(body: unknown): string[] {
  if (!isRecord(body)) return [`body is ${kindOf(body)}, not an object`];
  const problems: string[] = [];
  if (body['success'] !== false) problems.push(`"success" is ${JSON.stringify(body['success']) ?? 'missing'}, not false`);
  if (!isRecord(body['result'])) {
    problems.push(`"result" is ${kindOf(body['result'])}, not an object`);
    return problems;
  }
  return problems.concat(plainErrorProblems(body['result'], { dataRequired: true }).map((p) => p.replace(/^"(\w+)"/, '"result.$1"')));
}

/** `{success: boolean, result}`: one element of the command API response. */
export function envelopeProblems(body: unknown): string[] {
  if (!isRecord(body)) return [`is ${kindOf(body)}, not an object`];
  const problems: string[] = [];
  if (typeof body['success'] !== 'boolean') problems.push(`"success" is ${kindOf(body['success'])}, not a boolean`);
  if (!('result' in body)) problems.push('"result" is missing');
  return problems;
}

/** The error of a `{success: false, result: {...}}` envelope, when the value is one. */
export function commandError(body: unknown): { name: string; message: string; data: JsonRecord } | undefined {
  if (commandErrorProblems(body).length > 0 || !isRecord(body) || !isRecord(body['result'])) return undefined;
  const result = body['result'];
  return { name: String(result['name']), message: String(result['message']), data: isRecord(result['data']) ? result['data'] : {} };
}

export function isJsonContentType(headers: Record<string, string>): boolean {
  const type = headers['content-type'] ?? '';
  return /^application\/([\w.+-]+\+)?json\b/i.test(type.trim());
}

/** Shortened, single-line rendering of a body for failure messages. */
export function excerpt(text: string, max = 400): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return '(empty body)';
  return flat.length > max ? `${flat.slice(0, max)}... (${text.length} chars)` : flat;
}

/** Every string in a JSON value (keys and values), depth first. */
export function jsonStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) jsonStrings(item, out);
  else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      jsonStrings(item, out);
    }
  }
  return out;
}

const STACK_PATTERNS: readonly RegExp[] = [
  /\n\s+at .+:\d+:\d+/, // V8 stack frame on its own line
  /\bat (?:async )?\S+ \((?:file:\/\/|\/|[A-Za-z]:\\|node:)[^)]*:\d+:\d+\)/, // frame inside one line
  /node_modules/,
  /\.[cm]?[jt]s:\d+/, // source location, e.g. server/src/app.ts:12
];

/**
 * Finds stack-trace leaks in a response: in the raw text and in every decoded
 * JSON string (a JSON-encoded stack has `\n` escaped). Matches that also occur
 * in the request body are ignored: echoing input is not a leak.
 */
export function findStackTrace(text: string, json: unknown, requestBody = ''): string | undefined {
  const haystacks = [text, ...jsonStrings(json)];
  for (const haystack of haystacks) {
    for (const pattern of STACK_PATTERNS) {
      const match = pattern.exec(haystack);
      if (match && !requestBody.includes(match[0])) return match[0].trim();
    }
  }
  return undefined;
}
