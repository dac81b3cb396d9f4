/**
 * The deterministic edge set of the document round trips: small documents that hold, between
 * them, every node and mark of spec/CONVENTIONS.md ("Documents"), alone and nested (marks
 * combined and inside links, lists in lists, blocks in list items and quotes, tables with marks,
 * images and empty cells, hard breaks, code blocks with and without a language, headings of every
 * level, ordered list starts, task items checked and unchecked, text that markdown or HTML would
 * read as syntax). Every run writes all of them, in few batched requests, before its random cases.
 *
 * CANONICAL_EDGES are in the canonical form: written in any format they are the same document in
 * every format. LENIENT_EDGES are documents of the schema outside the canonical form (an empty
 * paragraph, a hard break at the end of a line): stored as written (json), they change on their
 * first markdown or HTML round trip and are stable after it.
 */
import { bold, br, code, codeBlock, doc, heading, image, italic, link, ol, p, quote, rule, strike, table, tasks, text, ul, type PMDocument } from './build.js';

export interface EdgeDocument {
  /** What the document is an edge of, for failure messages. */
  name: string;
  doc: PMDocument;
  /** A lenient document: its plain text after a markdown or HTML round trip (what the format cannot express left out). */
  plain?: string;
}

const A = 'https://example.com/a';
const B = 'https://example.com/b?x=1&y=2';

const MARKS: EdgeDocument[] = [
  { name: 'every mark alone', doc: doc(p('plain ', text('bold', bold), ' ', text('italic', italic), ' ', text('strike', strike), ' ', text('code', code), ' ', text('link', link(A)))) },
  { name: 'a bold paragraph', doc: doc(p(text('all bold', bold))) },
  { name: 'an italic paragraph', doc: doc(p(text('all italic', italic))) },
  { name: 'a struck paragraph', doc: doc(p(text('all struck', strike))) },
  { name: 'an inline code paragraph', doc: doc(p(text('all code', code))) },
  { name: 'a link paragraph with a title', doc: doc(p(text('all link', link(B, 'B title')))) },
  {
    name: 'marks combined in pairs',
    doc: doc(
      p(
        text('bi', bold, italic),
        ' ',
        text('bs', bold, strike),
        ' ',
        text('bc', bold, code),
        ' ',
        text('is', italic, strike),
        ' ',
        text('ic', italic, code),
        ' ',
        text('sc', strike, code),
      ),
    ),
  },
  { name: 'every mark at once', doc: doc(p(text('all five', bold, italic, strike, code, link(A)))) },
  { name: 'marks inside a link', doc: doc(p(text('see ', link(A)), text('bold', bold, link(A)), text(' and ', link(A)), text('code', code, link(A)), text(' end', link(A)))) },
  { name: 'a link inside bold text', doc: doc(p(text('strong ', bold), text('linked', bold, link(A)), text(' text', bold))) },
  { name: 'two links side by side', doc: doc(p(text('first', link(A)), text('second', link(B, 'B title')), ' after')) },
  { name: 'overlapping marks', doc: doc(p(text('b ', bold), text('bi', bold, italic), text(' i', italic), ' ', text('s', strike), text('sb', bold, strike))) },
  { name: 'adjacent marks without a space', doc: doc(p(text('b', bold), text('i', italic), text('s', strike), text('c', code), 'x', text('b2', bold))) },
  { name: 'marked punctuation next to letters', doc: doc(p('a', text('!', bold), 'b', text('?', italic), 'c', text('.', strike), 'd')) },
  { name: 'inline code with a backtick and spaces', doc: doc(p(text('a`b', code), ' ', text('`', code), ' x', text(' pad ', code), 'y')) },
  { name: 'a link whose text is its address', doc: doc(p(text('https://example.com/a', link(A)), ' and ', text('someone@example.com', link('mailto:someone@example.com')))) },
  { name: 'underscores in an autolink and next to strikethrough', doc: doc(p(text('https://example.com/a_b', link('https://example.com/a_b')), ' ', text('x_y', strike), text('_z', italic), 'w_')) },
  // md writes the space before `~~` as `&#x20;` and the letter after it as `&#x61;`: the `_` that follows then stands after
  // punctuation and, left unescaped, opens emphasis with the `_` of the italic marker written around the text.
  { name: 'an underscore after a character reference the writer makes next to ~~', doc: doc(p(text('a ', bold, italic, strike), text('a_a*', bold, italic))) },
  { name: 'link addresses of every kind', doc: doc(p(text('rel', link('/relative/path?q=1#f')), ' ', text('tel', link('tel:+123456')), ' ', text('parens', link('https://example.com/a_(b)')), ' ', text('frag', link('#section')))) },
];

