import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { run, schemaBatch } from '../../workspace.js';
import { deletedMark, expectKeys } from './expect-entities.js';
import { lastResponse, testUsers, withIntegration, withUsers } from './integration.js';
import { deleteByHand } from './protection.js';
import { RICH_TEXT_TYPE } from './read.js';
import { plainScenario } from './scenarios.js';

export default defineCheck({
  id: 'sync.protection-custom-field',
  name:
    'An Entity with a value in a field an administrator added (a text, the number 0, a link in an added relation) is not deleted when its row is removed in the app: it stays with ' +
    '"deleted in source" set to "yes" (an Entity without such a value, or with an empty text, is deleted), it can then be deleted by hand, and a row delivered again sets the mark back to "no"',
  level: 'MUST',
  area: 'sync',
  requirements: ['SYNC-004', 'SYNC-006', 'SYNC-007', 'SYNC-001'],
  target: 'server',
  async run(ctx) {
    await withUsers(ctx, testUsers(1), (users) => withIntegration(ctx, plainScenario(7), {}, async (it) => {
      const things = it.database('thing');
      const note = it.field('Admin note');
      const score = it.field('Admin score');
      const owner = it.field('Admin owner');
      expectSuccess(
        await schemaBatch(ctx, [
          { command: 'schema.field/create', args: { 'svc/holder-type': things, 'svc/name': note, 'svc/type': 'svc/text' } },
          { command: 'schema.field/create', args: { 'svc/holder-type': things, 'svc/name': score, 'svc/type': 'svc/integer' } },
          { command: 'schema.field/create', args: { 'svc/holder-type': things, 'svc/name': owner, 'svc/type': 'svc/user' } },
          // A rich text field whose documents nobody wrote: no content, no protection.
          { command: 'schema.field/create', args: { 'svc/holder-type': things, 'svc/name': it.field('Admin notes'), 'svc/type': RICH_TEXT_TYPE } },
        ]),
        `adding the fields ${note}, ${score}, ${owner} (a relation to svc/user) and a rich text field to ${things} as an administrator`,
      );
      const before = await it.byKey('thing');
      const idOf = (key: string) => String(before.get(key)?.['svc/id']);
      const userId = [...users.values()][0] as string;
      // t1, t2: a text; t5: an empty text (no value); t6: the number 0 (a value); t7: a link in the added relation.
      const values: Array<[string, Record<string, unknown>]> = [
        ['t1', { [note]: 'kept by hand (t1)' }],
        ['t2', { [note]: 'kept by hand (t2)' }],
        ['t5', { [note]: '' }],
        ['t6', { [score]: 0 }],
        ['t7', { [owner]: { 'svc/id': userId } }],
      ];
      for (const [key, entity] of values) {
        await run(ctx, { command: 'svc.entity/update', args: { type: things, entity: { 'svc/id': idOf(key), ...entity } } }, `setting ${JSON.stringify(entity)} on row ${key}`);
      }
      const gone = ['t1', 't2', 't3', 't5', 't6', 't7'];
      it.app.change({ thing: { delete: gone } });
      const removal = await it.sync(`a delta sync after ${gone.join(', ')} were deleted in the app`);
      const after = await it.byKey('thing');
      const kept = ['t1', 't2', 't6', 't7'];
      expectKeys(
        after,
        [...kept, 't4'],
        'SYNC-004 Entities with a value in an administrator-added field (a text, the number 0, a link) are kept; t3 (none, an unwritten rich text) and t5 (an empty text) are removed',
        lastResponse(ctx),
      );
      const mark = it.field('deleted in source');
      for (const key of kept) {
        if (deletedMark(after.get(key), mark) !== 'yes') fail(`SYNC-004/SYNC-006: the kept Entity of row ${key} has "deleted in source" ${JSON.stringify(after.get(key)?.[mark])}, expected "yes"`, lastResponse(ctx));
      }
      for (const key of ['t1', 't2']) {
        if (after.get(key)?.[note] !== `kept by hand (${key})`) fail(`SYNC-004: the kept Entity of row ${key} lost its value of ${note}`, lastResponse(ctx));
      }
      if (deletedMark(after.get('t4'), mark) !== 'no') fail(`SYNC-006: the Entity of t4, still in the app, has "deleted in source" ${JSON.stringify(after.get('t4')?.[mark])}, expected "no"`, lastResponse(ctx));
      if (removal.stats.markedDeleted !== kept.length || removal.stats.removed !== 2) fail(`SYNC-004: the run reports removed ${removal.stats.removed} and markedDeleted ${removal.stats.markedDeleted}, expected 2 and ${kept.length}`, lastResponse(ctx));

      await deleteByHand(ctx, it, 'thing', 't2', String(after.get('t2')?.['svc/id']));

      // t1 comes back to its kept Entity; t2, whose Entity was deleted by hand, comes back as a new one.
      it.app.change({ thing: { create: [{ id: 't1', name: 'Thing 1 is back', size: 1 }, { id: 't2', name: 'Thing 2 is back', size: 2 }] } });
      await it.sync('a sync after the rows t1 and t2 came back in the app');
      const back = await it.byKey('thing');
      const t2 = back.get('t2');
      if (!t2 || t2['svc/id'] === after.get('t2')?.['svc/id'] || t2[it.field('Name')] !== 'Thing 2 is back') {
        fail(`SYNC-007/SYNC-011: the row t2, whose Entity was deleted by hand, came back in the app; it should become a new Entity with its values, the Database holds ${JSON.stringify(t2 ?? null)}`, lastResponse(ctx));
      }
      const t1 = back.get('t1');
      if (t1?.['svc/id'] !== after.get('t1')?.['svc/id']) fail('SYNC-006: the row t1 delivered again became another Entity; it should update the kept one', lastResponse(ctx));
      if (deletedMark(t1, mark) !== 'no') fail(`SYNC-006: the row t1 was delivered again, yet its Entity still has "deleted in source" ${JSON.stringify(t1?.[mark])}; expected "no"`, lastResponse(ctx));
      if (deletedMark(back.get('t6'), mark) !== 'yes') fail(`SYNC-006: t6 was not delivered again, yet its Entity's "deleted in source" is ${JSON.stringify(back.get('t6')?.[mark])}; expected "yes"`, lastResponse(ctx));
    }));
  },
});
