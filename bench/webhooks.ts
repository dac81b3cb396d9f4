// Webhook delivery benchmark: how soon a delivery reaches its receiver after the command's
// response (p50, p99), and how many deliveries per second the server gets out, with one server
// process on pg-mem, and with one and with two processes on one PostgreSQL schema. The servers
// run as child processes (`tsx server/src/main.ts`); the receiver and the clients run here.
// Prints a table and writes bench/results/webhooks.md. See bench/README.md.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { spawnServer, type ChildServer as Child } from './lib/child-server.js';
import { CommandClient, entityId, type Command } from './lib/client.js';
import { databaseUrl, DEFAULT_DATABASE_URL, integerOption, machine, runWithOptions, storagesOption, writeReport } from './lib/cli.js';
import { renderMarkdown, renderPlain, type Table } from './lib/table.js';
import { formatCount, formatMs, formatRate, now, percentile } from './lib/timing.js';

const RESULTS_FILE = fileURLToPath(new URL('./results/webhooks.md', import.meta.url));
const TOKEN = 'bench-webhooks-token';
const SPACE = 'BenchHooks';
const ITEMS = `${SPACE}/Items`;
const COUNT = `${SPACE}/Count`;
/** Longest wait for the deliveries of a measurement to arrive. */
const DRAIN_LIMIT_MS = 120_000;

interface Options {
  storages: Array<'pg-mem' | 'postgres'>;
  databaseUrl: string;
  latencyCommands: number;
  durationMs: number;
  clients: number;
  hooks: number;
  /** Drain figures: webhooks, deliveries written per webhook, the receiver's answer delays. */
  drainHooks: number;
  drainPerHook: number;
  drainDelays: number[];
  out: string;
}

const USAGE = `npm run bench -- webhooks [options]
  --storage pg-mem,postgres   storages (default both; PostgreSQL at DATABASE_URL or ${DEFAULT_DATABASE_URL}, one and two processes)
  --latency N                 commands of the latency figure, one at a time (default 200)
  --duration S                seconds of load of each throughput figure (default 5)
  --clients N                 concurrent clients of the throughput figures (default 4)
  --hooks N                   webhooks of the Database in the second throughput figure (default 8)
  --drain-hooks N             webhooks of the drain figures (PostgreSQL; default 16: twice one process's concurrency)
  --drain N                   deliveries written to the outbox per webhook for a drain figure (default 200)
  --drain-delays A,B          the receiver's answer delay of each drain figure, ms (default 0,20)
  --out FILE                  Markdown results (default bench/results/webhooks.md)`;

function parseOptions(args: string[]): Options | undefined {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      storage: { type: 'string' },
      latency: { type: 'string' },
      duration: { type: 'string' },
      clients: { type: 'string' },
      hooks: { type: 'string' },
      'drain-hooks': { type: 'string' },
      drain: { type: 'string' },
      'drain-delays': { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return undefined;
  }
  return {
    storages: storagesOption(values.storage).filter((s): s is 'pg-mem' | 'postgres' => s === 'pg-mem' || s === 'postgres'),
    databaseUrl: databaseUrl(),
    latencyCommands: integerOption(values.latency, 200, 'latency'),
    durationMs: integerOption(values.duration, 5, 'duration') * 1000,
    clients: integerOption(values.clients, 4, 'clients'),
    hooks: integerOption(values.hooks, 8, 'hooks'),
    drainHooks: integerOption(values['drain-hooks'], 16, 'drain-hooks'),
    drainPerHook: integerOption(values.drain, 200, 'drain'),
    drainDelays: (values['drain-delays'] ?? '0,20').split(',').map((d) => integerOption(d.trim(), 0, 'drain-delays', 0)),
    out: values.out ?? RESULTS_FILE,
  };
}

// ---------------------------------------------------------------------------------------------
// The receiver: records when each delivery arrived (this process's monotonic clock).

interface Arrival {
  path: string;
  correlationId: string | null;
  sequenceId: number | null;
  messageId: string;
  at: number;
}

