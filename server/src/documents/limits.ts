// Limits of the document endpoints (written into spec/service.openapi.yaml, "Documents").
import { Failure } from '../api/failure.js';

/**
 * Largest content of one document, in UTF-8 bytes of the format it is written in (json: its JSON
 * text). The same document takes about 1.5 times its markdown in HTML and 4.5 times in json, so a
 * document that fits as markdown fits in the other formats too.
 */
export const DOCUMENT_LIMIT_BYTES = { md: 4 * 1024 * 1024, html: 8 * 1024 * 1024, json: 24 * 1024 * 1024 } as const;
/** Largest request body on /api/documents (the rest of /api keeps 1 MiB). */
export const DOCUMENT_BODY_LIMIT_BYTES = 32 * 1024 * 1024;
/** Deepest nesting of a document tree (blockquotes, lists, tables), counted in nodes below the doc. */
export const MAX_DOCUMENT_DEPTH = 48;
/**
 * Markdown: the sum over paragraphs of (emphasis, strikethrough and link markers in it)^2. The
 * markdown parser (micromark) resolves these markers in time quadratic in their number within one
 * paragraph: 40 kB of `*a*a*a...` in one paragraph takes it seconds, 200 kB minutes. Real text
 * stays far below (a 1 MB document of marked-up prose: about 10^6).
 */
export const MAX_MARKDOWN_MARKER_COST = 100_000_000;
/** Markdown: markers in one paragraph (one paragraph alone may cost MAX_MARKDOWN_MARKER_COST). */
export const MAX_MARKDOWN_MARKERS_PER_RUN = 10_000;
/** Documents of one `get-documents` or `create-or-update-documents` (also the spec's maxItems). */
export const MAX_DOCUMENTS_PER_COMMAND = 1000;

export function tooLarge(bytes: number, format: keyof typeof DOCUMENT_LIMIT_BYTES, secret?: string): Failure {
  const limit = DOCUMENT_LIMIT_BYTES[format];
  return new Failure(
    'document.error/too-large',
    `The document${secret ? ` ${secret}` : ''} has ${bytes} bytes of ${format}; the limit is ${limit} bytes.`,
    { limit, format, field: 'content', ...(secret ? { secret } : {}) },
    413,
  );
}

export function contentInvalid(message: string, field = 'content'): Failure {
  return new Failure('document.error/content-invalid', message, { field }, 400);
}

/** Nesting depth of a unist tree (mdast, hast), without recursion; stops counting past `stopAt`. */
export function treeDepth(root: unknown, stopAt: number): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (depth > max) max = depth;
    if (max > stopAt) return max;
    const children = typeof node === 'object' && node !== null ? (node as { children?: unknown }).children : undefined;
    if (Array.isArray(children)) for (const child of children) stack.push([child, depth + 1]);
  }
  return max;
}
