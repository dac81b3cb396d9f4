import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { putDocument } from '../documents/client.js';
import { deletedMark, expectKeys, expectUnchanged } from './expect-entities.js';
import { lastResponse, withIntegration } from './integration.js';
import { deleteByHand } from './protection.js';
import { RICH_TEXT_SECRET } from './read.js';
import { plainScenario } from './scenarios.js';

export default defineCheck({
  id: 'sync.protection-rich-text',
  name:
    'An Entity with non-empty rich text (written through /api/documents, or delivered by the app; an image alone is content) is not deleted when a full sync no longer delivers its row: ' +
    'it stays with "deleted in source" "yes"; Entities with empty rich text (none, written and then emptied, blanks alone, a line break between blanks) are removed; the next full sync leaves the ' +
    'kept Entities as they are (svc/modification-date too); a kept Entity can be deleted by hand',
  level: 'MUST',
  area: 'sync',
  requirements: ['SYNC-005', 'SYNC-006', 'SYNC-007', 'SYNC-008', 'SYNC-019'],
  target: 'server',
  async run(ctx) {
    // t1: text written in the workspace; t4: rich text delivered by the app; t5: an image alone; t6: written, then emptied; t2, t3: none;
    // t7: a no-break space alone (blank), t8: a line break between blanks, both delivered by the app.
    const scenario = plainScenario(8, false, { notes: { name: 'Notes', type: 'text', subType: 'html' } });
    const notes: Record<string, string> = { t4: '<p>Written in the app</p>', t7: '<p>&nbsp;</p>', t8: '<p>&nbsp;<br>&nbsp;</p>' };
    for (const row of scenario.data?.['thing']?.rows ?? []) {
      const note = notes[String(row['id'])];
      if (note !== undefined) row['notes'] = note;
    }
    await withIntegration(ctx, scenario, {}, async (it) => {
      const before = await it.byKey('thing');
      const secretOf = (key: string): string => {
        const value = before.get(key)?.[it.field('Notes')];
        const secret = isRecord(value) ? value[RICH_TEXT_SECRET] : undefined;
        if (typeof secret !== 'string') fail(`the rich text field Notes of row ${key} is ${JSON.stringify(value)}, not {${RICH_TEXT_SECRET}: <secret>}`, lastResponse(ctx));
        return secret;
      };
      await putDocument(ctx, secretOf('t1'), 'A note *written by a person* in the workspace.');
      await putDocument(ctx, secretOf('t5'), '![a picture](https://example.org/picture.png)');
      await putDocument(ctx, secretOf('t6'), 'Written, then taken back.');
      await putDocument(ctx, secretOf('t6'), '');

      it.app.change({ thing: { delete: ['t1', 't2', 't4', 't5', 't6', 't7', 't8'] } });
      const removal = await it.sync('a full sync after t1, t2, t4, t5, t6, t7 and t8 were deleted in the app');
      const after = await it.byKey('thing');
      expectKeys(
        after,
        ['t1', 't3', 't4', 't5'],
        'SYNC-005 Entities with non-empty rich text (t1 written in the workspace, t4 delivered by the app, t5 an image alone) are kept; t2 (none), t6 (written, then emptied), ' +
          't7 (a no-break space alone) and t8 (a line break between blanks) are removed',
        lastResponse(ctx),
      );
      const mark = it.field('deleted in source');
      for (const key of ['t1', 't4', 't5']) {
        if (deletedMark(after.get(key), mark) !== 'yes') fail(`SYNC-005/SYNC-006: the kept Entity of row ${key} has "deleted in source" ${JSON.stringify(after.get(key)?.[mark])}, expected "yes"`, lastResponse(ctx));
      }
      if (deletedMark(after.get('t3'), mark) !== 'no') fail(`SYNC-006: t3 is still in the app, yet its Entity has "deleted in source" ${JSON.stringify(after.get('t3')?.[mark])}`, lastResponse(ctx));
      if (removal.stats.markedDeleted !== 3 || removal.stats.removed !== 4) fail(`SYNC-005: the run reports removed ${removal.stats.removed} and markedDeleted ${removal.stats.markedDeleted}, expected 4 and 3`, lastResponse(ctx));

      // The rows are still gone: the kept Entities, marked already, are not written again.
      await it.sync('a full sync with no change in the app');
      expectUnchanged(after, await it.byKey('thing'), ['t1', 't3', 't4', 't5'], 'SYNC-019 a full sync that again does not deliver the kept (and marked) rows t1, t4 and t5', lastResponse(ctx));
      await deleteByHand(ctx, it, 'thing', 't1', String(after.get('t1')?.['svc/id']));
    });
  },
});
