// `npm start`: the reference server with the demo workspace, on pg-mem unless DATABASE_URL is set.
// SVC_TOKEN: the Architect token (random otherwise); SVC_READER_TOKEN, SVC_EDITOR_TOKEN: a Reader
// and an Editor token as well (access levels: spec/service.openapi.yaml, "Access levels").
// Webhooks: SVC_WEBHOOK_ALLOW (addresses or CIDR ranges deliveries may go to although private or
// loopback, comma-separated, e.g. 127.0.0.1,::1), SVC_WEBHOOK_RETRY_BASE_MS,
// SVC_WEBHOOK_RETRY_MAX_MS, SVC_WEBHOOK_ATTEMPTS (retry schedule), SVC_WEBHOOK_TIMEOUT_MS,
// SVC_WEBHOOK_POLL_MS, SVC_WEBHOOK_CONCURRENCY (webhooks served at once). SVC_DB_SCHEMA: the PostgreSQL schema (default svc).
// Integration apps: SVC_APP_ALLOW (private addresses apps may be at, e.g. 127.0.0.1), SVC_SYNC_TIMEOUT_MS
// (time-out of one call to an app), SVC_SYNC_RETRY_BASE_MS (first tryLater back-off).
import { startServer } from './index.js';

/** A non-negative integer from the environment, or undefined when unset. */
function envInt(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer; got ${raw}`);
  return n;
}

const port = Number(process.env.PORT ?? 8080);
const retry = {
  ...(envInt('SVC_WEBHOOK_RETRY_BASE_MS') !== undefined ? { baseMs: envInt('SVC_WEBHOOK_RETRY_BASE_MS') } : {}),
  ...(envInt('SVC_WEBHOOK_RETRY_MAX_MS') !== undefined ? { maxMs: envInt('SVC_WEBHOOK_RETRY_MAX_MS') } : {}),
  ...(envInt('SVC_WEBHOOK_ATTEMPTS') !== undefined ? { attempts: envInt('SVC_WEBHOOK_ATTEMPTS') } : {}),
};
const server = await startServer({
  port,
  host: process.env.HOST ?? '127.0.0.1',
  databaseUrl: process.env.DATABASE_URL || undefined,
  schema: process.env.SVC_DB_SCHEMA || undefined,
  token: process.env.SVC_TOKEN || undefined,
  readerToken: process.env.SVC_READER_TOKEN || undefined,
  editorToken: process.env.SVC_EDITOR_TOKEN || undefined,
  demo: process.env.SVC_DEMO !== '0',
  webhookAllow: (process.env.SVC_WEBHOOK_ALLOW ?? '').split(',').filter((s) => s.trim() !== ''),
  webhookRetry: retry,
  webhookTimeoutMs: envInt('SVC_WEBHOOK_TIMEOUT_MS'),
  webhookPollMs: envInt('SVC_WEBHOOK_POLL_MS'),
  webhookConcurrency: envInt('SVC_WEBHOOK_CONCURRENCY'),
  appAllow: (process.env.SVC_APP_ALLOW ?? '').split(',').filter((s) => s.trim() !== ''),
  integrations: {
    ...(envInt('SVC_SYNC_TIMEOUT_MS') !== undefined ? { timeoutMs: envInt('SVC_SYNC_TIMEOUT_MS') } : {}),
    ...(envInt('SVC_SYNC_RETRY_BASE_MS') !== undefined ? { retry: { baseMs: envInt('SVC_SYNC_RETRY_BASE_MS') } } : {}),
  },
});
const lines = [
  `svc-kit reference server on ${server.storage}`,
  `  base URL: ${server.baseUrl}`,
  `  token:    ${server.token}   (Architect; set SVC_TOKEN to choose it)`,
  process.env.SVC_READER_TOKEN ? `  reader:   ${process.env.SVC_READER_TOKEN}   (Reader, SVC_READER_TOKEN)` : '',
  process.env.SVC_EDITOR_TOKEN ? `  editor:   ${process.env.SVC_EDITOR_TOKEN}   (Editor, SVC_EDITOR_TOKEN)` : '',
  process.env.SVC_APP_ALLOW ? `  integration apps may be at: ${process.env.SVC_APP_ALLOW} (SVC_APP_ALLOW) and public addresses` : '',
  process.env.SVC_WEBHOOK_ALLOW ? `  webhooks may call: ${process.env.SVC_WEBHOOK_ALLOW} (SVC_WEBHOOK_ALLOW) and public addresses` : '',
  server.demo ? `  demo:     Space "${server.demo.space}" with ${server.demo.entities} Entities in ${server.demo.databases.join(', ')}` : '',
  '',
  `  curl -s ${server.baseUrl}/api/commands -H 'Authorization: Token ${server.token}' -H 'Content-Type: application/json' -d '{"command":"svc.schema/query"}'`,
].filter((l) => l !== '');
console.log(lines.join('\n'));

const stop = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
