// On PostgreSQL: a sync run is shared by the server processes of one schema. A process runs a
// source's runs under a lease; when it stops mid-run (it hands the source back) or dies (its
// lease runs out), another process goes on with the run from its last committed page: the pages
// before are not asked or applied again, the page that was in flight is asked again, and the
// run's counts are those of one pass. Skipped without DATABASE_URL.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { scratchSchemaName, startServer, type RunningServer, type ServerOptions } from '../src/index.js';
import { sendJson, startStubApp, syncOneIssueType, type StubApp } from './integrations-app-stub.js';
import { spawnServer, until, type ChildServer } from './webhooks-support.js';

const DATABASE_URL = process.env.DATABASE_URL;
const TOKEN = 'sync-two-servers-test';
const PAGES = 6;
const ROWS = 5;
/** The page whose answer is held back while the first process is stopped or killed. */
const HELD = 3;
const LEASE_MS = 1_500;
const POLL_MS = 100;

/** The held page's answer: `reached` once the app was asked it; it is answered after `release()`. */
interface Held {
  release: () => void;
  reached: Promise<void>;
  gate: Promise<void>;
  arrive: () => void;
}

describe.skipIf(!DATABASE_URL)('a sync run goes on in another process (PostgreSQL)', () => {
  let app: StubApp;
  /** The pages the app was asked, in order (0 is the first). */
  let asked: number[] = [];
  /** Armed until the held page is asked. */
  let armed: Held | undefined;
  const gates: Held[] = [];
  const servers: RunningServer[] = [];
  const children: ChildServer[] = [];
  const schemas: string[] = [];

  function hold(): Held {
    let release!: () => void;
    let arrive!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const reached = new Promise<void>((resolve) => (arrive = resolve));
    armed = { release, reached, gate, arrive };
    gates.push(armed);
    return armed;
  }

  beforeAll(async () => {
    app = await startStubApp();
    syncOneIssueType(app, async (req, res) => {
      const page = Number((req.json as { pagination?: { page?: number } }).pagination?.page ?? 0);
      asked.push(page);
      const gate = armed;
      if (page === HELD && gate) {
        armed = undefined;
        gate.arrive();
        await gate.gate;
      }
      const items = Array.from({ length: ROWS }, (_, i) => ({ id: `i${page}-${i}`, name: `Issue ${page}-${i}` }));
      sendJson(res, 200, { items, pagination: { hasNext: page < PAGES - 1, nextPageConfig: { page: page + 1 } }, synchronizationType: 'full' });
    });
  });
  afterEach(() => {
    for (const gate of gates.splice(0)) gate.release();
    armed = undefined;
    asked = [];
  });
  afterAll(async () => {
    for (const c of children) await c.stop('SIGKILL');
    for (const s of servers) await s.close().catch(() => undefined);
    await app?.close();
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  function options(schema: string): ServerOptions {
    return {
      databaseUrl: DATABASE_URL,
      schema,
      token: TOKEN,
      log: () => undefined,
      appAllow: ['127.0.0.1'],
      webhookWorker: false,
      integrations: { timeoutMs: 10_000, leaseMs: LEASE_MS, pollMs: POLL_MS },
    };
  }

  async function call(baseUrl: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await fetch(baseUrl + path, {
      method,
      headers: { authorization: `Token ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  /** Adds an account and a source through `baseUrl`, starts a run; answers its id (and the held page) once the held page was asked. */
  async function startRun(baseUrl: string, space: string): Promise<{ runId: number; gate: Held }> {
    const account = await call(baseUrl, 'POST', '/api/integrations/accounts', { appUrl: app.url, accountType: 'token', fields: { token: 'good' } });
    expect(account.status, JSON.stringify(account.body)).toBe(201);
    const source = await call(baseUrl, 'POST', '/api/integrations/sources', { accountId: account.body.id, space, types: ['issue'] });
    expect(source.status, JSON.stringify(source.body)).toBe(201);
    const gate = hold();
    const run = await call(baseUrl, 'POST', `/api/integrations/sources/${String(source.body.id)}/syncs`);
    expect(run.status, JSON.stringify(run.body)).toBe(202);
    await gate.reached;
    return { runId: Number(run.body.id), gate };
  }

  /** The run once it has ended, read through `baseUrl`, and what the schema holds. */
  async function outcome(baseUrl: string, schema: string, runId: number, space: string) {
    let run: Record<string, unknown> = {};
    await until(
      async () => {
        run = (await call(baseUrl, 'GET', `/api/integrations/syncs/${runId}`)).body;
        return run.finishedAt !== null && run.finishedAt !== undefined;
      },
      30_000,
      `run ${runId} to end`,
    );
    const { body } = await call(baseUrl, 'POST', '/api/commands', {
      command: 'svc.entity/query',
      args: { query: { 'q/from': `${space}/Issues`, 'q/select': [`${space}/Name`], 'q/no-limit': true } },
    });
    const names = (body.result as Record<string, string>[]).map((e) => e[`${space}/Name`] as string);
    const client = new pg.Client({ connectionString: DATABASE_URL, options: `-c search_path=${schema}` });
    await client.connect();
    try {
      const leases = await client.query<{ lease_token: string | null }>('SELECT lease_token FROM integration_source_leases');
      const keys = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM integration_keys WHERE last_run_id = $1', [runId]);
      return { run, names, leases: leases.rows, keys: Number(keys.rows[0]?.n) };
    } finally {
      await client.end();
    }
  }

  function expectOnePass(result: Awaited<ReturnType<typeof outcome>>): void {
    expect(result.run.status, JSON.stringify(result.run)).toBe('succeeded');
    expect(result.run.stats).toMatchObject({ pages: PAGES, rows: PAGES * ROWS, created: PAGES * ROWS, updated: 0, removed: 0 });
    expect(new Set(result.names).size).toBe(PAGES * ROWS);
    expect(result.names).toHaveLength(PAGES * ROWS);
    expect(result.keys).toBe(PAGES * ROWS);
    // The source is free again: the process that finished handed it back.
    expect(result.leases.every((l) => l.lease_token === null)).toBe(true);
    // The pages before the held one were asked once; the held one twice (its first answer was never applied).
    expect(asked).toEqual([...Array.from({ length: HELD + 1 }, (_, i) => i), ...Array.from({ length: PAGES - HELD }, (_, i) => HELD + i)]);
  }

  it('a process that stops mid-run hands the run over; the other goes on from the page after the last committed one', async () => {
    const schema = scratchSchemaName();
    schemas.push(schema);
    const first = await startServer(options(schema));
    servers.push(first);
    const { runId, gate } = await startRun(first.baseUrl, 'Handover');
    // Pages 0..2 are committed; page 3 is held. A second process joins, then the first stops
    // (its answer to page 3 comes once it is stopping: it is not applied).
    const second = await startServer(options(schema));
    servers.push(second);
    const stopping = first.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    gate.release();
    await stopping;
    expectOnePass(await outcome(second.baseUrl, schema, runId, 'Handover'));
  });

  it('a process killed mid-run: its lease runs out and the other process goes on from the last committed page', async () => {
    const schema = scratchSchemaName();
    schemas.push(schema);
    const env = {
      DATABASE_URL: DATABASE_URL ?? '',
      SVC_DB_SCHEMA: schema,
      SVC_TOKEN: TOKEN,
      SVC_APP_ALLOW: '127.0.0.1',
      SVC_SYNC_LEASE_MS: String(LEASE_MS),
      SVC_SYNC_POLL_MS: String(POLL_MS),
      SVC_SYNC_TIMEOUT_MS: '10000',
    };
    const first = await spawnServer(env);
    children.push(first);
    const { runId, gate } = await startRun(first.baseUrl, 'Crash');
    const second = await startServer(options(schema));
    servers.push(second);
    await first.stop('SIGKILL');
    gate.release();
    expectOnePass(await outcome(second.baseUrl, schema, runId, 'Crash'));
  });
});
