/**
 * The check model: one conformance check is one verifiable statement about a
 * server or an integration app, with an ID, a level and the requirement IDs of
 * spec/requirements.yaml that it covers.
 */
import type { CheckResult as ReportCheckResult, Level, Profile, Target } from '../../generated/conformance/report.js';
import type { HttpClient } from './http.js';

export type { Level, Target };

export const LEVELS: readonly Level[] = ['MUST', 'SHOULD', 'MAY'];

/** Fast-check settings shared by every property-based check of one run. */
export interface FastCheckSettings {
  seed: number;
  numRuns: number;
  /** Replay path of a previous failure (only meaningful with a single selected check). */
  path?: string;
}

/** What the app target needs beyond its address (`svc-conformance app`). */
export interface AppTargetOptions {
  /** Field values of one account type, e.g. `{token: 'good'}`; absent for an app without authentication. */
  account?: Record<string, unknown>;
  /** Account type id (an `authentication` entry); absent: the first entry whose fields match the account's keys. */
  accountType?: string;
  /** Filter values sent with the schema, data and webhook requests (for apps with required filters); default `{}`. */
  filter?: Record<string, unknown>;
  /** Run checks that may revoke the account in the external system (DELETE /api/v1/account). */
  destructive?: boolean;
  /** Most data pages read per type before the app is taken to page forever (default 10,000, as the reference server). */
  maxPages?: number;
  /** The type ids to synchronize and read (`--types`); absent: every type of the config. */
  types?: string[];
  /**
   * An event of the external system that the app's pre-process accepts (`--event FILE`): the headers
   * and the exact body it arrived with (a recorded delivery, signed by the external system). Absent:
   * the checks of accepted events are skipped.
   */
  event?: AppEvent;
}

export interface AppEvent {
  /** Request headers of the event (lower-case names), e.g. its signature header. */
  headers: Record<string, string>;
  /** The body, byte for byte as the external system sent it. */
  body: string;
}

/** A per-token request limit: `requests` per `seconds` (spec/service.openapi.yaml, "Shared load"). */
export interface RateLimit {
  requests: number;
  seconds: number;
}

export interface CheckContext {
  /** Base address of the target, without a trailing slash. */
  baseUrl: string;
  token: string;
  /**
   * A second token of the server target whose access level is below Architect (`--reader-token`), for
   * the checks of access levels; absent: those checks are skipped.
   */
  readerToken?: string;
  /** A token of the Editor level (`--editor-token`), for the checks of access levels; absent: its cases are left out. */
  editorToken?: string;
  /**
   * The target's per-token request limit (`--rate-limit N/S`): N requests per S seconds. Absent: the
   * check of the limit is skipped (a suite cannot know an arbitrary server's limit).
   */
  rateLimit?: RateLimit;
  /** Client bound to baseUrl and token; records every exchange of the current check. */
  http: HttpClient;
  fastCheck: FastCheckSettings;
  /** The run's profile: a check spends a quick run on its deterministic edge cases, not on random ones. */
  profile: Profile;
  /**
   * When the check must be done (epoch milliseconds): its own time limit or the run's, whichever
   * comes first. Requests past it fail at once and property runs stop shrinking; the runner fails a
   * check still running then.
   */
  deadline: number;
  log: (message: string) => void;
  /** App target only: the account to use and what may be done with it. */
  app?: AppTargetOptions;
}

export interface Check {
  /** Lowercase dotted ID, e.g. `auth.missing-token`. Distinct from requirement IDs. */
  id: string;
  /** What the check verifies, as a sentence fragment. */
  name: string;
  level: Level;
  /**
   * Set on a check of a feature beyond the contract's forms ("if supported, then correct"): the level
   * at which a target that lacks the feature is graded (it answers a named "unsupported" error, and
   * the check throws CheckUnsupported). A target that accepts the feature and answers wrongly fails
   * at `level`.
   */
  unsupported?: Exclude<Level, 'MUST'>;
  /** Spec area (spec/CONVENTIONS.md), e.g. `auth`, `command-api`. */
  area: string;
  /**
   * The lane the check runs in when it is not its area's (lanes.ts): set on a check that reads or
   * changes what another area's checks also hold for the whole workspace (e.g. `webhooks` for one
   * that asserts the webhook list did not change).
   */
  lane?: string;
  /** Requirement IDs from spec/requirements.yaml, e.g. `AUTH-001`. */
  requirements: string[];
  target: Target;
  /** `slow`: long even with few property runs (sync chains, hundreds of round trips); the quick profile leaves it out. */
  cost?: 'slow';
  run(ctx: CheckContext): Promise<void>;
}

export const CHECK_ID_PATTERN = /^[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+$/;
export const REQUIREMENT_ID_PATTERN = /^[A-Z]+(-[A-Z]+)?-\d{3}$/;

/** Identity helper that keeps check modules typed and uniform. */
export function defineCheck(check: Check): Check {
  return check;
}

/** What a failure carries besides its message (the report's fields of the same names). */
export type FailureDetails = Pick<ReportCheckResult, 'counterexample' | 'curl' | 'seed' | 'path'>;

/** Thrown by a check to report that the target does not conform. */
export class CheckFailure extends Error {
  readonly details: FailureDetails;

  constructor(message: string, details: FailureDetails = {}) {
    super(message);
    this.name = 'CheckFailure';
    this.details = details;
  }
}

export function isCheckFailure(value: unknown): value is CheckFailure {
  return value instanceof CheckFailure;
}

/**
 * Thrown by a check that does not apply to this target (an optional endpoint the app does not
 * implement, an account type it does not offer, ...): verdict `skip`, the message is the note.
 */
export class CheckSkipped extends Error {
  constructor(note: string) {
    super(note);
    this.name = 'CheckSkipped';
  }
}

export function isCheckSkipped(value: unknown): value is CheckSkipped {
  return value instanceof CheckSkipped;
}

/**
 * Thrown by a check when the target answered a named "unsupported" error for a feature the check
 * verifies (an unknown command, operator, format or route), after everything it does support was
 * found right: verdict `unsupported`, graded by the check's `unsupported` level.
 */
export class CheckUnsupported extends Error {
  constructor(readonly features: readonly string[], detail?: string) {
    super(`not supported by the target: ${features.join(', ')}${detail === undefined ? '' : ` (${detail})`}`);
    this.name = 'CheckUnsupported';
  }
}

export function isCheckUnsupported(value: unknown): value is CheckUnsupported {
  return value instanceof CheckUnsupported;
}
