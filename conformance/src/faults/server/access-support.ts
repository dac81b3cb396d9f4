/**
 * What the access-level faults share: the Architect's token, learned from the first successful
 * `svc.schema/batch` that passes (only an Architect may run one), the level a refusal names as
 * held, and a request sent again with the Architect's token (a server that judges a request by
 * the wrong level runs it with rights the token does not have).
 */
import type { FaultState, ProxiedRequest, ProxiedResponse } from '../fault.js';
import { commandOf, endToEndHeaders, isRecord, jsonAnswer, successOf } from './support.js';

const ARCHITECT = 'architect-authorization';

/** Remembers the Authorization header of a request whose svc.schema/batch succeeded. */
export function learnArchitect(req: ProxiedRequest, res: ProxiedResponse, state: FaultState): void {
  if (commandOf(req, 'svc.schema/batch') && successOf(res) && req.headers['authorization']) state.set(ARCHITECT, req.headers['authorization']);
}

/** The `data.held` of an `auth.error/forbidden` answer (a command result or a plain 403), if it is one. */
export function heldOf(error: unknown): string | undefined {
  if (!isRecord(error)) return undefined;
  const inner = isRecord(error['result']) && error['success'] === false ? error['result'] : error;
  if (inner['name'] !== 'auth.error/forbidden' || !isRecord(inner['data'])) return undefined;
  const held = inner['data']['held'];
  return typeof held === 'string' ? held : undefined;
}

/** The request sent again with the Architect's token (undefined when no Architect was seen yet). */
export async function asArchitect(req: ProxiedRequest, state: FaultState): Promise<ProxiedResponse | undefined> {
  const authorization = state.get(ARCHITECT);
  if (typeof authorization !== 'string' || req.url === undefined) return undefined;
  const headers = { ...endToEndHeaders(req.headers), authorization };
  const res = await fetch(req.url, { method: req.method, headers, ...(req.body.length > 0 ? { body: new Uint8Array(req.body) } : {}), signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  try {
    return jsonAnswer(res.status, JSON.parse(text) as unknown);
  } catch {
    return { status: res.status, headers: { 'content-type': res.headers.get('content-type') ?? 'text/plain' }, body: Buffer.from(text, 'utf8') };
  }
}
