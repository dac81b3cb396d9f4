// `npm start`: the reference server with the demo workspace, on pg-mem unless DATABASE_URL is set
// (SVC_STORAGE=pglite: embedded PostgreSQL; see server/src/db/storage-setting.ts).
// SVC_TOKEN: the Architect token (random otherwise); SVC_READER_TOKEN, SVC_EDITOR_TOKEN: a Reader
// and an Editor token as well (access levels: spec/service.openapi.yaml, "Access levels").
// Webhooks: SVC_WEBHOOK_ALLOW (addresses or CIDR ranges deliveries may go to although private or
// loopback, comma-separated, e.g. 127.0.0.1,::1), SVC_WEBHOOK_RETRY_BASE_MS,
// SVC_WEBHOOK_RETRY_MAX_MS, SVC_WEBHOOK_ATTEMPTS (retry schedule), SVC_WEBHOOK_TIMEOUT_MS,
// SVC_WEBHOOK_POLL_MS, SVC_WEBHOOK_CONCURRENCY (webhooks served at once). SVC_DB_SCHEMA: the PostgreSQL schema (default svc).
// Integration apps: SVC_APP_ALLOW (private addresses apps may be at, e.g. 127.0.0.1), SVC_SYNC_TIMEOUT_MS
// (time-out of one call to an app), SVC_SYNC_RETRY_BASE_MS (first tryLater back-off), SVC_SYNC_LEASE_MS
// (a process's lease of a source's runs, renewed while it works), SVC_SYNC_POLL_MS (how often it looks for runs).
// History: SVC_RETENTION_DAYS (default 7) and SVC_RETENTION_RUNS (default 50, at least 50): webhook
// runs, failed deliveries and finished sync runs older than the days go, but the latest RUNS of
// each webhook and source stay. SVC_RATE_LIMIT=<requests>/<seconds>: a per-token request limit of
// this process (off by default).
// `--help` lists them all (server/src/startup.ts); a bad value or a failed start is one line on stderr.
// First: with `--workers N` (N > 1) this process only supervises N server processes (cluster.ts).
import './cluster.js';
import { startServer } from './index.js';
import { allowList, envDatabaseUrl, envInt as envIntOf, envPort, envRequestLog, serverArgs, startupGuard, USAGE, type StartContext } from './startup.js';
import { parseRateLimit } from './http/rate-limit.js';
import { storageSetting } from './db/storage-setting.js';

const where: StartContext = { host: process.env.HOST || '127.0.0.1', port: 8080 };
const guard = startupGuard(() => where);
const args = serverArgs(process.argv.slice(2));
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

/** A non-negative integer from the environment, or undefined when unset. */
function envInt(name: string): number | undefined {
  return envIntOf(process.env, name);
}

