import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { getDocument, newSecret, putDocument, type WriteFormat } from './client.js';

const HOSTILE: Array<{ format: WriteFormat; content: unknown }> = [
  {
    format: 'html',
    content:
      '<p onclick="alert(0)">safe<script>alert(1)</script><img src="https://example.com/x.png" onerror="alert(2)">' +
      '<a href="javascript:alert(3)" onmouseover="alert(4)">click</a><iframe src="javascript:alert(5)"></iframe>' +
      '<svg onload="alert(6)"></svg><style>p{}</style><a href=" JaVaScRiPt:alert(7)">too</a></p><img src="javascript:alert(8)">' +
      '<object data="javascript:alert(9)"></object><form action="javascript:alert(10)"><button formaction="javascript:alert(11)">b</button></form>',
  },
  {
    format: 'md',
    content:
      'safe [click](javascript:alert(1)) ![i](javascript:alert(2)) <script>alert(3)</script>\n\n<img src=x onerror=alert(4)>\n\n' +
      '[too](JaVaScRiPt:alert(5)) [data](data:text/html;base64,PHNjcmlwdD4=) <a href="javascript:alert(6)">raw</a>\n\n<script>\nalert(7)\n</script>\n\n' +
      // A link and an image by reference to an unsafe address.
      'by [reference][bad] ![ref image][bad]\n\n[bad]: javascript:alert(8)\n',
  },
  {
    format: 'json',
    content: {
      doc: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'safe ' },
              { type: 'text', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)', title: null } }], text: 'click' },
              { type: 'image', attrs: { src: 'javascript:alert(2)', alt: null, title: null } },
              { type: 'text', marks: [{ type: 'link', attrs: { href: 'vbscript:msgbox(3)', title: null } }], text: ' too' },
            ],
          },
        ],
      },
    },
  },
];

/** Elements whose content is code or a form control, not text: written in html, nothing of them is kept, inside text included. */
const STRIPPED = ['script', 'style', 'template', 'noscript', 'iframe', 'object', 'textarea', 'select', 'title', 'svg', 'math'] as const;
const inside = (tag: string) => `inside${tag}`;
const STRIPPED_HTML = `<p>kept${STRIPPED.map((tag) => (tag === 'select' ? `<select><option>${inside(tag)}</option></select>` : `<${tag}>${inside(tag)}</${tag}>`)).join('')} too</p>`;

/** The longest address a link or image keeps (spec: longer ones are dropped). */
const MAX_ADDRESS = 8192;
const longAddress = (length: number) => `https://example.com/${'a'.repeat(length - 'https://example.com/'.length)}`;
/** Link and image addresses at the edges of what is kept: `[address, kept as a link, kept as an image]`. */
const ADDRESS_EDGES: Array<[string, boolean, boolean]> = [
  ['http://example.com/plain', true, true],
  ['HTTPS://EXAMPLE.COM/CAPS', true, true],
  ['/relative/path', true, true],
  // Spaces before the scheme: a browser reads the address without them (WHATWG URL), an https one.
  ['  https://example.com/spaced', true, true],
  ['mailto:someone@example.com', true, false],
  ['tel:+123', true, false],
  ['', false, false],
  ['java\tscript:alert(1)', false, false],
  // A control character in an address drops it (a NUL cannot be sent at all: HTTP-005 refuses the request).
  ['https://example.com/\u0001soh', false, false],
  ['https://example.com/\u007fdel', false, false],
  ['ftp://example.com/file', false, false],
  [longAddress(MAX_ADDRESS), true, true],
  [longAddress(MAX_ADDRESS + 1), false, false],
];

/** The addresses of the links and of the images a json document holds. */
function addressesOf(content: unknown): { links: string[]; images: string[] } {
  const links: string[] = [];
  const images: string[] = [];
  const stack: unknown[] = [content];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (isRecord(node)) {
      if (node['type'] === 'link' && isRecord(node['attrs']) && typeof node['attrs']['href'] === 'string') links.push(node['attrs']['href']);
      if (node['type'] === 'image' && isRecord(node['attrs']) && typeof node['attrs']['src'] === 'string') images.push(node['attrs']['src']);
      stack.push(...Object.values(node));
    }
  }
  return { links, images };
}

const UNSAFE_ADDRESS = /^\s*(javascript|vbscript|data):/i;

