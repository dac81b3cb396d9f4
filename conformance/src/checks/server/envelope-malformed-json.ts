import { expectCommandError, expectErrorName, expectStatus } from '../../assert.js';
import { defineCheck } from '../../check.js';

const BODIES: readonly string[] = [
  '{"command": "svc.schema/query"',
  '{"command": "svc.schema/query",}',
  "{'command': 'svc.schema/query'}",
  '[{"command": "svc.schema/query"},]',
  'svc.schema/query',
];

export default defineCheck({
  id: 'envelope.malformed-json',
  name: 'A body that is not valid JSON is refused with 400 and the error envelope request.error/malformed-json',
  level: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-ENV-001', 'CMD-ERR-001', 'HTTP-003'],
  target: 'server',
  async run(ctx) {
    for (const body of BODIES) {
      const res = await ctx.http.request({ method: 'POST', path: '/api/commands', headers: { 'Content-Type': 'application/json' }, body });
      const what = `malformed JSON body ${JSON.stringify(body)}`;
      expectStatus(res, 400, what);
      const error = expectCommandError(res, what);
      expectErrorName(res, error.name, 'request.error/malformed-json', what);
    }
  },
});
