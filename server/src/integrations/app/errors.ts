// The error of a call to an integration app: the app answered an error status, garbage, an answer
// that breaks the app contract, too much, too late or not at all. It is a Failure (422
// `integration.error/app-failed`, or a more specific name given by the caller) whose data names the
// app endpoint (`operation`) and, when the app answered, its HTTP status (`appStatus`).
import { Failure } from '../../api/failure.js';
import type { ErrorName } from '../../api/spec-types.js';

/** Longest part of an app's own message kept in an error (apps may send whole pages). */
const MAX_APP_MESSAGE = 1_000;

export interface AppCallErrorInit {
  operation: string;
  message: string;
  appStatus?: number;
  /** The app's own `message` (or `error`), when it sent one. */
  appMessage?: string;
  /** The app answered `{tryLater: true}`: the failure may pass later (APP-ERR-004/005). */
  tryLater?: boolean;
  name?: ErrorName;
  /** Extra data of the error (`field`, `url`). */
  data?: Record<string, unknown>;
}

export class AppCallError extends Failure {
  readonly operation: string;
  readonly appStatus?: number;
  readonly appMessage?: string;
  readonly tryLater: boolean;

  constructor(init: AppCallErrorInit) {
    super(
      init.name ?? 'integration.error/app-failed',
      init.message,
      { ...init.data, operation: init.operation, ...(init.appStatus === undefined ? {} : { appStatus: init.appStatus }) },
      422,
    );
    this.operation = init.operation;
    this.appStatus = init.appStatus;
    this.appMessage = init.appMessage;
    this.tryLater = init.tryLater ?? false;
  }
}

/** What an app's error body says: `{message}`, or `{error}` as some apps send (APP-ERR-008), and `tryLater`. */
export function readErrorBody(body: Buffer): { message?: string; tryLater: boolean } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return { tryLater: false };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { tryLater: false };
  const record = parsed as Record<string, unknown>;
  // `{error: {message}}` is seen too.
  const nested = typeof record['error'] === 'object' && record['error'] !== null ? (record['error'] as Record<string, unknown>)['message'] : undefined;
  const text = [record['message'], record['error'], nested].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  return { message: text === undefined ? undefined : clip(text.trim()), tryLater: record['tryLater'] === true };
}

export function clip(text: string, max = MAX_APP_MESSAGE): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
