/**
 * fast-check arbitraries of documents in the canonical `json` form (spec/CONVENTIONS.md,
 * "Documents"): every supported node and mark, and only canonical trees, so that "json in, json
 * out" is identity and a document read as md or html and written back is the same document. Also
 * the expected `plain-text` of a document, computed from the rule in the spec (not from any server
 * code). `documentArbitraryWithout` leaves out the node and mark kinds a server said it lacks.
 */
import fc from 'fast-check';
import { MARK_ORDER, type PMDocument, type PMMark, type PMNode } from './build.js';

export { MARK_ORDER, type PMDocument, type PMNode };

// ---------------------------------------------------------------- inline content

/** Letters and digits, and the characters markdown and HTML give a meaning to. No `:` or `@`
 * (text that reads as a URL or an e-mail address becomes a link in markdown, GFM autolinks). */
const WORD_CHARS = [...'abcxyzABZ019', ...'*_~`[]()#<>&\\|!-+.,;\'"=/$%^{}?'];
const CODE_CHARS = [...'abxyz01 ', ...'*_~`[]<>&\\|#-', '\t', '\n'];

const word = fc.string({ unit: fc.constantFrom(...WORD_CHARS), minLength: 1, maxLength: 6 });
/** One to three words separated by single spaces, sometimes with a space before or after. */
const textValue = fc
  .tuple(fc.array(word, { minLength: 1, maxLength: 3 }), fc.boolean(), fc.boolean())
  .map(([words, before, after]) => `${before ? ' ' : ''}${words.join(' ')}${after ? ' ' : ''}`);

const LINKS: Array<{ href: string; title: string | null }> = [
  { href: 'https://example.com/a', title: null },
  { href: 'https://example.com/b?x=1&y=2', title: 'B title' },
  { href: '/relative/path', title: null },
  { href: 'mailto:someone@example.com', title: null },
];

interface Marks {
  bold: boolean;
  italic: boolean;
  strike: boolean;
  code: boolean;
  link: { href: string; title: string | null } | undefined;
}

/** The node and mark kinds a document may hold (a server lacking some answers the others). */
type Lacking = ReadonlySet<string>;

const markSet = (lacking: Lacking): fc.Arbitrary<Marks> => {
  const flag = (name: string) => (lacking.has(name) ? fc.constant(false) : fc.boolean());
  return fc.record({
    bold: flag('bold'),
    italic: flag('italic'),
    strike: flag('strike'),
    code: flag('code'),
    link: lacking.has('link') ? fc.constant(undefined) : fc.option(fc.constantFrom(...LINKS), { nil: undefined, freq: 3 }),
  });
};

function marksJson(m: Marks): PMMark[] {
  const out: PMMark[] = [];
  for (const name of MARK_ORDER) {
    if (name === 'link') {
      if (m.link) out.push({ type: 'link', attrs: { href: m.link.href, title: m.link.title } });
    } else if (m[name]) out.push({ type: name });
  }
  return out;
}

type InlineItem = { kind: 'text'; text: string; marks: PMMark[] } | { kind: 'break' } | { kind: 'image'; src: string; alt: string | null; title: string | null };

const image = fc.record({
  kind: fc.constant('image' as const),
  src: fc.constantFrom('https://example.com/i.png', '/img/a.gif', 'https://example.com/p q.png'),
  alt: fc.option(fc.constantFrom('an image', 'A*b', 'x'), { nil: null }),
  title: fc.option(fc.constantFrom('T', 'a title'), { nil: null }),
});

const inlineItem = (withBreaks: boolean, lacking: Lacking): fc.Arbitrary<InlineItem> =>
  fc.oneof(
    { weight: 8, arbitrary: fc.record({ kind: fc.constant('text' as const), text: textValue, marks: markSet(lacking).map(marksJson) }) },
    { weight: withBreaks && !lacking.has('hard_break') ? 1 : 0, arbitrary: fc.constant({ kind: 'break' as const }) },
    { weight: lacking.has('image') ? 0 : 1, arbitrary: image },
  );

