/**
 * The detection runner: runs the checks a fault selects through a fault proxy (proxy.ts) in front
 * of a target, and says whether the suite noticed the fault (a selected check failed or crashed),
 * and whether it did so on target (a failing check covers the requirement the fault breaks).
 * `runControl` runs the same checks through a proxy without a fault, which must stay all green.
 */
import type { AppTargetOptions, Target } from '../check.js';
import { runChecks, type Profile, type RunSummary } from '../runner.js';
import type { Fault } from './fault.js';
import { startFaultProxy } from './proxy.js';

export interface FaultRunResult {
  fault: Fault;
  /** At least one selected check failed or crashed. */
  detected: boolean;
  /** A check covering fault.breaks failed. */
  onTarget: boolean;
  /** IDs of the selected checks that failed or crashed. */
  failedChecks: string[];
  /** Number of checks run. */
  ran: number;
  durationMs: number;
  /** Why each failing check failed (check ID, verdict, first line of its message). */
  failures?: Array<{ id: string; verdict: string; message: string }>;
  /** Problems of the proxy itself during the run (a fault hook that threw, ...); empty when none. */
  proxyProblems?: string[];
}

export interface FaultRunOptions {
  /** Base address of the target the proxy stands in front of. */
  upstream: string;
  token: string;
  /** Tokens below Architect, for the access-level checks (absent: they are skipped). */
  readerToken?: string;
  editorToken?: string;
  seed: number;
  numRuns: number;
  /** App target: the account and what may be done with it. */
  app?: AppTargetOptions;
  /** Per-request time-out of the checks. */
  timeoutMs?: number;
  /** The profile the checks run in (default full). */
  profile?: Profile;
}

/** The selectors a fault's run uses: its own `select`, else its area and the requirement it breaks. */
export function faultSelectors(fault: Fault): string[] {
  return fault.select ?? [fault.area, fault.breaks];
}

function runOptions(target: Target, baseUrl: string, only: string[], options: FaultRunOptions): Parameters<typeof runChecks>[0] {
  return {
    target,
    baseUrl,
    token: options.token,
    ...(options.readerToken === undefined ? {} : { readerToken: options.readerToken }),
    ...(options.editorToken === undefined ? {} : { editorToken: options.editorToken }),
    seed: options.seed,
    numRuns: options.numRuns,
    only,
    ...(options.profile === undefined ? {} : { profile: options.profile }),
    ...(options.app === undefined ? {} : { app: options.app }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  };
}

/** Runs the checks a fault selects through a proxy carrying the fault; the proxy is closed afterwards. */
export async function runAgainstFault(fault: Fault, options: FaultRunOptions): Promise<FaultRunResult> {
  const proxy = await startFaultProxy({ upstream: options.upstream, fault });
  const started = performance.now();
  try {
    const summary = await runChecks(runOptions(fault.target, proxy.url, faultSelectors(fault), options));
    const failing = summary.results.filter((r) => r.verdict === 'fail' || r.verdict === 'error');
    const breaks = fault.breaks.toUpperCase();
    return {
      fault,
      detected: failing.length > 0,
      onTarget: failing.some((r) => r.requirements.some((id) => id.toUpperCase() === breaks)),
      failedChecks: failing.map((r) => r.id),
      ran: summary.results.length,
      durationMs: Math.round(performance.now() - started),
      failures: failing.map((r) => ({ id: r.id, verdict: r.verdict, message: (r.message ?? '').split('\n')[0]!.slice(0, 500) })),
      proxyProblems: [...proxy.problems],
    };
  } finally {
    await proxy.close();
  }
}

/** Runs checks through a proxy without a fault: all green when the proxy is transparent (and the target conforms). */
export async function runControl(selectors: string[], target: Target, options: FaultRunOptions): Promise<RunSummary> {
  const proxy = await startFaultProxy({ upstream: options.upstream });
  try {
    return await runChecks(runOptions(target, proxy.url, selectors, options));
  } finally {
    await proxy.close();
  }
}
