// Command-line plumbing shared by the benchmarks: integer options, the storages to run on, the
// machine line of a report, the options-then-run entry point and the results file.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { dirname } from 'node:path';
import type { StorageKind } from '../../server/src/db/database.js';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The PostgreSQL the benchmarks use: DATABASE_URL, or the local test database. */
export function databaseUrl(): string {
  return process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
}

/** An integer option of at least `least` (1 unless given), or `fallback` when absent. */
export function integerOption(value: string | undefined, fallback: number, name: string, least = 1): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < least) {
    throw new Error(`--${name} must be ${least === 1 ? 'a positive' : least === 0 ? 'a non-negative' : `an`} integer${least > 1 ? ` of at least ${least}` : ''}; got ${value}`);
  }
  return n;
}

/** `--storage pg-mem,postgres` (the default: both); a benchmark that runs on PGlite too passes `allowed` with it. */
export function storagesOption<K extends StorageKind = 'pg-mem' | 'postgres'>(value: string | undefined, allowed: readonly K[] = ['pg-mem', 'postgres'] as K[]): K[] {
  const storages = (value ?? 'pg-mem,postgres').split(',').map((s) => s.trim());
  for (const s of storages) if (!allowed.some((k) => k === s)) throw new Error(`--storage takes ${allowed.join(', ')}; got ${s}`);
  return storages as K[];
}

/** CPU, cores, OS, Node and load: the machine line of every report. */
export function machine(): string {
  const cpus = os.cpus();
  const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  return `${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${os.platform()} ${os.release()}, Node ${process.version}, load average ${load}`;
}

/**
 * Parses the options (undefined: `--help` was answered), then runs the benchmark. A bad option
 * prints its message and the usage and answers exit status 2.
 */
export async function runWithOptions<O>(args: string[], usage: string, parse: (args: string[]) => O | undefined, run: (options: O) => Promise<number>): Promise<number> {
  let options: O | undefined;
  try {
    options = parse(args);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  return options === undefined ? 0 : run(options);
}

/** Writes a Markdown report (its lines), creating the folder. */
export async function writeReport(file: string, lines: readonly string[]): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${lines.join('\n').trimEnd()}\n`);
}
