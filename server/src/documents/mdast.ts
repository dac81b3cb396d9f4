// The one mapping between mdast (the markdown syntax tree of remark, also reached from HTML through
// rehype-remark) and ProseMirror documents of schema.ts.
//
//   paragraph <-> paragraph            heading (depth) <-> heading (level)
//   blockquote <-> blockquote          code (lang) <-> code_block (language)
//   thematicBreak <-> horizontal_rule  break <-> hard_break      image <-> image (src, alt, title)
//   list (ordered: false) <-> bullet_list, list (ordered, start) <-> ordered_list (order),
//   list whose items have `checked` <-> task_list of task_item (checked); listItem <-> list_item
//   table / tableRow / tableCell <-> table / table_row / table_header (first row) or table_cell
//   strong, emphasis, delete, inlineCode, link <-> marks bold, italic, strike, code, link
//
// mdast nests marks; ProseMirror puts a flat, sorted set of marks on each inline node. Reading
// flattens (soft line breaks become spaces; raw HTML, definitions and front matter are dropped,
// references are resolved through their definitions); writing nests, keeping marks open across
// neighbouring nodes that share them. Unsafe link and image addresses are dropped on the way in.
import type {
  BlockContent,
  Definition,
  List,
  ListItem,
  Nodes,
  Paragraph,
  PhrasingContent,
  Root,
  RootContent,
  Table,
  TableCell,
  TableRow,
} from 'mdast';
import { Mark, type Node as PMNode } from 'prosemirror-model';
import { schema } from './schema.js';
import { isSafeImageUrl, isSafeLinkUrl } from './urls.js';

// ------------------------------------------------------------------------ ProseMirror -> mdast

type Wrapper = Extract<PhrasingContent, { type: 'strong' | 'emphasis' | 'delete' | 'link' }>;

/** Nesting priority of wrapping marks, outermost first (code is not a wrapper: it is inlineCode). */
// Stryker disable next-line ArrayDeclaration,StringLiteral: the nesting order of marks is other markup of the same document: the md and html read back as the same document, and neither text is fixed
const NESTING = ['link', 'bold', 'italic', 'strike'];

function wrapperFor(mark: Mark): Wrapper {
  switch (mark.type.name) {
    case 'link':
      return { type: 'link', url: String(mark.attrs['href']), title: (mark.attrs['title'] as string | null) ?? null, children: [] };
    case 'bold':
      return { type: 'strong', children: [] };
    case 'italic':
      return { type: 'emphasis', children: [] };
    default:
      return { type: 'delete', children: [] };
  }
}

function wrappingMarks(marks: readonly Mark[]): Mark[] {
  const wrappers = marks.filter((m) => m.type.name !== 'code');
  // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: the nesting order of marks is other markup of the same document: the md and html read back as the same document, and neither text is fixed
  return wrappers.sort((a, b) => NESTING.indexOf(a.type.name) - NESTING.indexOf(b.type.name));
}

/**
 * The inline content of a textblock as mdast phrasing content. A hard break at the edge of a
 * textblock has no markdown form and is left out; in a heading (one line in markdown) a hard
 * break is a space. A hard break stays inside the marks its neighbours on both sides share.
 */
