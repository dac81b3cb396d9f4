// Shared-load fairness: how long a trivial request of one client takes while other clients run the
// heaviest requests the server allows (spec/service.openapi.yaml, "Shared load"). The server runs
// as a child process (its event loop is not shared with the clients); the heavy clients and the
// side client run here. For each storage: the side request alone (the baseline), then under each
// heavy load: N clients looping `q/no-limit` reads of every Item, N clients looping the costliest
// GraphQL query the cost limit lets through. Prints a table per storage and writes
// bench/results/fairness.md. See bench/README.md.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Database, StorageKind } from '../server/src/db/database.js';
import { createPostgresDatabase } from '../server/src/db/postgres.js';
import { spawnServer, type ChildServer } from './lib/child-server.js';
import { CommandClient, entityId } from './lib/client.js';
import { databaseUrl, DEFAULT_DATABASE_URL, integerOption, machine, runWithOptions, storagesOption, writeReport } from './lib/cli.js';
import { bulkLoadItems, createItemCommand, createProjectCommand, F, ITEM_FIELDS, ITEMS, PROJECTS, readLayout, schemaCommand } from './lib/dataset.js';
import { renderMarkdown, renderPlain, type Table } from './lib/table.js';
import { formatCount, formatMs, now, percentile } from './lib/timing.js';

const RESULTS_FILE = fileURLToPath(new URL('./results/fairness.md', import.meta.url));
const HEAVY_TOKEN = 'bench-fairness-heavy';
const SIDE_TOKEN = 'bench-fairness-side';
const PROJECT_COUNT = 100;
const BATCH = 100;
/** The goal the spec states: a trivial request is answered within this while heavy ones run. */
const SIDE_GOAL_MS = 500;
/** A heavy request that takes longer than this is abandoned (and counted). */
const HEAVY_TIMEOUT_MS = 120_000;
const SIDE_TIMEOUT_MS = 30_000;

interface Options {
  storages: StorageKind[];
  databaseUrl: string;
  entities: Record<StorageKind, number>;
  clients: number;
  seconds: number;
  intervalMs: number;
  out: string;
}

const USAGE = `npm run bench -- fairness [options]
  --storage pg-mem,postgres    storages to measure (default: both; PostgreSQL at DATABASE_URL or ${DEFAULT_DATABASE_URL})
  --entities N                 Items on PostgreSQL (default 100000)
  --pgmem-entities N           Items on pg-mem (default 5000, created over the API)
  --clients N                  heavy clients running at once (default 4)
  --seconds N                  length of each heavy load (default 15)
  --interval-ms N              pause between two side requests (default 100)
  --out FILE                   Markdown results (default bench/results/fairness.md)`;

function parseOptions(args: string[]): Options | undefined {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      storage: { type: 'string' },
      entities: { type: 'string' },
      'pgmem-entities': { type: 'string' },
      clients: { type: 'string' },
      seconds: { type: 'string' },
      'interval-ms': { type: 'string' },
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
    entities: { postgres: integerOption(values.entities, 100_000, 'entities'), 'pg-mem': integerOption(values['pgmem-entities'], 5_000, 'pgmem-entities'), pglite: 0 },
    clients: integerOption(values.clients, 4, 'clients'),
    seconds: integerOption(values.seconds, 15, 'seconds'),
    intervalMs: integerOption(values['interval-ms'], 100, 'interval-ms', 0),
    out: values.out ?? RESULTS_FILE,
  };
}

function log(message: string): void {
  console.error(`[bench fairness] ${message}`);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Requests

interface Answer {
  status: number;
  bytes: number;
  /** The start of the body when the status is not 200. */
  error?: string;
}

/** POSTs a JSON body; answers the status and the size of the body (read whole, not parsed). */
async function post(url: string, token: string, body: unknown, timeoutMs: number): Promise<Answer> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const answer = await res.arrayBuffer();
  if (res.status === 200) return { status: 200, bytes: answer.byteLength };
  return { status: res.status, bytes: answer.byteLength, error: `HTTP ${res.status}: ${Buffer.from(answer.slice(0, 300)).toString()}` };
}

/** The side request: one Project by its public id, with the Reader token of another user's client. */
function sideRequest(baseUrl: string): Promise<Answer> {
  return post(
    `${baseUrl}/api/commands`,
    SIDE_TOKEN,
    { command: 'svc.entity/query', args: { query: { 'q/from': PROJECTS, 'q/select': ['svc/id', F.name], 'q/where': ['=', ['svc/public-id'], '$id'], 'q/limit': 1 }, params: { $id: '7' } } },
    SIDE_TIMEOUT_MS,
  );
}

interface Load {
  label: string;
  request(baseUrl: string): Promise<Answer>;
}

/** Every Item with every value field and its Project, in one `q/no-limit` answer. */
const noLimitRead: Load = {
  label: '`q/no-limit` read of every Item (command API)',
  request: (baseUrl) =>
    post(
      `${baseUrl}/api/commands`,
      HEAVY_TOKEN,
      { command: 'svc.entity/query', args: { query: { 'q/from': ITEMS, 'q/select': ['svc/id', ...ITEM_FIELDS.map(([name]) => name), { [F.project]: ['svc/id', F.name] }], 'q/no-limit': true } } },
      HEAVY_TIMEOUT_MS,
    ),
};

