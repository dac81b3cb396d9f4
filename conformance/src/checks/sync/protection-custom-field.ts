import { randomUUID } from 'node:crypto';
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { run, schemaBatch } from '../../workspace.js';
import { deletedMark, expectKeys } from './expect-entities.js';
import { lastResponse, testUsers, withIntegration, withUsers } from './integration.js';
import { deleteByHand } from './protection.js';
import { RICH_TEXT_SECRET, RICH_TEXT_TYPE } from './read.js';
import { plainScenario, SELECT_OPTIONS } from './scenarios.js';

export default defineCheck({
  id: 'sync.protection-custom-field',
  name:
    'An Entity with a value in a field an administrator added (a text, the number 0, a link in an added relation, also at its second end) is not deleted when its row is removed in the app: it stays with ' +
    '"deleted in source" set to "yes" (an Entity without such a value, with an empty text, with an added rich text field whose secret no document has, or with only a synchronized select value, ' +
    'is deleted), it can then be deleted by hand, and a row delivered again sets the mark back to "no" and its values, in a field an administrator made read-only too; ' +
    'an administrator making "deleted in source" read-only changes none of this',
  level: 'MUST',
  area: 'sync',
  requirements: ['SYNC-004', 'SYNC-005', 'SYNC-006', 'SYNC-007', 'SYNC-001', 'SYNC-020'],
  target: 'server',
  async run(ctx) {
    // t3 has a synchronized select value (a link in a field the sync created: no protection).
    const scenario = plainScenario(8, true, { priority: { name: 'Priority', type: 'text', subType: 'single-select', options: SELECT_OPTIONS } });
    for (const row of scenario.data?.['thing']?.rows ?? []) if (row['id'] === 't3') row['priority'] = 'High';
    await withUsers(ctx, testUsers(1), (users) => withIntegration(ctx, scenario, {}, async (it) => {
      const things = it.database('thing');
      const note = it.field('Admin note');
      const score = it.field('Admin score');
      const owner = it.field('Admin owner');
      const notes = it.field('Admin notes');
      const parent = it.field('Admin parent');
      const children = it.field('Admin children');
      // Both ends of an added relation of things to things: a thing linked at the second end (Admin children) has a value too.
      const family = randomUUID();
      expectSuccess(
        await schemaBatch(ctx, [
          { command: 'schema.field/create', args: { 'svc/holder-type': things, 'svc/name': note, 'svc/type': 'svc/text' } },
          { command: 'schema.field/create', args: { 'svc/holder-type': things, 'svc/name': score, 'svc/type': 'svc/integer' } },
          { command: 'schema.field/create', args: { 'svc/holder-type': things, 'svc/name': owner, 'svc/type': 'svc/user' } },
          // A rich text field whose documents nobody wrote: no content, no protection.
          { command: 'schema.field/create', args: { 'svc/holder-type': things, 'svc/name': notes, 'svc/type': RICH_TEXT_TYPE } },
          { command: 'schema.field/create', args: { 'svc/holder-type': things, 'svc/name': parent, 'svc/type': things, 'svc/meta': { 'svc/relation': family } } },
          { command: 'schema.field/create', args: { 'svc/holder-type': things, 'svc/name': children, 'svc/type': things, 'svc/meta': { 'svc/relation': family, 'svc/collection?': true } } },
        ]),
        `adding the fields ${note}, ${score}, ${owner} (a relation to svc/user), a rich text field and the relation ${parent} / ${children} to ${things} as an administrator`,
      );
      const before = await it.byKey('thing');
      const idOf = (key: string) => String(before.get(key)?.['svc/id']);
      const userId = [...users.values()][0] as string;
      // t1, t2: a text; t3: a rich text secret that no document has (no content); t5: an empty text (no value); t6: the number 0 (a value);
      // t7: a link in the added relation; t8: linked at the second end of the added relation (t4, still in the app, names it as its parent).
      const values: Array<[string, Record<string, unknown>]> = [
        ['t1', { [note]: 'kept by hand (t1)' }],
        ['t2', { [note]: 'kept by hand (t2)' }],
        ['t3', { [notes]: { [RICH_TEXT_SECRET]: randomUUID() } }],
        ['t5', { [note]: '' }],
        ['t6', { [score]: 0 }],
        ['t7', { [owner]: { 'svc/id': userId } }],
        ['t4', { [parent]: { 'svc/id': idOf('t8') } }],
      ];
      for (const [key, entity] of values) {
        await run(ctx, { command: 'svc.entity/update', args: { type: things, entity: { 'svc/id': idOf(key), ...entity } } }, `setting ${JSON.stringify(entity)} on row ${key}`);
      }
      // The administrator makes "deleted in source" read-only: the sync owns it and marks the kept Entities all the same.
      const mark = it.field('deleted in source');
      expectSuccess(
        await schemaBatch(ctx, [{ command: 'schema.field/set-meta', args: { 'holder-type': things, name: mark, 'svc/meta': { 'svc/readonly?': true } } }]),
        `making the field ${mark} read-only (schema.field/set-meta) as an administrator`,
      );
      const gone = ['t1', 't2', 't3', 't5', 't6', 't7', 't8'];
      it.app.change({ thing: { delete: gone } });
      const removal = await it.sync(`SYNC-004/SYNC-020 a delta sync after ${gone.join(', ')} were deleted in the app (${mark} made read-only by an administrator)`);
      const after = await it.byKey('thing');
      const kept = ['t1', 't2', 't6', 't7', 't8'];
      expectKeys(
        after,
        [...kept, 't4'],
        'SYNC-004 Entities with a value in an administrator-added field (a text, the number 0, a link, a link at the second end of a relation) are kept; t3 (a synchronized select value, ' +
          'a rich text secret that no document has) and t5 (an empty text) are removed',
        lastResponse(ctx),
      );
      for (const key of kept) {
        if (deletedMark(after.get(key), mark) !== 'yes') fail(`SYNC-004/SYNC-006/SYNC-020: the kept Entity of row ${key} has "deleted in source" (read-only) ${JSON.stringify(after.get(key)?.[mark])}, expected "yes"`, lastResponse(ctx));
      }
      for (const key of ['t1', 't2']) {
        if (after.get(key)?.[note] !== `kept by hand (${key})`) fail(`SYNC-004: the kept Entity of row ${key} lost its value of ${note}`, lastResponse(ctx));
      }
      if (deletedMark(after.get('t4'), mark) !== 'no') fail(`SYNC-006: the Entity of t4, still in the app, has "deleted in source" ${JSON.stringify(after.get('t4')?.[mark])}, expected "no"`, lastResponse(ctx));
      if (removal.stats.markedDeleted !== kept.length || removal.stats.removed !== 2) fail(`SYNC-004: the run reports removed ${removal.stats.removed} and markedDeleted ${removal.stats.markedDeleted}, expected 2 and ${kept.length}`, lastResponse(ctx));

      await deleteByHand(ctx, it, 'thing', 't2', String(after.get('t2')?.['svc/id']));
      // The administrator makes the synchronized field Size read-only: the sync writes it all the same.
      const size = it.field('Size');
      expectSuccess(
        await schemaBatch(ctx, [{ command: 'schema.field/set-meta', args: { 'holder-type': things, name: size, 'svc/meta': { 'svc/readonly?': true } } }]),
        `making the synchronized field ${size} read-only (schema.field/set-meta) as an administrator`,
      );

      // t1 comes back to its kept Entity; t2, whose Entity was deleted by hand, comes back as a new one.
      it.app.change({ thing: { create: [{ id: 't1', name: 'Thing 1 is back', size: 11 }, { id: 't2', name: 'Thing 2 is back', size: 2 }] } });
      await it.sync('a sync after the rows t1 and t2 came back in the app');
      const back = await it.byKey('thing');
      const t2 = back.get('t2');
      if (!t2 || t2['svc/id'] === after.get('t2')?.['svc/id'] || t2[it.field('Name')] !== 'Thing 2 is back') {
        fail(`SYNC-007/SYNC-011: the row t2, whose Entity was deleted by hand, came back in the app; it should become a new Entity with its values, the Database holds ${JSON.stringify(t2 ?? null)}`, lastResponse(ctx));
      }
      const t1 = back.get('t1');
      if (t1?.['svc/id'] !== after.get('t1')?.['svc/id']) fail('SYNC-006: the row t1 delivered again became another Entity; it should update the kept one', lastResponse(ctx));
      if (t1?.[size] !== 11 || t1[it.field('Name')] !== 'Thing 1 is back') {
        fail(`SYNC-020: the row t1 came back with the name "Thing 1 is back" and the size 11 (${size} made read-only by an administrator), its Entity holds ${JSON.stringify(t1 ?? null)}`, lastResponse(ctx));
      }
      if (deletedMark(t1, mark) !== 'no') fail(`SYNC-006/SYNC-020: the row t1 was delivered again, yet its Entity still has "deleted in source" (read-only) ${JSON.stringify(t1?.[mark])}; expected "no"`, lastResponse(ctx));
      if (deletedMark(back.get('t6'), mark) !== 'yes') fail(`SYNC-006: t6 was not delivered again, yet its Entity's "deleted in source" is ${JSON.stringify(back.get('t6')?.[mark])}; expected "yes"`, lastResponse(ctx));
    }));
  },
});