function inlineToMdast(block: PMNode): PhrasingContent[] {
  const all: PMNode[] = [];
  const heading = block.type.name === 'heading';
  block.forEach((child) => all.push(heading && child.type.name === 'hard_break' ? schema.text(' ') : child));
  // Stryker disable next-line OptionalChaining: every call passes a node (the loops below stop at the ends)
  const isBreak = (n: PMNode | undefined) => n?.type.name === 'hard_break';
  let first = 0;
  let end = all.length;
  while (first < end && isBreak(all[first])) first++;
  while (end > first && isBreak(all[end - 1])) end--;
  const nodes = all.slice(first, end);
  // The marks of the next node that is not a hard break, for every position (one pass backwards).
  // Stryker disable next-line ArrayDeclaration: an array grows as it is filled
  const nextMarks: Mark[][] = new Array<Mark[]>(nodes.length);
  // Stryker disable next-line ArrayDeclaration: only a hard break reads nextMarks, and the last node is never one (trimmed above)
  let upcoming: Mark[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) {
    nextMarks[i] = upcoming;
    const node = nodes[i] as PMNode;
    // Stryker disable next-line ConditionalExpression,BooleanLiteral: which marks a hard break stays inside is other markup of the same document: the md and html read back as the same document, and neither text is fixed
    if (!isBreak(node)) upcoming = wrappingMarks(node.marks);
  }

  const root: PhrasingContent[] = [];
  const open: Array<{ mark: Mark; children: PhrasingContent[] }> = [];
  const current = (): PhrasingContent[] => open.at(-1)?.children ?? root;
  for (const [i, node] of nodes.entries()) {
    let marks = wrappingMarks(node.marks);
    // Stryker disable next-line ArrowFunction: which marks a hard break stays inside is other markup of the same document: the md and html read back as the same document, and neither text is fixed
    if (isBreak(node)) marks = open.map((o) => o.mark).filter((m) => m.isInSet(nextMarks[i] as Mark[]));
    let keep = 0;
    while (keep < open.length && (open[keep] as { mark: Mark }).mark.isInSet(marks)) keep++;
    open.length = keep;
    for (const mark of marks) {
      if (open.some((o) => o.mark.eq(mark))) continue;
      const wrapper = wrapperFor(mark);
      current().push(wrapper);
      open.push({ mark, children: wrapper.children as PhrasingContent[] });
    }
    switch (node.type.name) {
      case 'text': {
        // Stryker disable next-line StringLiteral: a text node always has text
        const text = node.text ?? '';
        current().push(schema.marks.code.isInSet(node.marks) ? { type: 'inlineCode', value: text } : { type: 'text', value: text });
        break;
      }
      case 'hard_break':
        current().push({ type: 'break' });
        break;
      case 'image':
        current().push({
          type: 'image',
          url: String(node.attrs['src']),
          alt: (node.attrs['alt'] as string | null) ?? null,
          title: (node.attrs['title'] as string | null) ?? null,
        });
        break;
    }
  }
  return root;
}

/** Blocks as mdast; an empty paragraph has no markdown form and is left out. */
function blocksToMdast(parent: PMNode): BlockContent[] {
  const out: BlockContent[] = [];
  parent.forEach((child) => {
    if (child.type.name !== 'paragraph' || child.childCount > 0) out.push(blockToMdast(child));
  });
  return out;
}

function listItemToMdast(item: PMNode, task: boolean): ListItem {
  const children = blocksToMdast(item);
  return {
    type: 'listItem',
    // An item of several blocks is written loose, so each block starts on a line of its own.
    // Stryker disable next-line EqualityOperator: a loose or tight item is other markup of the same document: the md and html read back as the same document, and neither text is fixed
    spread: children.length > 1,
    checked: task ? item.attrs['checked'] === true : null,
    children,
  };
}

function listToMdast(list: PMNode): List {
  const task = list.type.name === 'task_list';
  const ordered = list.type.name === 'ordered_list';
  const children: ListItem[] = [];
  list.forEach((item) => children.push(listItemToMdast(item, task)));
  // Stryker disable next-line BooleanLiteral: a loose or tight list is other markup of the same document: the md and html read back as the same document, and neither text is fixed
  return { type: 'list', ordered, start: ordered ? (list.attrs['order'] as number) : null, spread: false, children };
}

function tableToMdast(table: PMNode): Table {
  const rows: TableRow[] = [];
  table.forEach((row) => {
    const cells: TableCell[] = [];
    row.forEach((cell) => {
      const paragraph = cell.firstChild;
      // Stryker disable next-line StringLiteral,ArrayDeclaration: the table writers (md, html) handle a row's cells themselves, whatever their type; a cell always holds a paragraph
      cells.push({ type: 'tableCell', children: paragraph ? inlineToMdast(paragraph) : [] });
    });
    rows.push({ type: 'tableRow', children: cells });
  });
  // Stryker disable next-line ArrayDeclaration,OptionalChaining,ArrowFunction: no alignment and an align of null are written alike; a table has a first row
  return { type: 'table', align: (rows[0]?.children ?? []).map(() => null), children: rows };
}

function blockToMdast(node: PMNode): BlockContent {
  switch (node.type.name) {
    case 'heading':
      return { type: 'heading', depth: node.attrs['level'] as 1 | 2 | 3 | 4 | 5 | 6, children: inlineToMdast(node) };
    case 'blockquote':
      return { type: 'blockquote', children: blocksToMdast(node) };
    case 'code_block':
      return { type: 'code', lang: (node.attrs['language'] as string | null) || null, meta: null, value: node.textContent };
    case 'horizontal_rule':
      return { type: 'thematicBreak' };
    case 'bullet_list':
    case 'ordered_list':
    case 'task_list':
      return listToMdast(node);
    case 'table':
      return tableToMdast(node);
    default:
      return { type: 'paragraph', children: inlineToMdast(node) };
  }
}

