// Command API benchmark: creates in batches of 100, reading every Entity by the cursor rule, and a
// filtered, ordered query with a relation sub-select under concurrent clients; on pg-mem and on
// PostgreSQL. Each figure stands beside the raw SQL time of the same work: the statements the
// server ran for it (recorded by server/src/db/recording.ts), replayed straight to the same
// database. Prints a table per storage and writes bench/results/commands.md. See bench/README.md.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { components } from '../generated/service/types.js';
import type { Database, StorageKind } from '../server/src/db/database.js';
import type { RecordedStatement } from '../server/src/db/recording.js';
import type { RunningServer } from '../server/src/index.js';
import { CommandClient, entityId, type Entity } from './lib/client.js';
import {
  F,
  ITEMS,
  PROJECTS,
  WORDS,
  bulkLoadItems,
  createItemCommand,
  createProjectCommand,
  deleteItems,
  itemInput,
  readLayout,
  schemaCommand,
  type Layout,
} from './lib/dataset.js';
import { handWrittenInsert, handWrittenPaging, rowsPerInsert } from './lib/hand-written.js';
import { Profile, groupInterleaved, replay, type Group } from './lib/replay.js';
import { startRecordedServer } from './lib/recorded-server.js';
import { databaseUrl, DEFAULT_DATABASE_URL, integerOption, machine, runWithOptions, storagesOption, writeReport } from './lib/cli.js';
import { renderMarkdown, renderPlain, type Table } from './lib/table.js';
import { formatCount, formatMs, formatRate, formatRatio, max, min, now, percentile, withTimeout } from './lib/timing.js';

type Schemas = components['schemas'];
type QueryArgs = Schemas['QueryCommand']['args'];

const RESULTS_FILE = fileURLToPath(new URL('./results/commands.md', import.meta.url));
const BATCH = 100;
/** Entities of one `svc.entity.batch/create` (the most the command takes). */
const ENTITY_BATCH = 1000;
const PAGE = 1000;
/** Targets (PostgreSQL): every Entity paged in under this, and API time at most RATIO_TARGET x raw SQL. */
const PAGING_TARGET_MS = 10_000;
const RATIO_TARGET = 2;
/**
 * Targets against hand-written SQL (PostgreSQL): creates through svc.command/batch or
 * svc.entity.batch/create; paging every Entity by the cursor rule; the embedded default within
 * EMBEDDED_FACTOR of PostgreSQL on each.
 */
const CREATE_RATE_TARGET = 10_000;
const HAND_PAGING_TARGET_MS = 2_000;
const HAND_PAGING_RATIO_TARGET = 1.5;
const EMBEDDED_FACTOR = 3;
/** No single storage may take longer than this (the whole run aims at ~10 minutes). */
const STORAGE_TIME_LIMIT_MS = 15 * 60_000;
const REQUEST_TIMEOUT_MS = 120_000;

interface Options {
  storages: StorageKind[];
  databaseUrl: string;
  entities: Record<StorageKind, number>;
  apiEntities: Record<StorageKind, number>;
  projects: number;
  runs: number;
  durationMs: number;
  concurrency: number;
  out: string;
}

const USAGE = `npm run bench -- commands [options]
  --storage pg-mem,postgres    storages to measure: pg-mem, pglite, postgres (default: pg-mem,postgres; PostgreSQL at DATABASE_URL or ${DEFAULT_DATABASE_URL})
  --entities N                 Entities on PostgreSQL (default 100000)
  --pgmem-entities N           Entities on pg-mem and on PGlite (default 20000: 100k takes pg-mem far beyond the time budget)
  --api-entities N             of these, created over the API in batches of 100, on PostgreSQL (default 10000)
  --pgmem-api-entities N       the same on pg-mem (default 2000)
  --projects N                 Entities of the related Database (default 1000)
  --runs N                     repetitions of every figure (default 2; the best is reported, all are listed)
  --duration S                 seconds of each concurrent query run (default 5)
  --concurrency N              concurrent clients of the query figure (default 4)
  --out FILE                   Markdown results (default bench/results/commands.md)`;

function parseOptions(args: string[]): Options | undefined {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      storage: { type: 'string' },
      entities: { type: 'string' },
      'pgmem-entities': { type: 'string' },
      'api-entities': { type: 'string' },
      'pgmem-api-entities': { type: 'string' },
      projects: { type: 'string' },
      runs: { type: 'string' },
      duration: { type: 'string' },
      concurrency: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return undefined;
  }
  const options: Options = {
    storages: storagesOption(values.storage, ['pg-mem', 'pglite', 'postgres']),
    databaseUrl: databaseUrl(),
    entities: {
      postgres: integerOption(values.entities, 100_000, 'entities'),
      'pg-mem': integerOption(values['pgmem-entities'], 20_000, 'pgmem-entities'),
      pglite: integerOption(values['pgmem-entities'], 20_000, 'pgmem-entities'),
    },
    apiEntities: {
      postgres: integerOption(values['api-entities'], 10_000, 'api-entities'),
      'pg-mem': integerOption(values['pgmem-api-entities'], 2_000, 'pgmem-api-entities'),
      pglite: integerOption(values['pgmem-api-entities'], 2_000, 'pgmem-api-entities'),
    },
    projects: Math.max(1, integerOption(values.projects, 1000, 'projects')),
    runs: Math.max(1, integerOption(values.runs, 2, 'runs')),
    durationMs: Math.max(1, integerOption(values.duration, 5, 'duration')) * 1000,
    concurrency: Math.max(1, integerOption(values.concurrency, 4, 'concurrency')),
    out: values.out ?? RESULTS_FILE,
  };
  for (const kind of options.storages) {
    if (options.apiEntities[kind] > options.entities[kind]) options.apiEntities[kind] = options.entities[kind];
  }
  return options;
}

// ---------------------------------------------------------------------------------------------
// Measurements

interface CreateRun {
  entities: number;
  requests: number;
  apiMs: number;
  rawMs: number;
  statements: number;
  /** The same Entities by hand-written multi-row INSERTs (lib/hand-written.ts). */
  handMs: number;
  handStatements: number;
}