class BenchReceiver {
  /** How long the receiver takes to answer (a remote receiver's round trip); 0: at once. */
  delayMs = 0;

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
    readonly arrivals: Arrival[],
  ) {}

  static async start(): Promise<BenchReceiver> {
    const arrivals: Arrival[] = [];
    const server: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const at = now();
        let correlationId: string | null = null;
        let sequenceId: number | null = null;
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { sequenceId?: number; command?: { correlationId?: string | null } };
          correlationId = body.command?.correlationId ?? null;
          sequenceId = typeof body.sequenceId === 'number' ? body.sequenceId : null;
        } catch {
          /* not JSON: counted all the same */
        }
        const header = req.headers['webhook-id'];
        arrivals.push({ path: req.url ?? '', correlationId, sequenceId, messageId: typeof header === 'string' ? header : '', at });
        if (receiver.delayMs > 0) setTimeout(() => res.writeHead(204).end(), receiver.delayMs);
        else res.writeHead(204).end();
      });
    });
    server.keepAliveTimeout = 10_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const receiver = new BenchReceiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, arrivals);
    return receiver;
  }

  async waitForCount(n: number, what: string): Promise<void> {
    const deadline = Date.now() + DRAIN_LIMIT_MS;
    while (this.arrivals.length < n) {
      if (Date.now() > deadline) throw new Error(`${what}: ${this.arrivals.length} of ${n} deliveries arrived within ${DRAIN_LIMIT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  reset(): void {
    this.arrivals.splice(0);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Measurements

interface Scenario {
  label: string;
  storage: 'pg-mem' | 'postgres';
  processes: 1 | 2;
}

interface LatencyFigure {
  samples: number[];
  /** From sending the command to the delivery's arrival. */
  sendToReceipt: number[];
  early: number;
  /** Baseline: a delivery-sized POST straight from the benchmark to the receiver, one at a time. */
  directPost: number[];
}

interface ThroughputFigure {
  hooks: number;
  commands: number;
  deliveries: number;
  loadMs: number;
  /** From the first command to the last delivery. */
  totalMs: number;
  commandErrors: number;
}

/** Deliveries written straight to the outbox, then released at once: how fast the processes drain it. */
interface DrainFigure {
  /** Server processes delivering (in the 2-process scenario, one is stopped for a figure in between). */
  processes: number;
  hooks: number;
  deliveries: number;
  receiverDelayMs: number;
  /** From the release to the first and to the last arrival. */
  firstMs: number;
  lastMs: number;
  /** Deliveries that arrived more than once (by webhook-id), and webhooks whose deliveries arrived out of sequence order. */
  duplicates: number;
  outOfOrder: number;
}

interface ScenarioReport {
  scenario: Scenario;
  latency?: LatencyFigure;
  throughput: ThroughputFigure[];
  drain: DrainFigure[];
  error?: string;
}

async function addHooks(baseUrl: string, receiver: BenchReceiver, n: number, tag: string): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${baseUrl}/api/webhooks/v2`, {
      method: 'POST',
      headers: { authorization: `Token ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${receiver.baseUrl}/${tag}/${i}`, type: ITEMS }),
      signal: AbortSignal.timeout(30_000),
    });
    if (res.status !== 200) throw new Error(`adding a webhook: ${res.status} ${await res.text()}`);
    ids.push(((await res.json()) as { id: number }).id);
  }
  return ids;
}

async function deleteHooks(baseUrl: string, ids: number[]): Promise<void> {
  for (const id of ids) {
    await fetch(`${baseUrl}/api/webhooks/v2/${id}`, { method: 'DELETE', headers: { authorization: `Token ${TOKEN}` }, signal: AbortSignal.timeout(30_000) });
  }
}

