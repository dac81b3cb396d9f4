// Sync benchmark: a full sync of an integration app's type (100,000 rows, 1,000 a page) into the
// reference server, on pg-mem and on PostgreSQL: rows per second, against a raw bulk insert of
// the same Entities (multi-row INSERTs of the rows the sync wrote, into the same tables of the
// same storage, measured in the same run), with the SQL statements the sync ran grouped by text,
// and the time the mock integration app alone takes to serve every page. The server and the mock
// app run in this process. Prints tables and writes bench/results/sync.md. See bench/README.md.
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { cpuUsage } from 'node:process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg, { type QueryResult, type QueryResultRow } from 'pg';
import type { components as AppComponents } from '../generated/app/types.js';
import type { components as ServiceComponents } from '../generated/service/types.js';
import { startMockApp, type MockApp, type Scenario } from '../mock-app/src/index.js';
import type { Database, Queryable, StorageKind } from '../server/src/db/database.js';
import { scratchSchemaName, startServer, type RunningServer } from '../server/src/index.js';
import { spawnServer, type ChildServer } from './lib/child-server.js';
import { databaseUrl, DEFAULT_DATABASE_URL, integerOption, machine, runWithOptions, storagesOption, writeReport } from './lib/cli.js';
import { childPids, cpuMsOf, treeCpuMs } from './lib/process-cpu.js';
import { writeSection } from './lib/report-section.js';
import { shapeOf } from './lib/replay.js';
import { renderMarkdown, renderPlain, type Table } from './lib/table.js';
import { formatCount, formatMs, formatRate, formatRatio, now, withTimeout } from './lib/timing.js';

type SyncRun = ServiceComponents['schemas']['SyncRun'];
type IntegrationAccount = ServiceComponents['schemas']['IntegrationAccount'];
type IntegrationSource = ServiceComponents['schemas']['IntegrationSource'];
type AppSchema = AppComponents['schemas']['SchemaResponse'];
type DataRow = AppComponents['schemas']['DataRow'];
type DataRequest = AppComponents['schemas']['DataRequest'];
type DataResponse = AppComponents['schemas']['DataResponse'];
type SyncStats = ServiceComponents['schemas']['SyncStats'];

const RESULTS_FILE = fileURLToPath(new URL('./results/sync.md', import.meta.url));
const SPACE = 'BenchSync';
/** The app type synchronized (its Database is `BenchSync/Tasks`). */
const TYPE = 'task';
const ACCOUNT_TYPE = 'token';
const ACCOUNT_FIELDS = { token: 'bench-sync-token' };
const REQUEST_TIMEOUT_MS = 60_000;
/** Pages read by the app-alone warm-up (JIT, connections). */
const WARM_UP_PAGES = 3;
const STATUS_OPTIONS = ['Backlog', 'Open', 'In progress', 'Blocked', 'Done'] as const;
const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliett'] as const;

interface Options {
  storages: StorageKind[];
  databaseUrl: string;
  rows: number;
  pgmemRows: number;
  pageSize: number;
  validateResponses: boolean;
  timeLimitMs: number;
  out: string;
  /** Figures to measure: the full sync (with its baselines and profile) and sources at once over 1 and 2 server processes. */
  figures: Figure[];
  /** The processes figure: sources synchronized at once, rows of each. */
  sources: number;
  sourceRows: number;
}

const FIGURES = ['full', 'processes'] as const;
type Figure = (typeof FIGURES)[number];

const USAGE = `npm run bench -- sync [options]
  --storage pg-mem,postgres    storages to measure, of pg-mem, pglite, postgres (default: pg-mem,postgres; PostgreSQL at DATABASE_URL or ${DEFAULT_DATABASE_URL};
                               --storages is the same option)
  --rows N                     rows of the app's type, all synchronized by one full sync (default 100000)
  --pgmem-rows N               rows on pg-mem (default: --rows; 100,000 take pg-mem ~7 minutes to sync and ~4 to bulk insert)
  --page-size N                rows per page the app answers (default 1000)
  --validate-responses         the mock app checks its answers against spec/app.openapi.yaml during the sync (default off)
  --time-limit M               minutes a sync may take before it is reported unfinished (default 25)
  --figures full,processes     figures to measure (default both): the full sync on each storage, and K sources synchronized
                               at once by 1 and by 2 server processes on one PostgreSQL (needs postgres in --storage; run
                               alone, it replaces only its own section of the results file)
  --sources K                  sources synchronized at once in the processes figure (default 4)
  --source-rows R              rows of each of those sources (default 10000: the figure takes about a minute and a half)
  --out FILE                   Markdown results (default bench/results/sync.md)`;

function parseOptions(args: string[]): Options | undefined {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      storage: { type: 'string' },
      storages: { type: 'string' },
      rows: { type: 'string' },
      'pgmem-rows': { type: 'string' },
      'page-size': { type: 'string' },
      'validate-responses': { type: 'boolean' },
      'time-limit': { type: 'string' },
      figures: { type: 'string' },
      sources: { type: 'string' },
      'source-rows': { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return undefined;
  }
  if (values.storage !== undefined && values.storages !== undefined) throw new Error('give --storage or --storages, not both');
  const rows = integerOption(values.rows, 100_000, 'rows');
  const pageSize = integerOption(values['page-size'], 1000, 'page-size');
  // The server refuses pages of more than 10,000 rows (spec/integrations.md, "Bounds").
  if (pageSize > 10_000) throw new Error(`--page-size must be at most 10000 (the server's bound on a page); got ${pageSize}`);
  const storages = storagesOption(values.storage ?? values.storages, ['pg-mem', 'pglite', 'postgres']);
  const figures = figuresOption(values.figures, storages);
  const sources = integerOption(values.sources, 4, 'sources');
  if (sources > MAX_PARALLEL_SOURCES) throw new Error(`--sources must be at most ${MAX_PARALLEL_SOURCES}; got ${sources}`);
  const sourceRows = integerOption(values['source-rows'], 10_000, 'source-rows');
  if (sourceRows > MAX_SOURCE_ROWS) throw new Error(`--source-rows must be at most ${MAX_SOURCE_ROWS}; got ${sourceRows}`);
  return {
    storages,
    databaseUrl: databaseUrl(),
    rows,
    pgmemRows: integerOption(values['pgmem-rows'], rows, 'pgmem-rows'),
    pageSize,
    validateResponses: values['validate-responses'] ?? false,
    timeLimitMs: integerOption(values['time-limit'], 25, 'time-limit') * 60_000,
    out: values.out ?? RESULTS_FILE,
    figures,
    sources,
    sourceRows,
  };
}

/** Most rows of each source of the processes figure (the mock apps hold them all in this process). */
const MAX_SOURCE_ROWS = 1_000_000;

/** `--figures`: by default both (the processes figure only where PostgreSQL is measured); asked for by name, it needs PostgreSQL. */
function figuresOption(value: string | undefined, storages: StorageKind[]): Figure[] {
  if (value === undefined) return storages.includes('postgres') ? ['full', 'processes'] : ['full'];
  const figures = value.split(',').map((f) => f.trim());
  for (const f of figures) if (!FIGURES.some((k) => k === f)) throw new Error(`--figures takes ${FIGURES.join(', ')}; got ${f}`);
  if (figures.includes('processes') && !storages.includes('postgres')) throw new Error('--figures processes needs PostgreSQL: add postgres to --storage');
  return FIGURES.filter((f) => figures.includes(f));
}

function log(message: string): void {
  console.error(`[bench sync] ${message}`);
}

function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

// ---------------------------------------------------------------------------------------------
// The app: one type with the usual fields, rows deterministic from their number.