interface PagingRun {
  apiMs: number;
  rawMs: number;
  pages: number;
  received: number;
  unique: number;
  missing: number;
  unexpected: number;
  ordered: boolean;
  statements: number;
  /** Every Entity by a hand-written keyset scan with the relation joined, as JSON. */
  handMs: number;
  handPages: number;
  /** The hand-written scan read the same ids in the same order as the API. */
  handSame: boolean;
}

interface QueryRun {
  requests: number;
  errors: number;
  firstError?: string;
  apiMs: number;
  apiLatencies: number[];
  rawMs: number;
  rawLatencies: number[];
  statements: number;
}

interface StorageReport {
  storage: StorageKind;
  concurrency: number;
  durationMs: number;
  error?: string;
  items: number;
  apiCreated: number;
  sqlLoaded: number;
  projects: number;
  links: number;
  setup: string[];
  create: CreateRun[];
  createProfile: Profile;
  /** `svc.entity.batch/create` of ENTITY_BATCH. */
  batchCreate: CreateRun[];
  batchCreateProfile: Profile;
  paging: PagingRun[];
  pagingProfile: Profile;
  query: QueryRun[];
  queryProfile: Profile;
  /** Requests replayed one at a time for the query profile. */
  queryProfileRequests: number;
  /** EXPLAIN (ANALYZE, BUFFERS) of the slowest instance of the costliest reads (PostgreSQL). */
  plans: Array<{ work: string; shape: string; ms: number; slowestMs: number; meanMs: number; plan: string }>;
  notes: string[];
}

function log(message: string): void {
  console.error(`[bench] ${message}`);
}

/** Slices recorded statements at request boundaries (indices into the recording). */
function groupsAt(statements: readonly RecordedStatement[], bounds: readonly number[]): Group[] {
  const groups: Group[] = [];
  for (let i = 1; i < bounds.length; i++) groups.push(statements.slice(bounds[i - 1], bounds[i]));
  return groups;
}

async function countRows(db: Database, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}

const PAGE_SELECT: Schemas['Select'] = ['svc/id', 'svc/public-id', F.title, F.count, F.amount, F.done, F.due, F.at, F.email, F.site, F.note, F.rank, F.project];

function pageQuery(lastSeen: string | undefined): QueryArgs {
  return {
    query: {
      'q/from': ITEMS,
      'q/select': PAGE_SELECT,
      'q/order-by': [[['svc/id'], 'q/asc']],
      'q/limit': PAGE + 1,
      ...(lastSeen === undefined ? {} : { 'q/where': ['>', ['svc/id'], '$last-seen-id'] }),
    },
    ...(lastSeen === undefined ? {} : { params: { '$last-seen-id': lastSeen } }),
  };
}

interface FilterParams {
  min: number;
  prefix: string;
}

function filterParams(k: number): FilterParams {
  const word = WORDS[k % WORDS.length] as string;
  return { min: (k * 37) % 800, prefix: k % 2 === 0 ? word.slice(0, 3).toUpperCase() : word.slice(0, 3) };
}

function filteredQuery(p: FilterParams): QueryArgs {
  return {
    query: {
      'q/from': ITEMS,
      'q/select': ['svc/id', F.title, F.count, F.amount, F.due, { [F.project]: ['svc/id', F.name] }],
      'q/where': ['q/and', ['>', [F.count], '$min'], ['q/starts-with-ignoring-case?', [F.title], '$prefix']],
      'q/order-by': [[[F.amount], 'q/desc']],
      'q/limit': 100,
    },
    params: { $min: p.min, $prefix: p.prefix },
  };
}

/** Why a filtered query's answer is wrong, or undefined when it is right. */
function checkFiltered(rows: Entity[], p: FilterParams): string | undefined {
  if (rows.length === 0 || rows.length > 100) return `${rows.length} rows`;
  let previous = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    const count = row[F.count];
    const title = row[F.title];
    const amount = row[F.amount];
    const project = row[F.project] as Record<string, unknown> | null | undefined;
    if (typeof count !== 'number' || count <= p.min) return `count ${String(count)} not > ${p.min}`;
    if (typeof title !== 'string' || !title.toLowerCase().startsWith(p.prefix.toLowerCase())) return `title ${String(title)} does not start with ${p.prefix}`;
    if (typeof amount !== 'number' || amount > previous) return `amounts not descending at ${String(amount)}`;
    if (!project || typeof project[F.name] !== 'string') return `no ${F.name} in the relation sub-select`;
    previous = amount;
  }
  return undefined;
}