/** One command at a time, alternating between the servers; each delivery's arrival minus the command's response. */
async function measureLatency(clients: CommandClient[], receiver: BenchReceiver, item: string, n: number): Promise<LatencyFigure> {
  receiver.reset();
  const sent = new Map<string, { start: number; end: number }>();
  for (let i = 0; i < n; i++) {
    const correlationId = randomUUID();
    const client = clients[i % clients.length] as CommandClient;
    const start = now();
    await client.run({ command: 'svc.entity/update', correlationId, args: { type: ITEMS, entity: { 'svc/id': item, [COUNT]: i } } });
    sent.set(correlationId, { start, end: now() });
    // The next command once this delivery arrived: latency without a queue.
    const deadline = Date.now() + 30_000;
    while (!receiver.arrivals.some((a) => a.correlationId === correlationId)) {
      if (Date.now() > deadline) throw new Error(`latency: the delivery of command ${i} did not arrive within 30 s`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  const samples: number[] = [];
  const sendToReceipt: number[] = [];
  let early = 0;
  for (const arrival of receiver.arrivals) {
    const command = arrival.correlationId ? sent.get(arrival.correlationId) : undefined;
    if (!command) continue;
    const latency = arrival.at - command.end;
    if (latency < 0) early += 1;
    samples.push(Math.max(0, latency));
    sendToReceipt.push(arrival.at - command.start);
  }
  return { samples, sendToReceipt, early, directPost: await measureDirectPost(receiver, n) };
}

/** The floor of a delivery: the same receiver, a body of a delivery's size, no server in between. */
async function measureDirectPost(receiver: BenchReceiver, n: number): Promise<number[]> {
  const body = JSON.stringify({
    sequenceId: 1,
    authorId: randomUUID(),
    creationDate: new Date().toISOString(),
    command: { correlationId: null },
    effects: [{ effect: 'svc.entity/update', id: randomUUID(), type: ITEMS, values: { [COUNT]: 2 }, valuesBefore: { [COUNT]: 1 } }],
  });
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = now();
    const res = await fetch(`${receiver.baseUrl}/baseline`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    samples.push(now() - start);
  }
  return samples;
}

/** `clients` clients create Entities for `durationMs` (alternating servers); then every delivery is waited for. */
async function measureThroughput(clients: CommandClient[], receiver: BenchReceiver, hooks: number, concurrency: number, durationMs: number): Promise<ThroughputFigure> {
  receiver.reset();
  let commands = 0;
  let commandErrors = 0;
  const start = now();
  const until = start + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, k) => {
      for (let i = 0; now() < until; i++) {
        const client = clients[(k + i) % clients.length] as CommandClient;
        try {
          await client.run({ command: 'svc.entity/create', args: { type: ITEMS, entity: { [COUNT]: i } } } satisfies Command);
          commands += 1;
        } catch {
          commandErrors += 1;
        }
      }
    }),
  );
  const loadMs = now() - start;
  await receiver.waitForCount(commands * hooks, `throughput with ${hooks} webhook(s)`);
  const last = Math.max(...receiver.arrivals.map((a) => a.at));
  return { hooks, commands, deliveries: receiver.arrivals.length, loadMs, totalMs: last - start, commandErrors };
}

/**
 * Writes `perHook` deliveries of each webhook straight into the outbox (one transaction, the
 * webhooks' leases held meanwhile so no process starts early), then releases the leases and waits
 * for every delivery: deliveries/s from the release to the last arrival, with the servers doing
 * nothing else. Checks that each delivery arrived once and each webhook's in sequence order.
 */
async function measureDrain(databaseUrl: string, schema: string, receiver: BenchReceiver, hookIds: number[], perHook: number, delayMs: number, processes: number): Promise<DrainFigure> {
  const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    receiver.reset();
    receiver.delayMs = delayMs;
    await client.query('BEGIN');
    await client.query("UPDATE webhook_leases SET lease_token = 'bench-drain', lease_until = now() + interval '1 hour' WHERE webhook_id = ANY($1::int[])", [hookIds]);
    const { rows } = await client.query<{ id: number; next_sequence: number }>('SELECT id, next_sequence FROM webhooks WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [hookIds]);
    for (const hook of rows) {
      await client.query(
        `INSERT INTO webhook_deliveries (webhook_id, sequence_id, message_id, body, state, attempts, next_attempt_at, created_at)
         SELECT $1::int, s, $5::text || s, json_build_object('sequenceId', s, 'authorId', $3::text, 'creationDate', now(), 'command', json_build_object('correlationId', NULL), 'effects', json_build_array())::text, 'pending', 0, now(), now()
         FROM generate_series($2::int, $2::int + $4::int - 1) AS s`,
        [hook.id, hook.next_sequence, randomUUID(), perHook, `msg_drain_${hook.id}_`],
      );
      await client.query('UPDATE webhooks SET next_sequence = next_sequence + $2 WHERE id = $1', [hook.id, perHook]);
    }
    await client.query('COMMIT');
    const released = now();
    await client.query('UPDATE webhook_leases SET lease_token = NULL, lease_until = now() WHERE webhook_id = ANY($1::int[])', [hookIds]);
    const total = hookIds.length * perHook;
    await receiver.waitForCount(total, `drain of ${total} deliveries`);
    // Late duplicates would arrive after the count is reached: a moment for them.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const arrivals = receiver.arrivals;
    const ids = new Set(arrivals.map((a) => a.messageId));
    const byPath = new Map<string, number[]>();
    for (const a of arrivals) byPath.set(a.path, [...(byPath.get(a.path) ?? []), a.sequenceId ?? -1]);
    const outOfOrder = [...byPath.values()].filter((seq) => seq.some((v, i) => i > 0 && v <= (seq[i - 1] as number))).length;
    return {
      processes,
      hooks: hookIds.length,
      deliveries: total,
      receiverDelayMs: delayMs,
      firstMs: Math.min(...arrivals.map((a) => a.at)) - released,
      lastMs: Math.max(...arrivals.map((a) => a.at)) - released,
      duplicates: arrivals.length - ids.size,
      outOfOrder,
    };
  } finally {
    receiver.delayMs = 0;
    await client.end();
  }
}

