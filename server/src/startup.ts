// What `npm start` (server/src/main.ts) reads before the server starts, and how a start that fails
// is told: its command line (--help, --log-requests), its environment checked value by value (a bad
// PORT, a DATABASE_URL that is no postgres:// URL), the loopback addresses a server on a loopback
// host may call by default, and every start-up error as one line naming what to change, never a
// stack trace (SVC_DEBUG=1 adds it).
import { isIP } from 'node:net';
import { parseArgs } from 'node:util';

export const USAGE = `Usage: svc-server [--log-requests] [--workers N]    (in a clone of the repository: npm start [-- ...])

The reference server of the Workspace Data Service API, with a demo workspace; settings by environment:
  PORT=8080                 port to listen on (0: a free port)
  HOST=127.0.0.1            address to listen on
  DATABASE_URL=postgres://user@host:5432/db
                            store in PostgreSQL (default: the embedded pg-mem, lost on exit)
  SVC_STORAGE=pg-mem        pg-mem (default) or pglite (embedded PostgreSQL), both lost on exit;
                            postgres (implied by DATABASE_URL)
  SVC_DB_SCHEMA=svc         the PostgreSQL schema
  SVC_TOKEN, SVC_READER_TOKEN, SVC_EDITOR_TOKEN
                            the Architect token (random otherwise), a Reader and an Editor token
  SVC_DEMO=0                start with an empty workspace
  SVC_WEBHOOK_ALLOW=a,b     private or loopback addresses (or CIDR ranges) webhooks may call
  SVC_APP_ALLOW=a,b         private or loopback addresses integration apps may be at
                            (both default to 127.0.0.1 when HOST is a loopback address, so the
                            conformance suite's receiver and mock app can be reached; set them, even
                            to an empty value, to choose)
  SVC_LOG=requests          log one line per request: method, path, status, time in ms (secrets masked)
  SVC_WEBHOOK_RETRY_BASE_MS, SVC_WEBHOOK_RETRY_MAX_MS, SVC_WEBHOOK_ATTEMPTS, SVC_WEBHOOK_TIMEOUT_MS,
  SVC_WEBHOOK_POLL_MS, SVC_WEBHOOK_CONCURRENCY, SVC_SYNC_TIMEOUT_MS, SVC_SYNC_RETRY_BASE_MS
                            delivery and sync bounds, non-negative integers (see server/src/main.ts)
  SVC_DEBUG=1               print the stack of a start-up error

Options:
  --log-requests  the request log, as SVC_LOG=requests
  --workers N     N server processes on the port, sharing DATABASE_URL (PostgreSQL only; server/src/cluster.ts)
  -h, --help      this text`;

/** A setting or argument that stops the start: its message is the one line shown. */
export class StartupError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'StartupError';
  }
}

export interface ServerArgs {
  help: boolean;
  logRequests: boolean;
}

/** The command line of the server; an unknown option is a StartupError (exit 2). */
export function serverArgs(argv: string[]): ServerArgs {
  try {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: { help: { type: 'boolean', short: 'h', default: false }, 'log-requests': { type: 'boolean', default: false } },
    });
    return { help: values.help, logRequests: values['log-requests'] };
  } catch (error) {
    throw new StartupError(`${error instanceof Error ? error.message : String(error)} (see --help)`, 2);
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/** PORT (or another port variable): an integer from 0 to 65535, `fallback` when unset. */
export function envPort(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) > 65535) throw new StartupError(`${name} must be a port number from 0 to 65535; got ${JSON.stringify(raw)}`);
  return Number(raw);
}

/** A non-negative integer setting, undefined when unset. */
export function envInt(env: Env, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!/^\s*\d+\s*$/.test(raw) || !Number.isSafeInteger(n)) throw new StartupError(`${name} must be a non-negative integer; got ${JSON.stringify(raw)}`);
  return n;
}

/** SVC_LOG: unset, empty or `requests`. */
export function envRequestLog(env: Env): boolean {
  const raw = env['SVC_LOG'];
  if (raw === undefined || raw.trim() === '') return false;
  if (raw.trim() === 'requests') return true;
  throw new StartupError(`SVC_LOG must be "requests" (one line per request) or unset; got ${JSON.stringify(raw)}`);
}

/** DATABASE_URL with its password masked, for messages. */
export function maskedDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable)';
  }
}

/** DATABASE_URL: unset (pg-mem), or a postgres:// or postgresql:// URL with a host. */
export function envDatabaseUrl(env: Env): string | undefined {
  const raw = env['DATABASE_URL'];
  if (raw === undefined || raw.trim() === '') return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(raw);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !/^postgres(ql)?:$/.test(parsed.protocol) || parsed.hostname === '') {
    throw new StartupError('DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@127.0.0.1:5432/db (or unset, for the embedded pg-mem)');
  }
  return raw;
}

