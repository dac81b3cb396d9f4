/**
 * What the OAuth checks share: the user's part of the flow (following the address the server
 * answered to the external system's authorization page, which approves at once and sends the
 * browser back to the server's callback), the scenario of an OAuth app, and proving the new
 * account works by synchronizing with it.
 */
import { fail } from '../../assert.js';
import type { CheckContext } from '../../check.js';
import { expectKeys } from './expect-entities.js';
import { addTestSource, integrationOf, type Leftovers } from './integration.js';
import type { IntegrationAccount } from './admin.js';
import type { MockApp, Scenario } from './mock.js';
import { buildScenario, keyAndName } from './scenarios.js';

const FOLLOW_TIMEOUT_MS = 10_000;

/** A one-type app whose only account type is `oauth` or `oauth2`. */
export function oauthScenario(accountType: 'oauth' | 'oauth2', accountName: string): Scenario {
  return buildScenario({
    description: `An app with OAuth ${accountType === 'oauth' ? 1 : 2} accounts.`,
    types: [{ id: 'thing', name: 'Things' }],
    schema: { thing: keyAndName() },
    rows: { thing: [{ id: 't1', name: 'Thing 1' }] },
    extra: { accountTypes: [{ id: accountType, name: `OAuth ${accountType === 'oauth' ? 1 : 2}`, description: 'Sign in with the external system.', oauth: { accountName } }] },
  });
}

/** Opens the authorization address as a browser would and answers where it sends the user (the Location of its redirect). */
export async function authorizeAsUser(redirectUri: string, what: string): Promise<URL> {
  let response: Response;
  try {
    response = await fetch(redirectUri, { redirect: 'manual', signal: AbortSignal.timeout(FOLLOW_TIMEOUT_MS) });
  } catch (error) {
    fail(`${what}: opening the authorization address ${redirectUri} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const location = response.headers.get('location');
  await response.body?.cancel();
  if (response.status < 300 || response.status > 399 || location === null) {
    fail(`${what}: the authorization page ${redirectUri} answered ${response.status} without sending the user back (is the redirectUri the one the app answered?)`);
  }
  return new URL(location, redirectUri);
}

/** A source of the new account's type `thing`, synchronized once: the account's tokens work. */
export async function expectAccountWorks(ctx: CheckContext, app: MockApp, leftovers: Leftovers, account: IntegrationAccount, what: string): Promise<void> {
  const source = await addTestSource(ctx, leftovers, { accountId: account.id, types: ['thing'] });
  const it = integrationOf(ctx, app, account, source, () => Promise.reject(new Error('not used')));
  await it.sync(`${what}: a sync with the account set up through OAuth`);
  expectKeys(await it.byKey('thing'), ['t1'], `${what}: the account set up through OAuth synchronizes`);
}
