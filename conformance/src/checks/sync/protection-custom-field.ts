import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { run, schemaBatch } from '../../workspace.js';
import { deletedMark, expectKeys } from './expect-entities.js';
import { lastResponse, withIntegration } from './integration.js';
import { deleteByHand } from './protection.js';
import { plainScenario } from './scenarios.js';

export default defineCheck({
  id: 'sync.protection-custom-field',
  name:
    'An Entity with a value in a field an administrator added is not deleted when its row is removed in the app: it stays with "deleted in source" set to "yes" ' +
    '(an Entity without such a value is deleted), it can then be deleted by hand, and a row delivered again sets the mark back to "no"',
  level: 'MUST',
  area: 'sync',
  requirements: ['SYNC-004', 'SYNC-006', 'SYNC-007', 'SYNC-001'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, plainScenario(4), {}, async (it) => {
      const things = it.database('thing');
      const note = it.field('Admin note');
      expectSuccess(await schemaBatch(ctx, [{ command: 'schema.field/create', args: { 'svc/holder-type': things, 'svc/name': note, 'svc/type': 'svc/text' } }]), `adding the field ${note} to ${things} as an administrator`);
      const before = await it.byKey('thing');
      for (const key of ['t1', 't2']) {
        await run(ctx, { command: 'svc.entity/update', args: { type: things, entity: { 'svc/id': String(before.get(key)?.['svc/id']), [note]: `kept by hand (${key})` } } }, `setting ${note} of row ${key}`);
      }
      it.app.change({ thing: { delete: ['t1', 't2', 't3'] } });
      const removal = await it.sync('a delta sync after t1, t2 and t3 were deleted in the app');
      const after = await it.byKey('thing');
      expectKeys(after, ['t1', 't2', 't4'], 'SYNC-004 Entities with a value in an administrator-added field are kept; t3 has none and is removed', lastResponse(ctx));
      const mark = it.field('deleted in source');
      for (const key of ['t1', 't2']) {
        if (deletedMark(after.get(key), mark) !== 'yes') fail(`SYNC-004/SYNC-006: the kept Entity of row ${key} has "deleted in source" ${JSON.stringify(after.get(key)?.[mark])}, expected "yes"`, lastResponse(ctx));
        if (after.get(key)?.[note] !== `kept by hand (${key})`) fail(`SYNC-004: the kept Entity of row ${key} lost its value of ${note}`, lastResponse(ctx));
      }
      if (deletedMark(after.get('t4'), mark) !== 'no') fail(`SYNC-006: the Entity of t4, still in the app, has "deleted in source" ${JSON.stringify(after.get('t4')?.[mark])}, expected "no"`, lastResponse(ctx));
      if (removal.stats.markedDeleted !== 2 || removal.stats.removed !== 1) fail(`SYNC-004: the run reports removed ${removal.stats.removed} and markedDeleted ${removal.stats.markedDeleted}, expected 1 and 2`, lastResponse(ctx));

      await deleteByHand(ctx, it, 'thing', 't2', String(after.get('t2')?.['svc/id']));

      it.app.change({ thing: { create: [{ id: 't1', name: 'Thing 1 is back', size: 1 }] } });
      await it.sync('a sync after the row t1 came back in the app');
      const back = (await it.byKey('thing')).get('t1');
      if (back?.['svc/id'] !== after.get('t1')?.['svc/id']) fail('SYNC-006: the row t1 delivered again became another Entity; it should update the kept one', lastResponse(ctx));
      if (deletedMark(back, mark) !== 'no') fail(`SYNC-006: the row t1 was delivered again, yet its Entity still has "deleted in source" ${JSON.stringify(back?.[mark])}; expected "no"`, lastResponse(ctx));
    });
  },
});
