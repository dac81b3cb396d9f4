/**
 * Runs a fast-check async property with the run's seed and numRuns. On failure
 * it throws a CheckFailure carrying the shrunk counterexample, the seed and
 * path that replay it, and the curl line of the exchange that failed.
 */
import fc from 'fast-check';
import { CheckFailure, isCheckFailure, type CheckContext } from './check.js';
import { toCurl } from './curl.js';

export interface PropertyOptions<T> {
  /** Overrides the context's numRuns (e.g. for an expensive property). */
  numRuns?: number;
  /** Inputs always tried first (fast-check `examples`), in addition to the random runs. */
  examples?: T[];
}

/** The failure of one property run, wrapped so the curl of that run survives shrinking. */
class RunFailure extends Error {
  readonly original: unknown;
  readonly curl: string | undefined;

  constructor(cause: unknown, curl: string | undefined) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'RunFailure';
    this.original = cause;
    this.curl = curl;
  }
}

/** Pretty JSON when the value is JSON-representable, fast-check's rendering otherwise. */
export function prettyValue(value: unknown): string {
  try {
    const json = JSON.stringify(value, null, 2);
    if (json !== undefined && fc.stringify(JSON.parse(json)) === fc.stringify(value)) return json;
  } catch {
    // fall through: not JSON-representable (undefined, -0, bigint, cycles, ...)
  }
  return fc.stringify(value);
}

/**
 * Checks `predicate` for values of `arbitrary`. The predicate throws (usually
 * through the assertions of assert.ts) when a value shows a fault.
 */
export async function checkProperty<T>(
  ctx: CheckContext,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  options: PropertyOptions<T> = {},
): Promise<void> {
  const property = fc.asyncProperty(arbitrary, async (value) => {
    const before = ctx.http.exchanges.length;
    try {
      await predicate(value);
    } catch (error) {
      const own = isCheckFailure(error) ? error.details.curl : undefined;
      const last = ctx.http.exchanges.slice(before).at(-1);
      throw new RunFailure(error, own ?? (last ? toCurl(last.request) : undefined));
    }
  });

  // fast-check counts `examples` in numRuns: they come on top of the random runs here.
  const parameters: fc.Parameters<[T]> = {
    seed: ctx.fastCheck.seed,
    numRuns: (options.numRuns ?? ctx.fastCheck.numRuns) + (options.examples?.length ?? 0),
  };
  if (ctx.fastCheck.path !== undefined) parameters.path = ctx.fastCheck.path;
  // Runs and shrinking stop at the check's deadline; a failure found by then is still reported.
  const left = ctx.deadline - Date.now();
  if (Number.isFinite(left)) parameters.interruptAfterTimeLimit = Math.max(1, left);
  if (options.examples) parameters.examples = options.examples.map((example): [T] => [example]);

  const details = await fc.check(property, parameters);
  if (!details.failed && details.interrupted) {
    throw new CheckFailure(`the check's time limit ran out after ${details.numRuns} of ${parameters.numRuns ?? ''} property run(s), none failing so far`, { seed: details.seed });
  }
  if (!details.failed) return;
  if (details.counterexample === null) {
    throw new CheckFailure(
      `property gave up after ${details.numSkips} skipped values`,
      { seed: details.seed },
    );
  }

  const error = details.errorInstance;
  const cause = error instanceof RunFailure ? error.original : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  const curl = error instanceof RunFailure ? error.curl : undefined;
  ctx.log(`property failed: seed ${details.seed}, path ${details.counterexamplePath}, ${details.numShrinks} shrinks`);
  throw new CheckFailure(
    `property falsified after ${details.numRuns} run(s), shrunk ${details.numShrinks} time(s)${details.interrupted ? " (shrinking cut short by the check's time limit)" : ''}: ${message}`,
    {
      counterexample: prettyValue(details.counterexample[0]),
      ...(curl === undefined ? {} : { curl }),
      seed: details.seed,
      path: details.counterexamplePath,
    },
  );
}
