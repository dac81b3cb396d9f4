import { describeRequest, expectCommandError, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { dataProblems } from '../../error-data.js';
import { ModelDriver } from '../../model/driver.js';
import { createFixture } from '../../model/fixture.js';
import { checkProperty } from '../../property.js';
import { findStackTrace } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';
import { KIND_EDGES, addSpanField, build, descriptor } from './bad-input-cases.js';

/** The longest message that is still a sentence a person reads (CMD-ERR-001). */
const MAX_MESSAGE = 1000;

export default defineCheck({
  id: 'command.bad-input',
  name:
    'Malformed or impossible commands (unknown Database or field in select, where, order or write, wrong operator arity, an operator where it cannot apply (null with <, a text operator on a number, q/count of a field that is no collection, in q/where or in a select), sub-fields of a primitive field (of a rich text field other than its secret), q/limit over 10000, a range compared or ordered (only q/null? tests it), a malformed path (empty, not names, over 16 names), unknown operator, missing $param, ' +
    'value of the wrong type, missing q/limit, duplicate svc/id, update or delete of a missing Entity, collection command on a non-collection, path through ' +
    'a primitive field, references to missing Entities) get 200 {success: false} with the error name the spec gives, a message naming the offending part ' +
    'and the data the spec gives that name, never a 5xx (that they change nothing is command.bad-input-refused\'s MUST)',
  level: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-ERR-001', 'CMD-ERR-003', 'CMD-ERR-004', 'CMD-ERR-005', 'CMD-ERR-006', 'HTTP-004'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async (workspace) => {
      const driver = new ModelDriver(ctx, workspace.schema, 'bad-input', 'full');
      const fixture = await createFixture(driver, workspace);
      await addSpanField(ctx, workspace.names);
      await checkProperty(ctx, descriptor, async (d) => {
        const bad = build(workspace.names, fixture, d);
        const res = await ctx.http.command(bad.command);
        const what = `${d.kind} (${JSON.stringify(bad.command).slice(0, 300)})`;
        if (res.status >= 500) fail(`${what}: ${describeRequest(res)} answered ${res.status}`, res);
        const leak = findStackTrace(res.text, res.json, res.request.body);
        if (leak !== undefined) fail(`${what}: the response leaks a stack trace or source path (${JSON.stringify(leak)})`, res);
        expectStatus(res, 200, what);
        const error = expectCommandError(res, what);
        if (error.name !== bad.name) fail(`${what}: expected error name ${JSON.stringify(bad.name)} (spec ErrorName table), got ${JSON.stringify(error.name)}: ${error.message}`, res);
        if (error.message.length > MAX_MESSAGE) fail(`${what}: the message is ${error.message.length} characters long; a message a person can act on quotes a long value in part (at most ${MAX_MESSAGE} characters)`, res);
        if (!bad.mentions.some((m) => error.message.includes(m))) {
          fail(`${what}: the message ${JSON.stringify(error.message)} does not name the offending part (${bad.mentions.map((m) => JSON.stringify(m)).join(' or ')})`, res);
        }
        if (bad.where !== undefined && !error.message.includes(bad.where)) {
          fail(`${what}: the message ${JSON.stringify(error.message)} does not say where the offending part is (${JSON.stringify(bad.where)})`, res);
        }
        for (const [key, value] of Object.entries(bad.data ?? {})) {
          if (JSON.stringify(error.data[key]) !== JSON.stringify(value)) fail(`${what}: ${bad.name} should carry data.${key} ${JSON.stringify(value)}, got ${JSON.stringify(error.data[key])}`, res);
        }
        const problems = dataProblems(error.name, error.data);
        if (problems.length > 0) fail(`${what}: ${error.name} does not carry the data the spec gives it (ErrorName table): ${problems.join('; ')}`, res);
      }, { examples: [...KIND_EDGES], numRuns: ctx.profile === 'quick' ? 0 : ctx.fastCheck.numRuns });
    });
  },
});
