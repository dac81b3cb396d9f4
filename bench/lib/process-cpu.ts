// CPU time of processes from /proc (Linux): a process with its descendants (a `tsx` child server
// is a node process under the tsx launcher), and single processes such as PostgreSQL backends.
// Elsewhere, or for a process that has gone, the figures are undefined rather than guessed.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second of /proc/<pid>/stat's utime and stime (USER_HZ; 100 on Linux). */
const TICKS_PER_SECOND = 100;
/** Most processes followed down a tree (bounds the walk). */
const MAX_TREE = 64;

interface ProcStat {
  ppid: number;
  /** User plus system CPU time, ms. */
  cpuMs: number;
}

function readStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: split after its last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is the state (field 3): ppid is field 4, utime 14, stime 15.
  const ppid = Number(fields[1]);
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(ppid) || !Number.isFinite(utime) || !Number.isFinite(stime)) return undefined;
  return { ppid, cpuMs: ((utime + stime) * 1000) / TICKS_PER_SECOND };
}

function allPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
}

/** The live children of `parent`. */
export function childPids(parent: number): number[] {
  return allPids().filter((pid) => readStat(pid)?.ppid === parent);
}

/** CPU ms of `pid` and its live descendants; undefined when the process is gone or /proc is missing. */
export function treeCpuMs(pid: number): number | undefined {
  const root = readStat(pid);
  if (!root) return undefined;
  const stats = new Map<number, ProcStat>();
  for (const p of allPids()) {
    const s = readStat(p);
    if (s) stats.set(p, s);
  }
  let total = root.cpuMs;
  const queue = [pid];
  for (let seen = 0; queue.length > 0 && seen < MAX_TREE; seen++) {
    const parent = queue.shift() as number;
    for (const [p, s] of stats) {
      if (s.ppid !== parent) continue;
      total += s.cpuMs;
      queue.push(p);
    }
  }
  return total;
}

/** CPU ms of each given process that is alive (PostgreSQL backends: their pids from pg_stat_activity). */
export function cpuMsOf(pids: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    const s = readStat(pid);
    if (s) out.set(pid, s.cpuMs);
  }
  return out;
}
