/**
 * Before a server run (svc-conformance server): is the set-up right? A wrong set-up is not the
 * target's failure, so it stops the run (exit 2) with one line on how to fix it instead of turning
 * into dozens of failed checks:
 *   - the base URL is the service root (not `.../api`), and answers at all;
 *   - it is the service (POST /api/commands answers JSON, not a 404 page of another service);
 *   - the token, and the reader and editor tokens when given, are accepted;
 *   - what the selected checks need (needs.ts): the server may call the suite's webhook receiver
 *     on 127.0.0.1, and integration apps on 127.0.0.1 (the sync checks' mock app).
 * A target that answers but answers wrongly (5xx, a malformed body) is left to the checks.
 */
import type { Check } from '../check.js';
import { SCHEMA_QUERY } from '../fixtures.js';
import { HttpClient, type HttpResponse } from '../http.js';
import { Receiver } from '../receiver.js';
import { isRecord } from '../shapes.js';
import { checksNeeding, skipValue } from './needs.js';

export interface ServerPreflightOptions {
  baseUrl: string;
  token: string;
  readerToken?: string | undefined;
  editorToken?: string | undefined;
  timeoutMs: number;
  /** The checks the run would run (a `--skip` suggestion names an area when the run would lose (nearly) nothing else of it). */
  checks: readonly Check[];
}

/** Why the base URL cannot be the service root (it ends in /api, has a query), or undefined. */
export function baseUrlProblem(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `--base-url ${baseUrl} is not a URL; use the address the server printed, e.g. --base-url http://127.0.0.1:8080`;
  }
  if (url.search !== '' || url.hash !== '') return `--base-url ${baseUrl} has a query or fragment; use the service root alone, e.g. --base-url ${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  const path = url.pathname.replace(/\/+$/, '');
  const api = /\/api(\/.*)?$/i.exec(path);
  if (api) {
    const root = `${url.origin}${path.slice(0, api.index)}`;
    return `--base-url ${baseUrl} ends in ${path.slice(api.index)}, but it is the service root (the suite adds /api/... itself): use --base-url ${root}`;
  }
  return undefined;
}

function contentType(res: HttpResponse): string {
  return (res.headers['content-type'] ?? 'no content type').split(';')[0] ?? '';
}

/** Why the answer to the schema query says this is not the service (or not its root), or undefined. */
function notTheService(baseUrl: string, res: HttpResponse): string | undefined {
  if (res.status >= 300 && res.status < 400) {
    const to = res.headers['location'];
    return `${baseUrl} redirects POST /api/commands (${res.status}${to === undefined ? '' : ` to ${to}`}): use the address the server answers at as --base-url`;
  }
  if (res.status >= 500) return undefined;
  if (res.status === 404 || res.status === 405 || res.json === undefined) {
    return (
      `${baseUrl} does not look like the Workspace Data Service: POST /api/commands answered ${res.status} (${contentType(res)}); ` +
      'is it the right port, and the base URL the server printed at start-up (the service root, without /api)?'
    );
  }
  return undefined;
}

async function tokenRefused(http: HttpClient, token: string, option: string, fix: string): Promise<string | undefined> {
  const res = await http.request({ method: 'POST', path: '/api/commands', json: SCHEMA_QUERY, auth: { header: `Token ${token}` } });
  return res.status === 401 ? `${option} is refused (401 on POST /api/commands with "Authorization: Token <token>"): ${fix}` : undefined;
}

function errorName(res: HttpResponse): string | undefined {
  return isRecord(res.json) && typeof res.json['name'] === 'string' ? res.json['name'] : undefined;
}

/** A webhook to the receiver: refused as a loopback address? (A webhook that was added is deleted again.) */
async function receiverRefused(http: HttpClient, receiver: Receiver, needing: readonly Check[], selected: readonly Check[]): Promise<string | undefined> {
  const url = receiver.url('/preflight');
  const res = await http.post('/api/webhooks/v2', { url, type: 'svc/user' });
  if (res.status === 200 && isRecord(res.json) && typeof res.json['id'] === 'number') {
    await http.request({ method: 'DELETE', path: `/api/webhooks/v2/${res.json['id']}` }).catch(() => undefined);
  }
  if (errorName(res) !== 'webhook.error/url-refused') return undefined;
  return (
    `the server refuses webhooks to the suite's receiver at ${url} (webhook.error/url-refused), which ${needing.length} selected check(s) need: ` +
    'let it call 127.0.0.1 and run it on the machine the suite runs on (the reference server: SVC_WEBHOOK_ALLOW=127.0.0.1, the default of npm start on a loopback address), ' +
    `or leave them out with --skip ${skipValue(needing, selected)}`
  );
}