/** The integration schema of the type: title, number, integer, boolean text, day, date-time, single select. */
export function benchSchema(): AppSchema {
  return {
    [TYPE]: {
      id: { name: 'Id', type: 'id' },
      name: { name: 'Name', type: 'text' },
      estimate: { name: 'Estimate', type: 'number' },
      points: { name: 'Points', type: 'number', subType: 'integer' },
      done: { name: 'Done', type: 'text', subType: 'boolean' },
      due: { name: 'Due', type: 'date', subType: 'day' },
      updated: { name: 'Updated', type: 'date' },
      status: { name: 'Status', type: 'text', subType: 'single-select', options: STATUS_OPTIONS.map((name) => ({ name })) },
    },
  };
}

const DAY_MS = 86_400_000;
const EPOCH = Date.UTC(2022, 0, 1);

/** Row number `i` of the type (values as an app sends them: strings for booleans and dates). */
export function benchRow(i: number): DataRow {
  // A cheap deterministic spread of values (no generator state: any row can be built alone).
  const h = Math.imul(i + 1, 2654435761) >>> 0;
  return {
    id: `T-${i}`,
    name: `${WORDS[h % WORDS.length] as string} task ${i}`,
    estimate: (h % 100_000) / 100,
    points: h % 13,
    done: (h >>> 3) % 2 === 0 ? 'yes' : 'no',
    due: new Date(EPOCH + ((h >>> 5) % 1000) * DAY_MS).toISOString().slice(0, 10),
    updated: new Date(EPOCH + (h % 86_400_000) * 1000).toISOString(),
    status: STATUS_OPTIONS[(h >>> 7) % STATUS_OPTIONS.length] as string,
  };
}

export function benchScenario(rows: number, pageSize: number): Scenario {
  return {
    description: `svc-kit sync benchmark: ${rows} rows of one type, ${pageSize} a page.`,
    app: { name: 'Bench tracker', version: '1.0.0', website: 'https://example.com/bench', description: 'Rows for the sync benchmark (bench/sync.ts).' },
    accountTypes: [
      {
        id: ACCOUNT_TYPE,
        name: 'API token',
        fields: [{ id: 'token', title: 'Token', type: 'password' }],
        validAccounts: [{ name: 'Bench account', fields: { ...ACCOUNT_FIELDS } }],
      },
    ],
    types: [{ id: TYPE, name: 'Tasks' }],
    schema: benchSchema(),
    data: { [TYPE]: { pageSize, rows: Array.from({ length: rows }, (_, i) => benchRow(i)) } },
  };
}

// ---------------------------------------------------------------------------------------------
// The mock app alone: a client asking every page as the server does, without the server.

interface AppAloneFigure {
  label: string;
  ms: number;
  pages: number;
  rows: number;
  bytes: number;
}

/** Reads every page (or the first `maxPages`, for a warm-up) and checks the rows. */
async function readAllPages(appUrl: string, label: string, expectedRows: number, maxPages = Number.POSITIVE_INFINITY): Promise<AppAloneFigure> {
  const schema = benchSchema();
  let pagination: Record<string, unknown> | undefined;
  let pages = 0;
  let rows = 0;
  let bytes = 0;
  const seen = new Set<unknown>();
  const start = now();
  for (;;) {
    const body: DataRequest = {
      requestedType: TYPE,
      types: [TYPE],
      account: { ...ACCOUNT_FIELDS },
      filter: {},
      schema,
      ...(pagination ? { pagination } : {}),
      operationId: 'bench-app-alone',
    };
    const response = await fetch(`${appUrl}/api/v1/synchronizer/data`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`the mock app answered page ${pages} with ${response.status}: ${text.slice(0, 300)}`);
    bytes += Buffer.byteLength(text);
    const page = JSON.parse(text) as DataResponse;
    if (!Array.isArray(page.items)) throw new Error(`the mock app's page ${pages} has no items array`);
    for (const item of page.items) seen.add(item.id);
    pages += 1;
    rows += page.items.length;
    if (!page.pagination?.hasNext || pages >= maxPages) break;
    pagination = page.pagination.nextPageConfig ?? {};
    if (pages > expectedRows + 1) throw new Error('the mock app kept answering hasNext');
  }
  const ms = now() - start;
  if (pages >= maxPages) return { label, ms, pages, rows, bytes };
  if (rows !== expectedRows || seen.size !== expectedRows) throw new Error(`the mock app served ${rows} rows (${seen.size} distinct keys); expected ${expectedRows}`);
  return { label, ms, pages, rows, bytes };
}

// ---------------------------------------------------------------------------------------------
// Statement profile: every statement the server runs, counted and timed by text (instrument).

interface TextStats {
  count: number;
  ms: number;
}

class StatementProfiler {
  private byText = new Map<string, TextStats>();
  active = false;

  /** The storage seen by the server: statements are timed while `active`. */
  wrap(inner: Database): Database {
    const timedQuery =
      (q: Queryable) =>
      async <R extends QueryResultRow>(text: string, params?: unknown[]): Promise<QueryResult<R>> => {
        if (!this.active) return q.query<R>(text, params);
        const start = now();
        try {
          return await q.query<R>(text, params);
        } finally {
          const ms = now() - start;
          const s = this.byText.get(text);
          if (s) {
            s.count += 1;
            s.ms += ms;
          } else this.byText.set(text, { count: 1, ms });
        }
      };
    return {
      kind: inner.kind,
      query: timedQuery(inner),
      transaction: (fn) => inner.transaction((tx) => fn({ query: timedQuery(tx) })),
      read: (fn) => inner.read((q) => fn({ query: timedQuery(q) })),
      close: () => inner.close(),
    };
  }

  reset(): void {
    this.byText = new Map();
  }

  /** Statements grouped by shape (bench/lib/replay.ts `shapeOf`), most time first. */
  shapes(): Array<{ shape: string; count: number; ms: number }> {
    const shapes = new Map<string, { shape: string; count: number; ms: number }>();
    for (const [text, s] of this.byText) {
      // Rows of a multi-row INSERT collapse too: `VALUES ($…), ($…), ...` is written `VALUES ($…), …`.
      const shape = shapeOf(text).replace(/\(\$…\)(?:\s*,\s*\(\$…\))+/g, '($…), …');
      const t = shapes.get(shape) ?? { shape, count: 0, ms: 0 };
      t.count += s.count;
      t.ms += s.ms;
      shapes.set(shape, t);
    }
    return [...shapes.values()].sort((a, b) => b.ms - a.ms);
  }
}

// ---------------------------------------------------------------------------------------------
// The admin API.

class AdminClient {
  constructor(
    private readonly server: Pick<RunningServer, 'baseUrl' | 'token'>,
    private readonly timeoutMs = REQUEST_TIMEOUT_MS,
  ) {}

  async call<T>(method: string, path: string, body: unknown, expected: number[], timeoutMs = this.timeoutMs): Promise<{ status: number; value: T }> {
    const response = await fetch(`${this.server.baseUrl}${path}`, {
      method,
      headers: { authorization: `Token ${this.server.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    if (!expected.includes(response.status)) throw new Error(`${method} ${path}: HTTP ${response.status}: ${text.slice(0, 400)}`);
    return { status: response.status, value: JSON.parse(text) as T };
  }
}

// ---------------------------------------------------------------------------------------------
// Measurements on one storage.

interface SyncFigure {
  run: SyncRun;
  ms: number;
  /** The run's own start to end (its `startedAt`, `finishedAt`). */
  runMs: number;
  finished: boolean;
}

interface BaselineFigure {
  ms: number;
  entities: number;
  links: number;
  statements: number;
  setup: string[];
}

interface StorageReport {
  storage: StorageKind;
  rows: number;
  pages: number;
  sync?: SyncFigure;
  sqlMs: number;
  statements: number;
  shapes: Array<{ shape: string; count: number; ms: number }>;
  baseline?: BaselineFigure;
  /** The same rows by hand-written multi-row INSERTs, as few as the parameter bound allows (handWrittenRows). */
  handWritten?: BaselineFigure;
  error?: string;
}

function isEnded(run: SyncRun): boolean {
  return run.finishedAt !== null && (run.status === 'succeeded' || run.status === 'failed');
}

/** Largest answer read from the sync POST (a run is a few hundred bytes). */
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * POST with node:http: fetch (undici) gives up waiting for response headers after 300 s, and the
 * sync answers only when it has ended. No other request runs meanwhile: on pg-mem a status poll
 * would wait for the page transaction's lock and its statements would blur the SQL profile.
 */
function postAndWait(url: string, token: string, timeoutMs: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { authorization: `Token ${token}`, 'content-length': '0' } }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) {
          req.destroy(new Error(`POST ${url}: the answer is larger than ${MAX_ANSWER_BYTES} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`POST ${url}: no answer within ${Math.round(timeoutMs / 1000)} s`)));
    req.on('error', reject);
    req.end();
  });
}

