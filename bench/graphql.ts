// GraphQL read API benchmark: one query with two levels of inner lists over 10,000 parents
// (`findProjects(limit: 10000) { tasks(limit: 5) { labels(limit: 3) } }`), on pg-mem and on
// PostgreSQL: time, SQL statements per request (the same for 100 and for 10,000 parents), and the
// raw SQL time of the same statements replayed straight to the database (server/src/db/recording.ts,
// bench/lib/replay.ts). Prints a table per storage and writes bench/results/graphql.md.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Database, StorageKind } from '../server/src/db/database.js';
import type { RunningServer } from '../server/src/index.js';
import { CommandClient } from './lib/client.js';
import { replay } from './lib/replay.js';
import { startRecordedServer } from './lib/recorded-server.js';
import { databaseUrl, DEFAULT_DATABASE_URL, integerOption, machine, runWithOptions, storagesOption, writeReport } from './lib/cli.js';
import { renderMarkdown, renderPlain, type Table } from './lib/table.js';
import { formatCount, formatMs, formatRatio, min, now } from './lib/timing.js';

const RESULTS_FILE = fileURLToPath(new URL('./results/graphql.md', import.meta.url));
const SPACE = 'BenchGql';
const PROJECTS = `${SPACE}/Projects`;
const TASKS = `${SPACE}/Tasks`;
const LABELS = `${SPACE}/Labels`;
const ROWS_PER_STATEMENT = 1000;
const REQUEST_TIMEOUT_MS = 30 * 60_000;

interface Options {
  storages: StorageKind[];
  databaseUrl: string;
  parents: number;
  tasksPerProject: number;
  labelsPerTask: number;
  labels: number;
  runs: number;
  out: string;
}

const USAGE = `npm run bench -- graphql [options]
  --storage pg-mem,postgres    storages to measure (default: both; PostgreSQL at DATABASE_URL or ${DEFAULT_DATABASE_URL})
  --parents N                  Projects, all read by the query (default 10000)
  --tasks N                    Tasks per Project (default 2)
  --labels-per-task N          Labels per Task (default 2, of 20 Labels)
  --runs N                     measured requests (default 3; the best is reported, all are listed)
  --out FILE                   Markdown results (default bench/results/graphql.md)`;

function parseOptions(args: string[]): Options | undefined {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      storage: { type: 'string' },
      parents: { type: 'string' },
      tasks: { type: 'string' },
      'labels-per-task': { type: 'string' },
      runs: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return undefined;
  }
  return {
    storages: storagesOption(values.storage),
    databaseUrl: databaseUrl(),
    parents: Math.max(1, Math.min(10_000, integerOption(values.parents, 10_000, 'parents', 0))),
    tasksPerProject: integerOption(values.tasks, 2, 'tasks', 0),
    labelsPerTask: Math.min(20, integerOption(values['labels-per-task'], 2, 'labels-per-task', 0)),
    labels: 20,
    runs: Math.max(1, integerOption(values.runs, 3, 'runs', 0)),
    out: values.out ?? RESULTS_FILE,
  };
}

function log(message: string): void {
  console.error(`[bench graphql] ${message}`);
}

/** The measured query: two levels of inner lists under `limit` parents. */
function query(limit: number): string {
  return `{ findProjects(limit: ${limit}) { id name budget tasks(limit: 5) { title estimate labels(limit: 3) { name } } } }`;
}

interface GraphqlAnswer {
  data?: { findProjects?: Array<{ tasks: Array<{ labels: unknown[] }> }> } | null;
  errors?: unknown[];
}