const port = envPort(process.env, 'PORT', 8080);
where.port = port;
const databaseUrl = envDatabaseUrl(process.env);
where.databaseUrl = databaseUrl;
// SVC_STORAGE: pg-mem (default), pglite (embedded PostgreSQL) or postgres (implied by DATABASE_URL).
const storage = storageSetting(process.env.SVC_STORAGE, databaseUrl);
const logRequests = args.logRequests || envRequestLog(process.env);
// On a loopback host, webhooks and apps may be on loopback too unless the settings say otherwise:
// the conformance suite's receiver and mock app then work with a plain `npm start`.
const webhookAllow = allowList(process.env, 'SVC_WEBHOOK_ALLOW', where.host);
const appAllow = allowList(process.env, 'SVC_APP_ALLOW', where.host);
let rateLimit;
try {
  rateLimit = parseRateLimit(process.env.SVC_RATE_LIMIT);
} catch (error) {
  throw new Error(`SVC_RATE_LIMIT: ${error instanceof Error ? error.message : String(error)}`);
}
const retentionDays = envInt('SVC_RETENTION_DAYS');
const retentionRuns = envInt('SVC_RETENTION_RUNS');
if (retentionRuns !== undefined && retentionRuns < 50) throw new Error(`SVC_RETENTION_RUNS must be at least 50 (the lists show the latest 50); got ${retentionRuns}`);
const retry = {
  ...(envInt('SVC_WEBHOOK_RETRY_BASE_MS') !== undefined ? { baseMs: envInt('SVC_WEBHOOK_RETRY_BASE_MS') } : {}),
  ...(envInt('SVC_WEBHOOK_RETRY_MAX_MS') !== undefined ? { maxMs: envInt('SVC_WEBHOOK_RETRY_MAX_MS') } : {}),
  ...(envInt('SVC_WEBHOOK_ATTEMPTS') !== undefined ? { attempts: envInt('SVC_WEBHOOK_ATTEMPTS') } : {}),
};
const server = await startServer({
  port,
  host: where.host,
  databaseUrl,
  storage,
  schema: process.env.SVC_DB_SCHEMA || undefined,
  token: process.env.SVC_TOKEN || undefined,
  readerToken: process.env.SVC_READER_TOKEN || undefined,
  editorToken: process.env.SVC_EDITOR_TOKEN || undefined,
  demo: process.env.SVC_DEMO !== '0',
  webhookAllow: webhookAllow.list,
  webhookRetry: retry,
  webhookTimeoutMs: envInt('SVC_WEBHOOK_TIMEOUT_MS'),
  webhookPollMs: envInt('SVC_WEBHOOK_POLL_MS'),
  webhookConcurrency: envInt('SVC_WEBHOOK_CONCURRENCY'),
  retention: { ...(retentionDays !== undefined ? { days: retentionDays } : {}), ...(retentionRuns !== undefined ? { keep: retentionRuns } : {}) },
  ...(rateLimit ? { rateLimit } : {}),
  appAllow: appAllow.list,
  ...(logRequests ? { requestLog: (line: string) => console.log(line) } : {}),
  integrations: {
    ...(envInt('SVC_SYNC_TIMEOUT_MS') !== undefined ? { timeoutMs: envInt('SVC_SYNC_TIMEOUT_MS') } : {}),
    ...(envInt('SVC_SYNC_RETRY_BASE_MS') !== undefined ? { retry: { baseMs: envInt('SVC_SYNC_RETRY_BASE_MS') } } : {}),
    ...(envInt('SVC_SYNC_LEASE_MS') !== undefined ? { leaseMs: envInt('SVC_SYNC_LEASE_MS') } : {}),
    ...(envInt('SVC_SYNC_POLL_MS') !== undefined ? { pollMs: envInt('SVC_SYNC_POLL_MS') } : {}),
  },
});
const lines = [
  `svc-kit reference server on ${server.storage}`,
  `  base URL: ${server.baseUrl}`,
  `  token:    ${server.token}   (Architect; set SVC_TOKEN to choose it)`,
  process.env.SVC_READER_TOKEN ? `  reader:   ${process.env.SVC_READER_TOKEN}   (Reader, SVC_READER_TOKEN)` : '',
  process.env.SVC_EDITOR_TOKEN ? `  editor:   ${process.env.SVC_EDITOR_TOKEN}   (Editor, SVC_EDITOR_TOKEN)` : '',
  appAllow.list.length > 0 ? `  integration apps may be at: ${appAllow.list.join(',')} (${appAllow.byDefault ? 'by default on a loopback host; set SVC_APP_ALLOW to change' : 'SVC_APP_ALLOW'}) and public addresses` : '',
  rateLimit ? `  rate limit: ${rateLimit.requests} requests per ${rateLimit.seconds} s per token (SVC_RATE_LIMIT)` : '',
  webhookAllow.list.length > 0 ? `  webhooks may call: ${webhookAllow.list.join(',')} (${webhookAllow.byDefault ? 'by default on a loopback host; set SVC_WEBHOOK_ALLOW to change' : 'SVC_WEBHOOK_ALLOW'}) and public addresses` : '',
  logRequests ? '  request log: on (one line per request, secrets masked)' : '',
  server.demo ? `  demo:     Space "${server.demo.space}" with ${server.demo.entities} Entities in ${server.demo.databases.join(', ')}` : '',
  '',
  `  curl -s ${server.baseUrl}/api/commands -H 'Authorization: Token ${server.token}' -H 'Content-Type: application/json' -d '{"command":"svc.schema/query"}'`,
].filter((l) => l !== '');
console.log(lines.join('\n'));
guard.started();

const stop = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
