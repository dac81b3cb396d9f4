import { expectCommandError, expectNamesField, expectStatus } from '../../assert.js';
import { defineCheck } from '../../check.js';

/** JSON bodies that are no command; `field` is named by the error when given. */
const CASES: ReadonlyArray<{ body: unknown; field?: string }> = [
  { body: {}, field: 'command' },
  { body: { command: 5 }, field: 'command' },
  { body: { args: {} }, field: 'command' },
  { body: { command: null, args: {} }, field: 'command' },
  { body: 42 },
  { body: 'svc.schema/query' },
  { body: null },
  { body: true },
];

export default defineCheck({
  id: 'envelope.not-a-command',
  name: 'A JSON body that is not a command is refused with 400 and an error envelope naming the field',
  level: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-ENV-001', 'CMD-ENV-002', 'CMD-ERR-001'],
  target: 'server',
  async run(ctx) {
    for (const { body, field } of CASES) {
      const res = await ctx.http.command(body);
      const what = `body ${JSON.stringify(body)}`;
      expectStatus(res, 400, what);
      const error = expectCommandError(res, what);
      if (field !== undefined) expectNamesField(res, error, field, what);
    }
  },
});