/** An account of an app at the receiver's address: refused as a loopback address? */
async function appCallbacksRefused(http: HttpClient, receiver: Receiver, needing: readonly Check[], selected: readonly Check[]): Promise<string | undefined> {
  const appUrl = receiver.url('/preflight-app');
  const res = await http.post('/api/integrations/accounts', { appUrl, accountType: 'token', fields: { token: 'preflight' } });
  if (res.status === 201 && isRecord(res.json) && typeof res.json['id'] === 'string') {
    await http.request({ method: 'DELETE', path: `/api/integrations/accounts/${encodeURIComponent(res.json['id'])}` }).catch(() => undefined);
  }
  if (errorName(res) !== 'integration.error/app-url-refused') return undefined;
  return (
    `the server refuses integration apps on 127.0.0.1 (integration.error/app-url-refused for ${appUrl}), and ${needing.length} selected check(s) run the mock app there: ` +
    'let it call 127.0.0.1 and run it on the machine the suite runs on (the reference server: SVC_APP_ALLOW=127.0.0.1, the default of npm start on a loopback address), ' +
    `or leave them out with --skip ${skipValue(needing, selected)}`
  );
}

/** Why the run cannot start, as one line with the fix, or undefined. */
export async function serverPreflight(options: ServerPreflightOptions): Promise<string | undefined> {
  const shape = baseUrlProblem(options.baseUrl);
  if (shape !== undefined) return shape;
  const http = new HttpClient({ baseUrl: options.baseUrl, token: options.token, timeoutMs: options.timeoutMs });
  let res: HttpResponse;
  try {
    res = await http.command(SCHEMA_QUERY);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^POST \S+: /, '') : String(error);
    return `cannot reach ${options.baseUrl} (${reason}): start the server (npm start prints its base URL) or fix --base-url`;
  }
  const other = notTheService(options.baseUrl, res);
  if (other !== undefined) return other;
  if (res.status === 401) {
    return 'the token is refused (401 on POST /api/commands with "Authorization: Token <token>"): pass the Architect token the server printed at start-up with --token (or $SVC_TOKEN)';
  }
  try {
    if (options.readerToken !== undefined) {
      const refused = await tokenRefused(http, options.readerToken, '--reader-token', 'pass a Reader token the server knows (the reference server: SVC_READER_TOKEN), or leave it out to skip the access-level checks');
      if (refused !== undefined) return refused;
    }
    if (options.editorToken !== undefined) {
      const refused = await tokenRefused(http, options.editorToken, '--editor-token', 'pass an Editor token the server knows (the reference server: SVC_EDITOR_TOKEN), or leave it out');
      if (refused !== undefined) return refused;
    }
    const receiverNeeded = checksNeeding(options.checks, 'receiver');
    const appNeeded = checksNeeding(options.checks, 'app-callbacks');
    if (receiverNeeded.length === 0 && appNeeded.length === 0) return undefined;
    const receiver = await Receiver.start();
    try {
      if (receiverNeeded.length > 0) {
        const refused = await receiverRefused(http, receiver, receiverNeeded, options.checks);
        if (refused !== undefined) return refused;
      }
      if (appNeeded.length > 0) {
        const refused = await appCallbacksRefused(http, receiver, appNeeded, options.checks);
        if (refused !== undefined) return refused;
      }
    } finally {
      await receiver.close();
    }
  } catch (error) {
    // The server stopped answering half-way: the checks will say what it does.
    return `${options.baseUrl} stopped answering during the preflight (${error instanceof Error ? error.message : String(error)}): is the server still running?`;
  }
  return undefined;
}