const INLINE: EdgeDocument[] = [
  { name: 'a hard break', doc: doc(p('line one', br, 'line two')) },
  { name: 'a hard break inside bold text', doc: doc(p(text('bold one', bold), br, text('bold two', bold))) },
  { name: 'a hard break between different marks', doc: doc(p(text('bold', bold), br, text('italic', italic), br, text('link', link(A)))) },
  { name: 'an image alone', doc: doc(p(image('https://example.com/i.png'))) },
  { name: 'an image with alt and title', doc: doc(p(image('/img/a.gif', 'an image', 'a title'))) },
  { name: 'images inside text', doc: doc(p('before ', image('https://example.com/i.png', 'A*b'), ' between ', image('/img/a.gif', null, 'T'), image('https://example.com/p q.png', 'x'), ' after')) },
  { name: 'an image next to a hard break and a link', doc: doc(p(image('/img/a.gif', 'x'), br, text('link', link(A)), image('https://example.com/i.png'))) },
  { name: 'markdown and html syntax as text', doc: doc(p('*a* _b_ ~c~ `d` [e](f) <g> &amp; \\h | i # j ! k {l} "m" \'n\' 1. 2) + -')) },
  // An underscore after one, two and three backslashes: markdown escapes each of them, whatever their parity.
  { name: 'backslashes before underscores', doc: doc(p('a\\_b c\\\\_d e\\\\\\_f _g_ h_ i__j__ \\')) },
  {
    name: 'text that starts like a block',
    doc: doc(p('# not a heading'), p('- not a list'), p('1. not a list'), p('---'), p('> not a quote'), p('+ not a list'), p('| not | a table |'), p('```'), p('===')),
  },
];

const BLOCKS: EdgeDocument[] = [
  { name: 'the empty document', doc: doc() },
  { name: 'headings of every level', doc: doc(heading(1, 'one'), heading(2, 'two'), heading(3, 'three'), heading(4, 'four'), heading(5, 'five'), heading(6, 'six')) },
  { name: 'a heading with marks and an image', doc: doc(heading(2, 'with ', text('bold', bold), ' ', text('code', code), ' ', text('link', link(A)), ' ', image('/img/a.gif', 'x'))) },
  { name: 'a code block without a language', doc: doc(codeBlock('const a = 1;')) },
  { name: 'a code block with a language', doc: doc(codeBlock('let x = 1;\nlet y = 2;', 'ts'), codeBlock('int main() {}', 'c++')) },
  { name: 'empty code blocks', doc: doc(codeBlock(''), codeBlock('', 'python')) },
  { name: 'code with blank lines, tabs and markup', doc: doc(codeBlock('a\n\n\tb *c* <d> &e\n', 'x-y'), codeBlock('\n'), codeBlock('```\nfence\n~~~')) },
  { name: 'a horizontal rule', doc: doc(p('above'), rule, p('below')) },
  { name: 'a rule alone', doc: doc(rule) },
  { name: 'a blockquote', doc: doc(quote(p('quoted'))) },
  { name: 'a blockquote of several blocks', doc: doc(quote(p('one'), p('two'), heading(3, 'head'), codeBlock('code', 'js'), rule)) },
  { name: 'a blockquote in a blockquote', doc: doc(quote(p('outer'), quote(p('inner')))) },
  { name: 'a blockquote holding lists and a table', doc: doc(quote(ul([p('bullet')]), ol(2, [p('second')]), tasks([true, p('done')]), table([['h']], [['c']]))) },
];

