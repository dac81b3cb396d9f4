/**
 * The run's secrets, and the one place that keeps them out of everything the suite prints or writes.
 *
 * A `Secrets` knows the values of one run: the tokens given to the CLI (`--token`, `--reader-token`,
 * `--editor-token`), the app target's account (the whole JSON and each of its values), a password in
 * the base URL, and what the checks meet on the way (`harvest`): the signing secret a webhook is
 * created with, OAuth access/refresh tokens and token secrets, passwords and API keys in request and
 * answer bodies.
 *
 * - `mask(text)` / `maskJson(value)`: every occurrence replaced by a placeholder that names it
 *   (`$SVC_TOKEN`, `<webhook secret>`, ...). Reports, result lines, log lines and error messages go
 *   through them.
 * - `shellWord(value, quote)`: a shell word for a curl line in which each secret is the shell
 *   expression that yields it (`"$SVC_TOKEN"`, the account from `$SVC_APP_ACCOUNT`), so the line runs
 *   as printed with the environment set; a secret with no such expression becomes its placeholder.
 *
 * While a check runs, its run's Secrets is the active one (`withSecrets`, AsyncLocalStorage), so a
 * curl line built anywhere in the check (curl.ts) uses it without being handed it.
 *
 * A value shorter than 8 characters is masked only where it stands alone (no letter or digit right
 * before or after it): a test token `tok` is masked in `Token tok`, not inside the word `token`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** The value is masked anywhere from this length on; shorter ones only where they stand alone. */
const MIN_ANYWHERE = 8;
/** Shortest value a body field is taken as a secret from (a shorter one is no credential). */
const MIN_HARVESTED = 8;
/** Most values one run keeps (each webhook a check creates adds one). */
export const MAX_SECRETS = 5000;
/** Bodies larger than this are not searched for secret fields. */
const MAX_HARVEST_BODY = 4 * 1024 * 1024;
/** Depth and node count of the walk through one JSON body. */
const MAX_DEPTH = 10;
const MAX_NODES = 20_000;

/** Body fields that hold a credential wherever they appear. */
const SECRET_FIELD = /^(?:token|api_?token|access_token|refresh_token|id_token|access_secret|oauth_token|oauth_token_secret|token_secret|client_secret|password|passwd|api_?key|apikey|private_key)$/i;
/** A field named `secret` is a credential in a webhook exchange (elsewhere it names a document or file). */
const WEBHOOK_SECRET_FIELD = /^secret$/i;
/** Quick test before a body is parsed: does it name such a field at all? */
const FIELD_HINT = /"(?:[a-z_]*token|[a-z_]*secret|password|passwd|api_?key|apikey|private_key)"\s*:/i;

interface Entry {
  value: string;
  /** What text shows instead of the value. */
  text: string;
  /** A shell expression (one word) that yields the value, for curl lines; absent: `text`, quoted. */
  shell?: string;
}

export interface SecretOptions {
  /** The environment variable that holds the value (curl lines read it, text shows `$NAME`). */
  env?: string;
  /** A shell expression that yields the value (when no variable holds it alone). */
  shell?: string;
  /** What text shows instead of the value when no `env` names it, e.g. `<webhook secret>`. */
  label?: string;
}

