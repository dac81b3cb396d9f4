/**
 * Builders of documents in the canonical `json` form (spec/CONVENTIONS.md, "Documents"): marks
 * sorted in the canonical order, `attrs` written out where a node type has them, `content` left
 * out of empty nodes (except the doc). The edge documents of edges.ts and reads.ts are built with
 * them.
 */
import type { components } from '../../../../generated/service/types.js';

export type PMNode = components['schemas']['ProseMirrorNode'];
export type PMDocument = components['schemas']['ProseMirrorDocument'];
export type PMMark = NonNullable<PMNode['marks']>[number];

/** Canonical mark order (the order of the schema). */
export const MARK_ORDER = ['bold', 'italic', 'strike', 'code', 'link'] as const;

export const bold: PMMark = { type: 'bold' };
export const italic: PMMark = { type: 'italic' };
export const strike: PMMark = { type: 'strike' };
export const code: PMMark = { type: 'code' };

export function link(href: string, title: string | null = null): PMMark {
  return { type: 'link', attrs: { href, title } };
}

function rank(mark: PMMark): number {
  return (MARK_ORDER as readonly string[]).indexOf(mark.type);
}

/** A text node with its marks in the canonical order. */
export function text(value: string, ...marks: PMMark[]): PMNode {
  return marks.length === 0 ? { type: 'text', text: value } : { type: 'text', marks: [...marks].sort((a, b) => rank(a) - rank(b)), text: value };
}

export const br: PMNode = { type: 'hard_break' };

export function image(src: string, alt: string | null = null, title: string | null = null): PMNode {
  return { type: 'image', attrs: { src, alt, title } };
}

function node(type: string, content: PMNode[], attrs?: Record<string, unknown>): PMNode {
  return { type, ...(attrs === undefined ? {} : { attrs }), ...(content.length > 0 ? { content } : {}) };
}

/** A paragraph; plain strings are text nodes without marks. */
export function p(...inline: Array<PMNode | string>): PMNode {
  return node('paragraph', inline.map((i) => (typeof i === 'string' ? text(i) : i)));
}

export function heading(level: number, ...inline: Array<PMNode | string>): PMNode {
  return node('heading', inline.map((i) => (typeof i === 'string' ? text(i) : i)), { level });
}

export function quote(...blocks: PMNode[]): PMNode {
  return node('blockquote', blocks);
}

export function codeBlock(value: string, language: string | null = null): PMNode {
  return node('code_block', value === '' ? [] : [text(value)], { language });
}

export const rule: PMNode = { type: 'horizontal_rule' };

/** A bullet list; each item is its blocks (a paragraph first). */
export function ul(...items: PMNode[][]): PMNode {
  return node('bullet_list', items.map((blocks) => node('list_item', blocks)));
}

export function ol(order: number, ...items: PMNode[][]): PMNode {
  return node('ordered_list', items.map((blocks) => node('list_item', blocks)), { order });
}

/** A task list; each item is `[checked, ...blocks]`. */
export function tasks(...items: Array<[boolean, ...PMNode[]]>): PMNode {
  return node('task_list', items.map(([checked, ...blocks]) => node('task_item', blocks, { checked })));
}

/** A table of rows of cells, each cell its inline content; the first row is the header row. */
export function table(...rows: Array<Array<Array<PMNode | string>>>): PMNode {
  return node(
    'table',
    rows.map((cells, r) => node('table_row', cells.map((inline) => node(r === 0 ? 'table_header' : 'table_cell', [p(...inline)])))),
  );
}

export function doc(...blocks: PMNode[]): PMDocument {
  return { doc: { type: 'doc', content: blocks } };
}
