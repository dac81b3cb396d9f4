import { expectCommandError, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { schemaBatch } from '../../workspace.js';
import { withIntegration } from './integration.js';
import { expectField } from './schema-expect.js';
import { oneTypeScenario } from './scenarios.js';

const SCENARIO = oneTypeScenario(
  'The reserved field __syncAction, an ignored field and a read-only field.',
  {
    secret: { name: 'Secret', type: 'text', ignore: true },
    code: { name: 'Code', type: 'text', readonly: true },
    both: { name: 'Both', type: 'number', ignore: true, readonly: true },
    __syncAction: { name: '__syncAction', type: 'text' },
  },
  [{ id: 't1', name: 'One', secret: 'not for the catalog', code: 'C-1' }],
);

export default defineCheck({
  id: 'sync.mapping-hidden',
  name:
    'The reserved field __syncAction becomes a hidden text field (svc/hidden?), a field with ignore true is hidden from the field catalog, ' +
    'and a field with readonly true cannot be renamed (svc.schema/batch schema.field/rename is refused)',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-051', 'APP-009', 'APP-010'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, {}, async (it) => {
      const view = await it.schema();
      const things = it.database('thing');
      const hidden = { 'svc/hidden?': true };
      const locked = { 'integration/locked?': true };
      expectField(view, things, it.field('__syncAction'), { type: 'svc/text', metaExactly: hidden }, 'MAP-051 the reserved field __syncAction');
      expectField(view, things, it.field('Secret'), { type: 'svc/text', metaExactly: hidden }, 'APP-009 the field "secret" with ignore: true');
      expectField(view, things, it.field('Code'), { type: 'svc/text', metaExactly: locked }, 'APP-010 the read-only field "code" is shown, and locked');
      expectField(view, things, it.field('Both'), { type: 'svc/decimal', metaExactly: { ...hidden, ...locked } }, 'APP-009/APP-010 the field "both" with ignore and readonly');
      expectField(view, things, it.field('Name'), { type: 'svc/text', metaExactly: { 'ui/title?': true } }, 'the field "name" is not hidden');

      const from = it.field('Code');
      const res = await schemaBatch(ctx, [{ command: 'schema.field/rename', args: { 'holder-type': things, 'from-name': from, 'to-name': it.field('Code renamed') } }]);
      if (res.status === 200 && (res.json as { success?: unknown } | undefined)?.success === true) {
        fail(`APP-010: renaming the field ${from}, synchronized from an app field with readonly: true, succeeded; readonly disables changing its name`, res);
      }
      expectCommandError(res, `APP-010: renaming the read-only field ${from}`);
      const after = await it.schema();
      after.requireField(things, from, `APP-010: the read-only field ${from} keeps its name after a refused rename`);
    });
  },
});
