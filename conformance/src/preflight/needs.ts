/**
 * What a server check needs of its set-up beyond the base URL and the token: the suite's webhook
 * receiver (conformance/src/receiver.ts, on 127.0.0.1) reachable from the server, or the server
 * allowed to call integration apps on loopback (the sync checks run the mock app on 127.0.0.1).
 * The preflight probes only what the selected checks need. conformance/test/preflight-needs.test.ts
 * keeps these lists in step with the check sources (a check that starts a receiver or adds a
 * webhook to one is listed).
 */
import type { Check } from '../check.js';
import { syncChecks } from '../checks/sync/index.js';
import { webhooksChecks } from '../checks/webhooks/index.js';

export type Need = 'receiver' | 'app-callbacks';

/** Webhook checks that only send refused URLs: no receiver involved. */
const WEBHOOK_CHECKS_WITHOUT_RECEIVER: ReadonlySet<string> = new Set(['webhooks.add-refused', 'webhooks.refused-ranges']);

/** Checks of other areas that add webhooks pointing at the suite's receiver. */
const OTHER_RECEIVER_CHECKS: ReadonlySet<string> = new Set(['auth.webhooks-need-architect', 'consistency.cross-surface', 'graphql.mutation-cross-surface', 'graphql.mutation-relation-effects', 'sync.links-resync', 'sync.webhook-correlation']);

const RECEIVER_CHECKS: ReadonlySet<string> = new Set([...webhooksChecks.map((c) => c.id).filter((id) => !WEBHOOK_CHECKS_WITHOUT_RECEIVER.has(id)), ...OTHER_RECEIVER_CHECKS]);

/** Every sync check starts the mock integration app on 127.0.0.1 and has the server call it. */
const APP_CALLBACK_CHECKS: ReadonlySet<string> = new Set(syncChecks.map((c) => c.id));

export function needsOf(check: Pick<Check, 'id' | 'target'>): Need[] {
  if (check.target !== 'server') return [];
  const needs: Need[] = [];
  if (RECEIVER_CHECKS.has(check.id)) needs.push('receiver');
  if (APP_CALLBACK_CHECKS.has(check.id)) needs.push('app-callbacks');
  return needs;
}

/** The checks of a selection that need `need`. */
export function checksNeeding(checks: readonly Check[], need: Need): Check[] {
  return checks.filter((c) => needsOf(c).includes(need));
}

/**
 * A short `--skip` value that leaves these checks out of a run of `selected`: an area when (nearly)
 * all of it is among them, at most 2 of its selected checks not (they would be left out too, e.g.
 * the two webhook checks that only send refused URLs), else the check IDs.
 */
export function skipValue(leftOut: readonly Check[], selected: readonly Check[]): string {
  const ids = new Set(leftOut.map((c) => c.id));
  const parts: string[] = [];
  for (const area of [...new Set(leftOut.map((c) => c.area))]) {
    const ofArea = [...new Set(selected.filter((c) => c.area === area).map((c) => c.id))].map((id) => ({ id }));
    const others = ofArea.filter((c) => !ids.has(c.id)).length;
    const left = ofArea.length - others;
    if (ofArea.length > 0 && others <= 2 && left >= 5 * others) parts.push(area);
    else parts.push(...leftOut.filter((c) => c.area === area).map((c) => c.id));
  }
  return parts.join(',');
}
