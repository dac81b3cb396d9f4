import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { lastResponse } from './integration.js';
import { EDGES, expectRefusedSource, withSchemaAccount, type RefusedCase } from './schema-refused-cases.js';

/** A problem of a whole type, and one of a field whose id the rest of the message has no reason to hold. */
const CASES: readonly RefusedCase[] = EDGES.filter((c) => c.expect !== 'contract' && (c.expect.field === undefined || c.expect.field === 'amount'));

/** `word` stands in `text` as a word of its own (not inside another word). */
function namesWord(text: string, word: string): boolean {
  return new RegExp(`(^|[^\\w])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w])`).test(text);
}

export default defineCheck({
  id: 'sync.schema-refused-message',
  name: 'The error refusing a malformed app schema says where the problem is: its message names the type, and the field when one is at fault (adding a source of the types, answered 422)',
  level: 'SHOULD',
  area: 'mapping',
  requirements: ['MAP-060'],
  target: 'server',
  async run(ctx) {
    if (CASES.length !== 2) throw new Error(`schema-refused-message expects a type case and a field case among the edges, found ${CASES.length}`);
    await withSchemaAccount(ctx, async (account, state, leftovers) => {
      for (const c of CASES) {
        const error = await expectRefusedSource(ctx, account, state, leftovers, c, ['thing', 'group'], 'MAP-060');
        if (c.expect === 'contract') continue;
        const missing = [c.expect.type, ...(c.expect.field === undefined ? [] : [c.expect.field])].filter((word) => !namesWord(error.message, word));
        if (missing.length > 0) {
          fail(
            `MAP-060: adding a source while the app answers the schema with ${c.why} was refused with the message ${JSON.stringify(error.message)}, which does not name ${missing.map((m) => `"${m}"`).join(' and ')} ` +
              `(the message names the type${c.expect.field === undefined ? '' : ' and the field'} at fault)`,
            lastResponse(ctx),
          );
        }
      }
    });
  },
});
