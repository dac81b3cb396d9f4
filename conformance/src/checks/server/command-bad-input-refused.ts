import { describeRequest, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { ModelDriver } from '../../model/driver.js';
import { createFixture, dump } from '../../model/fixture.js';
import { checkProperty } from '../../property.js';
import { findStackTrace, isRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';
import { KIND_EDGES, addSpanField, build, descriptor } from './bad-input-cases.js';

export default defineCheck({
  id: 'command.bad-input-refused',
  name:
    'Every kind of malformed or impossible command (unknown Database or field, wrong operator arity, an operator where it cannot apply (null with <, a text operator on a number, q/count of a field that is no collection, in q/where or in a select), sub-fields of a primitive field (of a rich text field other than its secret), q/limit over 10000, a range compared or ordered (only q/null? tests it), a malformed path (empty, not names, over 16 names), unknown operator, missing $param, value of the ' +
    'wrong type, missing q/limit, duplicate svc/id, missing Entity, collection command on a non-collection, path through a primitive field, reference ' +
    'to a missing Entity) is refused with {success: false}, never a 5xx or a stack trace, and writes nothing',
  level: 'MUST',
  area: 'command-api',
  requirements: ['CMD-ERR-009'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async (workspace) => {
      const driver = new ModelDriver(ctx, workspace.schema, 'bad-input-refused', 'full');
      const fixture = await createFixture(driver, workspace);
      await addSpanField(ctx, workspace.names);
      const before = await dump(ctx, workspace);
      await checkProperty(
        ctx,
        descriptor,
        async (d) => {
          const bad = build(workspace.names, fixture, d);
          const res = await ctx.http.command(bad.command);
          const what = `${d.kind} (${JSON.stringify(bad.command).slice(0, 300)})`;
          if (res.status >= 500) fail(`${what}: ${describeRequest(res)} answered ${res.status}`, res);
          const leak = findStackTrace(res.text, res.json, res.request.body);
          if (leak !== undefined) fail(`${what}: the response leaks a stack trace or source path (${JSON.stringify(leak)})`, res);
          if (!isRecord(res.json) || res.json['success'] !== false) fail(`${what}: expected {success: false}, the command cannot be carried out`, res);
          // A refused write is checked at once; refused queries, the most of the cases, together at the end (and one by one in the full profile).
          if (!isRecord(bad.command) || bad.command['command'] !== 'svc.entity/query' || ctx.profile !== 'quick') {
            const after = await dump(ctx, workspace);
            if (after.text !== before.text) fail(`${what}: the refused command changed the data (a full dump differs before and after)`, res);
          }
        },
        { examples: [...KIND_EDGES], numRuns: ctx.profile === 'quick' ? 0 : ctx.fastCheck.numRuns },
      );
      const after = await dump(ctx, workspace);
      if (after.text !== before.text) fail('after the refused queries the data differs from before them (a full dump differs): one of them wrote', after.res);
    });
  },
});
