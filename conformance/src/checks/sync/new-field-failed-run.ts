import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { syncFails } from './admin.js';
import { lastResponse, withIntegration } from './integration.js';
import { APP_PATHS } from './mock.js';
import { startRewriteFront } from './rewrite-front.js';
import { plainScenario } from './scenarios.js';

/** The schema field the app gains (and the value its rows then carry). */
const FIELD = { id: 'colour', name: 'Colour', value: 'red' };

export default defineCheck({
  id: 'sync.new-field-failed-run',
  name:
    'A schema field that appears is created by the run that reads it, once: when that run then fails on a data page (an app error), the next run keeps that field and writes the rows\' values into it, ' +
    'creating no second field of that name',
  level: 'MUST',
  area: 'sync',
  requirements: ['SYNC-024', 'MAP-064'],
  target: 'server',
  async run(ctx) {
    // Once `grown`, the app's schema of things has the field colour, and its data rows carry it.
    let grown = false;
    const front = (appUrl: string) =>
      startRewriteFront(appUrl, (path, status, body) => {
        if (!grown || status !== 200 || !isRecord(body)) return undefined;
        if (path === APP_PATHS.schema && isRecord(body['thing'])) return { ...body, thing: { ...body['thing'], [FIELD.id]: { name: FIELD.name, type: 'text' } } };
        if (path === APP_PATHS.data && Array.isArray(body['items'])) return { ...body, items: body['items'].map((row) => (isRecord(row) ? { ...row, [FIELD.id]: FIELD.value } : row)) };
        return undefined;
      });
    // Always full: the next run delivers every row again.
    await withIntegration(ctx, plainScenario(2, false), { front }, async (it) => {
      const things = it.database('thing');
      const colour = it.field(FIELD.name);
      grown = true;
      it.app.fail({ endpoint: 'data', type: 'thing', kind: 'error', status: 500, message: 'The external system failed.' });
      await syncFails(ctx, it.source.id, `a sync whose schema gained the field ${FIELD.id} ("${FIELD.name}") and whose data page then fails`);
      it.app.clearFailures();
      await it.sync(`SYNC-024 the next sync, the app answering its pages (with ${FIELD.id} "${FIELD.value}")`);
      const view = await it.schema();
      const named = view.requireType(things, `SYNC-024 the Database ${things}`)['svc/fields'].map((f) => f['svc/name']).filter((n) => n.startsWith(colour));
      if (named.length !== 1 || named[0] !== colour) {
        fail(`SYNC-024: the field ${FIELD.id} appeared in the app's schema in a run that then failed; the Database ${things} should hold it once, as ${colour}, and it holds ${JSON.stringify(named)}`, view.res);
      }
      const entities = await it.byKey('thing', 'Id', view);
      const values = Object.fromEntries([...entities].map(([key, entity]) => [key, entity[colour] ?? null]));
      if (Object.values(values).some((v) => v !== FIELD.value)) fail(`SYNC-024: the next run delivered every row with ${FIELD.id} "${FIELD.value}"; the Entities hold ${colour} ${JSON.stringify(values)}`, lastResponse(ctx));
    });
  },
});
