// The `json` format: `{doc: {type: 'doc', content: [...]}}`, a ProseMirror document of the schema
// in schema.ts. Reading builds the tree node by node (depth-bounded, with messages naming the
// offending path), drops empty text nodes and unsafe link and image addresses, and merges
// adjacent text nodes with equal marks; writing gives the canonical form (spec/CONVENTIONS.md).
import type { Mark, Node as PMNode } from 'prosemirror-model';
import type { components } from '../../../generated/service/types.js';
import { contentInvalid, MAX_DOCUMENT_DEPTH } from './limits.js';
import { schema } from './schema.js';
import { isSafeImageUrl, isSafeLinkUrl } from './urls.js';

export type ProseMirrorDocument = components['schemas']['ProseMirrorDocument'];
type ProseMirrorNode = components['schemas']['ProseMirrorNode'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function marksFromJson(value: unknown, path: string): Mark[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw contentInvalid(`${path} must be an array of marks.`, path);
  const marks: Mark[] = [];
  for (const [i, item] of value.entries()) {
    const at = `${path}/${i}`;
    if (!isRecord(item) || typeof item['type'] !== 'string') throw contentInvalid(`${at} must be a mark object with a "type".`, at);
    const type = Object.hasOwn(schema.marks, item['type']) ? schema.marks[item['type']] : undefined;
    if (!type) throw contentInvalid(`${at}: unknown mark type "${item['type']}"; known: ${Object.keys(schema.marks).join(', ')}.`, at);
    const attrs = item['attrs'];
    if (attrs !== undefined && !isRecord(attrs)) throw contentInvalid(`${at}/attrs must be an object.`, at);
    let mark: Mark;
    try {
      mark = type.create(attrs ?? null);
    } catch (error) {
      throw contentInvalid(`${at}: ${describeError(error)}.`, at);
    }
    // Attribute types are checked with the whole document (doc.check()).
    const href: unknown = mark.attrs['href'];
    if (mark.type.name === 'link' && typeof href === 'string' && !isSafeLinkUrl(href)) continue;
    marks.push(mark);
  }
  return marks;
}

/** One node of the `json` format, or null when it is dropped (empty text, unsafe image). */
function nodeFromJson(value: unknown, path: string, depth: number): PMNode | null {
  // Inline nodes stand one level below the deepest textblock (MAX_DOCUMENT_DEPTH below the doc); the limit itself is
  // checked on the whole tree (formats.ts), this bounds the recursion.
  if (depth > MAX_DOCUMENT_DEPTH + 1) throw contentInvalid(`${path}: the document is nested more than ${MAX_DOCUMENT_DEPTH} levels deep.`, path);
  if (!isRecord(value) || typeof value['type'] !== 'string') throw contentInvalid(`${path} must be a node object with a "type".`, path);
  const name = value['type'];
  const marks = marksFromJson(value['marks'], `${path}/marks`);
  if (name === 'text') {
    const text = value['text'];
    if (typeof text !== 'string') throw contentInvalid(`${path}/text must be a string.`, `${path}/text`);
    return text === '' ? null : schema.text(text, marks);
  }
  const type = Object.hasOwn(schema.nodes, name) ? schema.nodes[name] : undefined;
  if (!type) throw contentInvalid(`${path}: unknown node type "${name}"; known: ${Object.keys(schema.nodes).join(', ')}.`, `${path}/type`);
  const attrs = value['attrs'];
  if (attrs !== undefined && attrs !== null && !isRecord(attrs)) throw contentInvalid(`${path}/attrs must be an object.`, `${path}/attrs`);
  const content = value['content'];
  if (content !== undefined && !Array.isArray(content)) throw contentInvalid(`${path}/content must be an array of nodes.`, `${path}/content`);
  const children: PMNode[] = [];
  for (const [i, child] of (content ?? []).entries()) {
    const node = nodeFromJson(child, `${path}/content/${i}`, depth + 1);
    if (node) children.push(node);
  }
  let node: PMNode;
  try {
    // `create` merges adjacent text nodes with equal marks (Fragment.fromArray). Images carry no
    // marks (the Yjs store keeps none on them): marks written on one are dropped.
    node = type.create(attrs ?? null, children, name === 'image' || name === 'hard_break' ? undefined : marks);
  } catch (error) {
    throw contentInvalid(`${path}: ${describeError(error)}.`, path);
  }
  const src: unknown = node.attrs['src'];
  if (name === 'image' && typeof src === 'string' && !isSafeImageUrl(src)) return null;
  return node;
}

/** Reads the `json` format; throws `document.error/content-invalid` when it is not a document of the schema. */
export function docFromJson(content: unknown): PMNode {
  if (!isRecord(content) || !isRecord(content['doc'])) throw contentInvalid('The json format is an object {"doc": {"type": "doc", "content": [...]}}.');
  const doc = nodeFromJson(content['doc'], '/content/doc', 0);
  if (!doc || doc.type !== schema.topNodeType) throw contentInvalid('/content/doc must be a node of type "doc".', '/content/doc/type');
  try {
    doc.check();
  } catch (error) {
    throw contentInvalid(`The document does not fit the schema: ${describeError(error)}.`, '/content/doc');
  }
  return doc;
}

/** The canonical `json` format of a document: ProseMirror's JSON, with `content` always on the doc. */
export function docToJson(doc: PMNode): ProseMirrorDocument {
  const json = doc.toJSON() as ProseMirrorNode;
  return { doc: { ...json, content: json.content ?? [] } };
}
