// The `md` format: CommonMark with GitHub's extensions (tables, strikethrough, task lists, autolink
// literals), read with remark-parse + remark-gfm and written with remark-stringify + remark-gfm.
import type { Root, Text } from 'mdast';
import type { Handle } from 'mdast-util-to-markdown';
import type { Node as PMNode } from 'prosemirror-model';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkStringify, { type Options as StringifyOptions } from 'remark-stringify';
import { unified } from 'unified';
import { contentInvalid, MAX_DOCUMENT_DEPTH, MAX_MARKDOWN_MARKER_COST, MAX_MARKDOWN_MARKERS_PER_RUN, treeDepth } from './limits.js';
import { docToMdast, mdastToDoc } from './mdast.js';

/**
 * Text as markdown, with every `_` escaped. The writer leaves an intraword `_` alone, but it may
 * then turn a neighbouring letter into a character reference (next to a `~~`), after which that
 * `_` pairs with an emphasis marker when read back. Escapes do not work in autolinks (`<...>`).
 */
const text: Handle = (node: Text, _parent, state, info) => {
  const value = state.safe(node.value, info);
  if (state.stack.includes('autolink')) return value;
  return value.replace(/(\\*)_/g, (match, slashes: string) => (slashes.length % 2 === 0 ? `${slashes}\\_` : match));
};

/** How markdown is written: `-` bullets and rules, `*` emphasis, fenced code, ATX headings. */
const STRINGIFY: StringifyOptions = {
  // Stryker disable StringLiteral,BooleanLiteral: the markdown spelling is the server's: any CommonMark or GFM spelling that reads as the same document conforms (spec/CONVENTIONS.md, "Documents"), and these fall back to remark's own
  bullet: '-',
  rule: '-',
  emphasis: '*',
  strong: '*',
  fence: '`',
  fences: true,
  listItemIndent: 'one',
  incrementListMarker: true,
  // Stryker restore StringLiteral,BooleanLiteral
  handlers: { text },
};

const reader = unified().use(remarkParse).use(remarkGfm);
const writer = unified().use(remarkGfm).use(remarkStringify, STRINGIFY);

const MARKERS = /[*_~[\]]/g;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A line that starts a new block whose inline content is parsed on its own: heading, list item, table row. */
const BLOCK_START = /^ {0,3}(#{1,6}(\s|$)|[-*+]\s|\d{1,9}[.)]\s|\|)/;

/**
 * Refuses markdown whose emphasis and link markers would take the parser quadratic time (see
 * MAX_MARKDOWN_MARKER_COST). Paragraphs are approximated by runs of lines between blank lines,
 * fences and block starts, which can only overcount.
 */
function checkMarkerCost(markdown: string): void {
  let cost = 0;
  let run = 0;
  let fence: string | undefined;
  const close = () => {
    cost += run * run;
    run = 0;
  };
  for (const line of markdown.split('\n')) {
    const opening = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (opening !== undefined && opening[0] === fence[0] && opening.length >= fence.length) fence = undefined;
      continue;
    }
    if (opening !== undefined) {
      close();
      fence = opening;
      continue;
    }
    if (line.trim() === '' || BLOCK_START.test(line)) close();
    run += line.match(MARKERS)?.length ?? 0;
    if (run > MAX_MARKDOWN_MARKERS_PER_RUN) {
      throw contentInvalid(`The markdown has more than ${MAX_MARKDOWN_MARKERS_PER_RUN} emphasis, strikethrough or link markers in one paragraph, too many to be read in reasonable time; split the paragraph.`);
    }
    if (cost + run * run > MAX_MARKDOWN_MARKER_COST) {
      throw contentInvalid(`The markdown's paragraphs hold too many emphasis, strikethrough or link markers together to be read in reasonable time (the sum over paragraphs of their markers squared is over ${MAX_MARKDOWN_MARKER_COST}); move some of it to another document.`);
    }
  }
}

export function markdownToMdast(markdown: string): Root {
  checkMarkerCost(markdown);
  const tree = reader.runSync(reader.parse(markdown)) as Root;
  // mdast nests one level per block container and per mark: deeper than the document limit
  // (with room for marks) is refused before anything walks it recursively.
  const limit = MAX_DOCUMENT_DEPTH * 2 + 8;
  if (treeDepth(tree, limit) > limit) throw contentInvalid(`The markdown is nested more than ${MAX_DOCUMENT_DEPTH} levels deep.`);
  return tree;
}

export function mdastToMarkdown(tree: Root): string {
  return writer.stringify(tree);
}

export function docFromMarkdown(markdown: string): PMNode {
  return mdastToDoc(markdownToMdast(markdown));
}

export function docToMarkdown(doc: PMNode): string {
  return mdastToMarkdown(docToMdast(doc));
}
