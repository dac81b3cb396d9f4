// The `html` format. Written: mdast -> hast (remark-rehype) -> HTML (rehype-stringify), so it only
// ever holds the elements of the mapping. Read: HTML -> hast (rehype-parse, as a fragment) ->
// sanitized (rehype-sanitize: no scripts, styles, event handlers or `javascript:` addresses) ->
// mdast (rehype-remark). HTML written by one user is read by others; the mdast mapping checks
// link and image addresses once more (urls.ts).
import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { Handle } from 'hast-util-to-mdast';
import type { Code, Root as MdastRoot } from 'mdast';
import type { Node as PMNode } from 'prosemirror-model';
import rehypeParse from 'rehype-parse';
import rehypeRemark from 'rehype-remark';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { contentInvalid, MAX_DOCUMENT_DEPTH, treeDepth } from './limits.js';
import { docToMdast, mdastToDoc } from './mdast.js';

/** GitHub's sanitation, dropping (not unwrapping) elements whose text is not content. */
const SANITIZE: SanitizeSchema = {
  ...defaultSchema,
  strip: ['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'textarea', 'select', 'title', 'svg', 'math'],
  // Link and image addresses are checked by the mdast mapping (urls.ts), as in every other format:
  // this check compares schemes case-sensitively and untrimmed, and would drop `HTTPS://…` that
  // markdown and json keep.
  protocols: { ...defaultSchema.protocols, href: [], src: [] },
};

/** The text of an element as it stands (whitespace kept, `<br>` as a line break). Iterative. */
function preText(node: Element): string {
  let text = '';
  const stack: ElementContent[] = [...node.children].reverse();
  while (stack.length > 0) {
    const child = stack.pop() as ElementContent;
    if (child.type === 'text') text += child.value;
    else if (child.type === 'element') {
      if (child.tagName === 'br') text += '\n';
      else for (let i = child.children.length - 1; i >= 0; i--) stack.push(child.children[i] as ElementContent);
    }
  }
  return text;
}

/**
 * `<pre>` to a code block, dropping only the line break that ends the HTML of a code block
 * (rehype-remark drops every trailing line break, so code ending in blank lines would lose them).
 */
const pre: Handle = (state, node: Element) => {
  const code = node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
  const classes = code?.properties['className'];
  const language = Array.isArray(classes) ? classes.map(String).find((c) => c.startsWith('language-')) : undefined;
  const result: Code = { type: 'code', lang: language ? language.slice('language-'.length) : null, meta: null, value: preText(node).replace(/\n$/, '') };
  state.patch(node, result);
  return result;
};

const parser = unified().use(rehypeParse, { fragment: true });
const toMdast = unified().use(rehypeSanitize, SANITIZE).use(rehypeRemark, { handlers: { pre } });
const toHast = unified().use(remarkRehype);
const writer = unified().use(rehypeStringify);

export function htmlToMdast(html: string): MdastRoot {
  let tree: HastRoot;
  try {
    tree = parser.parse(html);
  } catch (error) {
    // hast-util-from-parse5 recurses once per element: absurd nesting exhausts the stack.
    if (error instanceof RangeError) throw contentInvalid(`The HTML is nested too deeply to read.`);
    throw error;
  }
  const limit = MAX_DOCUMENT_DEPTH * 2 + 16;
  if (treeDepth(tree, limit) > limit) throw contentInvalid(`The HTML is nested more than ${MAX_DOCUMENT_DEPTH} levels deep.`);
  return toMdast.runSync(tree) as MdastRoot;
}

export function mdastToHtml(tree: MdastRoot): string {
  return writer.stringify(toHast.runSync(tree) as HastRoot);
}

export function docFromHtml(html: string): PMNode {
  return mdastToDoc(htmlToMdast(html));
}

export function docToHtml(doc: PMNode): string {
  return mdastToHtml(docToMdast(doc));
}