/** One exchange as the HTTP client records it (http.ts Exchange), as far as harvesting reads it. */
export interface HarvestedExchange {
  request: { url: string; body?: string };
  response?: { text: string; json: unknown };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text between the quotes of a JSON string of `value`. */
function jsonInner(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

export class Secrets {
  private readonly entries = new Map<string, Entry>();
  private pattern: RegExp | undefined;
  private full = false;

  /** How many values (with their encoded forms) are known. */
  get size(): number {
    return this.entries.size;
  }

  /** Whether MAX_SECRETS was reached and a value was left unknown. */
  get overflowed(): boolean {
    return this.full;
  }

  /**
   * Adds a value (and its JSON-escaped and URL-encoded forms, which show the same placeholder). An
   * empty value, or one known already, changes nothing.
   */
  add(value: string, options: SecretOptions = {}): this {
    if (value.trim() === '') return this;
    const text = options.env !== undefined ? `$${options.env}` : (options.label ?? '<secret>');
    const shell = options.shell ?? (options.env !== undefined ? `"$${options.env}"` : undefined);
    this.put({ value, text, ...(shell === undefined ? {} : { shell }) });
    for (const form of [jsonInner(value), encodeURIComponent(value)]) if (form !== value) this.put({ value: form, text });
    return this;
  }

  private put(entry: Entry): void {
    if (this.entries.has(entry.value)) return;
    if (this.entries.size >= MAX_SECRETS) {
      this.full = true;
      return;
    }
    this.entries.set(entry.value, entry);
    this.pattern = undefined;
  }

  /** One regular expression over every value, longest first (the whole account before its fields). */
  private regex(): RegExp | undefined {
    if (this.entries.size === 0) return undefined;
    if (this.pattern === undefined) {
      const alternatives = [...this.entries.keys()]
        .sort((a, b) => b.length - a.length)
        .map((value) => (value.length >= MIN_ANYWHERE ? escapeRegExp(value) : `(?<![A-Za-z0-9])${escapeRegExp(value)}(?![A-Za-z0-9])`));
      this.pattern = new RegExp(alternatives.join('|'), 'g');
    }
    this.pattern.lastIndex = 0;
    return this.pattern;
  }

  /** Whether the text holds a known value. */
  holds(text: string): boolean {
    const re = this.regex();
    if (re === undefined) return false;
    const found = re.test(text);
    re.lastIndex = 0;
    return found;
  }

  /** The text with every known value replaced by its placeholder. */
  mask(text: string): string {
    const re = this.regex();
    if (re === undefined || text === '') return text;
    return text.replace(re, (match) => this.entries.get(match)?.text ?? '<secret>');
  }

  /** A copy of a JSON value with every string (keys included) masked. */
  maskJson<T>(value: T): T {
    return this.maskValue(value, 0) as T;
  }

  private maskValue(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return this.mask(value);
    if (value === null || typeof value !== 'object') return value;
    // A report is a shallow tree; anything deeper than this is not output of ours: left out, not shown raw.
    if (depth > 64) return '<too deep to show>';
    if (Array.isArray(value)) return value.map((item) => this.maskValue(item, depth + 1));
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [this.mask(key), this.maskValue(item, depth + 1)]));
  }

  /**
   * A shell word for `value`: the parts between secrets quoted by `quote`, each secret its shell
   * expression (or its placeholder, quoted), side by side so the shell joins them into one word.
   */
  shellWord(value: string, quote: (literal: string) => string): string {
    const re = this.regex();
    if (re === undefined) return quote(value);
    let out = '';
    let last = 0;
    for (const match of value.matchAll(re)) {
      const index = match.index;
      if (index > last) out += quote(value.slice(last, index));
      const entry = this.entries.get(match[0]);
      out += entry?.shell ?? quote(entry?.text ?? '<secret>');
      last = index + match[0].length;
    }
    if (last < value.length || out === '') out += quote(value.slice(last));
    return out;
  }

  /**
   * Learns the credentials an exchange carries in its JSON bodies: fields such as `access_token`,
   * `refresh_token`, `password`, `client_secret` anywhere, and `secret` in a webhook exchange.
   */
  harvest(exchange: HarvestedExchange): void {
    const webhook = /webhook/i.test(exchange.request.url);
    const bodies: unknown[] = [];
    const body = exchange.request.body;
    if (body !== undefined && body.length <= MAX_HARVEST_BODY && FIELD_HINT.test(body)) {
      try {
        bodies.push(JSON.parse(body) as unknown);
      } catch {
        // not JSON: nothing to learn
      }
    }
    const response = exchange.response;
    if (response !== undefined && response.json !== undefined && response.text.length <= MAX_HARVEST_BODY && FIELD_HINT.test(response.text)) bodies.push(response.json);
    for (const json of bodies) this.walk(json, webhook);
  }