function sameMarks(a: PMMark[], b: PMMark[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The canonical form of inline content: no space at the start or end of the textblock or next to a
 * hard break, never two spaces in a row, no hard break first or last or two in a row, no empty text,
 * adjacent text nodes with equal marks merged.
 */
export function canonicalInline(items: readonly InlineItem[]): InlineItem[] {
  const out: InlineItem[] = [];
  for (const item of items) {
    const last = out.at(-1);
    if (item.kind === 'break') {
      if (last === undefined || last.kind === 'break') continue;
      out.push(item);
      continue;
    }
    if (item.kind === 'image') {
      out.push(item);
      continue;
    }
    const lineStart = last === undefined || last.kind === 'break';
    const prevSpace = last?.kind === 'text' && last.text.endsWith(' ');
    let text = item.text.replace(/ {2,}/g, ' ');
    if (lineStart || prevSpace) text = text.replace(/^ +/, '');
    if (text === '') continue;
    if (last?.kind === 'text' && sameMarks(last.marks, item.marks)) last.text += text;
    else out.push({ kind: 'text', text, marks: item.marks });
  }
  // Spaces before a hard break or at the end; then hard breaks at the end.
  for (let i = 0; i < out.length; i++) {
    const item = out[i] as InlineItem;
    const next = out[i + 1];
    if (item.kind === 'text' && (next === undefined || next.kind === 'break')) item.text = item.text.replace(/ +$/, '');
  }
  const cleaned = out.filter((item) => item.kind !== 'text' || item.text !== '');
  // Removing an empty text may have joined two text nodes with equal marks or two breaks.
  const merged: InlineItem[] = [];
  for (const item of cleaned) {
    const last = merged.at(-1);
    if (item.kind === 'break' && (last === undefined || last.kind === 'break')) continue;
    if (item.kind === 'text' && last?.kind === 'text' && sameMarks(last.marks, item.marks)) last.text += item.text;
    else merged.push(item.kind === 'text' ? { ...item } : item);
  }
  while (merged.at(-1)?.kind === 'break') merged.pop();
  return merged.length === cleaned.length && cleaned.length === out.length ? merged : canonicalInline(merged);
}

function inlineJson(items: readonly InlineItem[]): PMNode[] {
  return items.map((item): PMNode => {
    switch (item.kind) {
      case 'break':
        return { type: 'hard_break' };
      case 'image':
        return { type: 'image', attrs: { src: item.src, alt: item.alt, title: item.title } };
      default:
        return item.marks.length > 0 ? { type: 'text', marks: item.marks, text: item.text } : { type: 'text', text: item.text };
    }
  });
}

function withContent(node: PMNode, content: PMNode[]): PMNode {
  return content.length > 0 ? { ...node, content } : node;
}

const inline = (withBreaks: boolean, minLength: number, lacking: Lacking) =>
  fc.array(inlineItem(withBreaks, lacking), { minLength, maxLength: 5 }).map((items) => inlineJson(canonicalInline(items)));

/** Inline content that is not empty once canonical. */
const someInline = (withBreaks: boolean, lacking: Lacking) => inline(withBreaks, 1, lacking).filter((content) => content.length > 0);

/**
 * GFM reads `\|` in a table cell as `|` even inside a code span, so code text in a table cell never
 * has a backslash right before a pipe (canonical form).
 */
function cellInline(content: PMNode[]): PMNode[] {
  return content.map((node) => (node.marks?.some((m) => m.type === 'code') && node.text !== undefined ? { ...node, text: node.text.replace(/\\+(?=\|)/g, '') } : node));
}

// ---------------------------------------------------------------- blocks

const paragraph = (lacking: Lacking) => someInline(true, lacking).map((content): PMNode => ({ type: 'paragraph', content }));
const heading = (lacking: Lacking) =>
  fc.tuple(fc.integer({ min: 1, max: 6 }), someInline(false, lacking)).map(([level, content]): PMNode => ({ type: 'heading', attrs: { level }, content }));
const codeText = fc.string({ unit: fc.constantFrom(...CODE_CHARS), maxLength: 24 });
const codeBlock = fc
  .tuple(fc.option(fc.constantFrom('js', 'ts', 'python', 'c++', 'x-y'), { nil: null }), codeText)
  .map(([language, text]): PMNode => withContent({ type: 'code_block', attrs: { language } }, text === '' ? [] : [{ type: 'text', text }]));
const rule = fc.constant<PMNode>({ type: 'horizontal_rule' });

const table = (lacking: Lacking) =>
  fc
    .tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 }))
    .chain(([rows, cols]) => fc.array(fc.array(inline(false, 0, lacking), { minLength: cols, maxLength: cols }), { minLength: rows, maxLength: rows }))
    .map(
      (rows): PMNode => ({
        type: 'table',
        content: rows.map((cells, r) => ({
          type: 'table_row',
          content: cells.map((content) => ({ type: r === 0 ? 'table_header' : 'table_cell', content: [withContent({ type: 'paragraph' }, cellInline(content))] })),
        })),
      }),
    );