/**
 * POST .../syncs?wait=true, timed to its answer. The server is started with its wait set to the
 * time limit, so it answers when the run has ended, or at the limit with the run as it is.
 */
async function runSync(server: RunningServer, sourceId: string, timeLimitMs: number): Promise<SyncFigure> {
  const start = now();
  const answer = await postAndWait(`${server.baseUrl}/api/integrations/sources/${sourceId}/syncs?wait=true`, server.token, timeLimitMs + 60_000);
  const ms = now() - start;
  if (answer.status !== 200 && answer.status !== 202) throw new Error(`POST .../syncs?wait=true: HTTP ${answer.status}: ${answer.text.slice(0, 400)}`);
  const run = JSON.parse(answer.text) as SyncRun;
  const runMs = run.finishedAt ? Date.parse(run.finishedAt) - Date.parse(run.startedAt) : ms;
  return { run, ms, runMs, finished: isEnded(run) };
}

interface EntityRow {
  id: string;
  type_id: string;
  public_id: number | string;
  created_at: unknown;
  modified_at: unknown;
  created_by: string | null;
  data: unknown;
}

interface LinkRow {
  relation_id: string;
  a: string;
  b: string;
  position: number | string;
}

/** `($1, $2, ...)`: the placeholders of row `rowIndex` of a multi-row INSERT of `width` columns. */
function placeholders(rowIndex: number, width: number): string {
  return `(${Array.from({ length: width }, (_, k) => `$${rowIndex * width + k + 1}`).join(', ')})`;
}

/**
 * The baseline: the Entities (and their single-select links) the sync wrote are read back,
 * deleted, and written again with plain multi-row INSERTs, `pageSize` rows a statement; timed.
 */
async function measureBaseline(db: Database, database: string, pageSize: number, expectedRows: number): Promise<BaselineFigure> {
  const setup: string[] = [];
  const typeRow = (await db.query<{ id: string }>('SELECT id FROM types WHERE name = $1', [database])).rows[0];
  if (!typeRow) throw new Error(`the Database ${database} is not in the catalog`);
  const typeId = typeRow.id;
  // Filtered here: pg-mem answers `relation_id IS NOT NULL` on this table with no rows.
  const fieldRows = (await db.query<{ relation_id: string | null }>('SELECT relation_id FROM fields WHERE type_id = $1', [typeId])).rows;
  const relations = [...new Set(fieldRows.map((r) => r.relation_id).filter((id): id is string => id !== null))];
  let t = now();
  const entities = (
    await db.query<EntityRow>('SELECT id, type_id, public_id, created_at, modified_at, created_by, data FROM entities WHERE type_id = $1 ORDER BY public_id', [typeId])
  ).rows;
  const links: LinkRow[] = [];
  for (const relation of relations) {
    links.push(...(await db.query<LinkRow>('SELECT relation_id, a, b, position FROM links WHERE relation_id = $1 ORDER BY position', [relation])).rows);
  }
  if (entities.length !== expectedRows) throw new Error(`the sync left ${entities.length} Entities in ${database}; expected ${expectedRows}`);
  setup.push(`read back ${formatCount(entities.length)} Entities and ${formatCount(links.length)} links of ${relations.length} relation(s): ${formatMs(now() - t)}`);
  t = now();
  for (const relation of relations) await db.query('DELETE FROM links WHERE relation_id = $1', [relation]);
  await db.query('DELETE FROM entities WHERE type_id = $1', [typeId]);
  if (db.kind === 'postgres') await db.query('VACUUM ANALYZE entities, links');
  setup.push(`deleted them${db.kind === 'postgres' ? ', then VACUUM ANALYZE entities, links' : ''}: ${formatMs(now() - t)}`);

  // Links go with the page of their Entity, as the sync wrote them.
  const pageOf = new Map<string, number>();
  entities.forEach((e, i) => pageOf.set(e.id, Math.floor(i / pageSize)));
  const linksByPage = new Map<number, LinkRow[]>();
  for (const link of links) {
    const page = pageOf.get(link.a) ?? pageOf.get(link.b) ?? 0;
    const list = linksByPage.get(page);
    if (list) list.push(link);
    else linksByPage.set(page, [link]);
  }
  let statements = 0;
  const start = now();
  for (let from = 0, page = 0; from < entities.length; from += pageSize, page += 1) {
    const part = entities.slice(from, from + pageSize);
    await db.query(
      `INSERT INTO entities (id, type_id, public_id, created_at, modified_at, created_by, data) VALUES ${part.map((_, i) => placeholders(i, 7)).join(', ')}`,
      part.flatMap((e) => [e.id, e.type_id, e.public_id, e.created_at, e.modified_at, e.created_by, JSON.stringify(e.data)]),
    );
    statements += 1;
    const pageLinks = linksByPage.get(page) ?? [];
    if (pageLinks.length > 0) {
      await db.query(
        `INSERT INTO links (relation_id, a, b, position) VALUES ${pageLinks.map((_, i) => placeholders(i, 4)).join(', ')}`,
        pageLinks.flatMap((l) => [l.relation_id, l.a, l.b, l.position]),
      );
      statements += 1;
    }
  }
  const ms = now() - start;
  const count = Number((await db.query<{ n: number | string }>('SELECT count(*) AS n FROM entities WHERE type_id = $1', [typeId])).rows[0]?.n);
  if (count !== expectedRows) throw new Error(`the baseline wrote ${count} Entities; expected ${expectedRows}`);
  return { ms, entities: entities.length, links: links.length, statements, setup };
}

