// Content of a document in each format of the API, to and from ProseMirror documents.
import type { Node as PMNode } from 'prosemirror-model';
import type { components } from '../../../generated/service/types.js';
import { Failure } from '../api/failure.js';
import { docFromHtml, docToHtml } from './html.js';
import { contentInvalid, DOCUMENT_LIMIT_BYTES, MAX_DOCUMENT_DEPTH, tooLarge } from './limits.js';
import { docFromMarkdown, docToMarkdown } from './markdown.js';
import { docFromJson, docToJson } from './pm-json.js';
import { docToPlainText } from './plain-text.js';
import { nodeDepth } from './schema.js';

export type ReadFormat = components['schemas']['ReadFormat'];
export type WriteFormat = components['schemas']['WriteFormat'];
export type DocumentContent = components['schemas']['DocumentContent'];

export const READ_FORMATS: readonly ReadFormat[] = ['md', 'html', 'json', 'plain-text'];
export const WRITE_FORMATS: readonly WriteFormat[] = ['md', 'html', 'json'];

export function isWriteFormat(format: string): format is WriteFormat {
  return (WRITE_FORMATS as readonly string[]).includes(format);
}

/** Size of content as the limits count it: UTF-8 bytes of the text (json: of its JSON text). */
export function contentBytes(content: DocumentContent): number {
  return Buffer.byteLength(typeof content === 'string' ? content : JSON.stringify(content), 'utf8');
}

/**
 * Reads content written in `format`. Throws `document.error/too-large` (413) over the size limit
 * and `document.error/content-invalid` (400) when the content cannot be read in that format.
 */
export function decodeContent(content: DocumentContent, format: WriteFormat, secret?: string): PMNode {
  const bytes = contentBytes(content);
  if (bytes > DOCUMENT_LIMIT_BYTES[format]) throw tooLarge(bytes, format, secret);
  if (format !== 'json' && typeof content !== 'string') {
    throw contentInvalid(`The ${format} format takes the content as a string; send an object only with format=json.`);
  }
  let doc: PMNode;
  try {
    doc = format === 'json' ? docFromJson(content) : format === 'html' ? docFromHtml(content as string) : docFromMarkdown(content as string);
  } catch (error) {
    if (error instanceof Failure) throw error;
    // A RangeError from the parsers or ProseMirror: content they cannot represent.
    if (error instanceof RangeError) throw contentInvalid(`The content cannot be read as ${format}: ${error.message}.`);
    throw error;
  }
  if (nodeDepth(doc) > MAX_DOCUMENT_DEPTH + 1) throw contentInvalid(`The document is nested more than ${MAX_DOCUMENT_DEPTH} levels deep.`);
  return doc;
}

/** A document in one read format. */
export function encodeContent(doc: PMNode, format: ReadFormat): DocumentContent {
  switch (format) {
    case 'json':
      return docToJson(doc);
    case 'html':
      return docToHtml(doc);
    case 'plain-text':
      return docToPlainText(doc);
    default:
      return docToMarkdown(doc);
  }
}
