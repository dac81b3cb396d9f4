import { expectCommandError, expectNamesField, expectStatus } from '../../assert.js';
import { defineCheck } from '../../check.js';

const BODIES: readonly unknown[] = [
  { command: 'svc.schema/query', args: [] },
  { command: 'svc.entity/query', args: [{ query: { 'q/from': 'svc/user', 'q/select': ['svc/id'], 'q/limit': 1 } }] },
  { command: 'svc.schema/query', args: 'svc/user' },
  { command: 'svc.schema/query', args: 7 },
];

export default defineCheck({
  id: 'envelope.args-must-be-object',
  name: 'args that is not an object is refused with 400 and an error envelope naming args',
  level: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-ENV-005', 'CMD-ENV-002', 'CMD-ERR-001'],
  target: 'server',
  async run(ctx) {
    for (const body of BODIES) {
      const res = await ctx.http.command(body);
      const what = `command with args ${JSON.stringify((body as { args: unknown }).args)}`;
      expectStatus(res, 400, what);
      const error = expectCommandError(res, what);
      expectNamesField(res, error, 'args', what);
    }
  },
});