/** Weighted choices, leaving out those whose kinds are lacking. */
function choices(lacking: Lacking, options: Array<[kinds: string[], weight: number, arbitrary: () => fc.Arbitrary<PMNode>]>): fc.Arbitrary<PMNode> {
  const kept = options.filter(([kinds]) => !kinds.some((k) => lacking.has(k))).map(([, weight, arbitrary]) => ({ weight, arbitrary: arbitrary() }));
  return fc.oneof(...kept);
}

function block(depth: number, lacking: Lacking): fc.Arbitrary<PMNode> {
  const leaves: Array<[string[], number, () => fc.Arbitrary<PMNode>]> = [
    [[], 6, () => paragraph(lacking)],
    [['heading'], 2, () => heading(lacking)],
    [['code_block'], 1, () => codeBlock],
    [['horizontal_rule'], 1, () => rule],
  ];
  if (depth <= 0) return choices(lacking, leaves);
  const inner = () => fc.array(block(depth - 1, lacking), { minLength: 1, maxLength: 2 });
  // A list item: a paragraph that is not empty, then blocks.
  const itemContent = () =>
    fc.tuple(someInline(true, lacking), fc.array(block(depth - 1, lacking), { maxLength: 2 })).map(([first, rest]): PMNode[] => [{ type: 'paragraph', content: first }, ...rest]);
  const items = () => fc.array(itemContent(), { minLength: 1, maxLength: 3 });
  return choices(lacking, [
    ...leaves,
    [['table', 'table_row', 'table_header', 'table_cell'], 1, () => table(lacking)],
    [['blockquote'], 2, () => inner().map((content): PMNode => ({ type: 'blockquote', content }))],
    [['bullet_list', 'list_item'], 2, () => items().map((list): PMNode => ({ type: 'bullet_list', content: list.map((content) => ({ type: 'list_item', content })) }))],
    [
      ['ordered_list', 'list_item'],
      1,
      () =>
        fc
          .tuple(fc.integer({ min: 0, max: 120 }), items())
          .map(([order, list]): PMNode => ({ type: 'ordered_list', attrs: { order }, content: list.map((content) => ({ type: 'list_item', content })) })),
    ],
    [
      ['task_list', 'task_item'],
      1,
      () =>
        fc
          .array(fc.tuple(fc.boolean(), itemContent()), { minLength: 1, maxLength: 3 })
          .map((list): PMNode => ({ type: 'task_list', content: list.map(([checked, content]) => ({ type: 'task_item', attrs: { checked }, content })) })),
    ],
  ]);
}

/** Canonical documents without the node and mark kinds named in `lacking`: 0 to 5 blocks, containers nested up to 2 deep. */
export function documentArbitraryWithout(lacking: Lacking): fc.Arbitrary<PMDocument> {
  return fc.array(block(2, lacking), { maxLength: 5 }).map((content) => ({ doc: { type: 'doc', content } }));
}

/** Canonical documents of every node and mark. */
export const documentArbitrary: fc.Arbitrary<PMDocument> = documentArbitraryWithout(new Set());

// ---------------------------------------------------------------- expected plain text

const TEXTBLOCKS = new Set(['paragraph', 'heading', 'code_block']);

/** The `plain-text` of a document by the rule of the spec. */
export function plainTextOf(document: PMDocument): string {
  const blocks: string[] = [];
  const visit = (node: PMNode) => {
    if (TEXTBLOCKS.has(node.type)) {
      const text = (node.content ?? []).map((child) => (child.type === 'text' ? (child.text ?? '') : child.type === 'hard_break' ? '\n' : '')).join('');
      if (text !== '') blocks.push(text);
      return;
    }
    for (const child of node.content ?? []) visit(child);
  };
  visit(document.doc);
  return blocks.join('\n\n');
}
