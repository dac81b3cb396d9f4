import { describeRequest, expectJson, fail } from '../../assert.js';
import { hostileBody } from '../../arbitraries.js';
import { defineCheck } from '../../check.js';
import { checkProperty } from '../../property.js';
import { commandErrorProblems, envelopeProblems, findStackTrace } from '../../shapes.js';

export default defineCheck({
  id: 'robustness.no-5xx-no-stack-trace',
  name: 'Any body sent to /api/commands gets a status below 500, a JSON body, the envelope, and no stack trace',
  level: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-ERR-001', 'CMD-ENV-005', 'HTTP-004'],
  target: 'server',
  async run(ctx) {
    await checkProperty(ctx, hostileBody, async ({ contentType, body }) => {
      const res = await ctx.http.request({
        method: 'POST',
        path: '/api/commands',
        body,
        ...(contentType === null ? {} : { headers: { 'Content-Type': contentType } }),
      });
      const what = 'hostile body';
      if (res.status >= 500) fail(`${what}: ${describeRequest(res)} answered ${res.status}`, res);
      const leak = findStackTrace(res.text, res.json, body);
      if (leak !== undefined) fail(`${what}: the response leaks a stack trace or source path (${JSON.stringify(leak)})`, res);
      const json = expectJson(res, what);
      if (res.status >= 400) {
        const problems = commandErrorProblems(json);
        if (problems.length > 0) fail(`${what}: status ${res.status} without the error envelope {success: false, result: {name, message, data}}: ${problems.join('; ')}`, res);
      } else {
        const elements: unknown[] = Array.isArray(json) ? json : [json];
        elements.forEach((element, index) => {
          const problems = envelopeProblems(element);
          if (problems.length > 0) fail(`${what}: status ${res.status} but ${Array.isArray(json) ? `element ${index}` : 'the body'} ${problems.join('; ')}`, res);
        });
      }
    });
  },
});