/**
 * The costliest GraphQL query the cost limit lets through: aliases of `findItems` at the largest
 * `limit`, as many as the limit allows (each costs its `limit`).
 */
function costliestGraphql(maxCost: number, maxLimit: number): Load {
  const aliases = Math.max(1, Math.floor(maxCost / maxLimit));
  const fields = 'id title count amount done due at email site note rank project { id name }';
  const query = `{ ${Array.from({ length: aliases }, (_, i) => `a${i}: findItems(limit: ${maxLimit}, offset: ${(i * 997) % 50}) { ${fields} }`).join(' ')} }`;
  return {
    label: `GraphQL: ${aliases} aliases of findItems(limit: ${maxLimit}) (cost ${aliases * maxLimit * 2})`,
    request: (baseUrl) => post(`${baseUrl}/api/graphql/space/Bench`, HEAVY_TOKEN, { query }, HEAVY_TIMEOUT_MS),
  };
}

// ---------------------------------------------------------------------------------------------
// Measurement

interface Figure {
  label: string;
  heavyDone: number;
  heavyRefused: number;
  heavyFailed: number;
  heavyBytes: number;
  side: number[];
  sideFailed: number;
  /** The first failure of a heavy or side request. */
  firstFailure?: string;
}

async function sideLoop(baseUrl: string, until: () => boolean, intervalMs: number, into: Figure): Promise<void> {
  while (!until()) {
    const t = now();
    try {
      const answer = await sideRequest(baseUrl);
      if (answer.status === 200) into.side.push(now() - t);
      else {
        into.sideFailed++;
        into.firstFailure ??= `side: ${answer.error}`;
      }
    } catch (error) {
      into.sideFailed++;
      into.firstFailure ??= `side: ${String(error)}`;
    }
    await sleep(intervalMs);
  }
}

async function heavyLoop(baseUrl: string, load: Load, until: () => boolean, into: Figure): Promise<void> {
  while (!until()) {
    try {
      const answer = await load.request(baseUrl);
      if (answer.status === 200) {
        into.heavyDone++;
        into.heavyBytes += answer.bytes;
      } else if (answer.status === 429) {
        into.heavyRefused++;
        await sleep(200);
      } else {
        into.heavyFailed++;
        into.firstFailure ??= `heavy: ${answer.error}`;
      }
    } catch (error) {
      into.heavyFailed++;
      into.firstFailure ??= `heavy: ${String(error)}`;
    }
  }
}

async function measure(baseUrl: string, load: Load | undefined, options: Options): Promise<Figure> {
  const figure: Figure = { label: load?.label ?? 'none (the side request alone)', heavyDone: 0, heavyRefused: 0, heavyFailed: 0, heavyBytes: 0, side: [], sideFailed: 0 };
  const end = now() + options.seconds * 1000;
  let stopped = false;
  const until = () => stopped || now() > end;
  const heavy = load ? Array.from({ length: options.clients }, () => heavyLoop(baseUrl, load, until, figure)) : [];
  // The heavy clients start first: the side requests measure the load, not its ramp.
  if (load) await sleep(1000);
  await sideLoop(baseUrl, until, options.intervalMs, figure);
  stopped = true;
  await Promise.all(heavy);
  return figure;
}

// ---------------------------------------------------------------------------------------------
// Set-up: the schema and Projects over the API; Items by multi-row INSERT on PostgreSQL, over the
// API on pg-mem (its storage lives in the server's process).

async function populate(kind: StorageKind, client: CommandClient, scratch: Database | undefined, count: number): Promise<void> {
  await client.run(schemaCommand());
  const projectIds: string[] = [];
  for (let start = 0; start < PROJECT_COUNT; start += BATCH) {
    projectIds.push(...(await client.batch(Array.from({ length: Math.min(BATCH, PROJECT_COUNT - start) }, (_, j) => createProjectCommand(start + j)))).map(entityId));
  }
  if (kind === 'postgres' && scratch) {
    const layout = await readLayout(scratch);
    const author = await scratch.query<{ created_by: string }>('SELECT created_by FROM entities WHERE id = $1', [projectIds[0]]);
    await bulkLoadItems(scratch, layout, { from: 0, count, projectIds, authorId: author.rows[0]?.created_by ?? '', rowsPerStatement: 1000 });
    await scratch.query('ANALYZE');
    return;
  }
  for (let start = 0; start < count; start += BATCH) {
    await client.batch(Array.from({ length: Math.min(BATCH, count - start) }, (_, j) => createItemCommand(start + j, projectIds)));
  }
}

interface Limits {
  maxCost: number;
  maxLimit: number;
}