/** A ProseMirror document as an mdast tree. */
export function docToMdast(doc: PMNode): Root {
  return { type: 'root', children: blocksToMdast(doc) };
}

// ------------------------------------------------------------------------ mdast -> ProseMirror

interface Context {
  definitions: Map<string, Definition>;
}

/** Every definition of the tree by identifier (the first wins, as in CommonMark). Iterative. */
function collectDefinitions(root: Root): Map<string, Definition> {
  const found = new Map<string, Definition>();
  const stack: Nodes[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Nodes;
    if (node.type === 'definition' && !found.has(node.identifier)) found.set(node.identifier, node);
    if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes);
  }
  return found;
}

function withMark(marks: readonly Mark[], mark: Mark): readonly Mark[] {
  return mark.addToSet(marks);
}

function linkMark(url: string, title: string | null | undefined): Mark | undefined {
  return isSafeLinkUrl(url) ? schema.marks.link.create({ href: url, title: title || null }) : undefined;
}

/** An image; it takes none of the marks around it (images carry no marks: the Yjs store keeps none on them). */
function imageNode(url: string, alt: string | null | undefined, title: string | null | undefined): PMNode | undefined {
  return isSafeImageUrl(url) ? schema.nodes.image.create({ src: url, alt: alt || null, title: title || null }) : undefined;
}

/** Text of phrasing content: a soft line break is a space. */
function inlineText(value: string): string {
  return value.replace(/[ \t]*\r?\n[ \t]*/g, ' ');
}

function phrasing(nodes: readonly RootContent[], marks: readonly Mark[], ctx: Context, out: PMNode[]): void {
  for (const node of nodes) {
    switch (node.type) {
      // Stryker disable next-line StringLiteral: the default branch reads a text node the same way
      case 'text': {
        const text = inlineText(node.value);
        if (text) out.push(schema.text(text, marks));
        break;
      }
      case 'inlineCode': {
        const text = inlineText(node.value);
        if (text) out.push(schema.text(text, withMark(marks, schema.marks.code.create())));
        break;
      }
      case 'strong':
        phrasing(node.children, withMark(marks, schema.marks.bold.create()), ctx, out);
        break;
      case 'emphasis':
        phrasing(node.children, withMark(marks, schema.marks.italic.create()), ctx, out);
        break;
      case 'delete':
        phrasing(node.children, withMark(marks, schema.marks.strike.create()), ctx, out);
        break;
      case 'link': {
        const mark = linkMark(node.url, node.title);
        phrasing(node.children, mark ? withMark(marks, mark) : marks, ctx, out);
        break;
      }
      case 'linkReference': {
        const definition = ctx.definitions.get(node.identifier);
        const mark = definition ? linkMark(definition.url, definition.title) : undefined;
        phrasing(node.children, mark ? withMark(marks, mark) : marks, ctx, out);
        break;
      }
      case 'image': {
        const image = imageNode(node.url, node.alt, node.title);
        if (image) out.push(image);
        break;
      }
      case 'imageReference': {
        const definition = ctx.definitions.get(node.identifier);
        const image = definition ? imageNode(definition.url, node.alt, definition.title) : undefined;
        if (image) out.push(image);
        break;
      }
      case 'break':
        out.push(schema.nodes.hard_break.create());
        break;
      case 'footnoteReference':
        out.push(schema.text(`[^${node.label ?? node.identifier}]`, marks));
        break;
      case 'html':
        break;
      default:
        // Anything else that holds phrasing content (a paragraph inside a table cell from HTML, ...).
        if ('children' in node) phrasing(node.children, marks, ctx, out);
        else if ('value' in node && typeof node.value === 'string' && node.type !== 'yaml') {
          const text = inlineText(node.value);
          if (text) out.push(schema.text(text, marks));
        }
    }
  }
}

function inlineContent(nodes: readonly RootContent[], ctx: Context): PMNode[] {
  const out: PMNode[] = [];
  phrasing(nodes, Mark.none, ctx, out);
  return out;
}

function paragraph(nodes: readonly RootContent[], ctx: Context): PMNode {
  return schema.nodes.paragraph.create(null, inlineContent(nodes, ctx));
}

function emptyParagraph(): PMNode {
  return schema.nodes.paragraph.create();
}