async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

async function runScenario(scenario: Scenario, options: Options): Promise<ScenarioReport> {
  const report: ScenarioReport = { scenario, throughput: [], drain: [] };
  const schema = `svc_bench_hooks_${process.pid}_${scenario.processes}`;
  const env: Record<string, string> = scenario.storage === 'postgres' ? { DATABASE_URL: options.databaseUrl, SVC_DB_SCHEMA: schema } : { DATABASE_URL: '' };
  const receiver = await BenchReceiver.start();
  const servers: Child[] = [];
  try {
    if (scenario.storage === 'postgres') await dropSchema(options.databaseUrl, schema);
    // Two processes start together: migrations and bootstrap take turns.
    const serverEnv = { SVC_TOKEN: TOKEN, SVC_WEBHOOK_ALLOW: '127.0.0.1', ...env };
    servers.push(...(await Promise.all(Array.from({ length: scenario.processes }, () => spawnServer(serverEnv)))));
    const clients = servers.map((s) => new CommandClient(s.baseUrl, TOKEN));
    const first = clients[0] as CommandClient;
    await first.run({
      command: 'svc.schema/batch',
      args: { commands: [{ command: 'schema.type/create', args: { 'svc/name': ITEMS, 'svc/meta': { 'svc/domain?': true }, 'svc/fields': [{ 'svc/name': COUNT, 'svc/type': 'svc/integer' }] } }] },
    });
    const item = entityId(await first.run({ command: 'svc.entity/create', args: { type: ITEMS, entity: { [COUNT]: 0 } } }));
    const baseUrl = (servers[0] as Child).baseUrl;

    console.error(`${scenario.label}: latency, ${options.latencyCommands} commands one at a time`);
    let hooks = await addHooks(baseUrl, receiver, 1, 'latency');
    // Warm-up: connections, the code paths, the catalog cache.
    await measureLatency(clients, receiver, item, 20);
    report.latency = await measureLatency(clients, receiver, item, options.latencyCommands);
    await deleteHooks(baseUrl, hooks);

    for (const n of [1, options.hooks]) {
      console.error(`${scenario.label}: throughput, ${n} webhook(s), ${options.clients} clients x ${options.durationMs / 1000} s`);
      hooks = await addHooks(baseUrl, receiver, n, `load${n}`);
      report.throughput.push(await measureThroughput(clients, receiver, n, options.clients, options.durationMs));
      await deleteHooks(baseUrl, hooks);
    }
    if (scenario.storage === 'postgres') {
      const drains = async (processes: number) => {
        for (const delay of options.drainDelays) {
          console.error(`${scenario.label}: drain with ${processes} process(es), ${options.drainHooks} webhooks x ${options.drainPerHook} deliveries, receiver answering after ${delay} ms`);
          const ids = await addHooks(baseUrl, receiver, options.drainHooks, `drain${delay}`);
          report.drain.push(await measureDrain(options.databaseUrl, schema, receiver, ids, options.drainPerHook, delay, processes));
          await deleteHooks(baseUrl, ids);
        }
      };
      await drains(scenario.processes);
      if (scenario.processes === 2) {
        // The same comparison inside this scenario, bracketed so that a change of the machine's
        // load cancels out: two processes, then one (the second stopped), then two again.
        await (servers.pop() as Child).stop();
        await drains(1);
        servers.push(await spawnServer(serverEnv));
        await drains(2);
      }
    }
  } catch (error) {
    report.error = error instanceof Error ? error.message : String(error);
    console.error(`${scenario.label}: ${report.error}`);
  } finally {
    for (const s of servers) await s.stop();
    await receiver.close();
    if (scenario.storage === 'postgres') await dropSchema(options.databaseUrl, schema).catch(() => undefined);
  }
  return report;
}