/** The GraphQL limits the server states in its answer to a query one over the cost limit. */
async function graphqlLimits(baseUrl: string): Promise<Limits> {
  const res = await fetch(`${baseUrl}/api/graphql/space/Bench`, {
    method: 'POST',
    headers: { authorization: `Token ${HEAVY_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ a: findItems(limit: 10000) { project { itemList(limit: 10000) { id } } } }' }),
    signal: AbortSignal.timeout(60_000),
  });
  const body = (await res.json()) as { errors?: Array<{ extensions?: { code?: string; limit?: number } }> };
  const error = body.errors?.find((e) => e.extensions?.code === 'QUERY_TOO_COSTLY');
  if (!error?.extensions?.limit) throw new Error(`the server did not state its cost limit: ${JSON.stringify(body).slice(0, 300)}`);
  return { maxCost: error.extensions.limit, maxLimit: 10_000 };
}

async function runStorage(kind: StorageKind, options: Options): Promise<{ figures: Figure[]; entities: number; note: string }> {
  const schema = `bench_fair_${process.pid}`;
  const env: Record<string, string> = { SVC_TOKEN: HEAVY_TOKEN, SVC_READER_TOKEN: SIDE_TOKEN };
  let scratch: Database | undefined;
  if (kind === 'postgres') {
    env.DATABASE_URL = options.databaseUrl;
    env.SVC_DB_SCHEMA = schema;
  } else env.DATABASE_URL = '';
  let server: ChildServer | undefined;
  try {
    server = await spawnServer(env);
    if (kind === 'postgres') scratch = await createPostgresDatabase({ connectionString: options.databaseUrl, schema, dropSchemaOnClose: true, maxConnections: 2 });
    const client = new CommandClient(server.baseUrl, HEAVY_TOKEN, HEAVY_TIMEOUT_MS);
    const count = options.entities[kind];
    let t = now();
    await populate(kind, client, scratch, count);
    log(`${kind}: ${formatCount(count)} Items in ${formatMs(now() - t)}`);
    const limits = await graphqlLimits(server.baseUrl);
    const figures: Figure[] = [];
    for (const load of [undefined, noLimitRead, costliestGraphql(limits.maxCost / 2, limits.maxLimit)]) {
      t = now();
      const figure = await measure(server.baseUrl, load, options);
      log(`${kind}: ${figure.label}: ${figure.heavyDone} heavy, side p99 ${formatMs(percentile(figure.side, 99))} (${formatMs(now() - t)})${figure.firstFailure ? `; first failure: ${figure.firstFailure}` : ''}`);
      figures.push(figure);
    }
    return { figures, entities: count, note: `GraphQL cost limit ${formatCount(limits.maxCost)}` };
  } finally {
    await server?.stop();
    await scratch?.close();
  }
}

function table(kind: StorageKind, figures: Figure[], options: Options): Table {
  const baseline = percentile(figures[0]?.side ?? [], 50);
  return {
    title: `${kind}: a side request while ${options.clients} clients run heavy requests for ${options.seconds} s`,
    columns: ['heavy load', 'heavy answered', 'refused (429)', 'failed', 'MB sent', 'side requests', 'side p50', 'side p99', 'side max', 'max / idle p50', `under ${SIDE_GOAL_MS} ms`],
    rows: figures.map((f) => {
      const max = f.side.length ? Math.max(...f.side) : Number.NaN;
      return [
        f.label,
        String(f.heavyDone),
        String(f.heavyRefused),
        String(f.heavyFailed),
        (f.heavyBytes / 1e6).toFixed(0),
        `${f.side.length}${f.sideFailed ? ` (+${f.sideFailed} failed)` : ''}`,
        formatMs(percentile(f.side, 50)),
        formatMs(percentile(f.side, 99)),
        formatMs(max),
        `${(max / baseline).toFixed(1)}×`,
        max < SIDE_GOAL_MS && f.sideFailed === 0 ? 'yes' : 'NO',
      ];
    }),
  };
}

async function run(options: Options): Promise<number> {
  const sections: string[] = [];
  let status = 0;
  for (const kind of options.storages) {
    const { figures, entities, note } = await runStorage(kind, options);
    const t = table(kind, figures, options);
    console.log(renderPlain(t));
    sections.push(renderMarkdown(t), '', `${formatCount(entities)} Items (ten value fields and a relation); ${note}.`, '');
    if (figures.some((f) => f.side.length === 0 || f.sideFailed > 0 || Math.max(...f.side) >= SIDE_GOAL_MS)) status = 1;
  }
  await writeReport(options.out, [
    '# Shared-load fairness',
    '',
    `${new Date().toISOString().slice(0, 10)}; ${machine()}.`,
    '',
    `Made by \`npm run bench -- fairness\` (bench/fairness.ts). The server runs as a child process. Heavy clients (one Architect token) loop the heaviest requests the server allows; a side client (a Reader token) sends a one-Entity query every ${options.intervalMs} ms. The baseline is the side request on the idle server; "max / idle p50" is the slowest side request under load over the idle median.`,
    '',
    ...sections,
  ]);
  return status;
}

export function main(args: string[]): Promise<number> {
  return runWithOptions(args, USAGE, parseOptions, run);
}
