import { describeRequest, expectErrorName, expectNamesField, expectPlainError, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { canonicalJson } from '../../model/values.js';
import { isRecord } from '../../shapes.js';
import { bold, doc, heading, p, text } from './build.js';
import { documentCommandRaw, getDocument, newSecret, putDocument, putDocumentRaw, type WriteFormat } from './client.js';

/** A node of the json format as sent (anything, to build what is not a document). */
type Raw = Record<string, unknown>;

function rawDoc(...content: unknown[]): Raw {
  return { doc: { type: 'doc', content } };
}

const para = (...content: unknown[]): Raw => ({ type: 'paragraph', content });
const txt = (value: unknown, marks?: unknown): Raw => ({ type: 'text', text: value, ...(marks === undefined ? {} : { marks }) });
const item = (...content: unknown[]): Raw => ({ type: 'list_item', content });

/**
 * Content that is not a document of the schema (spec/CONVENTIONS.md, "Documents") in the format it is written in,
 * with `at`: the JSON pointer, inside the content, of the part that makes it so (a pointer in the error must name it,
 * a part holding it or a part of it).
 */
const INVALID: Array<{ what: string; at: string; format: WriteFormat; content: unknown }> = [
  { what: 'json without doc', at: '', format: 'json', content: { content: [] } },
  { what: 'json whose doc is a string', at: '/doc', format: 'json', content: { doc: 'text' } },
  { what: 'json whose top node is a paragraph', at: '/doc', format: 'json', content: { doc: para(txt('a')) } },
  { what: 'json whose doc content is not an array', at: '/doc/content', format: 'json', content: { doc: { type: 'doc', content: 'a' } } },
  { what: 'a node without a type', at: '/doc/content/0', format: 'json', content: rawDoc({ content: [txt('a')] }) },
  { what: 'a node that is not an object', at: '/doc/content/0', format: 'json', content: rawDoc('paragraph') },
  { what: 'a node kind no server has ("video")', at: '/doc/content/0', format: 'json', content: rawDoc({ type: 'video', attrs: { src: 'https://example.com/v.mp4' } }) },
  { what: 'a mark kind no server has ("underline")', at: '/doc/content/0/content/0/marks/0', format: 'json', content: rawDoc(para(txt('a', [{ type: 'underline' }]))) },
  { what: 'marks that are not an array', at: '/doc/content/0/content/0/marks', format: 'json', content: rawDoc(para(txt('a', { type: 'bold' }))) },
  { what: 'a mark that is not an object', at: '/doc/content/0/content/0/marks/0', format: 'json', content: rawDoc(para(txt('a', ['bold']))) },
  { what: 'a mark whose attrs are not an object', at: '/doc/content/0/content/0/marks/0/attrs', format: 'json', content: rawDoc(para(txt('a', [{ type: 'link', attrs: 'https://example.com/' }]))) },
  { what: 'a link mark without href', at: '/doc/content/0/content/0/marks/0/attrs', format: 'json', content: rawDoc(para(txt('a', [{ type: 'link', attrs: { title: null } }]))) },
  { what: 'a link mark whose href is a number', at: '/doc/content/0/content/0/marks/0/attrs/href', format: 'json', content: rawDoc(para(txt('a', [{ type: 'link', attrs: { href: 5, title: null } }]))) },
  { what: 'text that is not a string', at: '/doc/content/0/content/0/text', format: 'json', content: rawDoc(para(txt(5))) },
  { what: 'text directly in the doc', at: '/doc/content/0', format: 'json', content: rawDoc(txt('a')) },
  { what: 'a paragraph inside a paragraph', at: '/doc/content/0/content/0', format: 'json', content: rawDoc(para(para(txt('a')))) },
  { what: 'a list item outside a list', at: '/doc/content/0', format: 'json', content: rawDoc(item(para(txt('a')))) },
  { what: 'a bullet list without items', at: '/doc/content/0/content', format: 'json', content: rawDoc({ type: 'bullet_list', content: [] }) },
  { what: 'a list item that starts with a heading', at: '/doc/content/0/content/0/content/0', format: 'json', content: rawDoc({ type: 'bullet_list', content: [item({ type: 'heading', attrs: { level: 1 }, content: [txt('a')] })] }) },
  { what: 'a table row without cells', at: '/doc/content/0/content/0/content', format: 'json', content: rawDoc({ type: 'table', content: [{ type: 'table_row', content: [] }] }) },
  { what: 'a table cell of two paragraphs', at: '/doc/content/0/content/0/content/0/content', format: 'json', content: rawDoc({ type: 'table', content: [{ type: 'table_row', content: [{ type: 'table_cell', content: [para(txt('a')), para(txt('b'))] }] }] }) },
  { what: 'a heading of level 7', at: '/doc/content/0/attrs/level', format: 'json', content: rawDoc({ type: 'heading', attrs: { level: 7 }, content: [txt('a')] }) },
  { what: 'a heading of level 0', at: '/doc/content/0/attrs/level', format: 'json', content: rawDoc({ type: 'heading', attrs: { level: 0 }, content: [txt('a')] }) },
  { what: 'a heading whose attrs are not an object', at: '/doc/content/0/attrs', format: 'json', content: rawDoc({ type: 'heading', attrs: 2, content: [txt('a')] }) },
  { what: 'an ordered list starting at -1', at: '/doc/content/0/attrs/order', format: 'json', content: rawDoc({ type: 'ordered_list', attrs: { order: -1 }, content: [item(para(txt('a')))] }) },
  { what: 'an ordered list starting at 1.5', at: '/doc/content/0/attrs/order', format: 'json', content: rawDoc({ type: 'ordered_list', attrs: { order: 1.5 }, content: [item(para(txt('a')))] }) },
  { what: 'a task item checked "yes"', at: '/doc/content/0/content/0/attrs/checked', format: 'json', content: rawDoc({ type: 'task_list', content: [{ type: 'task_item', attrs: { checked: 'yes' }, content: [para(txt('a'))] }] }) },
  { what: 'a code block whose language is a number', at: '/doc/content/0/attrs/language', format: 'json', content: rawDoc({ type: 'code_block', attrs: { language: 5 }, content: [txt('a')] }) },
  // Marks are for inline nodes (spec/CONVENTIONS.md): a block carrying one is no node of the schema.
  { what: 'a paragraph carrying a mark', at: '/doc/content/0/marks', format: 'json', content: rawDoc({ type: 'paragraph', marks: [{ type: 'bold' }], content: [txt('a')] }) },
  { what: 'marked text in a code block', at: '/doc/content/0/content/0/marks', format: 'json', content: rawDoc({ type: 'code_block', attrs: { language: null }, content: [txt('a', [{ type: 'bold' }])] }) },
  { what: 'an image without src', at: '/doc/content/0/content/0/attrs', format: 'json', content: rawDoc(para({ type: 'image', attrs: { alt: 'x' } })) },
  { what: 'an image whose src is a number', at: '/doc/content/0/content/0/attrs/src', format: 'json', content: rawDoc(para({ type: 'image', attrs: { src: 5, alt: null, title: null } })) },
  { what: 'an image whose alt is a number', at: '/doc/content/0/content/0/attrs/alt', format: 'json', content: rawDoc(para({ type: 'image', attrs: { src: '/i.png', alt: 5, title: null } })) },
  { what: 'an ordered list starting at 1000000000', at: '/doc/content/0/attrs/order', format: 'json', content: rawDoc({ type: 'ordered_list', attrs: { order: 1_000_000_000 }, content: [item(para(txt('a')))] }) },
  { what: 'an image with content', at: '/doc/content/0/content/0/content', format: 'json', content: rawDoc(para({ type: 'image', attrs: { src: '/i.png', alt: null, title: null }, content: [txt('a')] })) },
  { what: 'node content that is not an array', at: '/doc/content/0/content', format: 'json', content: rawDoc({ type: 'paragraph', content: txt('a') }) },
  { what: 'json content as a string', at: '', format: 'json', content: '{"doc": {"type": "doc", "content": []}}' },
  { what: 'md content that is an object', at: '', format: 'md', content: { doc: { type: 'doc', content: [] } } },
  { what: 'html content that is an object', at: '', format: 'html', content: { doc: { type: 'doc', content: [] } } },
];

const BEFORE = doc(heading(1, 'Before'), p('kept ', text('as written', bold)));

/** The names a refusal of content may carry: the spec's own, or the request schema's (content of the wrong JSON type). */
const REFUSAL_NAMES = ['document.error/content-invalid', 'request.error/invalid-body'];

/** Whether a JSON pointer names a part of `value`, or a member missing from an object of it (a required one). */
function resolves(value: unknown, pointer: string): boolean {
  let at: unknown = value;
  const tokens = pointer.split('/').slice(1).map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  for (const [i, token] of tokens.entries()) {
    if (Array.isArray(at) && /^(0|[1-9]\d*)$/.test(token) && Number(token) < at.length) at = at[Number(token)];
    else if (isRecord(at) && Object.hasOwn(at, token)) at = at[token];
    else return isRecord(at) && i === tokens.length - 1;
  }
  return true;
}

/**
 * Refused 400 with a named error whose `data.field` names the content: `content` (or, in a batch, `/args/<i>`), or a JSON
 * pointer into the request body, at or under `outer`, that names the bad part, a part holding it or a part of it.
 */
function expectRefused(res: HttpResponse, what: string, body: unknown, outer: string, bad: string): void {
  if (res.status < 400) fail(`${what}: expected a refusal (400 document.error/content-invalid), got ${res.status} from ${describeRequest(res)}`, res);
  expectStatus(res, 400, what);
  const error = expectPlainError(res, what);
  if (!REFUSAL_NAMES.includes(error.name)) fail(`${what}: expected the error document.error/content-invalid (or the request schema's request.error/invalid-body), got ${JSON.stringify(error.name)}`, res);
  const field = error.data?.['field'];
  if (field === 'content' && outer === '/content') return;
  if (typeof field !== 'string' || !field.startsWith('/')) {
    expectNamesField(res, error, outer === '/content' ? 'content' : outer, what);
    return;
  }
  const onPath = field === bad || bad.startsWith(`${field}/`) || field.startsWith(`${bad}/`);
  const inside = field === outer || field.startsWith(`${outer}/`);
  if (!inside || !onPath || !resolves(body, field)) {
    fail(
      `${what}: data.field is ${JSON.stringify(field)}; a pointer in it must name, in the request body, the bad part ${JSON.stringify(bad)}, a part holding it (not above ${JSON.stringify(outer)}) or a part of it` +
        (resolves(body, field) ? '' : ' (it names nothing in the body)'),
      res,
    );
  }
}

export default defineCheck({
  id: 'documents.invalid-content',
  name:
    'Content that is not a document of the schema in its format (json that is no document, unknown node or mark kinds, nodes where their parent takes none, ' +
    'attributes of the wrong type, marks on a block; md or html that is not a string) is refused 400 document.error/content-invalid naming the content (its place in the batch), a pointer in data.field naming the bad part, a part holding it or a part of it, ' +
    'by PUT and by create-or-update-documents (also next to a valid document; a batch body of null is refused 400 request.error/invalid-body too), and the document stays as it was',
  level: 'MUST',
  area: 'documents',
  requirements: ['DOC-011', 'DOC-015', 'DOC-036', 'CMD-ERR-010'],
  target: 'server',
  async run(ctx) {
    const secret = newSecret();
    await putDocument(ctx, secret, BEFORE, 'json');
    for (const { what, at, format, content } of INVALID) {
      const res = await putDocumentRaw(ctx, secret, content, format);
      expectRefused(res, `PUT of ${what} (format=${format})`, { content }, '/content', `/content${at}`);
    }
    // Next to a valid document (to a new secret), in one create-or-update-documents.
    for (const { what, at, format, content } of INVALID.filter((_, i) => i % 3 === 0)) {
      const valid = format === 'json' ? doc(p('valid')) : 'valid';
      const body = { command: 'create-or-update-documents', args: [{ secret: newSecret(), content: valid }, { secret, content }] };
      const res = await documentCommandRaw(ctx, body, format);
      expectRefused(res, `create-or-update-documents of a valid document and ${what} (format=${format})`, body, '/args/1', `/args/1/content${at}`);
    }
    // A batch body that is JSON null is no command either.
    const nothing = await ctx.http.request({ method: 'POST', path: '/api/documents/commands', body: 'null', headers: { 'Content-Type': 'application/json' } });
    expectStatus(nothing, 400, 'POST /api/documents/commands with the body null');
    // null is JSON (no request.error/malformed-json): a body that does not match the request's schema.
    expectErrorName(nothing, expectPlainError(nothing, 'POST /api/documents/commands with the body null').name, 'request.error/invalid-body', 'POST /api/documents/commands with the body null');
    const now = await getDocument(ctx, secret, 'json');
    if (canonicalJson(now) !== canonicalJson(BEFORE)) fail(`after the refused writes of invalid content the document reads ${JSON.stringify(now).slice(0, 300)}, expected it unchanged`, ctx.http.lastExchange?.response);
  },
});