async function runStorage(storage: StorageKind, options: Options, app: MockApp): Promise<StorageReport> {
  const rows = storage === 'pg-mem' ? options.pgmemRows : options.rows;
  const report: StorageReport = { storage, rows, pages: Math.ceil(rows / options.pageSize), sqlMs: 0, statements: 0, shapes: [] };
  const profiler = new StatementProfiler();
  let inner: Database | undefined;
  let server: RunningServer | undefined;
  try {
    server = await withTimeout(
      startServer({
        storage,
        ...(storage === 'postgres' ? { databaseUrl: options.databaseUrl, schema: scratchSchemaName(), dropSchemaOnClose: true } : {}),
        appAllow: ['127.0.0.1'],
        // `wait=true` waits up to the time limit (default 120 s): the sync is timed by one request.
        integrations: { waitMs: options.timeLimitMs },
        instrument: (db) => {
          inner = db;
          return profiler.wrap(db);
        },
        log: (m) => log(`server: ${m}`),
      }),
      60_000,
      `starting the server on ${storage}`,
    );
    if (!inner) throw new Error('the instrument hook was not called');
    const admin = new AdminClient(server);
    const account = (await admin.call<IntegrationAccount>('POST', '/api/integrations/accounts', { appUrl: app.url, accountType: ACCOUNT_TYPE, fields: { ...ACCOUNT_FIELDS } }, [201])).value;
    const source = (await admin.call<IntegrationSource>('POST', '/api/integrations/sources', { accountId: account.id, space: SPACE, types: [TYPE] }, [201])).value;
    const database = source.databases[TYPE];
    if (!database) throw new Error(`the source has no Database for type ${TYPE}: ${JSON.stringify(source.databases)}`);

    log(`${storage}: full sync of ${formatCount(rows)} rows, ${options.pageSize} a page`);
    profiler.reset();
    profiler.active = true;
    const sync = await runSync(server, source.id, options.timeLimitMs);
    profiler.active = false;
    report.sync = sync;
    report.shapes = profiler.shapes();
    report.statements = report.shapes.reduce((a, s) => a + s.count, 0);
    report.sqlMs = report.shapes.reduce((a, s) => a + s.ms, 0);
    const { run } = sync;
    if (!sync.finished) {
      throw new Error(
        `the sync had not ended after ${formatMs(sync.ms)} (--time-limit): ${formatCount(run.stats.rows)} rows read, ${formatCount(run.stats.created)} created, ${formatRate((run.stats.created / sync.ms) * 1000, 'rows/s')} so far`,
      );
    }
    if (run.status !== 'succeeded') throw new Error(`the sync ended ${run.status}: ${JSON.stringify(run.error).slice(0, 400)}`);
    if (run.stats.created !== rows || run.stats.rows !== rows) {
      throw new Error(`the sync created ${run.stats.created} Entities of ${run.stats.rows} rows read; expected ${rows}`);
    }
    log(`${storage}: sync ${formatMs(sync.ms)}; baseline`);
    report.baseline = await measureBaseline(inner, database, options.pageSize, rows);
    report.handWritten = await measureBaseline(inner, database, handWrittenRows(storage, options.pageSize), rows);
  } catch (error) {
    report.error = errorMessage(error);
    log(`${storage}: ${report.error}`);
  } finally {
    profiler.active = false;
    // A sync still running (time limit) is aborted by close; do not wait for it forever.
    if (server) await withTimeout(server.close(), 120_000, `closing the server on ${storage}`).catch((e: unknown) => log(errorMessage(e)));
  }
  return report;
}

// ---------------------------------------------------------------------------------------------
// Against hand-written SQL: the rows the sync wrote, by as few multi-row INSERTs as PostgreSQL's
// 65,535-parameter bound allows (7 a row of entities), and the issue's targets.

/** Sync target on PostgreSQL, rows per second; the embedded storage within EMBEDDED_FACTOR of it. */
const SYNC_RATE_TARGET = 20_000;
const EMBEDDED_FACTOR = 3;
const PARAMETER_LIMIT = 65_535;

/** Rows a statement of the hand-written INSERTs: the parameter bound on PostgreSQL; pg-mem a page (its parser is slow on huge statements). */
function handWrittenRows(storage: StorageKind, pageSize: number): number {
  return storage === 'pg-mem' ? pageSize : Math.floor(PARAMETER_LIMIT / 7);
}

function handWrittenTable(reports: StorageReport[]): Table {
  const pg = reports.find((r) => r.storage === 'postgres' && r.sync && !r.error);
  const rows: string[][] = [];
  for (const r of reports) {
    const s = r.sync;
    const h = r.handWritten;
    if (!s || !h || r.error) continue;
    const syncRate = (r.rows / s.ms) * 1000;
    let target: string;
    let result: string;
    if (r.storage === 'postgres') {
      target = `>= ${formatCount(SYNC_RATE_TARGET)} rows/s`;
      result = syncRate >= SYNC_RATE_TARGET ? 'met' : `MISSED (${rate(r.rows, s.ms)})`;
    } else {
      target = `within ${EMBEDDED_FACTOR}x of PostgreSQL's rate`;
      const factor = pg?.sync ? (pg.rows / pg.sync.ms) * 1000 / syncRate : undefined;
      result = factor === undefined ? 'n/a (no PostgreSQL run)' : factor <= EMBEDDED_FACTOR ? `met (${formatRatio(factor)})` : `MISSED (${formatRatio(factor)} slower)`;
    }
    rows.push([r.storage, formatCount(r.rows), rate(r.rows, s.ms), `${rate(r.rows, h.ms)} (${formatMs(h.ms)}, ${h.statements} statements)`, formatRatio(s.ms / h.ms), target, result]);
  }
  const notes = [
    `hand-written: the rows the sync wrote (entities and their single-select links, read back, deleted${pg ? ', on PostgreSQL then VACUUM ANALYZE' : ''}) written again by multi-row INSERTs of ${formatCount(Math.floor(PARAMETER_LIMIT / 7))} rows a statement on PostgreSQL (the most its 65,535-parameter bound allows at 7 a row) and of a page on pg-mem; no transaction, no app, no conversion, no key index.`,
    'sync ÷ hand-written: the sync time over the hand-written time for the same rows (1.00x = the sync costs no more than the best plain SQL).',
  ];
  for (const r of reports) {
    const s = r.sync;
    if (!s || !r.handWritten || r.error) continue;
    const syncRate = (r.rows / s.ms) * 1000;
    const missed = r.storage === 'postgres' ? syncRate < SYNC_RATE_TARGET : pg?.sync !== undefined && ((pg.rows / pg.sync.ms) * 1000) / syncRate > EMBEDDED_FACTOR;
    if (!missed) continue;
    const top = r.shapes.slice(0, 3).map((x) => `${x.shape.length > 70 ? `${x.shape.slice(0, 67)}...` : x.shape} ${formatMs(x.ms)}`);
    notes.push(
      `What limits ${r.storage}: ${formatMs(r.sqlMs)} of the sync's ${formatMs(s.ms)} is the server's SQL (${share(r.sqlMs, s.ms)}; most time: ${top.join('; ')}), against ${formatMs(r.handWritten.ms)} for the hand-written INSERTs of the same rows; ` +
        `${r.sqlMs < s.ms ? `the rest (${formatMs(s.ms - r.sqlMs)}) is the app's pages, JSON, conversion and the server's own work.` : "statement times overlap (statements waiting for pg-mem's lock), so the SQL adds up to more than the sync."}${r.storage !== 'postgres' && pg?.handWritten ? ` The storage alone: hand-written INSERTs ${formatRatio(r.handWritten.ms / r.rows / (pg.handWritten.ms / pg.rows))} slower per row than on PostgreSQL.` : ''}`,
    );
  }
  return {
    title: 'Against hand-written SQL; targets',
    columns: ['storage', 'rows', 'sync rate', 'hand-written INSERTs', 'sync ÷ hand-written', 'target', 'result'],
    rows,
    notes,
  };
}

// ---------------------------------------------------------------------------------------------
// Output

function rate(rows: number, ms: number): string {
  return formatRate((rows / ms) * 1000, 'rows/s');
}

