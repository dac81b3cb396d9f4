/**
 * POST /validate refuses accounts that cannot be valid (the fields of the run's account type,
 * each with a random value) with 401 `{message}`: a property over the random values. Skipped for
 * an account type without fields (nothing can be wrong with it).
 */
import fc from 'fast-check';
import { expectStatus } from '../../assert.js';
import { CheckSkipped, defineCheck } from '../../check.js';
import { checkProperty } from '../../property.js';
import { appPost } from './client.js';
import { expectErrorBody } from './errors.js';
import { PATHS, startSession } from './session.js';

const RUNS = 10;

export default defineCheck({
  id: 'app.validate-invalid-account',
  name: 'POST /validate with an account whose fields hold random values answers 401 {message}',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-ERR-001'],
  target: 'app',
  async run(ctx) {
    const session = await startSession(ctx);
    const fields = new Map<string, string>();
    for (const field of session.entry.fields ?? []) fields.set(field.id, field.type);
    for (const key of Object.keys(session.account)) if (!fields.has(key)) fields.set(key, 'text');
    if (fields.size === 0) throw new CheckSkipped(`account type ${session.entry.id} has no fields: no account of it can be invalid`);

    const given = JSON.stringify(session.account);
    const value = (type: string): fc.Arbitrary<string | number> =>
      type === 'number' ? fc.integer({ min: 1_000_000, max: 2_000_000_000 }) : fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 12, maxLength: 32 }).map((s) => `invalid-${s}`);
    const accounts = fc.record(Object.fromEntries([...fields].map(([id, type]) => [id, value(type)]))).filter((a) => JSON.stringify(a) !== given);

    await checkProperty(
      ctx,
      accounts,
      async (account) => {
        const what = `validating an account of type ${session.entry.id} with random field values`;
        const res = await appPost(ctx, PATHS.validate, { id: session.entry.id, fields: account });
        expectStatus(res, 401, what);
        expectErrorBody(res, what);
      },
      { numRuns: Math.min(ctx.fastCheck.numRuns, RUNS) },
    );
  },
});
