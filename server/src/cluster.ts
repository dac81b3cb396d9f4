// `npm start -- --workers N`: N server processes (node:cluster) on one port and one PostgreSQL
// (DATABASE_URL). The primary only forks and watches the workers; each worker is a full server
// (main.ts) and they share the work through the database: webhook deliveries and sync runs are
// leased per webhook and per source, so any worker takes over what a stopped one left.
// Imported first by main.ts: in the primary of N > 1 workers this module never finishes loading
// (a top-level await), so main.ts's server start runs in the workers only. `--workers` is taken
// out of the arguments the rest of main.ts reads.
import cluster from 'node:cluster';

/** Restarts of workers that exited on their own allowed within a minute before the primary gives up. */
const MAX_RESTARTS_PER_MINUTE = 5;
/** How long the workers have to stop after SIGINT/SIGTERM before they are killed. */
const STOP_GRACE_MS = 20_000;

/** `--workers N` / `--workers=N` taken out of `argv`; `undefined` when absent. A bad value is a one-line message. */
export function takeWorkersFlag(argv: string[]): { workers: number | undefined; rest: string[] } | { error: string } {
  const rest: string[] = [];
  let workers: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    let value: string | undefined;
    if (arg === '--workers') {
      value = argv[i + 1];
      i += 1;
    } else if (arg.startsWith('--workers=')) {
      value = arg.slice('--workers='.length);
    } else {
      rest.push(arg);
      continue;
    }
    if (value === undefined || !/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 64) {
      return { error: `--workers takes a number of server processes from 1 to 64; got ${value === undefined ? 'nothing' : JSON.stringify(value)}` };
    }
    workers = Number(value);
  }
  return { workers, rest };
}

function fail(message: string): never {
  process.stderr.write(`svc-kit: ${message}\n`);
  process.exit(2);
}

/** The primary: forks the workers, replaces one that dies (a bounded number of times), stops them all on SIGINT/SIGTERM. */
function superviseWorkers(workers: number, args: string[]): Promise<never> {
  cluster.setupPrimary({ args });
  const restarts: number[] = [];
  let stopping = false;
  let alive = 0;
  const fork = () => {
    alive += 1;
    cluster.fork();
  };
  const all = () => Object.values(cluster.workers ?? {});
  for (let i = 0; i < workers; i++) fork();
  process.stdout.write(`svc-kit: ${workers} server processes (node:cluster) on one port, sharing DATABASE_URL\n`);
  cluster.on('exit', (worker, code, signal) => {
    alive -= 1;
    if (stopping) {
      if (alive === 0) process.exit();
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while ((restarts[0] as number) < now - 60_000) restarts.shift();
    if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
      process.stderr.write(`svc-kit: server processes keep exiting (the last: ${signal ?? `code ${code}`}); stopping\n`);
      stopping = true;
      process.exitCode = 1;
      for (const w of all()) w?.process.kill('SIGTERM');
      if (alive === 0) process.exit();
      return;
    }
    process.stderr.write(`svc-kit: server process ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another\n`);
    fork();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const w of all()) w?.process.kill('SIGTERM');
    setTimeout(() => {
      for (const w of all()) w?.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_GRACE_MS).unref();
    if (alive === 0) process.exit();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Never resolves: the primary serves nothing itself and exits from its handlers above.
  return new Promise<never>(() => undefined);
}

if (cluster.isPrimary) {
  const taken = takeWorkersFlag(process.argv.slice(2));
  if ('error' in taken) fail(taken.error);
  process.argv.splice(2, process.argv.length - 2, ...taken.rest);
  if (taken.workers !== undefined && taken.workers > 1) {
    const storage = process.env.SVC_STORAGE?.trim();
    if (!process.env.DATABASE_URL || (storage && storage !== 'postgres')) {
      fail(`--workers ${taken.workers} needs PostgreSQL (DATABASE_URL): an embedded database (pg-mem, PGlite) lives in one process, so processes cannot share it`);
    }
    await superviseWorkers(taken.workers, taken.rest);
  }
}
