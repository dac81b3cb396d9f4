// Steps every route of the mock app shares: firing an injected failure, checking the account a
// synchronizer request carries, and error answers in the contract's `{message}` shape.
import type { Response } from 'express';
import type { MockContext } from '../context.js';
import { answerSharedFailure, type FailureTarget } from '../failures.js';
import type { FailureEndpoint, ScenarioFailure } from '../scenario-types.js';

export type GateResult = { answered: true } | { answered: false; failure?: ScenarioFailure };

/**
 * Fires the failure that hits this request, if any: answers it (`answered: true`), or, for
 * `slow`, waits; a data-only kind is handed back to the data route.
 */
export async function gate(context: MockContext, endpoint: FailureEndpoint, res: Response, target: FailureTarget = {}): Promise<GateResult> {
  const failure = context.failures.take(endpoint, target);
  if (!failure) return { answered: false };
  context.log(`mock app: failure ${failure.kind} on ${endpoint}`);
  if (await answerSharedFailure(failure, res, context.delay)) return { answered: true };
  return failure.kind === 'slow' ? { answered: false } : { answered: false, failure };
}

/** An error answer `{message}` (validated against the contract like any answer). */
export function sendError(res: Response, status: number, message: string): void {
  res.status(status).json({ message });
}

/** Whether the request's account is accepted; answers 401 `{message}` when it is not. */
export function accountAccepted(context: MockContext, account: Record<string, unknown> | undefined, res: Response): boolean {
  const check = context.accounts.check(account);
  if (check.ok) return true;
  sendError(res, 401, check.message);
  return false;
}
