// Timing helpers of the benchmarks: a monotonic clock, percentiles, time-outs, formatting.

/** Milliseconds on a monotonic clock. */
export function now(): number {
  return performance.now();
}

/** Runs `fn` and answers its result with the milliseconds it took. */
export async function timed<T>(fn: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const start = now();
  const value = await fn();
  return { ms: now() - start, value };
}

/** The p-th percentile (0..100) of samples, nearest-rank; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export function min(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : Math.min(...values);
}

export function max(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : Math.max(...values);
}

/** Rejects with a message naming `what` when `promise` has not settled after `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([promise, limit]);
  } finally {
    clearTimeout(timer);
  }
}

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '-';
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 100) return `${ms.toFixed(0)} ms`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(2)} ms`;
}

export function formatRate(perSecond: number, unit: string): string {
  if (!Number.isFinite(perSecond)) return '-';
  const digits = perSecond >= 100 ? 0 : perSecond >= 10 ? 1 : 2;
  return `${perSecond.toFixed(digits)} ${unit}`;
}

export function formatRatio(ratio: number): string {
  return Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : '-';
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** A spread of repeated measurements as "+x%" of the smallest. */
export function spread(values: readonly number[]): string {
  const lo = min(values);
  const hi = max(values);
  if (!Number.isFinite(lo) || lo <= 0 || values.length < 2) return '-';
  return `${(((hi - lo) / lo) * 100).toFixed(0)}%`;
}
