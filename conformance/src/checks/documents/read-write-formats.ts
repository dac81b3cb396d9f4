import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { getDocument, newSecret, putDocument } from './client.js';

/** The text nodes of a json document, with their marks, in order. */
function texts(content: unknown): Array<{ text: string; marks: string[] }> {
  const out: Array<{ text: string; marks: string[] }> = [];
  const visit = (node: unknown) => {
    if (!isRecord(node)) return;
    if (node['type'] === 'text' && typeof node['text'] === 'string') {
      out.push({ text: node['text'], marks: Array.isArray(node['marks']) ? node['marks'].map((m) => (isRecord(m) ? String(m['type']) : '')) : [] });
    }
    if (Array.isArray(node['content'])) node['content'].forEach(visit);
  };
  visit(isRecord(content) ? content['doc'] : undefined);
  return out;
}

function firstBlock(content: unknown): Record<string, unknown> | undefined {
  const doc = isRecord(content) ? content['doc'] : undefined;
  const first: unknown = isRecord(doc) && Array.isArray(doc['content']) ? doc['content'][0] : undefined;
  return isRecord(first) ? first : undefined;
}

export default defineCheck({
  id: 'documents.read-write-formats',
  name:
    'PUT /api/documents/<secret> writes a new document in md, html and json (answering 200 and true), and GET reads it back as {secret, content} in md, html, ' +
    'json ({doc: {type: "doc", content}}) and plain-text with the same text, headings and emphasis; a secret names one document in any letter case',
  level: 'MUST',
  area: 'documents',
  requirements: ['DOC-003', 'DOC-005', 'DOC-007', 'DOC-008', 'DOC-009', 'DOC-011', 'DOC-013', 'DOC-014', 'DOC-019', 'DOC-020', 'DOC-022'],
  target: 'server',
  async run(ctx) {
    const secret = newSecret();
    await putDocument(ctx, secret, '# Notes\n\nFirst *draft* of the plan.\n', 'md');
    const md = await getDocument(ctx, secret, 'md');
    const mdRes = ctx.http.lastExchange?.response;
    if (typeof md !== 'string' || !/^# Notes$/m.test(md) || !/[*_]draft[*_]/.test(md)) fail(`the md written ("# Notes", "*draft*") reads back as md ${JSON.stringify(md)}`, mdRes);
    const html = await getDocument(ctx, secret, 'html');
    const htmlRes = ctx.http.lastExchange?.response;
    if (typeof html !== 'string' || !/<h1[^>]*>\s*Notes\s*<\/h1>/.test(html) || !/<em>draft<\/em>/.test(html)) fail(`the md written reads back as html ${JSON.stringify(html)}, expected <h1>Notes</h1> and <em>draft</em>`, htmlRes);
    const json = await getDocument(ctx, secret, 'json');
    const jsonRes = ctx.http.lastExchange?.response;
    const heading = firstBlock(json);
    if (heading?.['type'] !== 'heading' || !isRecord(heading['attrs']) || heading['attrs']['level'] !== 1) fail(`the md written reads back as json whose first block is ${JSON.stringify(heading)}, expected a heading of level 1`, jsonRes);
    if (!texts(json).some((t) => t.text === 'draft' && t.marks.includes('italic'))) fail(`the md written reads back as json without the text "draft" marked italic: ${JSON.stringify(json).slice(0, 300)}`, jsonRes);
    const plain = await getDocument(ctx, secret, 'plain-text');
    const plainRes = ctx.http.lastExchange?.response;
    if (typeof plain !== 'string' || !plain.includes('Notes') || !plain.includes('First draft of the plan.') || /[#*<]/.test(plain)) {
      fail(`the md written reads back as plain-text ${JSON.stringify(plain)}, expected the text without markup`, plainRes);
    }

    await putDocument(ctx, secret, '<h2>Other</h2><p>plain <strong>bold</strong> text</p>', 'html');
    const fromHtml = await getDocument(ctx, secret, 'json');
    const fromHtmlRes = ctx.http.lastExchange?.response;
    const h2 = firstBlock(fromHtml);
    if (h2?.['type'] !== 'heading' || !isRecord(h2['attrs']) || h2['attrs']['level'] !== 2) fail(`html <h2>Other</h2> reads back as json whose first block is ${JSON.stringify(h2)}`, fromHtmlRes);
    if (!texts(fromHtml).some((t) => t.text === 'bold' && t.marks.includes('bold'))) fail(`html <strong>bold</strong> reads back as json without "bold" marked bold: ${JSON.stringify(fromHtml).slice(0, 300)}`, fromHtmlRes);

    const doc = { doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'From ' }, { type: 'text', marks: [{ type: 'strike' }], text: 'json' }] }] } };
    await putDocument(ctx, secret, doc, 'json');
    const fromJson = await getDocument(ctx, secret, 'md');
    if (typeof fromJson !== 'string' || !/From ~~?json~~?/.test(fromJson)) fail(`json with the text "json" marked strike reads back as md ${JSON.stringify(fromJson)}`, ctx.http.lastExchange?.response);

    // A secret is a UUID in any letter case: written under capitals, read under small letters (and back).
    const shouting = newSecret();
    await putDocument(ctx, shouting.toUpperCase(), 'Written under capitals.\n', 'md');
    for (const spelled of [shouting, shouting.toUpperCase()]) {
      const read = await getDocument(ctx, spelled, 'plain-text');
      if (read !== 'Written under capitals.') fail(`a document written under the secret ${shouting.toUpperCase()} reads under ${spelled} as ${JSON.stringify(read)}: a secret is a UUID, in any letter case`, ctx.http.lastExchange?.response);
    }
  },
});