function share(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(0)}%` : '-';
}

function summaryTable(reports: StorageReport[], alone: AppAloneFigure[], options: Options): Table {
  const rows: string[][] = [];
  const quiet = alone.find((a) => a.label === 'validation off');
  for (const r of reports) {
    const s = r.sync;
    const b = r.baseline;
    if (r.error && !(s && b)) {
      rows.push([r.storage, formatCount(r.rows), s ? formatMs(s.ms) : '-', s ? rate(s.run.stats.created, s.ms) : '-', '-', '-', '-', `FAILED: ${r.error}`]);
      continue;
    }
    if (!s || !b) continue;
    rows.push([
      r.storage,
      formatCount(r.rows),
      formatMs(s.ms),
      rate(r.rows, s.ms),
      formatMs(b.ms),
      rate(r.rows, b.ms),
      formatRatio(s.ms / b.ms),
      [
        `${formatCount(s.run.stats.pages)} pages; run ${formatMs(s.runMs)} by its startedAt/finishedAt`,
        `${formatCount(r.statements)} SQL statements (${(r.statements / s.run.stats.pages).toFixed(1)} a page), ${formatMs(r.sqlMs)} in SQL (${share(r.sqlMs, s.ms)} of the sync)`,
        ...(quiet && quiet.rows === r.rows && !options.validateResponses ? [`the mock app alone ${formatMs(quiet.ms)} (${share(quiet.ms, s.ms)} of the sync)`] : []),
      ].join('; '),
    ]);
  }
  return {
    title: `Full sync, ${options.pageSize} rows a page`,
    columns: ['storage', 'rows', 'sync', 'sync rate', 'baseline', 'baseline rate', 'sync/baseline', 'detail'],
    rows,
    notes: [
      'sync: from `POST /api/integrations/sources/{id}/syncs?wait=true` to its answer (the server waits up to --time-limit; no other request meanwhile); checked: `succeeded`, `stats.created` and `stats.rows` equal the rows, and the Database holds that many Entities.',
      "baseline: the same Entities (ids, public ids, dates, stored values) and their single-select links, read back after the sync, deleted, and written again by plain multi-row INSERTs into `entities` and `links`, one statement of each a page (no transaction, no app calls, no conversion, no key index, no diffing). On PostgreSQL `VACUUM ANALYZE entities, links` runs after the delete.",
      `SQL time: the statements the server ran during the sync (startServer \`instrument\`), each timed from call to result; the rest of the sync time is the app's answers, JSON, conversion and the server's own work.${quiet ? ` The mock app alone serves every page in ${formatMs(quiet.ms)} (table below).` : ''}`,
    ],
  };
}

function appAloneTable(alone: AppAloneFigure[], syncValidates: boolean): Table {
  return {
    title: 'The mock app alone: every page read by a client, without the server',
    columns: ['mock app', 'pages', 'rows', 'bytes', 'time', 'rate'],
    rows: alone.map((a) => [a.label, formatCount(a.pages), formatCount(a.rows), formatCount(a.bytes), formatMs(a.ms), rate(a.rows, a.ms)]),
    notes: [
      'The same data requests the server sends (the schema, the account, `pagination` from the previous page), one after another, each answer read and parsed; this process, loopback HTTP.',
      `The syncs above ran with the mock app's response validation ${syncValidates ? 'on (--validate-responses)' : 'off'}.`,
    ],
  };
}

function profileTable(r: StorageReport, top = 10): Table {
  const syncMs = r.sync?.ms ?? 0;
  const pages = Math.max(1, r.sync?.run.stats.pages ?? r.pages);
  return {
    title: `${r.storage}: SQL statements of the sync by text, most time first`,
    columns: ['statement', 'count', 'a page', 'total', 'mean', 'of the sync'],
    rows: r.shapes.slice(0, top).map((s) => [
      s.shape.length > 140 ? `${s.shape.slice(0, 137)}...` : s.shape,
      formatCount(s.count),
      (s.count / pages).toFixed(1),
      formatMs(s.ms),
      formatMs(s.ms / s.count),
      share(s.ms, syncMs),
    ]),
    notes: [
      `${formatCount(r.statements)} statements in all (${r.shapes.length} texts), ${formatMs(r.sqlMs)}; parameter lists are written \`$…\`, other parameters \`$n\`.`,
      ...(r.baseline ? r.baseline.setup.map((s) => `baseline set-up (not timed): ${s}`) : []),
    ],
  };
}

async function writeMarkdown(options: Options, tables: Table[], startedAt: Date, elapsedMs: number): Promise<void> {
  const lines = [
    '# Sync benchmark',
    '',
    'Written by `npm run bench -- sync` (bench/sync.ts); overwritten on every run. Method: bench/README.md and the notes under each table; options: `npm run bench -- sync --help`.',
    '',
    `- Date: ${startedAt.toISOString()} (run took ${formatMs(elapsedMs)})`,
    `- Machine: ${machine()} (server, mock app and client in one process)`,
    `- Storages: ${options.storages.map((s) => (s === 'postgres' ? `PostgreSQL (${options.databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}, scratch schema)` : `${s} (embedded)`)).join(', ')}`,
    `- Rows: ${options.storages.map((s) => `${formatCount(s === 'pg-mem' ? options.pgmemRows : options.rows)} on ${s}`).join(', ')}; ${formatCount(options.pageSize)} a page; mock app response validation during the syncs: ${options.validateResponses ? 'on' : 'off'}`,
    '',
    ...tables.flatMap((t) => [renderMarkdown(t, 2), '']),
  ];
  await writeReport(options.out, lines);
}

// ---------------------------------------------------------------------------------------------
// Sources at once over one and two server processes (PostgreSQL). A run holds its source's lease
// (server/src/integrations/sync/run-lease.ts), so one run uses one process; several sources at
// once can be spread over processes. K sources of R rows are started together, on one process or
// spread over two that share a scratch schema, four times (1, 2, 1, 2) in one scenario.

/** Most sources of the processes figure (each is a mock app in this process). */
const MAX_PARALLEL_SOURCES = 32;
/** The processes' poll for runs nobody told them about (ms): long, so a run is claimed by the process it was started through. */
const CLAIM_ON_START_POLL_MS = 600_000;
/** How often the benchmark looks at the runs' state while they go. */
const RUN_POLL_MS = 50;
const PROCESS_ORDER: readonly (1 | 2)[] = [1, 2, 1, 2];
const PROCESSES_TITLE = 'Sources at once over one and two server processes (PostgreSQL)';

interface ServerProcess {
  label: string;
  child: ChildServer;
  /** The launcher's pid (its tree holds the server's node process); undefined when not found. */
  pid: number | undefined;
  /** PGAPPNAME of its connections: its PostgreSQL backends are found by it. */
  appName: string;
}

interface CpuSnapshot {
  servers: Array<number | undefined>;
  backends: Map<number, number>;
  benchMicros: number;
}

interface ProcessesMeasurement {
  processes: 1 | 2;
  rows: number;
  /** First run's start to last run's end (the runs' startedAt and finishedAt). */
  ms: number;
  /** The same seen by the benchmark: first POST to its poll seeing every run ended. */
  benchMs: number;
  /** Each source's run: where it was started, its own start-to-end time. */
  runs: Array<{ server: string; ms: number }>;
  /** CPU ms during the measurement: each server process, their PostgreSQL backends, this process (mock apps, polls). */
  serverCpuMs: Array<number | undefined>;
  postgresCpuMs: number;
  benchCpuMs: number;
  /** The machine's 1-minute load average at the end of the round. */
  loadAverage: number;
}

interface ProcessesReport {
  sources: number;
  rows: number;
  warmRows: number;
  measurements: ProcessesMeasurement[];
  checks: string[];
  startedAt: Date;
  error?: string;
}

async function pgClient(url: string, schema?: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: 'svc-bench-sync-client', ...(schema ? { options: `-c search_path=${schema}` } : {}) });
  await client.connect();
  return client;
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = await pgClient(url);
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

async function cpuSnapshot(sql: pg.Client, servers: ServerProcess[]): Promise<CpuSnapshot> {
  const { rows } = await sql.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = ANY($1::text[])', [servers.map((s) => s.appName)]);
  const usage = cpuUsage();
  return {
    servers: servers.map((s) => (s.pid === undefined ? undefined : treeCpuMs(s.pid))),
    backends: cpuMsOf(rows.map((r) => Number(r.pid))),
    benchMicros: usage.user + usage.system,
  };
}

/** Backends seen at both ends count their difference, those started meanwhile all their time; one that ended meanwhile is missed. */
function backendCpuMs(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, end] of after) ms += end - (before.get(pid) ?? 0);
  return ms;
}

