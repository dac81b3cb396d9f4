// What the app target needs to run against the mock app with a scenario: the scenario's first
// valid account, and an event of its external system that its pre-process accepts (`--event`).
import { DEFAULT_SIGNATURE_HEADER, sign, type Scenario } from '../../mock-app/src/index.js';
import type { AppEvent, AppTargetOptions } from '../src/check.js';

/** The first valid account a scenario lists, with its account type (none for an app without authentication). */
export function scenarioAccount(scenario: Scenario): AppTargetOptions {
  const type = scenario.accountTypes.find((t) => (t.validAccounts ?? []).length > 0);
  const fields = type?.validAccounts?.[0]?.fields;
  return type === undefined || fields === undefined ? {} : { account: fields, accountType: type.id };
}

/**
 * A delivery of the scenario's external system that its pre-process accepts: the first event not
 * marked badSignature, its body with spacing of its own (so that only the bytes as given match the
 * signature), signed with the webhook secret; undefined when the scenario has no such event (then
 * the checks of accepted events skip).
 */
export function scenarioEvent(scenario: Scenario): AppEvent | undefined {
  const webhooks = scenario.webhooks;
  const event = (scenario.events ?? []).find((e) => e.badSignature !== true);
  if (webhooks?.enabled !== true || event === undefined) return undefined;
  const body = JSON.stringify(event.body, null, 1);
  const headers: Record<string, string> = { 'content-type': 'application/json', ...event.headers };
  headers[webhooks.signatureHeader ?? DEFAULT_SIGNATURE_HEADER] = sign(webhooks.secret, body);
  return { headers, body };
}
