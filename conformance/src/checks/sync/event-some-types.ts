import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { expectKeys, expectUnchanged } from './expect-entities.js';
import { twoTypeEventsScenario } from './events-scenario.js';
import { expectEventRun } from './events.js';
import { lastResponse, withIntegration } from './integration.js';

export default defineCheck({
  id: 'sync.event-some-types',
  name:
    'An event whose transform answers data for some of the source\'s types only (rows of things, no notes) is applied by the delta rules to those types: its run succeeds, ' +
    'the things it sets, removes and creates change, and the notes, which its data does not name, stay as they are',
  level: 'MUST',
  area: 'events',
  requirements: ['EVT-004'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, twoTypeEventsScenario(), {}, async (it) => {
      const notes = await it.byKey('note');
      const answer = await it.app.emitEvent('things', it.account.eventsUrl);
      if (answer.status !== 200) fail(`EVT-002: the app accepts the event "things"; the external caller got ${answer.status} ${answer.body.slice(0, 200)}`, lastResponse(ctx));
      await expectEventRun(ctx, it.source.id, 'EVT-004 an event whose transform answers {data: {thing: [...]}} (no rows of the source\'s other type, note)');
      const things = await it.byKey('thing');
      expectKeys(things, ['t1', 't3', 't9'], 'EVT-004 after the event (t1 set, t2 removed, t9 created)', lastResponse(ctx));
      if (things.get('t1')?.[it.field('Name')] !== 'Renamed by an event' || things.get('t9')?.[it.field('Name')] !== 'Created by an event') {
        fail(`EVT-004: the event renamed t1 and created t9; their Entities hold ${JSON.stringify([things.get('t1'), things.get('t9')])}`, lastResponse(ctx));
      }
      const after = await it.byKey('note');
      expectKeys(after, ['n1', 'n2'], 'EVT-004 the notes, which the event\'s data does not name', lastResponse(ctx));
      expectUnchanged(notes, after, ['n1', 'n2'], 'EVT-004 the notes, which the event\'s data does not name', lastResponse(ctx));
    });
  },
});