/** Waits until the run's source is leased (claimed by a process) or the run has ended. */
async function waitForClaim(sql: pg.Client, runId: number, sourceId: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await sql.query<{ claimed: boolean }>(
      `SELECT (r.status NOT IN ('running', 'retrying') OR (l.lease_token IS NOT NULL AND l.lease_until > now())) AS claimed
         FROM integration_runs r LEFT JOIN integration_source_leases l ON l.source_id = r.source_id WHERE r.id = $1`,
      [runId],
    );
    if (rows[0]?.claimed) return;
    if (Date.now() > deadline) throw new Error(`no process claimed the run ${runId} of source ${sourceId} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

interface StoredRun {
  id: number;
  source_id: string;
  status: string;
  started_at: Date;
  finished_at: Date | null;
  stats: string;
}

/**
 * Every source's Entities present exactly once and no run applied twice: one run per source,
 * succeeded, `created` and `rows` equal to the rows, nothing updated or removed; the key index
 * holds every key of the app (T-0 ... T-(R-1)) once, each on its own Entity, all delivered by that
 * run; the Database holds exactly those Entities.
 */
async function checkSource(sql: pg.Client, sourceId: string, database: string, runId: number, rows: number, expectedKeys: string[]): Promise<void> {
  const where = `source ${sourceId} (${database})`;
  const runs = (await sql.query<StoredRun>('SELECT id, source_id, status, started_at, finished_at, stats FROM integration_runs WHERE source_id = $1', [sourceId])).rows;
  if (runs.length !== 1 || Number(runs[0]?.id) !== runId) throw new Error(`${where}: ${runs.length} runs; expected only run ${runId}`);
  const run = runs[0] as StoredRun;
  const stats = JSON.parse(run.stats) as SyncStats;
  if (run.status !== 'succeeded') throw new Error(`${where}: the run ended ${run.status}`);
  if (stats.created !== rows || stats.rows !== rows || stats.updated !== 0 || stats.removed !== 0) {
    throw new Error(`${where}: the run read ${stats.rows} rows, created ${stats.created}, updated ${stats.updated}, removed ${stats.removed}; expected ${rows} read and created`);
  }
  const keys = (
    await sql.query<{ n: string; keys: string; entities: string; expected: string; other_runs: string }>(
      `SELECT count(*) AS n, count(DISTINCT external_key) AS keys, count(DISTINCT entity_id) AS entities,
              count(*) FILTER (WHERE external_key = ANY($2::text[])) AS expected, count(*) FILTER (WHERE last_run_id <> $3) AS other_runs
         FROM integration_keys WHERE source_id = $1`,
      [sourceId, expectedKeys, runId],
    )
  ).rows[0];
  if (!keys || [keys.n, keys.keys, keys.entities, keys.expected].some((v) => Number(v) !== rows) || Number(keys.other_runs) !== 0) {
    throw new Error(`${where}: key index ${JSON.stringify(keys)}; expected ${rows} keys (the app's), each on its own Entity, all of run ${runId}`);
  }
  const entities = (
    await sql.query<{ n: string; keyed: string }>(
      `SELECT count(*) AS n, count(k.entity_id) AS keyed FROM entities e
         LEFT JOIN integration_keys k ON k.entity_id = e.id AND k.source_id = $2
        WHERE e.type_id = (SELECT id FROM types WHERE name = $1)`,
      [database, sourceId],
    )
  ).rows[0];
  if (!entities || Number(entities.n) !== rows || Number(entities.keyed) !== rows) {
    throw new Error(`${where}: the Database holds ${entities?.n ?? 0} Entities, ${entities?.keyed ?? 0} of them keyed; expected ${rows}, each once`);
  }
}

/** Deletes what a measurement wrote (Entities, their links, keys), then VACUUM ANALYZE: every measurement starts on tables of the same size. */
async function clearDatabases(sql: pg.Client, sourceIds: string[], databases: string[]): Promise<void> {
  const typeIds = (await sql.query<{ id: string }>('SELECT id FROM types WHERE name = ANY($1::text[])', [databases])).rows.map((r) => r.id);
  const relations = (await sql.query<{ relation_id: string }>('SELECT DISTINCT relation_id FROM fields WHERE type_id = ANY($1) AND relation_id IS NOT NULL', [typeIds])).rows.map(
    (r) => r.relation_id,
  );
  await sql.query('DELETE FROM links WHERE relation_id = ANY($1)', [relations]);
  await sql.query('DELETE FROM integration_keys WHERE source_id = ANY($1::uuid[])', [sourceIds]);
  await sql.query('DELETE FROM entities WHERE type_id = ANY($1)', [typeIds]);
  await sql.query('VACUUM ANALYZE entities, links, integration_keys');
}

/**
 * Starts the processes together (their migrations and bootstrap take turns on the schema). Each
 * child is forked before spawnServer's first await, so the new pid seen right after the call is its.
 */
async function startServerProcesses(labels: string[], env: Record<string, string>): Promise<ServerProcess[]> {
  const starting = labels.map((label) => {
    const before = new Set(childPids(process.pid));
    const appName = `svc-bench-sync-${process.pid}-${label}`;
    const child = spawnServer({ ...env, PGAPPNAME: appName });
    const pid = childPids(process.pid).find((p) => !before.has(p));
    return { label, appName, pid, child };
  });
  const settled = await Promise.allSettled(starting.map((s) => s.child));
  const started = settled.flatMap((r, i) => (r.status === 'fulfilled' ? [{ ...(starting[i] as (typeof starting)[number]), child: r.value }] : []));
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    for (const s of started) await s.child.stop();
    throw failed.reason;
  }
  return started;
}

/** One measurement: K new sources, each started through its process (and claimed there) one after the other, then every run waited for. */
async function measureProcesses(
  sql: pg.Client,
  servers: ServerProcess[],
  processes: 1 | 2,
  accounts: string[],
  round: number,
  options: Options,
  checks: string[],
  expectedKeys: string[],
): Promise<ProcessesMeasurement> {
  const admin = new AdminClient({ baseUrl: (servers[0] as ServerProcess).child.baseUrl, token: TOKEN_PROCESSES });
  const sources: Array<{ id: string; database: string; server: ServerProcess }> = [];
  for (const [k, accountId] of accounts.entries()) {
    const source = (await admin.call<IntegrationSource>('POST', '/api/integrations/sources', { accountId, space: `BenchSync${round < 0 ? 'W' : `R${round + 1}`}S${k}`, types: [TYPE] }, [201])).value;
    const database = source.databases[TYPE];
    if (!database) throw new Error(`the source has no Database for type ${TYPE}`);
    sources.push({ id: source.id, database, server: servers[processes === 1 ? 0 : k % 2] as ServerProcess });
  }
  const rows = accounts.length * options.sourceRows;
  log(`processes: ${round < 0 ? 'warm-up' : `round ${round + 1}`} at ${new Date().toISOString().slice(11, 19)}, ${processes} process(es), ${accounts.length} sources x ${formatCount(options.sourceRows)} rows`);
  const before = await cpuSnapshot(sql, servers);
  const start = now();
  const runIds: number[] = [];
  for (const source of sources) {
    const run = (await new AdminClient({ baseUrl: source.server.child.baseUrl, token: TOKEN_PROCESSES }).call<SyncRun>('POST', `/api/integrations/sources/${source.id}/syncs`, undefined, [202])).value;
    runIds.push(run.id);
    await waitForClaim(sql, run.id, source.id);
  }
  const deadline = start + options.timeLimitMs;
  let stored: StoredRun[] = [];
  for (;;) {
    stored = (await sql.query<StoredRun>('SELECT id, source_id, status, started_at, finished_at, stats FROM integration_runs WHERE id = ANY($1::int[])', [runIds])).rows;
    if (stored.length === runIds.length && stored.every((r) => r.finished_at !== null && r.status !== 'running' && r.status !== 'retrying')) break;
    if (now() > deadline) throw new Error(`round ${round + 1}: the runs had not ended after ${formatMs(options.timeLimitMs)} (--time-limit)`);
    await new Promise((resolve) => setTimeout(resolve, RUN_POLL_MS));
  }
  const benchMs = now() - start;
  const after = await cpuSnapshot(sql, servers);
  const first = Math.min(...stored.map((r) => r.started_at.getTime()));
  const last = Math.max(...stored.map((r) => (r.finished_at as Date).getTime()));
  for (const [k, source] of sources.entries()) await checkSource(sql, source.id, source.database, runIds[k] as number, options.sourceRows, expectedKeys);
  checks.push(`round ${round + 1}: ${sources.length} sources checked`);
  await clearDatabases(
    sql,
    sources.map((s) => s.id),
    sources.map((s) => s.database),
  );
  return {
    processes,
    rows,
    ms: last - first,
    benchMs,
    runs: sources.map((s, k) => {
      const r = stored.find((x) => Number(x.id) === runIds[k]) as StoredRun;
      return { server: s.server.label, ms: (r.finished_at as Date).getTime() - r.started_at.getTime() };
    }),
    serverCpuMs: servers.map((_, i) => {
      const a = before.servers[i];
      const b = after.servers[i];
      return a === undefined || b === undefined ? undefined : b - a;
    }),
    postgresCpuMs: backendCpuMs(before.backends, after.backends),
    benchCpuMs: (after.benchMicros - before.benchMicros) / 1000,
    loadAverage: loadavg()[0] ?? 0,
  };
}

