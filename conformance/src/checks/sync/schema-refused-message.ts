import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { lastResponse } from './integration.js';
import { EDGES, expectRefusedSource, MORE, withSchemaAccount, type RefusedCase } from './schema-refused-cases.js';

/** `word` stands in `text` as a word of its own (not inside another word). */
function namesWord(text: string, word: string): boolean {
  return new RegExp(`(^|[^\\w])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w])`).test(text);
}

/**
 * What the message of the refusal of `c` must name: the type, the field at fault (an empty field
 * id has no word to look for: `says` covers it), and every field of a rule broken by several
 * together (two keys, two titles).
 */
function namesOf(c: RefusedCase): string[] {
  if (c.expect === 'contract') return [];
  const fields = [...(c.expect.field === undefined ? [] : [c.expect.field]), ...(c.involves ?? [])];
  return [c.expect.type, ...new Set(fields.filter((f) => f !== ''))];
}

export default defineCheck({
  id: 'sync.schema-refused-message',
  name:
    'The error refusing a malformed app schema says where the problem is and what it is: its message names the type, the field when one is at fault (every field when a rule is broken by several together: two keys, two titles), ' +
    'and the key at fault (format, field id, row key, subType, relation, targetType, targetFieldId, __syncAction, title) (adding a source of the types, answered 422)',
  level: 'SHOULD',
  area: 'mapping',
  requirements: ['MAP-060'],
  target: 'server',
  async run(ctx) {
    const cases = (ctx.profile === 'quick' ? EDGES : [...EDGES, ...MORE]).filter((c) => c.expect !== 'contract');
    await withSchemaAccount(ctx, async (account, state, leftovers) => {
      for (const c of cases) {
        const error = await expectRefusedSource(ctx, account, state, leftovers, c, ['thing', 'group'], 'MAP-060');
        const what = `MAP-060: adding a source while the app answers the schema with ${c.why} was refused with the message ${JSON.stringify(error.message)}`;
        if (error.message.trim() === '') fail(`${what}, which is empty: it must say which type and field are at fault and what is wrong`, lastResponse(ctx));
        const missing = namesOf(c).filter((word) => !namesWord(error.message, word));
        if (missing.length > 0) {
          const at = c.involves !== undefined ? 'the type and every field at fault' : namesOf(c).length > 1 ? 'the type and the field at fault' : 'the type at fault';
          fail(`${what}, which does not name ${missing.map((m) => `"${m}"`).join(' and ')} (the message names ${at})`, lastResponse(ctx));
        }
        if (c.says !== undefined && !c.says.some((word) => error.message.includes(word))) {
          fail(`${what}, which does not say what is wrong (expected it to mention ${c.says.map((w) => `"${w}"`).join(' or ')})`, lastResponse(ctx));
        }
      }
    });
  },
});