const LISTS: EdgeDocument[] = [
  { name: 'a bullet list', doc: doc(ul([p('one')], [p('two')], [p('three')])) },
  { name: 'a list item of two paragraphs', doc: doc(ul([p('first'), p('second')], [p('next')])) },
  { name: 'ordered lists with every kind of start', doc: doc(ol(1, [p('one')], [p('two')]), p('-'), ol(0, [p('zero')]), p('-'), ol(3, [p('three')]), p('-'), ol(9, [p('nine')], [p('ten')], [p('eleven')]), p('-'), ol(120, [p('many')]), p('-'), ol(999_999_999, [p('largest')])) },
  { name: 'task items checked and unchecked', doc: doc(tasks([true, p('done')], [false, p('open')], [true, p(text('marked', bold))])) },
  { name: 'a bullet list in a bullet list', doc: doc(ul([p('outer'), ul([p('inner'), ul([p('innermost')])])], [p('outer two')])) },
  { name: 'lists of every kind nested', doc: doc(ol(1, [p('ordered'), ul([p('bullet'), tasks([false, p('task'), ol(5, [p('five')])])])])) },
  { name: 'a task list in a bullet list and a bullet list in a task item', doc: doc(ul([p('item'), tasks([true, p('sub task')])]), p('-'), tasks([false, p('task'), ul([p('sub bullet')])])) },
  { name: 'a blockquote in a list item', doc: doc(ul([p('item'), quote(p('quoted in item'))])) },
  { name: 'blocks of every kind in list items', doc: doc(ol(1, [p('item'), heading(4, 'heading'), codeBlock('code', 'ts'), rule, table([['h'], ['i']], [['c'], ['d']])], [p('last')])) },
  { name: 'adjacent lists of the same kind', doc: doc(ul([p('a')]), ul([p('b')]), ol(1, [p('c')]), ol(1, [p('d')]), tasks([false, p('e')]), tasks([true, p('f')])) },
  { name: 'adjacent lists of different kinds', doc: doc(ul([p('a')]), tasks([false, p('b')]), ol(2, [p('c')]), ul([p('d')])) },
  { name: 'list items with marks, links, images and hard breaks', doc: doc(ul([p(text('bold', bold), ' ', text('link', link(A)), br, image('/img/a.gif', 'x'))], [p(text('code', code))])) },
];

const TABLES: EdgeDocument[] = [
  { name: 'a table of one cell', doc: doc(table([['only']])) },
  { name: 'a table with empty cells', doc: doc(table([['a'], [], ['c']], [[], ['b'], []], [['x'], [], []])) },
  {
    name: 'a table with marks, links and images in cells',
    doc: doc(table([[text('bold', bold)], [text('italic', italic)], [text('link', link(A))]], [[text('strike', strike)], [text('code', code)], [image('https://example.com/i.png', 'alt'), ' img']])),
  },
  { name: 'a table with pipes and backslashes in its text', doc: doc(table([['a|b'], ['c\\d']], [['e \\| f'], [text('g|h', code)]])) },
  { name: 'two tables in a row', doc: doc(table([['one']], [['1']]), table([['two'], ['cols']], [['2'], ['3']])) },
];

/** Every node and mark at once. */
export const EVERY_NODE: PMDocument = doc(
    heading(2, 'Title'),
    p('Plain ', text('bold', bold), ' ', text('italic', italic), ' ', text('strike', strike), ' ', text('code', code), ' ', text('link', link('https://example.com/')), br, image('https://example.com/a.png', 'alt')),
    quote(p('quoted')),
    ul([p('bullet')]),
    ol(3, [p('third')]),
    tasks([true, p('done')]),
    codeBlock('const a = 1;\n', 'ts'),
    rule,
  table([['h']], [['c']]),
);

