// The ProseMirror schema of every document: exactly the nodes and marks the service supports
// (spec/CONVENTIONS.md, "Documents"). Mark order here is the canonical mark order of the `json`
// format (ProseMirror sorts a node's marks by their rank in the schema).
import { Schema, type AttributeSpec, type Node as PMNode } from 'prosemirror-model';

function integerIn(min: number, max: number): (value: unknown) => void {
  return (value) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      throw new RangeError(`expected an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
    }
  };
}

const nullableString: AttributeSpec = { default: null, validate: 'string|null' };

export const schema = new Schema({
  nodes: {
    doc: { content: 'block*' },
    paragraph: { group: 'block', content: 'inline*' },
    heading: {
      group: 'block',
      content: 'inline*',
      // Stryker disable next-line BooleanLiteral: an editing hint of ProseMirror (defining, isolating, code, selectable, inclusive); no document read or written changes with it
      defining: true,
      attrs: { level: { default: 1, validate: integerIn(1, 6) } },
    },
    blockquote: {
      group: 'block',
      content: 'block+',
      // Stryker disable next-line BooleanLiteral: an editing hint of ProseMirror (defining, isolating, code, selectable, inclusive); no document read or written changes with it
      defining: true,
    },
    code_block: {
      group: 'block',
      content: 'text*',
      marks: '',
      // Stryker disable next-line BooleanLiteral: an editing hint of ProseMirror (defining, isolating, code, selectable, inclusive); no document read or written changes with it
      code: true,
      // Stryker disable next-line BooleanLiteral: an editing hint of ProseMirror (defining, isolating, code, selectable, inclusive); no document read or written changes with it
      defining: true,
      attrs: { language: nullableString },
    },
    horizontal_rule: { group: 'block' },
    bullet_list: { group: 'block', content: 'list_item+' },
    ordered_list: { group: 'block', content: 'list_item+', attrs: { order: { default: 1, validate: integerIn(0, 999_999_999) } } },
    task_list: { group: 'block', content: 'task_item+' },
    list_item: {
      content: 'paragraph block*',
      // Stryker disable next-line BooleanLiteral: an editing hint of ProseMirror (defining, isolating, code, selectable, inclusive); no document read or written changes with it
      defining: true,
    },
    task_item: {
      content: 'paragraph block*',
      // Stryker disable next-line BooleanLiteral: an editing hint of ProseMirror (defining, isolating, code, selectable, inclusive); no document read or written changes with it
      defining: true,
      attrs: { checked: { default: false, validate: 'boolean' } },
    },
    table: {
      group: 'block',
      content: 'table_row+',
      // Stryker disable next-line BooleanLiteral: an editing hint of ProseMirror (defining, isolating, code, selectable, inclusive); no document read or written changes with it
      isolating: true,
    },
    table_row: { content: '(table_cell | table_header)+' },
    table_cell: {
      content: 'paragraph',
      // Stryker disable next-line BooleanLiteral: an editing hint of ProseMirror (defining, isolating, code, selectable, inclusive); no document read or written changes with it
      isolating: true,
    },
    table_header: {
      content: 'paragraph',
      // Stryker disable next-line BooleanLiteral: an editing hint of ProseMirror (defining, isolating, code, selectable, inclusive); no document read or written changes with it
      isolating: true,
    },
    text: { group: 'inline' },
    image: { group: 'inline', inline: true, attrs: { src: { validate: 'string' }, alt: nullableString, title: nullableString } },
    hard_break: {
      group: 'inline',
      inline: true,
      // Stryker disable next-line BooleanLiteral: an editing hint of ProseMirror (defining, isolating, code, selectable, inclusive); no document read or written changes with it
      selectable: false,
      // Stryker disable next-line ArrowFunction,StringLiteral: the text of a hard break for ProseMirror's textContent, which reads no textblock holding one (code blocks hold text only)
      leafText: () => '\n',
    },
  },
  marks: {
    bold: {},
    italic: {},
    strike: {},
    code: {},
    link: {
      // Stryker disable next-line BooleanLiteral: an editing hint of ProseMirror (defining, isolating, code, selectable, inclusive); no document read or written changes with it
      inclusive: false,
      attrs: { href: { validate: 'string' }, title: nullableString },
    },
  },
});

export type NodeName = keyof typeof schema.nodes & string;

/** An empty document (`{type: 'doc', content: []}` in the json format). */
export function emptyDoc(): PMNode {
  return schema.node('doc');
}

/** Nesting depth of a ProseMirror node (the doc alone is 1). Iterative. */
export function nodeDepth(root: PMNode): number {
  let max = 0;
  const stack: Array<[PMNode, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [PMNode, number];
    if (depth > max) max = depth;
    node.forEach((child) => {
      if (!child.isLeaf) stack.push([child, depth + 1]);
    });
  }
  return max;
}
