import { expectErrorName, expectJson, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { UNKNOWN_TYPE } from '../../fixtures.js';
import { commandError, commandErrorProblems } from '../../shapes.js';

export default defineCheck({
  id: 'errors.unknown-type',
  name: 'svc.entity/create of an unknown Database answers 200 {success: false} named entity.error/schema-type-not-found with a sentence naming the type',
  level: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-ERR-001', 'CMD-ERR-006'],
  target: 'server',
  async run(ctx) {
    const res = await ctx.http.command({ command: 'svc.entity/create', args: { type: UNKNOWN_TYPE, entity: {} } });
    const what = `svc.entity/create of type ${UNKNOWN_TYPE}`;
    expectStatus(res, 200, what);
    const body = expectJson(res, what);
    const error = commandError(body);
    if (!error) fail(`${what}: expected {success: false, result: {name, message, data}}: ${commandErrorProblems(body).join('; ')}`, res);
    expectErrorName(res, error.name, 'entity.error/schema-type-not-found', what);
    if (!error.message.includes(UNKNOWN_TYPE)) fail(`${what}: the message ${JSON.stringify(error.message)} does not mention ${UNKNOWN_TYPE}`, res);
    const words = error.message.replace(UNKNOWN_TYPE, 'X').split(/\s+/).filter((w) => /\p{L}/u.test(w));
    if (words.length < 3 || error.message === error.name) {
      fail(`${what}: the message ${JSON.stringify(error.message)} is not a sentence a person can act on`, res);
    }
  },
});
