/**
 * What the OAuth checks share: the callback address they pass (the service's OAuth callback
 * stands in), the states they generate, the account types the app lists, and a search for a
 * state in an address or a page however many times it was URL-encoded.
 */
import fc from 'fast-check';
import { CheckSkipped, type CheckContext } from '../../check.js';
import { readInformation } from './session.js';

export const CALLBACK_URI = 'https://svc-conformance.invalid/api/integrations/oauth/callback';

/** States as a service makes them: URL-safe random text. */
export const states: fc.Arbitrary<string> = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'),
  minLength: 8,
  maxLength: 48,
});

/** Skips the check unless GET / lists the account type `id` (`oauth` or `oauth2`). */
export async function requireOAuth(ctx: CheckContext, id: 'oauth' | 'oauth2'): Promise<void> {
  const { info } = await readInformation(ctx);
  if (!info.authentication.some((e) => e.id === id)) {
    throw new CheckSkipped(`the app lists no ${id} account type (OAuth ${id === 'oauth' ? '1' : '2'} endpoints are needed only then)`);
  }
}

/** The OAuth versions the app lists. */
export async function listedOAuth(ctx: CheckContext): Promise<Array<'oauth' | 'oauth2'>> {
  const { info } = await readInformation(ctx);
  return (['oauth', 'oauth2'] as const).filter((id) => info.authentication.some((e) => e.id === id));
}

/** `text` and its URL-decodings (up to three levels, as a callback nested in a redirect address is). */
function decodings(text: string): string[] {
  const out = [text];
  let current = text;
  for (let i = 0; i < 3; i += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current.replace(/\+/g, ' '));
    } catch {
      break;
    }
    if (next === current) break;
    out.push(next);
    current = next;
  }
  return out;
}

/** Does `text` carry `state=<state>` (a query parameter), at any level of URL-encoding? */
export function carriesState(text: string, state: string): boolean {
  const pattern = new RegExp(`[?&;]state=${state.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`);
  return decodings(text).some((t) => pattern.test(t.replace(/&amp;/g, '&')));
}