/** EXPLAIN (ANALYZE, BUFFERS) of the last replayed instance of the `n` costliest SELECT shapes. */
async function explainTop(db: Database, profile: Profile, work: string, n: number): Promise<StorageReport['plans']> {
  const plans: StorageReport['plans'] = [];
  for (const s of profile.top(10).filter((x) => /^SELECT\b/i.test(x.shape)).slice(0, n)) {
    const { rows } = await withTimeout(
      db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${s.last.text}`, s.last.params),
      60_000,
      'EXPLAIN',
    );
    // Parameter lists of 1000 ids make lines of 40 kB: keep the start of long lines.
    const lines = rows.map((r) => r['QUERY PLAN']).map((l) => (l.length > 240 ? `${l.slice(0, 239)}… (${formatCount(l.length)} characters)` : l));
    plans.push({ work, shape: s.shape, ms: s.last.ms, slowestMs: s.slowest.ms, meanMs: s.totalMs / s.count, plan: lines.join('\n') });
  }
  return plans;
}

async function benchStorage(kind: StorageKind, options: Options): Promise<StorageReport> {
  const report: StorageReport = {
    storage: kind,
    concurrency: options.concurrency,
    durationMs: options.durationMs,
    items: 0,
    apiCreated: 0,
    sqlLoaded: 0,
    projects: 0,
    links: 0,
    setup: [],
    create: [],
    createProfile: new Profile(),
    batchCreate: [],
    batchCreateProfile: new Profile(),
    paging: [],
    pagingProfile: new Profile(),
    query: [],
    queryProfile: new Profile(),
    queryProfileRequests: 0,
    plans: [],
    notes: [],
  };
  let running: RunningServer | undefined;
  const started = now();
  const checkTime = (what: string) => {
    if (now() - started > STORAGE_TIME_LIMIT_MS) throw new Error(`${kind}: over ${STORAGE_TIME_LIMIT_MS / 60_000} minutes before ${what}; stopped`);
  };
  try {
    const { server, db, recorder } = await startRecordedServer(kind, options.databaseUrl, log);
    running = server;
    const client = new CommandClient(server.baseUrl, server.token, REQUEST_TIMEOUT_MS);
    const total = options.entities[kind];
    const runs = options.runs;
    const perRun = Math.max(BATCH, Math.floor(options.apiEntities[kind] / runs / BATCH) * BATCH);
    log(`${kind}: server at ${server.baseUrl}; ${formatCount(total)} Entities, ${formatCount(options.apiEntities[kind])} of them by each create command over the API (+${BATCH} warm-up each)`);

    // Set-up: schema and the related Database, over the API.
    let t = now();
    await client.run(schemaCommand());
    const layout: Layout = await readLayout(db);
    const projectIds: string[] = [];
    for (let start = 0; start < options.projects; start += BATCH) {
      const commands = Array.from({ length: Math.min(BATCH, options.projects - start) }, (_, j) => createProjectCommand(start + j));
      const results = await client.batch(commands);
      projectIds.push(...results.map(entityId));
    }
    const authorRow = await db.query<{ created_by: string }>('SELECT created_by FROM entities WHERE id = $1', [projectIds[0]]);
    const authorId = authorRow.rows[0]?.created_by;
    if (!authorId) throw new Error('no author on the first project');
    report.setup.push(`schema and ${formatCount(projectIds.length)} ${PROJECTS} over the API: ${formatMs(now() - t)}`);

    // 1. Creates over the API: svc.command/batch of 100 svc.entity/create, then
    // svc.entity.batch/create of 1000; each run's statements replayed, then the same Entities
    // written by hand-written multi-row INSERTs. One batch of each first as a warm-up (set-up).
    const itemIds: string[] = [];
    let next = 0;
    itemIds.push(...(await client.batch(Array.from({ length: BATCH }, (_, j) => createItemCommand(j, projectIds)))).map(entityId));
    next += BATCH;
    itemIds.push(...(await client.batchCreate(ITEMS, Array.from({ length: BATCH }, (_, j) => itemInput(next + j, projectIds)))));
    next += BATCH;
    report.setup.push(`a warm-up batch of ${BATCH} ${ITEMS} over the API by each create command`);
    const measureCreates = async (
      label: string,
      perRequest: number,
      entities: number,
      send: (from: number, count: number) => Promise<string[]>,
      into: CreateRun[],
      profile: Profile,
    ): Promise<void> => {
      for (let run = 0; run < runs; run++) {
        checkTime('the creates');
        recorder.reset();
        const bounds = [0];
        const ids: string[] = [];
        const start = now();
        for (let b = 0; b < entities / perRequest; b++) {
          ids.push(...(await send(next + b * perRequest, perRequest)));
          bounds.push(recorder.statements.length);
        }
        const apiMs = now() - start;
        const statements = recorder.statements.slice();
        recorder.reset();
        // Remove what the API wrote, then write it again with the recorded statements, each
        // request's statements in one transaction as the server ran them.
        await deleteItems(db, layout, ids);
        if (kind === 'postgres') await db.query('VACUUM entities, links');
        const raw = await replay(db, groupsAt(statements, bounds), { transaction: true, profile });
        // Then the same Entities (values, relation targets) by hand-written multi-row INSERTs.
        await deleteItems(db, layout, ids);
        if (kind === 'postgres') await db.query('VACUUM entities, links');
        const hand = await handWrittenInsert(db, layout, { from: next, count: entities, projectIds, authorId });
        const present = await countRows(db, 'SELECT count(*) AS n FROM entities WHERE type_id = $1', [layout.itemsTypeId]);
        if (present !== itemIds.length + hand.ids.length) throw new Error(`after the hand-written creates ${present} Items exist, expected ${itemIds.length + hand.ids.length}`);
        itemIds.push(...hand.ids);
        next += entities;
        into.push({ entities, requests: bounds.length - 1, apiMs, rawMs: raw.totalMs, statements: statements.length, handMs: hand.ms, handStatements: hand.statements });
        const rate = (ms: number) => formatRate((entities / ms) * 1000, 'Entities/s');
        log(`${kind}: ${label} run ${run + 1}: ${rate(apiMs)} API, ${rate(raw.totalMs)} raw, ${rate(hand.ms)} hand-written`);
      }
    };
    await measureCreates(
      'creates (command/batch)',
      BATCH,
      perRun,
      async (from, count) => (await client.batch(Array.from({ length: count }, (_, j) => createItemCommand(from + j, projectIds)))).map(entityId),
      report.create,
      report.createProfile,
    );
    const batchPerRun = Math.max(ENTITY_BATCH, Math.floor(options.apiEntities[kind] / runs / ENTITY_BATCH) * ENTITY_BATCH);
    await measureCreates(
      'creates (entity.batch/create)',
      ENTITY_BATCH,
      batchPerRun,
      (from, count) => client.batchCreate(ITEMS, Array.from({ length: count }, (_, j) => itemInput(from + j, projectIds))),
      report.batchCreate,
      report.batchCreateProfile,
    );
    report.apiCreated = itemIds.length - 2 * BATCH;

    // Set-up: the rest of the dataset straight into the tables.
    checkTime('the bulk load');
    t = now();
    const loaded = await bulkLoadItems(db, layout, {
      from: next,
      count: total - itemIds.length,
      projectIds,
      authorId,
      rowsPerStatement: rowsPerInsert(kind),
    });
    const loadMs = now() - t;
    itemIds.push(...loaded);
    report.sqlLoaded = loaded.length;
    report.setup.push(
      `${formatCount(loaded.length)} ${ITEMS} (and their links) by multi-row INSERT: ${formatMs(loadMs)}, ${formatRate((loaded.length / loadMs) * 1000, 'Entities/s')} (no validation, no checks, 2 statements a ${formatCount(rowsPerInsert(kind))} rows)`,
    );
    log(`${kind}: ${report.setup[report.setup.length - 1]}`);
    if (kind === 'postgres') {
      t = now();
      await db.query('VACUUM ANALYZE entities, links');
      report.setup.push(`VACUUM ANALYZE entities, links after the load (as autovacuum would): ${formatMs(now() - t)}`);
    }
    const expected = new Set(itemIds);

    // 2. Every Entity by the cursor rule, 1000 a page.
    const maxPages = Math.ceil(total / PAGE) + 2;
    const readAll = async (): Promise<{ ids: string[]; pages: number; bounds: number[] }> => {
      const ids: string[] = [];
      const bounds = [recorder.statements.length];
      let lastSeen: string | undefined;
      for (let pages = 1; pages <= maxPages; pages++) {
        const rows = await client.query(pageQuery(lastSeen));
        bounds.push(recorder.statements.length);
        const page = rows.slice(0, PAGE);
        for (const row of page) ids.push(String(row['svc/id']));
        if (rows.length <= PAGE) return { ids, pages, bounds };
        lastSeen = ids[ids.length - 1];
      }
      throw new Error(`paging did not end after ${maxPages} pages`);
    };
    await client.query({ ...pageQuery(undefined) }); // warm-up
    for (let run = 0; run < runs; run++) {
      checkTime('the paging');
      recorder.reset();
      const start = now();
      const read = await readAll();
      const apiMs = now() - start;
      const statements = recorder.statements.slice();
      recorder.reset();
      const raw = await replay(db, groupsAt(statements, read.bounds), { profile: report.pagingProfile });
      const hand = await handWrittenPaging(db, layout, PAGE, maxPages);
      const handSame = hand.ids.length === read.ids.length && hand.ids.every((id, i) => id === read.ids[i]);
      const seen = new Set(read.ids);
      let ordered = true;
      for (let i = 1; i < read.ids.length; i++) if ((read.ids[i - 1] as string) >= (read.ids[i] as string)) ordered = false;
      report.paging.push({
        apiMs,
        rawMs: raw.totalMs,
        pages: read.pages,
        received: read.ids.length,
        unique: seen.size,
        missing: itemIds.filter((id) => !seen.has(id)).length,
        unexpected: [...seen].filter((id) => !expected.has(id)).length,
        ordered,
        statements: statements.length,
        handMs: hand.ms,
        handPages: hand.pages,
        handSame,
      });
      log(`${kind}: paging run ${run + 1}: ${read.ids.length} Entities in ${read.pages} pages, ${formatMs(apiMs)} API, ${formatMs(raw.totalMs)} raw, ${formatMs(hand.ms)} hand-written`);
    }

    if (kind === 'postgres') report.plans.push(...(await explainTop(db, report.pagingProfile, '2. paging', 2)));

    // 3. A filtered, ordered query with a relation sub-select, concurrent clients, fixed duration.
    let k = 0;
    for (let w = 0; w < options.concurrency; w++) {
      const p = filterParams(k++);
      const wrong = checkFiltered(await client.query(filteredQuery(p)), p);
      if (wrong) throw new Error(`the filtered query answers wrongly (${JSON.stringify(p)}): ${wrong}`);
    }
    for (let run = 0; run < runs; run++) {
      checkTime('the concurrent query');
      recorder.reset();
      const latencies: number[] = [];
      let errors = 0;
      let firstError: string | undefined;
      const deadline = now() + options.durationMs;
      const maxRequests = 1_000_000;
      const worker = async () => {
        while (now() < deadline && latencies.length < maxRequests) {
          const p = filterParams(k++);
          const begin = now();
          try {
            const wrong = checkFiltered(await client.query(filteredQuery(p)), p);
            if (wrong) throw new Error(`wrong answer for ${JSON.stringify(p)}: ${wrong}`);
          } catch (error) {
            errors += 1;
            firstError ??= error instanceof Error ? error.message : String(error);
          }
          latencies.push(now() - begin);
        }
      };
      const start = now();
      await Promise.all(Array.from({ length: options.concurrency }, worker));
      const apiMs = now() - start;
      const statements = recorder.statements.slice();
      recorder.reset();
      const groups = groupInterleaved(statements, latencies.length);
      const raw = await replay(db, groups, { concurrency: options.concurrency });
      // Statement times under concurrency include waiting for a connection (or pg-mem's lock), so
      // the profile comes from a sequential replay of some of the same requests.
      const sample = await replay(db, groups, { profile: report.queryProfile, maxMs: 2000 });
      report.queryProfileRequests += sample.groupMs.length;
      report.query.push({
        requests: latencies.length,
        errors,
        ...(firstError ? { firstError } : {}),
        apiMs,
        apiLatencies: latencies,
        rawMs: raw.totalMs,
        rawLatencies: raw.groupMs,
        statements: statements.length,
      });
      log(`${kind}: query run ${run + 1}: ${latencies.length} requests (${errors} errors), ${formatRate((latencies.length / apiMs) * 1000, 'req/s')} API, ${formatRate((raw.groupMs.length / raw.totalMs) * 1000, 'req/s')} raw`);
    }

    if (kind === 'postgres') report.plans.push(...(await explainTop(db, report.queryProfile, '3. query', 2)));

    report.items = await countRows(db, 'SELECT count(*) AS n FROM entities WHERE type_id = $1', [layout.itemsTypeId]);
    report.projects = await countRows(db, 'SELECT count(*) AS n FROM entities WHERE type_id = $1', [layout.projectsTypeId]);
    report.links = await countRows(db, 'SELECT count(*) AS n FROM links WHERE relation_id = $1', [layout.relationId]);
  } catch (error) {
    report.error = error instanceof Error ? error.message : String(error);
    log(`${kind}: FAILED: ${report.error}`);
  } finally {
    if (running) await withTimeout(running.close(), 60_000, `closing the ${kind} server`).catch((e: unknown) => log(`${kind}: close failed: ${String(e)}`));
  }
  return report;
}

// ---------------------------------------------------------------------------------------------
// Reporting

function verdict(kind: StorageKind, pass: boolean, what?: string): string {
  if (kind !== 'postgres') return 'n/a';
  return pass ? 'PASS' : `MISS${what ? ` (${what})` : ''}`;
}

function best<T>(runs: readonly T[], key: (r: T) => number): T | undefined {
  return [...runs].sort((a, b) => key(a) - key(b))[0];
}

function figuresTable(r: StorageReport): Table {
  const rows: string[][] = [];
  const runsOf = (api: number[], raw: number[], f: (v: number) => string) => `${api.map(f).join(', ')} | ${raw.map(f).join(', ')}`;
  const createRow = (label: string, runs: readonly CreateRun[]) => {
    if (runs.length === 0) return;
    const c = best(runs, (x) => x.apiMs) as CreateRun;
    const rawBest = min(runs.map((x) => x.rawMs));
    const ratio = c.apiMs / rawBest;
    rows.push([
      `${label} (${formatCount(c.entities)} Entities a run)`,
      formatRate((c.entities / c.apiMs) * 1000, 'Entities/s'),
      formatRate((c.entities / rawBest) * 1000, 'Entities/s'),
      formatRatio(ratio),
      (c.statements / c.requests).toFixed(1),
      runsOf(
        runs.map((x) => (x.entities / x.apiMs) * 1000),
        runs.map((x) => (x.entities / x.rawMs) * 1000),
        (v) => v.toFixed(0),
      ),
      `API <= ${RATIO_TARGET}x raw`,
      verdict(r.storage, ratio <= RATIO_TARGET),
    ]);
  };
  createRow(`1. creates, svc.command/batch of ${BATCH}`, r.create);
  createRow(`1b. creates, svc.entity.batch/create of ${ENTITY_BATCH}`, r.batchCreate);
  if (r.paging.length > 0) {
    const p = best(r.paging, (x) => x.apiMs) as PagingRun;
    const rawBest = min(r.paging.map((x) => x.rawMs));
    const ratio = p.apiMs / rawBest;
    const exact = r.paging.every((x) => x.received === r.items && x.unique === x.received && x.missing === 0 && x.unexpected === 0 && x.ordered);
    const misses = [...(p.apiMs < PAGING_TARGET_MS ? [] : ['time']), ...(ratio <= RATIO_TARGET ? [] : ['ratio']), ...(exact ? [] : ['not exact'])];
    rows.push([
      `2. read all ${formatCount(p.received)} by cursor, ${PAGE}/page: total time`,
      formatMs(p.apiMs),
      formatMs(rawBest),
      formatRatio(ratio),
      (p.statements / p.pages).toFixed(1),
      runsOf(
        r.paging.map((x) => x.apiMs),
        r.paging.map((x) => x.rawMs),
        formatMs,
      ),
      `< ${PAGING_TARGET_MS / 1000} s; API <= ${RATIO_TARGET}x raw`,
      verdict(r.storage, misses.length === 0, misses.join(', ')),
    ]);
    rows.push([
      '2. pages; every Entity exactly once',
      exact
        ? `${p.pages} pages; yes, in every run: ${formatCount(p.received)} read, all distinct, none missing or unknown, ids ascending`
        : `${p.pages} pages; NO: ${r.paging.map((x) => `${formatCount(x.unique)} distinct of ${formatCount(x.received)} read, ${x.missing} missing, ${x.unexpected} unknown${x.ordered ? '' : ', out of order'}`).join('; ')}`,
      '',
      '',
      '',
      '',
      'exactly once',
      exact ? 'PASS' : 'FAIL',
    ]);
  }
  if (r.query.length > 0) {
    const rate = (n: number, ms: number) => (n / ms) * 1000;
    const q = best(r.query, (x) => -rate(x.requests, x.apiMs)) as QueryRun;
    const rawRates = r.query.map((x) => rate(x.rawLatencies.length, x.rawMs));
    const rawBest = max(rawRates);
    const apiRate = rate(q.requests, q.apiMs);
    const ratio = rawBest / apiRate;
    const errors = r.query.reduce((a, x) => a + x.errors, 0);
    rows.push([
      `3. filtered query + relation sub-select, ${r.concurrency} clients x ${r.durationMs / 1000} s: throughput`,
      formatRate(apiRate, 'req/s'),
      formatRate(rawBest, 'req/s'),
      formatRatio(ratio),
      (q.statements / Math.max(1, q.requests)).toFixed(1),
      runsOf(
        r.query.map((x) => rate(x.requests, x.apiMs)),
        rawRates,
        (v) => v.toFixed(1),
      ),
      `API <= ${RATIO_TARGET}x raw`,
      verdict(r.storage, ratio <= RATIO_TARGET && errors === 0, errors > 0 ? `${errors} errors` : undefined),
    ]);
    for (const pct of [50, 99]) {
      const apiP = min(r.query.map((x) => percentile(x.apiLatencies, pct)));
      const rawP = min(r.query.map((x) => percentile(x.rawLatencies, pct)));
      rows.push([
        `3. latency p${pct}`,
        formatMs(apiP),
        formatMs(rawP),
        formatRatio(apiP / rawP),
        '',
        runsOf(
          r.query.map((x) => percentile(x.apiLatencies, pct)),
          r.query.map((x) => percentile(x.rawLatencies, pct)),
          formatMs,
        ),
        pct === 50 ? `API <= ${RATIO_TARGET}x raw` : '',
        pct === 50 ? verdict(r.storage, apiP / rawP <= RATIO_TARGET) : '',
      ]);
    }
  }
  const notes = [
    `Data: ${formatCount(r.items)} ${ITEMS} (${formatCount(r.apiCreated)} created over the API in the measured runs, then written again by the hand-written baseline; ${2 * BATCH} in warm-up batches; ${formatCount(r.sqlLoaded)} loaded by SQL as set-up), ${formatCount(r.projects)} ${PROJECTS}, ${formatCount(r.links)} relation links.`,
    `Best of ${Math.max(r.create.length, r.batchCreate.length, r.paging.length, r.query.length)} runs shown (API and raw SQL each at their best); "runs" lists every run as API | raw SQL. API/raw compares time (1.00x = no overhead over the SQL).`,
    ...r.setup.map((s) => `Set-up (not measured): ${s}.`),
    ...r.query.filter((x) => x.errors > 0).map((x) => `Query errors: ${x.errors}; first: ${x.firstError ?? ''}`),
    ...r.notes,
  ];
  if (r.error) notes.unshift(`FAILED: ${r.error}`);
  return {
    title: `Command API on ${r.storage}`,
    columns: ['figure', 'API', 'raw SQL', 'API/raw', 'SQL stmts/request', 'runs: API | raw SQL', 'target', 'result'],
    rows,
    notes,
  };
}

function targetVerdict(kind: StorageKind, misses: readonly string[]): string {
  if (kind !== 'postgres') return 'n/a (embedded: see below)';
  return misses.length === 0 ? 'met' : `MISSED (${misses.join(', ')})`;
}

/** Creates of one path against the hand-written INSERTs of the same Entities: the row and, when missed, what limits it. */
function createAgainstHand(
  r: StorageReport,
  label: string,
  perRequest: number,
  runs: readonly CreateRun[],
  otherMeets: string | undefined,
): { row: string[]; limit?: string } | undefined {
  if (runs.length === 0) return undefined;
  const c = best(runs, (x) => x.apiMs) as CreateRun;
  const hand = best(runs, (x) => x.handMs) as CreateRun;
  const apiRate = (c.entities / c.apiMs) * 1000;
  const met = apiRate >= CREATE_RATE_TARGET;
  const row = [
    `${label} (${formatCount(c.entities)} Entities a run)`,
    formatRate(apiRate, 'Entities/s'),
    formatRate((hand.entities / hand.handMs) * 1000, 'Entities/s'),
    formatRatio(c.apiMs / c.entities / (hand.handMs / hand.entities)),
    `${hand.handStatements} (server: ${formatCount(Math.round(c.statements / c.requests))} a request of ${perRequest})`,
    `${runs.map((x) => ((x.entities / x.apiMs) * 1000).toFixed(0)).join(', ')} | ${runs.map((x) => ((x.entities / x.handMs) * 1000).toFixed(0)).join(', ')}`,
    `>= ${formatCount(CREATE_RATE_TARGET)} Entities/s (this path or the other)`,
    otherMeets && !met && r.storage === 'postgres' ? `missed on this path; the target is met by ${otherMeets}` : targetVerdict(r.storage, met ? [] : [`${formatRate(apiRate, 'Entities/s')}`]),
  ];
  if (met || r.storage !== 'postgres') return { row };
  const handRate = (hand.entities / hand.handMs) * 1000;
  const sqlShare = c.rawMs / c.apiMs;
  const limit =
    `${label}: the server runs ${formatCount(c.statements)} SQL statements for ${formatCount(c.entities)} Entities (${(c.statements / c.requests).toFixed(1)} a request); ` +
    `replayed alone they take ${formatMs(c.rawMs)} of the API's ${formatMs(c.apiMs)} (${(sqlShare * 100).toFixed(0)}%)` +
    (sqlShare >= 0.5
      ? ', so the SQL sets the rate'
      : `; the other ${formatMs(c.apiMs - c.rawMs)} is the request's HTTP and JSON, its validation, encoding each value, the webhook change capture, the answer, and this process's client building and parsing them`) +
    `. The hand-written INSERTs of the same rows take ${formatMs(hand.handMs)} (${formatRate(handRate, 'Entities/s')})` +
    (handRate < CREATE_RATE_TARGET ? `: on this machine, at its load, even the best plain SQL stays under ${formatCount(CREATE_RATE_TARGET)} Entities/s.` : '.');
  return { row, limit };
}

/** The issue's targets: each figure against hand-written SQL for the same work on the same database. */
function handTable(r: StorageReport): Table {
  const rows: string[][] = [];
  const limits: string[] = [];
  const meets = (runs: readonly CreateRun[]) => runs.some((x) => (x.entities / x.apiMs) * 1000 >= CREATE_RATE_TARGET);
  for (const x of [
    createAgainstHand(r, `creates, svc.command/batch of ${BATCH} svc.entity/create`, BATCH, r.create, meets(r.batchCreate) ? 'svc.entity.batch/create' : undefined),
    createAgainstHand(r, `creates, svc.entity.batch/create of ${ENTITY_BATCH}`, ENTITY_BATCH, r.batchCreate, meets(r.create) ? 'svc.command/batch' : undefined),
  ]) {
    if (!x) continue;
    rows.push(x.row);
    if (x.limit) limits.push(x.limit);
  }
  if (r.paging.length > 0) {
    const p = best(r.paging, (x) => x.apiMs) as PagingRun;
    const hand = min(r.paging.map((x) => x.handMs));
    const raw = min(r.paging.map((x) => x.rawMs));
    const ratio = p.apiMs / hand;
    const same = r.paging.every((x) => x.handSame);
    const misses = [
      ...(p.apiMs < HAND_PAGING_TARGET_MS ? [] : [`${formatMs(p.apiMs)}`]),
      ...(ratio <= HAND_PAGING_RATIO_TARGET ? [] : [`${formatRatio(ratio)}`]),
      ...(same ? [] : ['hand-written scan read other ids']),
    ];
    rows.push([
      `read all ${formatCount(p.received)} by the cursor rule, ${PAGE}/page, relation joined, as JSON`,
      formatMs(p.apiMs),
      formatMs(hand),
      formatRatio(ratio),
      `${(best(r.paging, (x) => x.handMs) as PagingRun).handPages} (server: ${(p.statements / p.pages).toFixed(1)} a page)`,
      `${r.paging.map((x) => formatMs(x.apiMs)).join(', ')} | ${r.paging.map((x) => formatMs(x.handMs)).join(', ')}`,
      `< ${HAND_PAGING_TARGET_MS / 1000} s; API <= ${HAND_PAGING_RATIO_TARGET}x hand-written`,
      targetVerdict(r.storage, misses),
    ]);
    if (misses.length > 0 && r.storage === 'postgres') {
      limits.push(
        `paging: the server's own statements (entities by keyset, then the relation by an IN list of the page's ids, plus token and version look-ups) replayed take ${formatMs(raw)} ` +
          `against ${formatMs(hand)} for the hand-written scan that joins and serializes in one statement; the other ${formatMs(p.apiMs - raw)} of the API's ${formatMs(p.apiMs)} ` +
          `are the HTTP and command layers: decoding each stored value, building and serializing ${formatCount(p.received)} Entities, and the client parsing them (this process).` +
          (hand >= HAND_PAGING_TARGET_MS ? ` The hand-written scan alone takes ${formatMs(hand)} on this machine at its load, itself over the ${HAND_PAGING_TARGET_MS / 1000} s target.` : ''),
      );
    }
  }
  return {
    title: `Against hand-written SQL on ${r.storage}`,
    columns: ['figure', 'API', 'hand-written SQL', 'API ÷ hand-written', 'hand-written statements', 'runs: API | hand-written', 'target', 'result'],
    rows,
    notes: [
      `Hand-written creates: the same Entities (values, relation targets) as the run's API creates, after those were deleted, by one UPDATE of the type's public id counter and multi-row INSERTs into entities and links, ${formatCount(rowsPerInsert(r.storage))} rows a statement (${r.storage === 'pg-mem' ? "pg-mem's fastest chunk" : 'the most the 65,535-parameter bound allows'}); no validation, no transaction, no webhook outbox.`,
      `Hand-written paging: one keyset scan a page (id > last seen, ORDER BY id LIMIT ${PAGE + 1}) with the relation's links LEFT JOINed, ${r.storage === 'pg-mem' ? 'the rows turned into the same objects and JSON.stringify-ed in this process (pg-mem has no json_build_object)' : 'the page built by json_agg(json_build_object(...)) in the statement and parsed by this process'}; checked to read the same ids in the same order as the API.`,
      'API ÷ hand-written compares time for the same number of Entities (1.00x = the API costs no more than the best plain SQL).',
      ...limits.map((l) => `What limits it: ${l}`),
    ],
  };
}

/** The embedded default within EMBEDDED_FACTOR of PostgreSQL on each figure (rates per Entity: the sizes differ). */
function embeddedTable(reports: readonly StorageReport[]): Table | undefined {
  const pg = reports.find((r) => r.storage === 'postgres' && !r.error);
  const embedded = reports.filter((r) => r.storage !== 'postgres' && !r.error);
  if (!pg || embedded.length === 0) return undefined;
  const rows: string[][] = [];
  const limits: string[] = [];
  const bestRate = (runs: readonly CreateRun[], ms: (x: CreateRun) => number) => max(runs.map((x) => (x.entities / ms(x)) * 1000));
  const pagingRate = (r: StorageReport, ms: (x: PagingRun) => number) => max(r.paging.map((x) => (x.received / ms(x)) * 1000));
  for (const e of embedded) {
    const figures: Array<[string, number, number, number, number]> = [];
    if (pg.create.length > 0 && e.create.length > 0) {
      figures.push([`creates, svc.command/batch of ${BATCH}`, bestRate(pg.create, (x) => x.apiMs), bestRate(e.create, (x) => x.apiMs), bestRate(pg.create, (x) => x.handMs), bestRate(e.create, (x) => x.handMs)]);
    }
    if (pg.batchCreate.length > 0 && e.batchCreate.length > 0) {
      figures.push([
        `creates, svc.entity.batch/create of ${ENTITY_BATCH}`,
        bestRate(pg.batchCreate, (x) => x.apiMs),
        bestRate(e.batchCreate, (x) => x.apiMs),
        bestRate(pg.batchCreate, (x) => x.handMs),
        bestRate(e.batchCreate, (x) => x.handMs),
      ]);
    }
    if (pg.paging.length > 0 && e.paging.length > 0) {
      figures.push(['paging by the cursor rule', pagingRate(pg, (x) => x.apiMs), pagingRate(e, (x) => x.apiMs), pagingRate(pg, (x) => x.handMs), pagingRate(e, (x) => x.handMs)]);
    }
    for (const [label, pgApi, eApi, pgHand, eHand] of figures) {
      const factor = pgApi / eApi;
      rows.push([
        `${label}: ${e.storage} (${formatCount(e.items)} Entities) / postgres (${formatCount(pg.items)})`,
        formatRate(pgApi, 'Entities/s'),
        formatRate(eApi, 'Entities/s'),
        formatRatio(factor),
        formatRatio(pgHand / eHand),
        `${e.storage} within ${EMBEDDED_FACTOR}x of PostgreSQL`,
        factor <= EMBEDDED_FACTOR ? 'met' : `MISSED (${formatRatio(factor)})`,
      ]);
      if (factor > EMBEDDED_FACTOR) {
        const engine = pgHand / eHand;
        limits.push(
          `${label} on ${e.storage}: ` +
            (engine > EMBEDDED_FACTOR
              ? `the same hand-written SQL is ${formatRatio(engine)} slower on ${e.storage} than on PostgreSQL, so the embedded engine itself sets the limit (it runs every statement in JavaScript; its profile above shows where).`
              : `the hand-written SQL is only ${formatRatio(engine)} slower on ${e.storage}, so the server's statements on it (profile above) set the limit.`),
        );
      }
    }
  }
  return {
    title: 'The embedded storage against PostgreSQL (API rates, Entities/s)',
    columns: ['figure', 'PostgreSQL', 'embedded', 'PostgreSQL ÷ embedded', 'same for hand-written SQL', 'target', 'result'],
    rows,
    notes: [
      'Rates (Entities per second), as the storages hold different numbers of Entities. "same for hand-written SQL" is the storage engine alone: where it is above the target, the embedded engine itself, not the server, sets the limit.',
      ...limits.map((l) => `What limits it: ${l}`),
    ],
  };
}

function profileTable(r: StorageReport, width: number): Table {
  const rows: string[][] = [];
  const add = (work: string, profile: Profile, requests: number) => {
    const total = profile.totalMs;
    for (const s of profile.top(6)) {
      rows.push([
        work,
        s.shape.length > width ? `${s.shape.slice(0, width - 1)}…` : s.shape,
        formatCount(s.count),
        requests > 0 ? (s.count / requests).toFixed(1) : '-',
        formatMs(s.totalMs),
        formatMs(s.totalMs / s.count),
        `${((s.totalMs / total) * 100).toFixed(0)}%`,
      ]);
    }
  };
  add('1. creates', r.createProfile, r.create.reduce((a, x) => a + x.requests, 0));
  add('1b. batch/create', r.batchCreateProfile, r.batchCreate.reduce((a, x) => a + x.requests, 0));
  add('2. paging', r.pagingProfile, r.paging.reduce((a, x) => a + x.pages, 0));
  add('3. query', r.queryProfile, r.queryProfileRequests);
  return {
    title: `Where the raw SQL time goes on ${r.storage} (replayed statements grouped by text; all runs; query: ${r.queryProfileRequests} requests replayed one at a time)`,
    columns: ['work', 'statement', 'count', 'per request', 'total', 'mean', '% of raw'],
    rows,
  };
}

function plansText(r: StorageReport, markdown: boolean): string {
  if (r.plans.length === 0) return '';
  const head = `Query plans on ${r.storage}: EXPLAIN (ANALYZE, BUFFERS) of the last replayed instance of the costliest reads`;
  const parts = r.plans.map((p) => {
    const times = `replayed: this instance ${formatMs(p.ms)}, mean ${formatMs(p.meanMs)}, slowest ${formatMs(p.slowestMs)}`;
    return markdown
      ? `**${p.work}** (${times})\n\n\`\`\`sql\n${p.shape}\n\`\`\`\n\n\`\`\`\n${p.plan}\n\`\`\``
      : `${p.work} (${times}): ${p.shape.length > 200 ? `${p.shape.slice(0, 199)}…` : p.shape}\n${p.plan.replace(/^/gm, '    ')}`;
  });
  return markdown ? [`### ${head}`, '', ...parts.flatMap((x) => [x, ''])].join('\n') : [head, ...parts].join('\n');
}

async function writeMarkdown(file: string, options: Options, reports: StorageReport[], startedAt: Date, elapsedMs: number): Promise<void> {
  const lines = [
    '# Command API benchmark',
    '',
    'Written by `npm run bench -- commands` (bench/commands.ts); overwritten on every run. Method and caveats: bench/README.md.',
    '',
    `- Date: ${startedAt.toISOString()} (run took ${formatMs(elapsedMs)})`,
    `- Machine: ${machine()}`,
    `- Storages: ${options.storages.map((s) => (s === 'postgres' ? `PostgreSQL (${options.databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}, scratch schema)` : `${s} (embedded)`)).join(', ')}`,
    `- Row counts: ${reports.map((r) => `${r.storage}: ${formatCount(r.items)} ${ITEMS} (${formatCount(r.apiCreated)} via API in measured runs + ${2 * BATCH} warm-up, ${formatCount(r.sqlLoaded)} via SQL), ${formatCount(r.projects)} ${PROJECTS}, ${formatCount(r.links)} links`).join('; ')}`,
    `- Runs per figure: ${options.runs}; concurrent query: ${options.concurrency} clients for ${options.durationMs / 1000} s a run`,
    `- Targets (PostgreSQL): every Entity paged in under ${PAGING_TARGET_MS / 1000} s; API time at most ${RATIO_TARGET}x the raw SQL time (the server's statements replayed). pg-mem figures are for information (result n/a).`,
    `- Targets against hand-written SQL (PostgreSQL): creates through svc.command/batch or svc.entity.batch/create at least ${formatCount(CREATE_RATE_TARGET)} Entities/s; every Entity paged by the cursor rule in under ${HAND_PAGING_TARGET_MS / 1000} s and at most ${HAND_PAGING_RATIO_TARGET}x hand-written SQL; the embedded storage within ${EMBEDDED_FACTOR}x of PostgreSQL on each. A missed target is reported with what limits it.`,
    '',
  ];
  if (options.storages.includes('pg-mem') && options.entities['pg-mem'] < options.entities.postgres) {
    lines.push(
      `pg-mem holds ${formatCount(options.entities['pg-mem'])} Entities, not ${formatCount(options.entities.postgres)}: pg-mem inserts at about 1 ms a row and scans every row of a query, so 100,000 does not fit in a few minutes (see bench/README.md).`,
      '',
    );
  }
  for (const r of reports) {
    lines.push(`## ${r.storage}`, '', renderMarkdown(figuresTable(r)), '', renderMarkdown(handTable(r)), '', renderMarkdown(profileTable(r, 400)), '');
    if (r.plans.length > 0) lines.push(plansText(r, true), '');
  }
  const embedded = embeddedTable(reports);
  if (embedded) lines.push('## Embedded against PostgreSQL', '', renderMarkdown(embedded), '');
  await writeReport(file, lines);
}

export function main(args: string[]): Promise<number> {
  return runWithOptions(args, USAGE, parseOptions, run);
}

async function run(options: Options): Promise<number> {
  const startedAt = new Date();
  const start = now();
  console.log(`Command API benchmark: ${machine()}`);
  const reports: StorageReport[] = [];
  for (const kind of options.storages) {
    const report = await benchStorage(kind, options);
    reports.push(report);
    console.log(`\n${renderPlain(figuresTable(report))}\n\n${renderPlain(handTable(report))}\n\n${renderPlain(profileTable(report, 110))}`);
    if (report.plans.length > 0) console.log(`\n${plansText(report, false)}`);
  }
  const embedded = embeddedTable(reports);
  if (embedded) console.log(`\n${renderPlain(embedded)}`);
  await writeMarkdown(options.out, options, reports, startedAt, now() - start);
  console.log(`\nWrote ${options.out} (${formatMs(now() - start)} in all).`);
  return reports.some((r) => r.error) ? 1 : 0;
}