// ---------------------------------------------------------------------------------------------
// Output

function figuresTable(reports: ScenarioReport[], options: Options): Table {
  const rows: string[][] = [];
  for (const r of reports) {
    const label = r.scenario.label;
    if (r.error) {
      rows.push([label, `FAILED: ${r.error}`, '', '', '', '']);
      continue;
    }
    const l = r.latency;
    if (l) {
      rows.push([
        label,
        `latency, response to receipt (${formatCount(l.samples.length)} deliveries, 1 webhook, one command at a time)`,
        `p50 ${formatMs(percentile(l.samples, 50))}, p99 ${formatMs(percentile(l.samples, 99))}`,
        `send to receipt: p50 ${formatMs(percentile(l.sendToReceipt, 50))}, p99 ${formatMs(percentile(l.sendToReceipt, 99))}`,
        '',
        l.early > 0 ? `${l.early} deliveries arrived before the command's response (counted as 0)` : '',
      ]);
      const floor = percentile(l.directPost, 50);
      rows.push([
        label,
        `baseline: a delivery-sized POST straight to the receiver (${formatCount(l.directPost.length)}, one at a time)`,
        `p50 ${formatMs(floor)}, p99 ${formatMs(percentile(l.directPost, 99))}`,
        `latency p50 / baseline p50: ${(percentile(l.samples, 50) / floor).toFixed(1)}x`,
        '',
        '',
      ]);
    }
    for (const t of r.throughput) {
      rows.push([
        label,
        `throughput, ${t.hooks} webhook(s), ${options.clients} clients creating for ${formatMs(t.loadMs)}`,
        formatRate((t.deliveries / t.totalMs) * 1000, 'deliveries/s'),
        `${formatCount(t.commands)} commands (${formatRate((t.commands / t.loadMs) * 1000, 'commands/s')}), ${formatCount(t.deliveries)} deliveries`,
        `last delivery ${formatMs(t.totalMs - t.loadMs)} after the load`,
        t.commandErrors > 0 ? `${t.commandErrors} commands failed` : '',
      ]);
    }
    for (const d of r.drain) {
      rows.push([
        label,
        `drain: ${formatCount(d.deliveries)} deliveries of ${d.hooks} webhooks written to the outbox, receiver answering after ${d.receiverDelayMs} ms${d.processes !== r.scenario.processes ? ` (${d.processes} process: the other one stopped)` : ''}`,
        formatRate((d.deliveries / d.lastMs) * 1000, 'deliveries/s'),
        `first after ${formatMs(d.firstMs)}, last after ${formatMs(d.lastMs)}`,
        '',
        `${d.duplicates} duplicates, ${d.outOfOrder} webhooks out of order`,
      ]);
    }
  }
  const scaling = scalingNotes(reports);
  return {
    title: 'Webhook deliveries',
    columns: ['servers', 'figure', 'result', 'detail', 'drain', 'notes'],
    rows,
    notes: [
      'Latency: from the command\'s HTTP response (svc.entity/update with a correlationId) to the arrival of its delivery at a receiver on loopback; the next command is sent once the delivery arrived. Two processes: commands alternate between them.',
      'Throughput: deliveries received per second from the first command to the last delivery (every delivery of the load waited for); each created Entity makes one delivery per webhook. A webhook\'s deliveries go out one at a time, so one webhook is bounded by the round trip plus the bookkeeping of one attempt; several webhooks are delivered in parallel (8 per process).',
      'Drain (PostgreSQL): the benchmark writes the deliveries straight into the outbox (one transaction, the webhooks\' leases held), then releases the leases; deliveries/s from the release to the last arrival, the servers doing nothing else. It measures what the processes can deliver, apart from how fast commands can be made (commands that change one Database take its webhooks\' rows in turn, for the sequence ids, so the throughput figures above are bounded by the commands). A receiver answering after 20 ms stands for a remote one: one process has 8 webhooks in flight, two have 16.',
      'Servers: `tsx server/src/main.ts` child processes, default webhook settings (10 s time-out, 500 ms poll; a process is woken at once by its own commands), SVC_WEBHOOK_ALLOW=127.0.0.1. The receiver answers 204 (at once unless a delay is stated).',
      ...scaling,
    ],
  };
}