export const CANONICAL_EDGES: readonly EdgeDocument[] = [{ name: 'every node and mark in one document', doc: EVERY_NODE }, ...MARKS, ...INLINE, ...BLOCKS, ...LISTS, ...TABLES];

/**
 * Documents written otherwise than they read, and the documents they are: every attribute left out
 * read with its default, marks written on an image or a hard break left out (spec/CONVENTIONS.md, "Documents").
 */
export const DEFAULTED_EDGES: ReadonlyArray<EdgeDocument & { written: unknown }> = [
  {
    name: 'attributes left out read with their defaults',
    written: {
      doc: {
        type: 'doc',
        content: [
          { type: 'heading', content: [{ type: 'text', text: 'h' }] },
          { type: 'code_block', content: [{ type: 'text', text: 'c' }] },
          { type: 'ordered_list', content: [{ type: 'list_item', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'o' }] }] }] },
          { type: 'task_list', content: [{ type: 'task_item', content: [{ type: 'paragraph', content: [{ type: 'text', text: 't' }] }] }] },
          { type: 'paragraph', content: [{ type: 'image', attrs: { src: '/i.png' } }, { type: 'text', marks: [{ type: 'link', attrs: { href: '/l' } }], text: 'l' }] },
        ],
      },
    },
    doc: doc(heading(1, 'h'), codeBlock('c'), ol(1, [p('o')]), tasks([false, p('t')]), p(image('/i.png'), text('l', link('/l')))),
  },
  {
    name: 'marks written on an image are left out',
    written: doc(p({ type: 'image', attrs: { src: '/i.png', alt: null, title: null }, marks: [bold, link('/l')] }, text('after', bold))),
    doc: doc(p(image('/i.png'), text('after', bold))),
  },
  {
    name: 'marks written on a hard break are left out',
    written: doc(p(text('before', bold), { type: 'hard_break', marks: [bold, italic, link('/l')] }, text('after', bold))),
    doc: doc(p(text('before', bold), br, text('after', bold))),
  },
];

/**
 * json that is no ProseMirror JSON as it stands, which a server may read leniently (the reference server does, spec/CONVENTIONS.md,
 * "Documents"): empty text nodes dropped, marks sorted, adjacent text nodes with the same marks merged. A server that does
 * not refuses it with 400 document.error/content-invalid; one that takes it must read back the document it is.
 */
export const LENIENT_JSON: ReadonlyArray<EdgeDocument & { written: unknown }> = [
  {
    name: 'empty text nodes, unsorted marks and adjacent text with the same marks',
    written: doc(
      p({ type: 'text', text: '' }, 'a', { type: 'text', text: '', marks: [bold] }, text('b', italic), { type: 'text', text: 'c', marks: [link(A), italic] }, { type: 'text', text: 'd', marks: [strike, bold] }, text('e', bold, strike)),
      p({ type: 'text', text: '' }),
    ),
    doc: doc(p('a', text('b', italic), text('c', italic, link(A)), text('de', bold, strike)), p()),
  },
];

/** In the schema, outside the canonical form: kept as written in json, stable after one markdown or HTML round trip. */
export const LENIENT_EDGES: readonly EdgeDocument[] = [
  { name: 'an empty paragraph between paragraphs', doc: doc(p('before'), p(), p('after')), plain: 'before\n\nafter' },
  { name: 'only an empty paragraph', doc: doc(p()), plain: '' },
  { name: 'an empty paragraph in a list item and a blockquote', doc: doc(ul([p('item'), p()]), quote(p())), plain: 'item' },
  { name: 'a hard break at the end of a paragraph', doc: doc(p('ends with a break', br)), plain: 'ends with a break' },
  { name: 'a hard break first and two in a row', doc: doc(p(br, 'after', br, br, 'two')), plain: 'after\n\ntwo' },
  { name: 'a hard break in a heading', doc: doc(heading(3, 'one', br, 'two')) },
];