async function post(server: RunningServer, text: string): Promise<GraphqlAnswer> {
  const res = await fetch(`${server.baseUrl}/api/graphql/space/${SPACE}`, {
    method: 'POST',
    headers: { authorization: `Token ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: text }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = (await res.json()) as GraphqlAnswer;
  if (res.status !== 200 || body.errors) throw new Error(`GraphQL answered ${res.status}: ${JSON.stringify(body.errors).slice(0, 400)}`);
  return body;
}

// ---------------------------------------------------------------------------------------------
// Set-up: the schema over the API, the Entities by multi-row INSERT (not measured).

async function createSchema(client: CommandClient): Promise<void> {
  const project = randomUUID();
  const labels = randomUUID();
  await client.run({
    command: 'svc.schema/batch',
    args: {
      commands: [
        { command: 'schema.type/create', args: { 'svc/name': PROJECTS, 'svc/fields': [{ 'svc/name': `${SPACE}/Name`, 'svc/type': 'svc/text' }, { 'svc/name': `${SPACE}/Budget`, 'svc/type': 'svc/decimal' }] } },
        { command: 'schema.type/create', args: { 'svc/name': TASKS, 'svc/fields': [{ 'svc/name': `${SPACE}/Title`, 'svc/type': 'svc/text' }, { 'svc/name': `${SPACE}/Estimate`, 'svc/type': 'svc/integer' }] } },
        { command: 'schema.type/create', args: { 'svc/name': LABELS, 'svc/fields': [{ 'svc/name': `${SPACE}/Name`, 'svc/type': 'svc/text' }] } },
        { command: 'schema.field/create', args: { 'svc/holder-type': TASKS, 'svc/name': `${SPACE}/Project`, 'svc/type': PROJECTS, 'svc/meta': { 'svc/relation': project } } },
        { command: 'schema.field/create', args: { 'svc/holder-type': PROJECTS, 'svc/name': `${SPACE}/Tasks`, 'svc/type': TASKS, 'svc/meta': { 'svc/relation': project, 'svc/collection?': true } } },
        { command: 'schema.field/create', args: { 'svc/holder-type': TASKS, 'svc/name': `${SPACE}/Labels`, 'svc/type': LABELS, 'svc/meta': { 'svc/relation': labels, 'svc/collection?': true } } },
        { command: 'schema.field/create', args: { 'svc/holder-type': LABELS, 'svc/name': `${SPACE}/Tasks`, 'svc/type': TASKS, 'svc/meta': { 'svc/relation': labels, 'svc/collection?': true } } },
      ],
    },
  });
}

interface Layout {
  types: Map<string, string>;
  /** `<type>|<field>` to its data key or relation (id, end). */
  keys: Map<string, string>;
  relations: Map<string, { id: string; end: 'a' | 'b' }>;
  authorId: string;
}

async function readLayout(db: Database): Promise<Layout> {
  const { rows } = await db.query<{ type_name: string; type_id: string; name: string; storage_key: string | null; relation_id: string | null; relation_end: 'a' | 'b' | null }>(
    'SELECT t.name AS type_name, t.id AS type_id, f.name, f.storage_key, f.relation_id, f.relation_end FROM fields f JOIN types t ON t.id = f.type_id WHERE t.name IN ($1, $2, $3)',
    [PROJECTS, TASKS, LABELS],
  );
  const layout: Layout = { types: new Map(), keys: new Map(), relations: new Map(), authorId: '' };
  for (const r of rows) {
    layout.types.set(r.type_name, r.type_id);
    if (r.storage_key) layout.keys.set(`${r.type_name}|${r.name}`, r.storage_key);
    if (r.relation_id && r.relation_end) layout.relations.set(`${r.type_name}|${r.name}`, { id: r.relation_id, end: r.relation_end });
  }
  const author = await db.query<{ user_id: string }>('SELECT user_id FROM api_tokens LIMIT 1');
  layout.authorId = String(author.rows[0]?.user_id);
  return layout;
}

async function insertEntities(db: Database, layout: Layout, typeName: string, values: Array<Record<string, unknown>>): Promise<string[]> {
  const typeId = layout.types.get(typeName) as string;
  const bumped = await db.query<{ n: number }>('UPDATE types SET next_public_id = next_public_id + $2 WHERE id = $1 RETURNING next_public_id AS n', [typeId, values.length]);
  const first = Number(bumped.rows[0]?.n) - values.length;
  const ids: string[] = [];
  const base = Date.now();
  for (let start = 0; start < values.length; start += ROWS_PER_STATEMENT) {
    const rows: string[] = [];
    const params: unknown[] = [typeId, layout.authorId];
    for (let k = start; k < Math.min(values.length, start + ROWS_PER_STATEMENT); k++) {
      const id = randomUUID();
      ids.push(id);
      const data: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(values[k] as Record<string, unknown>)) data[layout.keys.get(`${typeName}|${name}`) as string] = value;
      const p = params.length;
      rows.push(`($${p + 1}, $1, $${p + 2}, $${p + 3}, $${p + 3}, $2, $${p + 4})`);
      params.push(id, first + k, new Date(base + k).toISOString(), JSON.stringify(data));
    }
    await db.query(`INSERT INTO entities (id, type_id, public_id, created_at, modified_at, created_by, data) VALUES ${rows.join(', ')}`, params);
  }
  return ids;
}

/** Links `[from, to]` pairs through the relation of field `typeName|field` (from is that field's holder). */
async function insertLinks(db: Database, layout: Layout, relationOf: string, pairs: Array<[string, string]>): Promise<void> {
  const relation = layout.relations.get(relationOf);
  if (!relation) throw new Error(`no relation ${relationOf}`);
  const theirs = relation.end === 'a' ? 'b' : 'a';
  const base = Date.now() * 1000;
  for (let start = 0; start < pairs.length; start += ROWS_PER_STATEMENT) {
    const rows: string[] = [];
    const params: unknown[] = [relation.id];
    for (let k = start; k < Math.min(pairs.length, start + ROWS_PER_STATEMENT); k++) {
      const [from, to] = pairs[k] as [string, string];
      const p = params.length;
      rows.push(`($1, $${p + 1}, $${p + 2}, $${p + 3})`);
      params.push(from, to, base + k);
    }
    await db.query(`INSERT INTO links (relation_id, ${relation.end}, ${theirs}, position) VALUES ${rows.join(', ')}`, params);
  }
}

async function load(db: Database, options: Options): Promise<{ projects: number; tasks: number; links: number }> {
  const layout = await readLayout(db);
  const labelIds = await insertEntities(db, layout, LABELS, Array.from({ length: options.labels }, (_, i) => ({ [`${SPACE}/Name`]: `label ${i}` })));
  const projectIds = await insertEntities(db, layout, PROJECTS, Array.from({ length: options.parents }, (_, i) => ({ [`${SPACE}/Name`]: `project ${i}`, [`${SPACE}/Budget`]: (i % 997) * 10.5 })));
  const taskValues: Array<Record<string, unknown>> = [];
  const owners: string[] = [];
  projectIds.forEach((project, p) => {
    for (let t = 0; t < options.tasksPerProject; t++) {
      taskValues.push({ [`${SPACE}/Title`]: `task ${p}.${t}`, [`${SPACE}/Estimate`]: (p + t) % 13 });
      owners.push(project);
    }
  });
  const taskIds = await insertEntities(db, layout, TASKS, taskValues);
  await insertLinks(db, layout, `${TASKS}|${SPACE}/Project`, taskIds.map((task, i) => [task, owners[i] as string]));
  const labelPairs: Array<[string, string]> = [];
  taskIds.forEach((task, i) => {
    for (let l = 0; l < options.labelsPerTask; l++) labelPairs.push([task, labelIds[(i + l * 7) % labelIds.length] as string]);
  });
  await insertLinks(db, layout, `${TASKS}|${SPACE}/Labels`, labelPairs);
  if (db.kind === 'postgres') await db.query('VACUUM ANALYZE entities, links');
  return { projects: projectIds.length, tasks: taskIds.length, links: taskIds.length + labelPairs.length };
}

// ---------------------------------------------------------------------------------------------

interface StorageReport {
  storage: StorageKind;
  error?: string;
  loaded?: { projects: number; tasks: number; links: number };
  loadMs?: number;
  apiMs: number[];
  rawMs: number[];
  statements: number;
  statementsSmall: number;
  objects: number;
  slowest: Array<{ shape: string; ms: number }>;
}

async function benchStorage(kind: StorageKind, options: Options): Promise<StorageReport> {
  const report: StorageReport = { storage: kind, apiMs: [], rawMs: [], statements: 0, statementsSmall: 0, objects: 0, slowest: [] };
  let running: RunningServer | undefined;
  try {
    const { server, db, recorder } = await startRecordedServer(kind, options.databaseUrl, log);
    running = server;
    const started = now();
    await createSchema(new CommandClient(server.baseUrl, server.token));
    report.loaded = await load(db, options);
    report.loadMs = now() - started;
    log(`${kind}: loaded ${formatCount(report.loaded.projects)} Projects, ${formatCount(report.loaded.tasks)} Tasks, ${formatCount(report.loaded.links)} links in ${formatMs(report.loadMs)}`);

    await post(server, query(100)); // warm-up: the first request after the schema change loads the catalog
    recorder.reset();
    await post(server, query(100));
    report.statementsSmall = recorder.statements.length;
    for (let run = 0; run < options.runs; run++) {
      recorder.reset();
      const start = now();
      const answer = await post(server, query(options.parents));
      report.apiMs.push(now() - start);
      report.statements = recorder.statements.length;
      const projects = answer.data?.findProjects ?? [];
      const tasks = projects.flatMap((p) => p.tasks);
      const labels = tasks.flatMap((t) => t.labels);
      report.objects = projects.length + tasks.length + labels.length;
      if (projects.length !== options.parents || tasks.length !== options.parents * Math.min(5, options.tasksPerProject) || labels.length !== tasks.length * Math.min(3, options.labelsPerTask)) {
        throw new Error(`wrong answer: ${projects.length} projects, ${tasks.length} tasks, ${labels.length} labels`);
      }
      const statements = [...recorder.statements];
      const raw = await replay(db, [statements], { statementTimeoutMs: REQUEST_TIMEOUT_MS });
      report.rawMs.push(raw.totalMs);
      report.slowest = raw.profile.top(3).map((s) => ({ shape: s.shape.length > 160 ? `${s.shape.slice(0, 159)}…` : s.shape, ms: s.totalMs }));
      log(`${kind}: run ${run + 1}: API ${formatMs(report.apiMs.at(-1) as number)}, raw SQL ${formatMs(raw.totalMs)}, ${statements.length} statements`);
    }
  } catch (error) {
    report.error = error instanceof Error ? error.message : String(error);
    log(`${kind}: ${report.error}`);
  } finally {
    await running?.close().catch(() => undefined);
  }
  return report;
}

function table(report: StorageReport, options: Options): Table {
  const api = min(report.apiMs);
  const raw = min(report.rawMs);
  return {
    title: `GraphQL, two levels of inner lists over ${formatCount(options.parents)} parents, on ${report.storage}`,
    columns: ['figure', 'API', 'raw SQL', 'API/raw', 'SQL statements', 'runs: API | raw SQL'],
    rows: report.error
      ? [['error', report.error, '', '', '', '']]
      : [
          [
            `findProjects(limit: ${options.parents}) { tasks(limit: 5) { labels(limit: 3) } }: ${formatCount(report.objects)} objects`,
            formatMs(api),
            formatMs(raw),
            formatRatio(api / raw),
            String(report.statements),
            `${report.apiMs.map(formatMs).join(', ')} | ${report.rawMs.map(formatMs).join(', ')}`,
          ],
          ['the same query over 100 parents', '', '', '', String(report.statementsSmall), ''],
        ],
    notes: report.error
      ? []
      : [
          `Data: ${formatCount(report.loaded?.projects ?? 0)} Projects, ${formatCount(report.loaded?.tasks ?? 0)} Tasks (${options.tasksPerProject} a Project), ${options.labels} Labels (${options.labelsPerTask} a Task), ${formatCount(report.loaded?.links ?? 0)} links; set-up (not measured) ${formatMs(report.loadMs ?? Number.NaN)}.`,
          'SQL statements per request include the token look-up and the catalog version; the count does not grow with the parents (the 100-parent query runs as many).',
          `Per-parent limits: ${report.storage === 'postgres' ? 'one row_number() window per inner list' : "every item of the level's parents in one statement, limited per parent after reading (pg-mem has no window functions, and a UNION ALL of 10,000 branches overflows its parser)"}.`,
          `API/raw compares the best API time with the best replay of the same statements straight to the database (the rest is GraphQL parsing, validation, shaping and JSON).`,
          ...report.slowest.map((s) => `raw SQL, slowest statement: ${formatMs(s.ms)}: \`${s.shape}\``),
        ],
  };
}

export function main(args: string[]): Promise<number> {
  return runWithOptions(args, USAGE, parseOptions, run);
}

async function run(options: Options): Promise<number> {
  const started = now();
  const reports: StorageReport[] = [];
  for (const kind of options.storages) reports.push(await benchStorage(kind, options));
  const tables = reports.map((r) => table(r, options));
  for (const t of tables) console.log(`${renderPlain(t)}\n`);
  const md = [
    '# GraphQL read API benchmark',
    '',
    'Written by `npm run bench -- graphql` (bench/graphql.ts); see bench/README.md.',
    '',
    `- Date: ${new Date().toISOString()} (run took ${formatMs(now() - started)})`,
    `- Machine: ${machine()}`,
    `- Query: \`${query(options.parents)}\``,
    `- Runs: ${options.runs} (best shown, all listed)`,
    '',
    ...tables.map((t) => `${renderMarkdown(t)}\n`),
  ];
  await writeReport(options.out, md);
  log(`results written to ${options.out}`);
  return reports.some((r) => r.error) ? 1 : 0;
}
