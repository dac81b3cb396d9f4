import { fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import { isRecord, type JsonRecord } from '../../shapes.js';
import { run } from '../../workspace.js';
import { getDocument } from '../documents/client.js';
import { lastResponse, withIntegration } from './integration.js';
import { APP_PATHS } from './mock.js';
import { RICH_TEXT_SECRET } from './read.js';
import { startRewriteFront } from './rewrite-front.js';
import { oneTypeScenario } from './scenarios.js';

// r2: its Notes cleared to null by an administrator after the first sync; r3: given a value of Later, a field the app's schema shows from the second run on.
const SCENARIO = oneTypeScenario(
  'Rich text fields given HTML and Markdown, and one (later) that a front hides from the schema in the first run.',
  {
    notes: { name: 'Notes', type: 'text', subType: 'html' },
    summary: { name: 'Summary', type: 'text', subType: 'md' },
    later: { name: 'Later', type: 'text', subType: 'md' },
  },
  [
    { id: 'r1', name: 'One', notes: '<p>Hello <strong>world</strong></p><ul><li>first</li><li>second</li></ul>', summary: '# Title\n\nSome *markdown* text.\n' },
    { id: 'r2', name: 'Two', notes: '<p>Before clearing</p>' },
    { id: 'r3', name: 'Three' },
  ],
);

/** The Markdown of a rich text field of an Entity (via its document secret). */
async function markdownOf(ctx: CheckContext, entity: JsonRecord | undefined, field: string, what: string): Promise<string> {
  const value = entity?.[field];
  const secret = isRecord(value) ? value[RICH_TEXT_SECRET] : undefined;
  if (typeof secret !== 'string') fail(`${what}: the Entity's ${field} is ${JSON.stringify(value)}, not {${RICH_TEXT_SECRET}: <secret>} of a rich text document`, lastResponse(ctx));
  const content = await getDocument(ctx, secret, 'md');
  if (typeof content !== 'string') fail(`${what}: the document of ${field} read as md is not a text`, lastResponse(ctx));
  return content;
}

function expectIn(ctx: CheckContext, markdown: string, patterns: Array<[RegExp, string]>, what: string): void {
  for (const [pattern, description] of patterns) {
    if (!pattern.test(markdown)) fail(`${what}: the document reads ${JSON.stringify(markdown)} as Markdown; it should hold ${description}`, lastResponse(ctx));
  }
}

export default defineCheck({
  id: 'sync.values-rich-text',
  name:
    'A text/html or text/md value becomes the content of the rich text document of its field (read back through /api/documents as Markdown), and a later value replaces it; ' +
    'a value delivered for an Entity that has no document for the field (cleared to null by an administrator, or the field added to the app\'s schema after the Entity was synchronized) lands in a new document',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-016', 'MAP-017', 'MAP-075'],
  target: 'server',
  async run(ctx) {
    // The front hides the field "later" from the schema answers until the first sync is done.
    let hideLater = true;
    const front = (appUrl: string) =>
      startRewriteFront(appUrl, (path, status, body) => {
        if (!hideLater || path !== APP_PATHS.schema || status !== 200 || !isRecord(body) || !isRecord(body['thing'])) return undefined;
        const fields: JsonRecord = { ...body['thing'] };
        delete fields['later'];
        return { ...body, thing: fields };
      });
    await withIntegration(ctx, SCENARIO, { front }, async (it) => {
      const first = await it.byKey('thing');
      let entity = first.get('r1');
      const notes = await markdownOf(ctx, entity, it.field('Notes'), 'MAP-016 the html field "notes"');
      expectIn(ctx, notes, [
        [/Hello (\*\*|__)world(\*\*|__)/, 'the bold "world" of <strong> (Hello **world**)'],
        [/^[-*+] first$/m, 'the list item "first"'],
        [/^[-*+] second$/m, 'the list item "second"'],
      ], 'MAP-016 the html field "notes"');
      const summary = await markdownOf(ctx, entity, it.field('Summary'), 'MAP-017 the md field "summary"');
      expectIn(ctx, summary, [
        [/^# Title$/m, 'the heading "# Title"'],
        [/Some [*_]markdown[*_] text\./, 'the emphasis of "markdown"'],
      ], 'MAP-017 the md field "summary"');

      const later = it.field('Later');
      if (later in (first.get('r3') ?? {})) fail(`the front hid the field "later" from the schema of the first run, yet the Entity of r3 has a field ${later} already (a fault of the check or the front)`, lastResponse(ctx));
      // r2's Notes cleared to null by an administrator: its Entity has no document for the field any more.
      const notesField = it.field('Notes');
      const r2 = first.get('r2')?.['svc/id'];
      if (typeof r2 !== 'string') fail(`the first sync made no Entity of row r2: ${JSON.stringify(first.get('r2') ?? null)}`, lastResponse(ctx));
      await run(ctx, { command: 'svc.entity/update', args: { type: it.database('thing'), entity: { 'svc/id': r2, [notesField]: null } } }, `clearing the rich text field ${notesField} of row r2 to null as an administrator`);
      hideLater = false;

      it.app.change({
        thing: {
          update: [
            { id: 'r1', notes: '<p>Replaced <em>content</em></p>', summary: 'Only this line.' },
            { id: 'r2', notes: '<p>After <strong>clearing</strong></p>' },
            { id: 'r3', later: 'Written *later*.' },
          ],
        },
      });
      await it.sync('a sync after the rich text values changed, r2\'s Notes was cleared to null and the app\'s schema got the field "later"');
      const second = await it.byKey('thing');
      // Both Entities had no document for the field: each must have one now (checked on the Entities read, before any document is).
      const landings: Array<[string, string, string]> = [
        ['r2', notesField, 'its Notes cleared to null by an administrator'],
        ['r3', later, 'the field Later added to the app\'s schema after the Entity was synchronized'],
      ];
      const secretOf = (key: string, field: string): unknown => {
        const value = second.get(key)?.[field];
        return isRecord(value) ? value[RICH_TEXT_SECRET] : undefined;
      };
      const lost = landings.filter(([key, field]) => typeof secretOf(key, field) !== 'string');
      if (lost.length > 0) {
        const shown = lost.map(([key, field, why]) => `row ${key} (${why}) was delivered with a value of ${field}, yet its Entity holds ${JSON.stringify(second.get(key)?.[field] ?? null)} there`);
        fail(`MAP-075: ${shown.join('; ')}; the value should land in a new document of the field`, lastResponse(ctx));
      }
      entity = second.get('r1');
      const notesAfter = await markdownOf(ctx, entity, it.field('Notes'), 'MAP-016 the html field "notes" after a change');
      expectIn(ctx, notesAfter, [[/Replaced [*_]content[*_]/, 'the new content "Replaced *content*"']], 'MAP-016 a new html value replaces the document');
      if (/world|first/.test(notesAfter)) fail(`MAP-016: a new value replaces the rich text content, yet the document still holds the old text: ${JSON.stringify(notesAfter)}`, lastResponse(ctx));
      const summaryAfter = await markdownOf(ctx, entity, it.field('Summary'), 'MAP-017 the md field "summary" after a change');
      if (summaryAfter.trim() !== 'Only this line.') fail(`MAP-017: after the md value changed to "Only this line." the document reads ${JSON.stringify(summaryAfter)}`, lastResponse(ctx));

      const cleared = 'MAP-075 the html field "notes" of row r2, cleared to null by an administrator, then delivered with a new value';
      expectIn(ctx, await markdownOf(ctx, second.get('r2'), notesField, cleared), [[/After (\*\*|__)clearing(\*\*|__)/, 'the delivered "After **clearing**"']], cleared);
      const added = 'MAP-075 the md field "later", added to the app\'s schema after row r3 was synchronized, then delivered with a value for r3';
      expectIn(ctx, await markdownOf(ctx, second.get('r3'), later, added), [[/Written [*_]later[*_]\./, 'the delivered "Written *later*."']], added);
    });
  },
});
