import { fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import { isRecord, type JsonRecord } from '../../shapes.js';
import { getDocument } from '../documents/client.js';
import { lastResponse, withIntegration } from './integration.js';
import { RICH_TEXT_SECRET } from './read.js';
import { oneTypeScenario } from './scenarios.js';

const SCENARIO = oneTypeScenario(
  'Rich text fields given HTML and Markdown.',
  { notes: { name: 'Notes', type: 'text', subType: 'html' }, summary: { name: 'Summary', type: 'text', subType: 'md' } },
  [{ id: 'r1', name: 'One', notes: '<p>Hello <strong>world</strong></p><ul><li>first</li><li>second</li></ul>', summary: '# Title\n\nSome *markdown* text.\n' }],
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
  name: 'A text/html or text/md value becomes the content of the rich text document of its field (read back through /api/documents as Markdown), and a later value replaces it',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-016', 'MAP-017'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, {}, async (it) => {
      let entity = (await it.byKey('thing')).get('r1');
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

      it.app.change({ thing: { update: [{ id: 'r1', notes: '<p>Replaced <em>content</em></p>', summary: 'Only this line.' }] } });
      await it.sync('a sync after the rich text values changed');
      entity = (await it.byKey('thing')).get('r1');
      const notesAfter = await markdownOf(ctx, entity, it.field('Notes'), 'MAP-016 the html field "notes" after a change');
      expectIn(ctx, notesAfter, [[/Replaced [*_]content[*_]/, 'the new content "Replaced *content*"']], 'MAP-016 a new html value replaces the document');
      if (/world|first/.test(notesAfter)) fail(`MAP-016: a new value replaces the rich text content, yet the document still holds the old text: ${JSON.stringify(notesAfter)}`, lastResponse(ctx));
      const summaryAfter = await markdownOf(ctx, entity, it.field('Summary'), 'MAP-017 the md field "summary" after a change');
      if (summaryAfter.trim() !== 'Only this line.') fail(`MAP-017: after the md value changed to "Only this line." the document reads ${JSON.stringify(summaryAfter)}`, lastResponse(ctx));
    });
  },
});