function listItem(item: ListItem, task: boolean, ctx: Context): PMNode {
  const children = blocks(item.children, ctx);
  // A list item starts with a paragraph (an empty one when the item starts otherwise).
  if (children[0]?.type !== schema.nodes.paragraph) children.unshift(emptyParagraph());
  return task ? schema.nodes.task_item.create({ checked: item.checked === true }, children) : schema.nodes.list_item.create(null, children);
}

function list(node: List, ctx: Context): PMNode {
  const task = node.children.some((item) => item.checked === true || item.checked === false);
  const items = node.children.map((item) => listItem(item, task, ctx));
  if (items.length === 0) items.push(task ? schema.nodes.task_item.create(null, emptyParagraph()) : schema.nodes.list_item.create(null, emptyParagraph()));
  if (task) return schema.nodes.task_list.create(null, items);
  if (node.ordered) return schema.nodes.ordered_list.create({ order: Math.min(999_999_999, Math.max(0, Math.trunc(node.start ?? 1))) }, items);
  return schema.nodes.bullet_list.create(null, items);
}

function table(node: Table, ctx: Context): PMNode | undefined {
  const width = node.children.reduce((max, row) => Math.max(max, row.children.length), 0);
  if (width === 0) return undefined;
  const headerWidth = node.children[0]?.children.length || width;
  const rows = node.children.map((row, r) => {
    const type = r === 0 ? schema.nodes.table_header : schema.nodes.table_cell;
    const cells: PMNode[] = [];
    // Every row has as many cells as the header row (GFM: missing cells are empty, extra ones dropped).
    for (let c = 0; c < headerWidth; c++) {
      const cell = row.children[c];
      cells.push(type.create(null, cell ? paragraph(cell.children, ctx) : emptyParagraph()));
    }
    return schema.nodes.table_row.create(null, cells);
  });
  return schema.nodes.table.create(null, rows);
}

function isPhrasing(node: RootContent): boolean {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
    case 'strong':
    case 'emphasis':
    case 'delete':
    case 'link':
    // Stryker disable next-line StringLiteral,ConditionalExpression: references occur inside paragraphs only, never among blocks
    case 'linkReference':
    case 'image':
    // Stryker disable next-line StringLiteral,ConditionalExpression: references occur inside paragraphs only, never among blocks
    case 'imageReference':
    case 'break':
    // Stryker disable next-line StringLiteral,ConditionalExpression: references occur inside paragraphs only, never among blocks
    case 'footnoteReference':
      return true;
    // Stryker disable next-line ConditionalExpression: falling out of the switch answers undefined, as falsy as false
    default:
      return false;
  }
}

/** Flow content as blocks; stray phrasing content (HTML fragments) is gathered into paragraphs. */
function blocks(nodes: readonly RootContent[], ctx: Context): PMNode[] {
  const out: PMNode[] = [];
  let pending: RootContent[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const content = inlineContent(pending, ctx);
    pending = [];
    if (content.some((n) => n.type !== schema.nodes.hard_break)) out.push(schema.nodes.paragraph.create(null, content));
  };
  for (const node of nodes) {
    if (isPhrasing(node)) {
      pending.push(node);
      continue;
    }
    flush();
    switch (node.type) {
      case 'paragraph':
        out.push(paragraph((node as Paragraph).children, ctx));
        break;
      case 'heading':
        out.push(schema.nodes.heading.create({ level: node.depth }, inlineContent(node.children, ctx)));
        break;
      case 'thematicBreak':
        out.push(schema.nodes.horizontal_rule.create());
        break;
      case 'blockquote': {
        const children = blocks(node.children, ctx);
        out.push(schema.nodes.blockquote.create(null, children.length > 0 ? children : [emptyParagraph()]));
        break;
      }
      case 'list':
        out.push(list(node, ctx));
        break;
      case 'code':
        out.push(schema.nodes.code_block.create({ language: node.lang || null }, node.value ? schema.text(node.value) : null));
        break;
      case 'table': {
        const result = table(node, ctx);
        if (result) out.push(result);
        break;
      }
      case 'footnoteDefinition':
      case 'listItem':
        out.push(...blocks(node.children, ctx));
        break;
      // Stryker disable next-line ConditionalExpression: the last case; falling out of the switch does the same
      default:
        // html, definition, yaml, and anything unknown: no content of its own.
        break;
    }
  }
  flush();
  return out;
}

/** An mdast tree as a ProseMirror document (valid for schema.ts). */
export function mdastToDoc(root: Root): PMNode {
  const ctx: Context = { definitions: collectDefinitions(root) };
  return schema.node('doc', null, blocks(root.children, ctx));
}