const TOKEN_PROCESSES = 'bench-sync-processes-token';

async function runProcessesFigure(options: Options): Promise<ProcessesReport> {
  const warmRows = Math.min(options.sourceRows, 2 * options.pageSize);
  const report: ProcessesReport = { sources: options.sources, rows: options.sourceRows, warmRows, measurements: [], checks: [], startedAt: new Date() };
  const schema = `svc_bench_sync_procs_${process.pid}`;
  const begun = now();
  const apps: MockApp[] = [];
  const servers: ServerProcess[] = [];
  let sql: pg.Client | undefined;
  try {
    await dropSchema(options.databaseUrl, schema);
    for (let k = 0; k < options.sources; k++) apps.push(await startMockApp({ scenario: benchScenario(options.sourceRows, options.pageSize), port: 0, validateResponses: options.validateResponses }));
    apps.push(await startMockApp({ scenario: benchScenario(warmRows, options.pageSize), port: 0, validateResponses: options.validateResponses }));
    const env = {
      SVC_TOKEN: TOKEN_PROCESSES,
      DATABASE_URL: options.databaseUrl,
      SVC_DB_SCHEMA: schema,
      SVC_APP_ALLOW: '127.0.0.1',
      SVC_SYNC_POLL_MS: String(CLAIM_ON_START_POLL_MS),
    };
    servers.push(...(await startServerProcesses(['A', 'B'], env)));
    log(`processes: servers up after ${formatMs(now() - begun)}`);
    sql = await pgClient(options.databaseUrl, schema);
    const admin = new AdminClient({ baseUrl: (servers[0] as ServerProcess).child.baseUrl, token: TOKEN_PROCESSES });
    const accounts: string[] = [];
    for (const app of apps) {
      accounts.push((await admin.call<IntegrationAccount>('POST', '/api/integrations/accounts', { appUrl: app.url, accountType: ACCOUNT_TYPE, fields: { ...ACCOUNT_FIELDS } }, [201])).value.id);
    }
    const warmAccount = accounts.pop() as string;
    // Warm-up, not measured: a short sync on each process (JIT, connection pools, the catalog).
    const warmKeys = Array.from({ length: warmRows }, (_, i) => benchRow(i).id as string);
    await measureProcesses(sql, servers, 2, [warmAccount, warmAccount], -1, { ...options, sourceRows: warmRows }, [], warmKeys);
    const expectedKeys = Array.from({ length: options.sourceRows }, (_, i) => benchRow(i).id as string);
    for (const [round, processes] of PROCESS_ORDER.entries()) {
      report.measurements.push(await measureProcesses(sql, servers, processes, accounts, round, options, report.checks, expectedKeys));
    }
  } catch (error) {
    report.error = errorMessage(error);
    log(`processes: ${report.error}`);
  } finally {
    await sql?.end().catch(() => undefined);
    for (const s of servers) await s.child.stop();
    for (const app of apps) await app.close();
    await dropSchema(options.databaseUrl, schema).catch((e: unknown) => log(`dropping ${schema}: ${errorMessage(e)}`));
  }
  return report;
}

function processesRate(m: ProcessesMeasurement): number {
  return (m.rows / m.ms) * 1000;
}

function processesTable(report: ProcessesReport): Table {
  const rows: string[][] = report.measurements.map((m, i) => {
    const wallCpu = m.ms * 2;
    const used = m.serverCpuMs.reduce<number>((a, c) => a + (c ?? 0), 0) + m.postgresCpuMs + m.benchCpuMs;
    return [
      String(i + 1),
      String(m.processes),
      `${report.sources} x ${formatCount(report.rows)}`,
      formatMs(m.ms),
      rate(m.rows, m.ms),
      m.runs.map((r) => `${r.server} ${formatMs(r.ms)}`).join(', '),
      m.serverCpuMs.map((c, k) => `${String.fromCharCode(65 + k)} ${c === undefined ? '?' : formatMs(c)}`).join(', '),
      formatMs(m.postgresCpuMs),
      formatMs(m.benchCpuMs),
      share(used, wallCpu),
      m.loadAverage.toFixed(1),
    ];
  });
  const one = report.measurements.filter((m) => m.processes === 1);
  const two = report.measurements.filter((m) => m.processes === 2);
  const notes: string[] = [];
  if (report.error) rows.push(['-', '-', '-', '-', '-', `FAILED: ${report.error}`, '', '', '', '', '']);
  if (one.length > 0 && two.length > 0 && !report.error) {
    const mean = (ms: ProcessesMeasurement[]) => ms.reduce((a, m) => a + processesRate(m), 0) / ms.length;
    const pairs = one.map((m, i) => (two[i] ? formatRatio(processesRate(two[i] as ProcessesMeasurement) / processesRate(m)) : '-')).join(', ');
    notes.push(
      `**2 processes over 1: ${formatRatio(mean(two) / mean(one))}** (mean rows/s of rounds 2 and 4 over that of rounds 1 and 3: ${formatRate(mean(two), 'rows/s')} against ${formatRate(mean(one), 'rows/s')}; round by round ${pairs}).`,
    );
  }
  notes.push(
    `Method: two server processes (\`tsx server/src/main.ts\` children) on one PostgreSQL scratch schema (dropped afterwards), ${report.sources} mock apps in this process, each with ${formatCount(report.rows)} rows of the type above (${formatCount(report.rows * report.sources)} rows a round). Each round makes ${report.sources} new sources (their own Spaces) and starts them one after the other, each through \`POST .../syncs\` on its process (1 process: all on A; 2: alternately on A and B), the next once the source's lease is taken; then waits for every run. Time: first run's startedAt to last run's finishedAt; rows/s: all rows of the round over that time. Rounds 1, 2, 1, 2 with both processes up throughout, so a drift of the machine's load falls on both; a warm-up round (2 sources of ${formatCount(report.warmRows)} rows, one on each process) comes first, unmeasured.`,
    `Placement: the processes poll for runs nobody told them about every ${CLAIM_ON_START_POLL_MS / 60_000} minutes (SVC_SYNC_POLL_MS) instead of every second, so each run is claimed by the process it was started through; the CPU columns show where the work went (an idle process uses almost none).`,
    `Checked after every round: each source has one run, succeeded, with \`rows\` and \`created\` equal to its rows and nothing updated or removed (no page applied twice); its key index holds every key of the app exactly once, each on its own Entity, all from that run; its Database holds exactly those Entities. Then the round's Entities, links and keys are deleted and \`VACUUM ANALYZE\` runs, so every round starts on tables of the same size. ${report.checks.length} of ${PROCESS_ORDER.length} rounds passed.`,
    'CPU (Linux /proc, user + system, during the round): each server process with its tsx launcher; PostgreSQL: the backends of the servers\' connections (by application_name; one closed during the round is missed); bench: this process, i.e. the mock apps answering every page and the polls. Of 2 cores: all of these over twice the round\'s time; the rest of the two cores went to other work on the machine. load: the 1-minute load average at the end of the round.',
  );
  const limit = limitNote(report);
  if (limit) notes.push(limit);
  return {
    title: PROCESSES_TITLE,
    columns: ['round', 'server processes', 'sources x rows', 'time', 'rows/s', 'each run (process, time)', 'CPU: servers', 'CPU: PostgreSQL', 'CPU: bench + mock apps', 'of 2 cores', 'load'],
    rows,
    notes,
  };
}

