// The `plain-text` format: the text of every textblock (paragraph, heading, code block, table
// cell paragraph), in document order, blocks without text left out, joined by a blank line
// ("\n\n"); a hard break is "\n"; images and rules have no text (spec/CONVENTIONS.md).
import type { Node as PMNode } from 'prosemirror-model';

export function docToPlainText(doc: PMNode): string {
  const blocks: string[] = [];
  doc.descendants((node) => {
    if (!node.isTextblock) return true;
    let text = '';
    node.forEach((child) => {
      // Stryker disable next-line StringLiteral: a text node always has text
      if (child.isText) text += child.text ?? '';
      else if (child.type.name === 'hard_break') text += '\n';
    });
    if (text !== '') blocks.push(text);
    return false;
  });
  return blocks.join('\n\n');
}
