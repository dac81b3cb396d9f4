import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { lastResponse } from './integration.js';
import { EDGES, expectRefusedSource, withSchemaAccount, type RefusedCase } from './schema-refused-cases.js';

/**
 * Where: a problem of a whole type, and one of a field whose id the rest of the message has no
 * reason to hold (their names must stand in the message). What: every case that says which key is
 * at fault (one of its words must stand in the message).
 */
const WHERE = new Set(EDGES.filter((c) => c.expect !== 'contract' && (c.expect.field === undefined || c.expect.field === 'amount')));
const CASES: readonly RefusedCase[] = EDGES.filter((c) => WHERE.has(c) || c.says !== undefined);

/** `word` stands in `text` as a word of its own (not inside another word). */
function namesWord(text: string, word: string): boolean {
  return new RegExp(`(^|[^\\w])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w])`).test(text);
}

export default defineCheck({
  id: 'sync.schema-refused-message',
  name:
    'The error refusing a malformed app schema says where the problem is and what it is: its message names the type, the field when one is at fault, and the key at fault ' +
    '(format, field id, row key, subType, relation, targetType, targetFieldId, __syncAction, title) (adding a source of the types, answered 422)',
  level: 'SHOULD',
  area: 'mapping',
  requirements: ['MAP-060'],
  target: 'server',
  async run(ctx) {
    if (WHERE.size !== 2) throw new Error(`schema-refused-message expects a type case and a field case among the edges, found ${WHERE.size}`);
    await withSchemaAccount(ctx, async (account, state, leftovers) => {
      for (const c of CASES) {
        const error = await expectRefusedSource(ctx, account, state, leftovers, c, ['thing', 'group'], 'MAP-060');
        if (c.expect === 'contract') continue;
        const missing = !WHERE.has(c) ? [] : [c.expect.type, ...(c.expect.field === undefined ? [] : [c.expect.field])].filter((word) => !namesWord(error.message, word));
        if (missing.length > 0) {
          fail(
            `MAP-060: adding a source while the app answers the schema with ${c.why} was refused with the message ${JSON.stringify(error.message)}, which does not name ${missing.map((m) => `"${m}"`).join(' and ')} ` +
              `(the message names the type${c.expect.field === undefined ? '' : ' and the field'} at fault)`,
            lastResponse(ctx),
          );
        }
        if (c.says !== undefined && !c.says.some((word) => error.message.includes(word))) {
          fail(`MAP-060: adding a source while the app answers the schema with ${c.why} was refused with the message ${JSON.stringify(error.message)}, which does not say what is wrong (expected it to mention ${c.says.map((w) => `"${w}"`).join(' or ')})`, lastResponse(ctx));
        }
      }
    });
  },
});