/** Fastest over slowest rate of some rounds. */
function spreadOf(ms: ProcessesMeasurement[]): number {
  const rates = ms.map(processesRate);
  return Math.max(...rates) / Math.min(...rates);
}

/** What the CPU figures say about the ratio: what 2 processes gain, or what limits them. */
function limitNote(report: ProcessesReport): string | undefined {
  const one = report.measurements.filter((m) => m.processes === 1);
  const two = report.measurements.filter((m) => m.processes === 2);
  if (one.length === 0 || two.length === 0 || report.error) return undefined;
  const mean = (ms: ProcessesMeasurement[], f: (m: ProcessesMeasurement) => number) => ms.reduce((a, m) => a + f(m), 0) / ms.length;
  const ratio = mean(two, processesRate) / mean(one, processesRate);
  const perRow = (ms: ProcessesMeasurement[], f: (m: ProcessesMeasurement) => number) => mean(ms, (m) => f(m) / m.rows) * 1000;
  const serverCpu = (m: ProcessesMeasurement) => m.serverCpuMs.reduce<number>((a, c) => a + (c ?? 0), 0);
  const used = (m: ProcessesMeasurement) => (serverCpu(m) + m.postgresCpuMs + m.benchCpuMs) / (m.ms * 2);
  // Process A's CPU time over the round's time with 1 process: how busy the lone event loop was.
  const busy = mean(one, (m) => (m.serverCpuMs[0] ?? 0) / m.ms);
  const load = mean(report.measurements, (m) => m.loadAverage);
  const detail =
    `CPU per 1,000 rows, 1 process against 2: servers ${formatMs(perRow(one, serverCpu))} / ${formatMs(perRow(two, serverCpu))}, PostgreSQL backends ${formatMs(perRow(one, (m) => m.postgresCpuMs))} / ${formatMs(perRow(two, (m) => m.postgresCpuMs))}, ` +
    `bench and mock apps ${formatMs(perRow(one, (m) => m.benchCpuMs))} / ${formatMs(perRow(two, (m) => m.benchCpuMs))}; share of the 2 cores all of these took: ${share(mean(one, used), 1)} / ${share(mean(two, used), 1)}; 1-minute load average ${load.toFixed(1)} during the rounds.`;
  if (ratio >= 1.1) return `What 2 processes gain (${formatRatio(ratio)}): with 1 process its event loop was busy ${share(busy, 1)} of the round; a second one takes half the sources' server work. ${detail}`;
  const pgBusy = mean(one, (m) => m.postgresCpuMs / m.ms);
  return (
    `What limits it: 2 processes gain ${ratio < 1 ? 'nothing' : 'little'} here (${formatRatio(ratio)}, while the 1-process rounds differ from each other by ${formatRatio(spreadOf(one))} and the 2-process rounds by ${formatRatio(spreadOf(two))}${Math.max(spreadOf(one), spreadOf(two)) > Math.max(ratio, 1 / ratio) ? ": the machine's load moves the rate more than a second process does" : ''}). With 1 process, its event loop was busy ${share(busy, 1)} of the round (process A's CPU time over the round's time) and the PostgreSQL backends together ${share(pgBusy, 1)} of one core` +
    `${
      busy >= 0.75
        ? ': the lone process was close to a full core'
        : pgBusy >= 1.5
          ? ': PostgreSQL took most of the 2 cores'
          : ': neither was saturated. One process already runs its sources side by side (up to 8 at once), overlapping their app calls and SQL; each run goes page by page (ask the app, convert, write the page in one transaction), so the rate is set by the latency of those steps, and a second process does not shorten them'
    }. ` +
    `The two server processes, PostgreSQL and the mock apps share the same 2 cores, and this benchmark's processes together got ${share(mean(one, used), 1)} (1 process) and ${share(mean(two, used), 1)} (2 processes) of them, the rest going to the machine's other work; ` +
    `each step therefore also waits for a core. A second process moves half the server work to another event loop but adds no CPU that is not free, and brings its own connections and lease renewals. ${detail}`
  );
}

export function main(args: string[]): Promise<number> {
  return runWithOptions(args, USAGE, parseOptions, run);
}

async function run(options: Options): Promise<number> {
  const startedAt = new Date();
  const started = now();
  const maxRows = Math.max(...options.storages.map((s) => (s === 'pg-mem' ? options.pgmemRows : options.rows)));
  const alone: AppAloneFigure[] = [];
  const reports: StorageReport[] = [];
  let failure: string | undefined;
  // The app alone, with validation off and on (after a warm-up of a few pages), at the largest row
  // count; then a fresh app for each storage.
  if (options.figures.includes('full')) {
    try {
      for (const validateResponses of [false, true]) {
        log(`mock app alone, ${formatCount(maxRows)} rows, validation ${validateResponses ? 'on' : 'off'}`);
        const app = await startMockApp({ scenario: benchScenario(maxRows, options.pageSize), port: 0, validateResponses });
        try {
          await readAllPages(app.url, 'warm-up', maxRows, WARM_UP_PAGES);
          alone.push(await readAllPages(app.url, `validation ${validateResponses ? 'on' : 'off'}`, maxRows));
        } finally {
          await app.close();
        }
      }
      for (const storage of options.storages) {
        const rows = storage === 'pg-mem' ? options.pgmemRows : options.rows;
        const app = await startMockApp({ scenario: benchScenario(rows, options.pageSize), port: 0, validateResponses: options.validateResponses });
        try {
          reports.push(await runStorage(storage, options, app));
        } finally {
          await app.close();
        }
      }
    } catch (error) {
      failure = errorMessage(error);
      log(failure);
    }
  }
  const processes = options.figures.includes('processes') ? await runProcessesFigure(options) : undefined;
  const tables = options.figures.includes('full')
    ? [summaryTable(reports, alone, options), handWrittenTable(reports), appAloneTable(alone, options.validateResponses), ...reports.filter((r) => r.shapes.length > 0).map((r) => profileTable(r))]
    : [];
  if (processes) tables.push(processesTable(processes));
  if (failure) tables.unshift({ title: 'FAILED', columns: ['error'], rows: [[failure]] });
  for (const table of tables) console.log(`${renderPlain(table)}\n`);
  if (options.figures.includes('full')) await writeMarkdown(options, tables, startedAt, now() - started);
  else if (processes) await writeProcessesSection(options, processesTable(processes), startedAt, now() - started);
  log(`results written to ${options.out}`);
  return failure || reports.some((r) => r.error) || processes?.error ? 1 : 0;
}

/** The processes figure run alone: its section of the results file is replaced, the others kept. */
async function writeProcessesSection(options: Options, table: Table, startedAt: Date, elapsedMs: number): Promise<void> {
  const section = renderMarkdown(table, 2).split('\n');
  // Under the heading: when and where this section was measured (the file's header is the last full run's).
  section.splice(1, 0, '', `Measured ${startedAt.toISOString()} by \`npm run bench -- sync --figures processes\` (took ${formatMs(elapsedMs)}); ${machine()}.`);
  await writeSection(options.out, section.join('\n'), ['# Sync benchmark', '', 'Written by `npm run bench -- sync` (bench/sync.ts). Method: bench/README.md and the notes under each table.']);
}