  private walk(root: unknown, webhook: boolean): void {
    const stack: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 0 }];
    let nodes = 0;
    while (stack.length > 0 && nodes < MAX_NODES) {
      const { value, depth } = stack.pop() as { value: unknown; depth: number };
      nodes += 1;
      if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) continue;
      for (const [key, item] of Object.entries(value)) {
        const named = SECRET_FIELD.test(key) || (webhook && WEBHOOK_SECRET_FIELD.test(key));
        if (named && typeof item === 'string' && item.length >= MIN_HARVESTED) this.add(item, { label: webhook && WEBHOOK_SECRET_FIELD.test(key) ? '<webhook secret>' : `<${key}>` });
        else if (typeof item === 'object' && item !== null) stack.push({ value: item, depth: depth + 1 });
      }
    }
  }
}

/** What the CLI knows of a run's credentials. */
export interface RunCredentials {
  baseUrl?: string;
  token?: string;
  readerToken?: string;
  editorToken?: string;
  /** The app target's account (`--account` / `$SVC_APP_ACCOUNT`). */
  account?: Record<string, unknown>;
}

/** The environment variable the reproduce lines read the app target's account from. */
export const ACCOUNT_ENV = 'SVC_APP_ACCOUNT';

/** A shell word that prints one field of the account held in $SVC_APP_ACCOUNT (node is there: the suite runs on it). */
function accountFieldShell(key: string): string | undefined {
  if (/['\n\r\0]/.test(key)) return undefined;
  return `"$(node -p 'JSON.parse(process.env.${ACCOUNT_ENV})[${JSON.stringify(key)}]')"`;
}

/** The Secrets of a run: its tokens (as $SVC_TOKEN, ...), its account and a password in its base URL. */
export function runSecrets(credentials: RunCredentials): Secrets {
  const secrets = new Secrets();
  const tokens: Array<[string | undefined, string]> = [
    [credentials.token, 'SVC_TOKEN'],
    [credentials.readerToken, 'SVC_READER_TOKEN'],
    [credentials.editorToken, 'SVC_EDITOR_TOKEN'],
  ];
  for (const [value, env] of tokens) if (value !== undefined) secrets.add(value, { env });
  const account = credentials.account;
  if (account !== undefined && Object.keys(account).length > 0) {
    secrets.add(JSON.stringify(account), { env: ACCOUNT_ENV });
    for (const [key, value] of Object.entries(account)) {
      if ((typeof value === 'string' && value.length >= 3) || (typeof value === 'number' && String(value).length >= 4)) {
        const shell = typeof value === 'string' ? accountFieldShell(key) : undefined;
        secrets.add(String(value), { label: `<account ${key}>`, ...(shell === undefined ? {} : { shell }) });
      } else if (typeof value === 'object' && value !== null) {
        // A nested value: its JSON and each string in it.
        secrets.add(JSON.stringify(value), { label: `<account ${key}>` });
        for (const leaf of leaves(value)) if (leaf.length >= 3) secrets.add(leaf, { label: `<account ${key}>` });
      }
    }
  }
  if (credentials.baseUrl !== undefined) {
    try {
      const url = new URL(credentials.baseUrl);
      if (url.password !== '') {
        secrets.add(url.password, { label: '<password>' });
        secrets.add(decodeURIComponent(url.password), { label: '<password>' });
      }
    } catch {
      // not a URL: the CLI refuses it before a run
    }
  }
  return secrets;
}

/** The strings of a JSON value (bounded walk). */
function leaves(root: unknown): string[] {
  const out: string[] = [];
  const stack: unknown[] = [root];
  let nodes = 0;
  while (stack.length > 0 && nodes < MAX_NODES) {
    const value = stack.pop();
    nodes += 1;
    if (typeof value === 'string') out.push(value);
    else if (value !== null && typeof value === 'object') stack.push(...Object.values(value));
  }
  return out;
}

const active = new AsyncLocalStorage<Secrets>();

/** Runs `fn` with `secrets` as the active Secrets (curl lines built inside use it). */
export function withSecrets<T>(secrets: Secrets, fn: () => T): T {
  return active.run(secrets, fn);
}

/** The Secrets of the run this code is part of, if a run set one. */
export function activeSecrets(): Secrets | undefined {
  return active.getStore();
}
