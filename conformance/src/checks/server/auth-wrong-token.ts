import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { expectUnauthorized } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { PROTECTED_ENDPOINTS } from '../../fixtures.js';
import { checkProperty } from '../../property.js';

interface WrongAuth {
  endpoint: string;
  authorization: string;
}

/** Printable ASCII without leading/trailing blanks (fetch trims header values). */
const credential = fc.string({ minLength: 1, maxLength: 40 }).map((s) => s.trim()).filter((s) => s !== '');

export default defineCheck({
  id: 'auth.wrong-token',
  name: 'Requests with a wrong token or scheme are refused with 401 and a JSON error body named auth.error/unauthorized',
  level: 'MUST',
  area: 'auth',
  requirements: ['AUTH-001'],
  target: 'server',
  async run(ctx) {
    const labels = PROTECTED_ENDPOINTS.map((e) => e.label);
    // Lenient on purpose: anything whose last word is the real token is not generated.
    const isWrong = (value: string): boolean => value.trim().split(/\s+/).at(-1) !== ctx.token;
    const authorization = fc
      .oneof(
        credential.map((c) => `Token ${c}`),
        credential.map((c) => `Bearer ${c}`),
        fc.tuple(fc.constantFrom('Basic', 'token', 'Digest', 'Tok3n'), credential).map(([scheme, c]) => `${scheme} ${c}`),
        fc.constantFrom('Token', 'Bearer', `Token ${ctx.token}x`, `Token x${ctx.token}`),
      )
      .filter(isWrong);
    const first = labels[0] ?? '';
    const examples: WrongAuth[] = [
      { endpoint: first, authorization: `Token ${ctx.token}x` },
      { endpoint: first, authorization: `Token ${randomUUID()}` },
      { endpoint: first, authorization: 'Basic dXNlcjpwYXNzd29yZA==' },
      { endpoint: first, authorization: 'Token' },
    ];
    if (ctx.token.length > 1) examples.push({ endpoint: first, authorization: `Token ${ctx.token.slice(0, -1)}` });

    await checkProperty(
      ctx,
      fc.record({ endpoint: fc.constantFrom(...labels), authorization }),
      async ({ endpoint: label, authorization: value }) => {
        const endpoint = PROTECTED_ENDPOINTS.find((e) => e.label === label);
        if (!endpoint) throw new Error(`unknown endpoint ${label}`);
        const res = await ctx.http.request({ ...endpoint.request, auth: { header: value } });
        expectUnauthorized(res, endpoint.envelope, `${endpoint.label} with Authorization ${JSON.stringify(value)}`);
      },
      { examples: examples.filter((e) => isWrong(e.authorization)) },
    );
  },
});
