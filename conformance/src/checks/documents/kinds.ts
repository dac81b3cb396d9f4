/**
 * The node and mark kinds of documents (spec/CONVENTIONS.md, "Documents") as features: every server
 * has documents of paragraphs and text, and may lack any other kind. A server says it lacks one with
 * the named "unsupported" answer to a `json` write of a document holding it: 400
 * `document.error/content-invalid` whose `data.node` (or `data.mark`) is the kind. Any other answer
 * means it holds the kind, which must then survive every format.
 */
import type { HttpResponse } from '../../http.js';
import { isRecord } from '../../shapes.js';
import { MARK_ORDER, type PMDocument, type PMNode } from './build.js';

/** Node kinds a server may lack. */
export const OPTIONAL_NODES: readonly string[] = [
  'heading',
  'blockquote',
  'code_block',
  'horizontal_rule',
  'bullet_list',
  'ordered_list',
  'task_list',
  'list_item',
  'task_item',
  'table',
  'table_row',
  'table_header',
  'table_cell',
  'hard_break',
  'image',
];

/** Mark kinds a server may lack (all of them). */
export const OPTIONAL_MARKS: readonly string[] = MARK_ORDER;

/** The feature name of a kind, as the run reports it ("document node table", "document mark strike"). */
export function kindFeature(kind: string): string {
  return `document ${OPTIONAL_MARKS.includes(kind) ? 'mark' : 'node'} ${kind}`;
}

/** The optional node and mark kinds a document holds. */
export function kindsOf(document: PMDocument): Set<string> {
  const found = new Set<string>();
  const stack: PMNode[] = [document.doc];
  while (stack.length > 0) {
    const node = stack.pop() as PMNode;
    if (OPTIONAL_NODES.includes(node.type)) found.add(node.type);
    for (const mark of node.marks ?? []) found.add(mark.type);
    stack.push(...(node.content ?? []));
  }
  return found;
}

/** The kind a server names as one it lacks (400 document.error/content-invalid with data.node or data.mark), if that is its answer. */
export function unsupportedKind(res: HttpResponse): string | undefined {
  if (res.status !== 400 || !isRecord(res.json) || res.json['name'] !== 'document.error/content-invalid') return undefined;
  const data = res.json['data'];
  if (!isRecord(data)) return undefined;
  const node = data['node'];
  if (typeof node === 'string' && OPTIONAL_NODES.includes(node)) return node;
  const mark = data['mark'];
  if (typeof mark === 'string' && OPTIONAL_MARKS.includes(mark)) return mark;
  return undefined;
}
