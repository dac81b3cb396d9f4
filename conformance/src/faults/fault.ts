/**
 * The fault model of the fault-injecting proxy (proxy.ts): one fault breaks one requirement of a
 * server or of an integration app by changing what goes through the proxy placed in front of it.
 * The target itself is never switched into a faulty mode; the faults live here, in conformance/.
 */
import type { Target } from '../check.js';

/** A request as the proxy holds it: body buffered (bounded), JSON parsed when it is JSON. */
export interface ProxiedRequest {
  method: string;
  /** Path and query string, e.g. `/api/commands` or `/api/webhooks/v2?x=1`. */
  path: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: Buffer;
  /** The parsed body when it is JSON, otherwise undefined. Faults change `json`; the proxy re-serializes it. */
  json?: unknown;
  /**
   * The absolute address the proxy forwards the request to (set by the proxy; for an outbound call,
   * the original address the target was given). A fault may change it, or send a copy there itself.
   */
  url?: string;
}

/** An answer as the proxy holds it. */
export interface ProxiedResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: Buffer;
  json?: unknown;
}

/**
 * Where a hook applies:
 * - `inbound`: requests the suite sends to the target, and the target's answers;
 * - `outbound`: calls the target makes to an address the suite gave it in a request body (webhook
 *   deliveries to the suite's receiver, the reference server's calls to an integration app), which
 *   the proxy relays through itself, and the answers to them.
 */
export type Direction = 'inbound' | 'outbound';

/** Memory a fault keeps across the exchanges of one run (e.g. to let a first attempt through and swallow the retry). */
export type FaultState = Map<string, unknown>;

export interface FaultHooks {
  /** Changes (or replaces) a request before it is forwarded. Return nothing to forward it as changed in place. */
  request?(req: ProxiedRequest, state: FaultState): ProxiedRequest | void | Promise<ProxiedRequest | void>;
  /**
   * Answers the request itself instead of forwarding it (called after `request`); return nothing to
   * forward it. E.g. swallow a retry, or hold a delivery back to send it later. The answer given
   * here is returned as it is (`response` is not called on it).
   */
  reply?(req: ProxiedRequest, state: FaultState): ProxiedResponse | void | Promise<ProxiedResponse | void>;
  /** Changes (or replaces) the answer before it is returned. */
  response?(res: ProxiedResponse, req: ProxiedRequest, state: FaultState): ProxiedResponse | void | Promise<ProxiedResponse | void>;
}

export interface Fault {
  /** Lowercase dotted ID, e.g. `server.page-drop-last`, `app.validate-accepts-bad-token`. */
  id: string;
  /** What the proxy stands in front of: the service (`server`) or an integration app (`app`). */
  target: Target;
  /** Area of the broken requirement (spec/requirements.yaml `area`). */
  area: string;
  /** The requirement ID the fault breaks. */
  breaks: string;
  /** What the fault does, as a sentence: "drops the last Entity of every page of a top-level query". */
  description: string;
  /**
   * The checks run against this fault (selectors as `--only` takes them: check IDs, requirement IDs,
   * areas). Default: the fault's area and the requirement it breaks.
   */
  select?: string[];
  inbound?: FaultHooks;
  outbound?: FaultHooks;
}

/** Identity helper that keeps fault modules typed and uniform. */
/** The path of a request without its query string. */
export function pathOf(req: ProxiedRequest): string {
  const at = req.path.indexOf('?');
  return at === -1 ? req.path : req.path.slice(0, at);
}

export function defineFault(fault: Fault): Fault {
  return fault;
}