/** What in a read html document could run script, if anything. */
function htmlProblem(html: string): string | undefined {
  if (/<\s*(script|iframe|object|embed|svg|style|form|button)\b/i.test(html)) return 'an executable or embedding element';
  if (/<[^>]*\son[a-z]+\s*=/i.test(html)) return 'an event-handler attribute';
  if (/\b(href|src|action|formaction|data)\s*=\s*["']?\s*(javascript|vbscript|data):/i.test(html)) return 'a javascript:, vbscript: or data: address';
  return undefined;
}

/** Link and image addresses of a json document that could run script, if any. */
function jsonProblem(value: unknown): string | undefined {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (isRecord(node)) {
      for (const key of ['href', 'src']) {
        const address = node[key];
        if (typeof address === 'string' && UNSAFE_ADDRESS.test(address)) return `${key} ${JSON.stringify(address)}`;
      }
      stack.push(...Object.values(node));
    }
  }
  return undefined;
}

export default defineCheck({
  id: 'documents.xss-stripped',
  name:
    'Content written as html, md or json with scripts, event handlers, embedding elements and javascript:, vbscript: or data: addresses reads back (html, ' +
    'json, md) without any of them (nor what is inside script, style, embedding and form elements), keeping the harmless text; links and images keep exactly ' +
    'the addresses that may be kept (http(s), mailto and tel links, http(s) images, relative ones, spaces before the scheme too; none empty, with a control character or over 8192 characters)',
  level: 'SHOULD',
  area: 'documents',
  requirements: ['DOC-026'],
  target: 'server',
  async run(ctx) {
    for (const { format, content } of HOSTILE) {
      const secret = newSecret();
      await putDocument(ctx, secret, content as string, format);
      const what = `hostile content written as ${format}`;
      const html = await getDocument(ctx, secret, 'html');
      const problem = typeof html === 'string' ? htmlProblem(html) : 'no html string';
      if (problem) fail(`${what} reads back as html with ${problem}: ${JSON.stringify(html)}`, ctx.http.lastExchange?.response);
      if (typeof html !== 'string' || !html.includes('safe') || !html.includes('click')) fail(`${what}: the harmless text ("safe", "click") is lost in the html read: ${JSON.stringify(html)}`, ctx.http.lastExchange?.response);
      const json = await getDocument(ctx, secret, 'json');
      const unsafe = jsonProblem(json);
      if (unsafe) fail(`${what} reads back as json with the address ${unsafe}`, ctx.http.lastExchange?.response);
      const md = await getDocument(ctx, secret, 'md');
      if (typeof md !== 'string' || /\]\(\s*<?\s*(javascript|vbscript|data):|<\s*script/i.test(md)) fail(`${what} reads back as md with a script or an unsafe link: ${JSON.stringify(md)}`, ctx.http.lastExchange?.response);
    }
    // Addresses at the edges: each link and image written in json is kept exactly when its address may be.
    const edges = newSecret();
    const paragraphs = ADDRESS_EDGES.map(([address], i) => ({
      type: 'paragraph',
      content: [
        { type: 'text', text: `link ${i}`, marks: [{ type: 'link', attrs: { href: address, title: null } }] },
        { type: 'image', attrs: { src: address, alt: `image ${i}`, title: null } },
      ],
    }));
    await putDocument(ctx, edges, { doc: { type: 'doc', content: paragraphs } }, 'json');
    const kept = addressesOf(await getDocument(ctx, edges, 'json'));
    for (const [address, link, image] of ADDRESS_EDGES) {
      const shown = JSON.stringify(address.length > 60 ? `${address.slice(0, 40)}… (${address.length} characters)` : address);
      if (kept.links.includes(address) !== link) fail(`a link to ${shown} is ${link ? 'dropped' : 'kept'}; it ${link ? 'may be kept' : 'may not be'}`, ctx.http.lastExchange?.response);
      if (kept.images.includes(address) !== image) fail(`an image from ${shown} is ${image ? 'dropped' : 'kept'}; it ${image ? 'may be kept' : 'may not be'}`, ctx.http.lastExchange?.response);
    }

    // What is inside a script, style, embedding or form element is not text of the document.
    const secret = newSecret();
    await putDocument(ctx, secret, STRIPPED_HTML, 'html');
    const text = await getDocument(ctx, secret, 'plain-text');
    const inner = STRIPPED.filter((tag) => typeof text !== 'string' || text.includes(inside(tag)));
    if (inner.length > 0 || typeof text !== 'string' || !text.includes('kept') || !text.includes('too')) {
      fail(`html with ${STRIPPED.map((t) => `<${t}>`).join(', ')} reads back as the text ${JSON.stringify(text)}: the content of ${inner.map((t) => `<${t}>`).join(', ') || 'none'} is kept, or the text around them is lost`, ctx.http.lastExchange?.response);
    }
  },
});
