import { expectCommandError, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import type { TestNames } from '../../model/schema.js';
import { withTestWorkspace, type Command } from '../../workspace.js';

/** A slip in a key or a command name, and the known name the error message should offer. */
const SLIPS: Array<{ what: string; command: (n: TestNames) => unknown; near: string }> = [
  { what: 'q/limt for q/limit', command: (n) => ({ command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': ['svc/id'], 'q/limt': 5 } } }), near: 'q/limit' },
  { what: 'q/selct for q/select', command: (n) => ({ command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/selct': ['svc/id'], 'q/limit': 5 } } }), near: 'q/select' },
  { what: 'entty for entity', command: (n) => ({ command: 'svc.entity/create', args: { type: n.items, entty: { [n.title]: 'x' } } }), near: 'entity' },
  { what: 'entty inside a batch', command: (n) => ({ command: 'svc.command/batch', args: { commands: [{ command: 'svc.entity/create', args: { type: n.items, entty: {} } }] } }), near: 'entity' },
  { what: 'svc.entity/qery for svc.entity/query', command: () => ({ command: 'svc.entity/qery', args: {} }), near: 'svc.entity/query' },
];

export default defineCheck({
  id: 'command.did-you-mean',
  name: 'A command with a slip in a key or its name (q/limt, q/selct, entty, also inside a batch, svc.entity/qery) is refused with a message that offers the known name it is near',
  level: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-ERR-012'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      for (const slip of SLIPS) {
        const res = await ctx.http.command(slip.command(n) as Command);
        const error = expectCommandError(res, `a command with ${slip.what}`);
        if (!error.message.includes(`"${slip.near}"`) && !error.message.includes(slip.near)) fail(`a command with ${slip.what}: the message does not offer "${slip.near}": ${error.message}`, res);
      }
    });
  },
});
