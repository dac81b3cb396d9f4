import { describeRequest, expectJson, expectStatus, fail } from '../../assert.js';
import { knownOutcomeCommands } from '../../arbitraries.js';
import { defineCheck } from '../../check.js';
import { checkProperty } from '../../property.js';
import { envelopeProblems, isRecord } from '../../shapes.js';

export default defineCheck({
  id: 'envelope.array-in-array-out',
  name: 'An array of N commands gets an array of N {success, result} objects, in order',
  level: 'MUST',
  area: 'command-api',
  requirements: ['CMD-ENV-001', 'CMD-ENV-004'],
  target: 'server',
  async run(ctx) {
    await checkProperty(ctx, knownOutcomeCommands, async (commands) => {
      const res = await ctx.http.command(commands);
      const what = `array of ${commands.length} command(s)`;
      expectStatus(res, 200, what);
      const body = expectJson(res, what);
      if (!Array.isArray(body)) fail(`${what}: ${describeRequest(res)} answered a ${isRecord(body) ? 'single object' : typeof body}, expected an array of ${commands.length}`, res);
      if (body.length !== commands.length) fail(`${what}: expected ${commands.length} results, got ${body.length}`, res);
      commands.forEach((command, index) => {
        const element: unknown = body[index];
        const problems = envelopeProblems(element);
        if (problems.length > 0) fail(`${what}: element ${index} ${problems.join('; ')}`, res);
        const expected = command['command'] === 'svc.schema/query';
        const success = isRecord(element) ? element['success'] : undefined;
        if (success !== expected) {
          fail(
            `${what}: element ${index} has success ${String(success)}, but command ${index} (${String(command['command'])}) should ${expected ? 'succeed' : 'fail'}: results are missing or out of order`,
            res,
          );
        }
      });
    });
  },
});