/** Two processes against one, per figure: deliveries/s of the 2-process row over the 1-process row. */
function scalingNotes(reports: ScenarioReport[]): string[] {
  const one = reports.find((r) => r.scenario.storage === 'postgres' && r.scenario.processes === 1 && !r.error);
  const two = reports.find((r) => r.scenario.storage === 'postgres' && r.scenario.processes === 2 && !r.error);
  if (!one || !two) return [];
  const parts: string[] = [];
  one.throughput.forEach((t, i) => {
    const u = two.throughput[i];
    if (u) parts.push(`throughput with ${t.hooks} webhook(s) ${((u.deliveries / u.totalMs) / (t.deliveries / t.totalMs)).toFixed(2)}x`);
  });
  const rate = (d: DrainFigure) => (d.deliveries / d.lastMs) * 1000;
  for (const d of one.drain) {
    const e = two.drain.find((x) => x.processes === 2 && x.receiverDelayMs === d.receiverDelayMs);
    if (e) parts.push(`drain, receiver ${d.receiverDelayMs} ms, ${(rate(e) / rate(d)).toFixed(2)}x`);
  }
  const lines = parts.length > 0 ? [`Two processes against one, scenario against scenario (deliveries/s): ${parts.join('; ')}.`] : [];
  // Inside the 2-process scenario: the mean of the two 2-process drains around the 1-process one.
  const bracketed: string[] = [];
  for (const alone of two.drain.filter((d) => d.processes === 1)) {
    const pair = two.drain.filter((d) => d.processes === 2 && d.receiverDelayMs === alone.receiverDelayMs);
    if (pair.length === 0) continue;
    const mean = pair.reduce((sum, d) => sum + rate(d), 0) / pair.length;
    bracketed.push(`receiver ${alone.receiverDelayMs} ms ${(mean / rate(alone)).toFixed(2)}x (${pair.map((d) => formatRate(rate(d), '')).join(' and ').trim()} against ${formatRate(rate(alone), 'deliveries/s')})`);
  }
  if (bracketed.length > 0) lines.push(`Drain, two processes against one inside the 2-process scenario (2, then 1, then 2 again, so a change of load cancels out): ${bracketed.join('; ')}.`);
  return lines;
}

async function writeMarkdown(file: string, options: Options, table: Table, startedAt: Date, elapsedMs: number): Promise<void> {
  const lines = [
    '# Webhook delivery benchmark',
    '',
    'Written by `npm run bench -- webhooks` (bench/webhooks.ts); overwritten on every run. Method: the notes under the table; options: `npm run bench -- webhooks --help`.',
    '',
    `- Date: ${startedAt.toISOString()} (run took ${formatMs(elapsedMs)})`,
    `- Machine: ${machine()} (server processes, receiver and clients share it)`,
    `- Storages: ${options.storages.map((s) => (s === 'postgres' ? `PostgreSQL (${options.databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}, scratch schema)` : 'pg-mem (embedded, one process)')).join(', ')}`,
    '',
    renderMarkdown(table, 2),
  ];
  await writeReport(file, lines);
}

export function main(args: string[]): Promise<number> {
  return runWithOptions(args, USAGE, parseOptions, run);
}

async function run(options: Options): Promise<number> {
  const startedAt = new Date();
  const started = now();
  const scenarios: Scenario[] = [];
  if (options.storages.includes('pg-mem')) scenarios.push({ label: 'pg-mem, 1 process', storage: 'pg-mem', processes: 1 });
  if (options.storages.includes('postgres')) {
    scenarios.push({ label: 'PostgreSQL, 1 process', storage: 'postgres', processes: 1 });
    scenarios.push({ label: 'PostgreSQL, 2 processes', storage: 'postgres', processes: 2 });
  }
  const reports: ScenarioReport[] = [];
  for (const scenario of scenarios) reports.push(await runScenario(scenario, options));
  const table = figuresTable(reports, options);
  console.log(renderPlain(table));
  await writeMarkdown(options.out, options, table, startedAt, now() - started);
  console.error(`results written to ${options.out}`);
  return reports.some((r) => r.error) ? 1 : 0;
}
