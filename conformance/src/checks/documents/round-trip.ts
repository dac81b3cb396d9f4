/**
 * The property runs shared by the round-trip checks: a canonical document written in json, then
 * read (and for md and html written again and read again) in one format. One document per check.
 */
import { fail } from '../../assert.js';
import type { CheckContext } from '../../check.js';
import { canonicalJson } from '../../model/values.js';
import { checkProperty } from '../../property.js';
import { documentArbitrary, plainTextOf, type PMDocument } from './arbitrary.js';
import { getDocument, newSecret, putDocument } from './client.js';

/** Fewest cases of a round-trip property, whatever the run's numRuns. */
export const MIN_ROUND_TRIP_RUNS = 200;

/** A document with every node and mark, tried first. */
export const EVERY_NODE: PMDocument = {
  doc: {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Title' }] },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Plain ' },
          { type: 'text', marks: [{ type: 'bold' }], text: 'bold' },
          { type: 'text', text: ' ' },
          { type: 'text', marks: [{ type: 'italic' }], text: 'italic' },
          { type: 'text', text: ' ' },
          { type: 'text', marks: [{ type: 'strike' }], text: 'strike' },
          { type: 'text', text: ' ' },
          { type: 'text', marks: [{ type: 'code' }], text: 'code' },
          { type: 'text', text: ' ' },
          { type: 'text', marks: [{ type: 'link', attrs: { href: 'https://example.com/', title: null } }], text: 'link' },
          { type: 'hard_break' },
          { type: 'image', attrs: { src: 'https://example.com/a.png', alt: 'alt', title: null } },
        ],
      },
      { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'quoted' }] }] },
      { type: 'bullet_list', content: [{ type: 'list_item', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'bullet' }] }] }] },
      { type: 'ordered_list', attrs: { order: 3 }, content: [{ type: 'list_item', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'third' }] }] }] },
      { type: 'task_list', content: [{ type: 'task_item', attrs: { checked: true }, content: [{ type: 'paragraph', content: [{ type: 'text', text: 'done' }] }] }] },
      { type: 'code_block', attrs: { language: 'ts' }, content: [{ type: 'text', text: 'const a = 1;\n' }] },
      { type: 'horizontal_rule' },
      {
        type: 'table',
        content: [
          { type: 'table_row', content: [{ type: 'table_header', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'h' }] }] }] },
          { type: 'table_row', content: [{ type: 'table_cell', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'c' }] }] }] },
        ],
      },
    ],
  },
};

export const EMPTY: PMDocument = { doc: { type: 'doc', content: [] } };

export type RoundTrip = 'json' | 'md' | 'html' | 'plain-text';

/** Runs one round-trip property (at least MIN_ROUND_TRIP_RUNS cases). */
export async function runRoundTrip(ctx: CheckContext, kind: RoundTrip): Promise<void> {
  const secret = newSecret();
  await checkProperty(
    ctx,
    documentArbitrary,
    async (document) => {
      await putDocument(ctx, secret, document, 'json');
      switch (kind) {
        case 'json': {
          const back = await getDocument(ctx, secret, 'json');
          if (canonicalJson(back) !== canonicalJson(document)) fail(`json in, json out: the document read differs from the one written; read ${JSON.stringify(back)}`, ctx.http.lastExchange?.response);
          return;
        }
        case 'plain-text': {
          const text = await getDocument(ctx, secret, 'plain-text');
          const expected = plainTextOf(document);
          if (text !== expected) fail(`plain-text is ${JSON.stringify(text)}, the text of the document is ${JSON.stringify(expected)}`, ctx.http.lastExchange?.response);
          return;
        }
        default: {
          const first = await getDocument(ctx, secret, kind);
          await putDocument(ctx, secret, first, kind);
          const second = await getDocument(ctx, secret, kind);
          if (second !== first) fail(`${kind} out, ${kind} in, ${kind} out is not stable: first ${JSON.stringify(first)}, then ${JSON.stringify(second)}`, ctx.http.lastExchange?.response);
        }
      }
    },
    { numRuns: Math.max(ctx.fastCheck.numRuns, MIN_ROUND_TRIP_RUNS), examples: [EVERY_NODE, EMPTY] },
  );
}