/** Whether a listening address is a loopback one. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

/**
 * The loopback address a server on a loopback host may call unless its setting says otherwise:
 * where the conformance suite's receiver and mock app listen. Only that one, so that a check that
 * another loopback address (::1, 127.0.0.2) is refused still holds.
 */
export const LOOPBACK_ALLOW: readonly string[] = ['127.0.0.1'];

/**
 * An allow list (SVC_WEBHOOK_ALLOW, SVC_APP_ALLOW): the setting when set (an empty value allows
 * none), else the loopback addresses on a loopback host, else none.
 */
export function allowList(env: Env, name: string, host: string): { list: string[]; byDefault: boolean } {
  const raw = env[name];
  if (raw !== undefined) return { list: raw.split(',').map((s) => s.trim()).filter((s) => s !== ''), byDefault: false };
  return isLoopbackHost(host) ? { list: [...LOOPBACK_ALLOW], byDefault: true } : { list: [], byDefault: false };
}

interface ErrorLike {
  code?: unknown;
  syscall?: unknown;
  address?: unknown;
  port?: unknown;
  hostname?: unknown;
  severity?: unknown;
  message?: unknown;
  errors?: unknown;
}

/** Where the server was starting, for the message of a failed start. */
export interface StartContext {
  host: string;
  port: number;
  databaseUrl?: string | undefined;
}

/** One line saying why the start failed and what to change. */
export function describeStartupError(error: unknown, where: StartContext): string {
  if (error instanceof StartupError) return error.message;
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  // Several addresses tried (localhost: ::1 and 127.0.0.1): the first says enough.
  const first = (Array.isArray(e.errors) && typeof e.errors[0] === 'object' && e.errors[0] !== null ? e.errors[0] : e) as ErrorLike;
  const code = typeof e.code === 'string' ? e.code : typeof first.code === 'string' ? first.code : undefined;
  const message = typeof e.message === 'string' && e.message !== '' ? e.message : typeof first.message === 'string' ? first.message : String(error);
  if (e.syscall === 'listen' || (code === 'EADDRINUSE' && e.syscall === undefined)) {
    const at = `${where.host}:${where.port}`;
    if (code === 'EADDRINUSE') return `port ${where.port} on ${where.host} is in use (another server runs there): stop it, or start this one with another PORT (PORT=0 takes a free one)`;
    if (code === 'EACCES') return `no permission to listen on ${at}: choose a PORT above 1023`;
    if (code === 'EADDRNOTAVAIL') return `HOST=${where.host} is not an address of this machine: use 127.0.0.1 (this machine only) or 0.0.0.0 (every interface)`;
    return `cannot listen on ${at}: ${message}`;
  }
  if (code === 'ENOTFOUND' && where.databaseUrl === undefined) return `HOST=${where.host} does not resolve to an address: use 127.0.0.1 or 0.0.0.0`;
  if (where.databaseUrl !== undefined) {
    const db = `the database at ${maskedDatabaseUrl(where.databaseUrl)}`;
    if (code === 'ECONNREFUSED') return `cannot connect to ${db}: connection refused (is PostgreSQL running there?); fix DATABASE_URL or unset it for the embedded pg-mem`;
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `cannot connect to ${db}: its host does not resolve; fix DATABASE_URL or unset it for the embedded pg-mem`;
    if (code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `cannot connect to ${db}: ${code}; fix DATABASE_URL or unset it for the embedded pg-mem`;
    // PostgreSQL's own refusals (wrong password, no such database or role) carry a severity and a SQLSTATE.
    if (typeof e.severity === 'string') return `${db} refused the server: ${message}${code === undefined ? '' : ` (SQLSTATE ${code})`}; fix DATABASE_URL`;
  }
  return message.split('\n')[0] ?? message;
}

/**
 * Until `started()`, an error thrown anywhere in the start (a top-level await of main.ts included)
 * ends the process with one line on stderr and exit status 1 (2 for usage errors).
 */
export function startupGuard(where: () => StartContext, write: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): { started(): void } {
  const fail = (error: unknown): void => {
    write(`svc-kit server: ${describeStartupError(error, where())}`);
    if (process.env['SVC_DEBUG'] === '1' && error instanceof Error && error.stack !== undefined) write(error.stack);
    process.exit(error instanceof StartupError ? error.exitCode : 1);
  };
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
  return {
    started() {
      process.off('uncaughtException', fail);
      process.off('unhandledRejection', fail);
    },
  };
}
