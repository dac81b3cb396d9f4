// The document formats without storage: the canonical json form, the markdown and HTML round
// trips (the same properties the conformance checks run over HTTP, here with many more cases),
// plain text, the mdast mapping of each node and mark, sanitizing and the limits.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentArbitrary, plainTextOf } from '../../conformance/src/checks/documents/arbitrary.js';
import { withEncodedAddresses } from '../../conformance/src/checks/documents/compare.js';
import { CANONICAL_EDGES, EVERY_NODE } from '../../conformance/src/checks/documents/edges.js';
import { Failure } from '../src/api/failure.js';
import { decodeContent, encodeContent, type DocumentContent, type WriteFormat } from '../src/documents/formats.js';
import { DOCUMENT_LIMIT_BYTES, MAX_DOCUMENT_DEPTH } from '../src/documents/limits.js';

const RUNS = Number(process.env.SVC_CODEC_RUNS ?? 500);

function json(content: DocumentContent, format: WriteFormat): unknown {
  return encodeContent(decodeContent(content, format), 'json');
}

function blocks(content: DocumentContent, format: WriteFormat): unknown[] {
  return (json(content, format) as { doc: { content: unknown[] } }).doc.content;
}

function failureOf(fn: () => unknown): Failure {
  try {
    fn();
  } catch (error) {
    if (error instanceof Failure) return error;
    throw error;
  }
  throw new Error('expected a Failure');
}

describe('document formats: properties over canonical documents', () => {
  it('json in, json out is identity', () => {
    fc.assert(
      fc.property(documentArbitrary, (doc) => {
        expect(json(doc, 'json')).toEqual(doc);
      }),
      { numRuns: RUNS },
    );
  });

  for (const format of ['md', 'html'] as const) {
    it(`${format} out, ${format} in, ${format} out is stable`, () => {
      fc.assert(
        fc.property(documentArbitrary, (doc) => {
          const first = encodeContent(decodeContent(doc, 'json'), format) as string;
          expect(encodeContent(decodeContent(first, format), format)).toBe(first);
        }),
        { numRuns: RUNS, examples: [[EVERY_NODE]] },
      );
    });
  }

  for (const format of ['md', 'html'] as const) {
    it(`a canonical document read as ${format} and written back is the same document (addresses percent-encoded)`, () => {
      fc.assert(
        fc.property(documentArbitrary, (doc) => {
          const text = encodeContent(decodeContent(doc, 'json'), format) as string;
          expect(withEncodedAddresses(json(text, format))).toEqual(withEncodedAddresses(doc));
        }),
        { numRuns: RUNS, examples: CANONICAL_EDGES.map((e) => [e.doc]) },
      );
    });
  }

  it('plain-text is the text of the textblocks', () => {
    fc.assert(
      fc.property(documentArbitrary, (doc) => {
        expect(encodeContent(decodeContent(doc, 'json'), 'plain-text')).toBe(plainTextOf(doc));
      }),
      { numRuns: RUNS },
    );
  });

  it('a document with every node and mark survives markdown and HTML unchanged', () => {
    for (const format of ['md', 'html'] as const) {
      const text = encodeContent(decodeContent(EVERY_NODE, 'json'), format) as string;
      expect(json(text, format)).toEqual(EVERY_NODE);
    }
  });
});

describe('markdown mapping', () => {
  it('reads headings, lists, task lists, code, quotes, rules, tables and marks', () => {
    const md = [
      '### Three',
      '',
      '5. five',
      '6. six',
      '',
      '- [x] done',
      '- [ ] todo',
      '',
      '```py',
      'print(1)',
      '```',
      '',
      '> quote',
      '',
      '---',
      '',
      '| a | b |',
      '| - | - |',
      '| 1 |',
      '',
      '**b** *i* ~~s~~ `c` [l](https://x.org "T") ![alt](https://x.org/i.png)',
    ].join('\n');
    expect(blocks(md, 'md')).toEqual([
      { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Three' }] },
      {
        type: 'ordered_list',
        attrs: { order: 5 },
        content: [
          { type: 'list_item', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'five' }] }] },
          { type: 'list_item', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'six' }] }] },
        ],
      },
      {
        type: 'task_list',
        content: [
          { type: 'task_item', attrs: { checked: true }, content: [{ type: 'paragraph', content: [{ type: 'text', text: 'done' }] }] },
          { type: 'task_item', attrs: { checked: false }, content: [{ type: 'paragraph', content: [{ type: 'text', text: 'todo' }] }] },
        ],
      },
      { type: 'code_block', attrs: { language: 'py' }, content: [{ type: 'text', text: 'print(1)' }] },
      { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'quote' }] }] },
      { type: 'horizontal_rule' },
      {
        type: 'table',
        content: [
          {
            type: 'table_row',
            content: [
              { type: 'table_header', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a' }] }] },
              { type: 'table_header', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'b' }] }] },
            ],
          },
          // The short row is padded with an empty cell.
          {
            type: 'table_row',
            content: [
              { type: 'table_cell', content: [{ type: 'paragraph', content: [{ type: 'text', text: '1' }] }] },
              { type: 'table_cell', content: [{ type: 'paragraph' }] },
            ],
          },
        ],
      },
      {
        type: 'paragraph',
        content: [
          { type: 'text', marks: [{ type: 'bold' }], text: 'b' },
          { type: 'text', text: ' ' },
          { type: 'text', marks: [{ type: 'italic' }], text: 'i' },
          { type: 'text', text: ' ' },
          { type: 'text', marks: [{ type: 'strike' }], text: 's' },
          { type: 'text', text: ' ' },
          { type: 'text', marks: [{ type: 'code' }], text: 'c' },
          { type: 'text', text: ' ' },
          { type: 'text', marks: [{ type: 'link', attrs: { href: 'https://x.org', title: 'T' } }], text: 'l' },
          { type: 'text', text: ' ' },
          { type: 'image', attrs: { src: 'https://x.org/i.png', alt: 'alt', title: null } },
        ],
      },
    ]);
  });

  it('resolves reference links, turns soft line breaks into spaces and drops raw HTML', () => {
    expect(blocks('[one][r] and\nnext <b>bold</b>\n\n<div>\nblock\n</div>\n\n[r]: https://x.org/r', 'md')).toEqual([
      {
        type: 'paragraph',
        content: [
          { type: 'text', marks: [{ type: 'link', attrs: { href: 'https://x.org/r', title: null } }], text: 'one' },
          { type: 'text', text: ' and next bold' },
        ],
      },
    ]);
  });

  it('writes markdown in one style: - bullets, * emphasis, fenced code, escaped underscores', () => {
    const doc = {
      doc: {
        type: 'doc',
        content: [
          { type: 'bullet_list', content: [{ type: 'list_item', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'snake_case' }] }] }] },
          { type: 'paragraph', content: [{ type: 'text', marks: [{ type: 'italic' }], text: 'em' }] },
          { type: 'code_block', attrs: { language: null }, content: [{ type: 'text', text: 'x' }] },
        ],
      },
    };
    expect(encodeContent(decodeContent(doc, 'json'), 'md')).toBe('- snake\\_case\n\n*em*\n\n```\nx\n```\n');
  });

  it('gives an empty document for empty markdown', () => {
    expect(json('', 'md')).toEqual({ doc: { type: 'doc', content: [] } });
    expect(encodeContent(decodeContent('', 'md'), 'md')).toBe('');
  });
});

describe('sanitizing on the way in', () => {
  const unsafe = /javascript:|vbscript:|data:|<script|\son\w+=/i;

  it('drops scripts, event handlers and javascript: addresses from HTML', () => {
    const html = '<p onclick="x()">a<script>bad()</script><img src="javascript:x" onerror="y()"><a href="javascript:z()">l</a><style>p{}</style><iframe src="https://x.org"></iframe></p>';
    const doc = decodeContent(html, 'html');
    expect(encodeContent(doc, 'json')).toEqual({ doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'al' }] }] } });
    expect(encodeContent(doc, 'html')).not.toMatch(unsafe);
  });

  it('drops unsafe links and images from markdown and json, keeping their text', () => {
    const fromMd = decodeContent('[a](javascript:alert(1)) ![b](data:image/png;base64,AAAA) [c](JAVASCRIPT:x) [d](mailto:x@y.z)', 'md');
    expect(encodeContent(fromMd, 'html')).toBe('<p>a  c <a href="mailto:x@y.z">d</a></p>');
    const fromJson = decodeContent(
      {
        doc: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', marks: [{ type: 'link', attrs: { href: 'java\tscript:x' } }], text: 'a' },
                { type: 'image', attrs: { src: 'vbscript:x' } },
                { type: 'text', marks: [{ type: 'link', attrs: { href: '/ok' } }], text: 'b' },
              ],
            },
          ],
        },
      },
      'json',
    );
    expect(encodeContent(fromJson, 'json')).toEqual({
      doc: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a' }, { type: 'text', marks: [{ type: 'link', attrs: { href: '/ok', title: null } }], text: 'b' }] }],
      },
    });
  });
});

describe('json input', () => {
  it('merges adjacent text nodes with equal marks, sorts marks and drops empty text', () => {
    const doc = {
      doc: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: '' },
              { type: 'text', marks: [{ type: 'italic' }, { type: 'bold' }], text: 'a' },
              { type: 'text', marks: [{ type: 'bold' }, { type: 'italic' }], text: 'b' },
            ],
          },
        ],
      },
    };
    expect(json(doc, 'json')).toEqual({ doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', marks: [{ type: 'bold' }, { type: 'italic' }], text: 'ab' }] }] } });
  });

  it('refuses what the schema does not allow, naming the place', () => {
    expect(failureOf(() => decodeContent({ doc: { type: 'doc', content: [{ type: 'video' }] } }, 'json')).data['field']).toBe('/content/doc/content/0/type');
    expect(failureOf(() => decodeContent({ doc: { type: 'doc', content: [{ type: 'heading', attrs: { level: 9 } }] } }, 'json')).name).toBe('document.error/content-invalid');
    expect(failureOf(() => decodeContent({ doc: { type: 'doc', content: [{ type: 'text', text: 'bare' }] } }, 'json')).name).toBe('document.error/content-invalid');
    expect(failureOf(() => decodeContent({ doc: { type: 'paragraph' } }, 'json')).name).toBe('document.error/content-invalid');
    expect(failureOf(() => decodeContent({ nope: 1 } as never, 'json')).name).toBe('document.error/content-invalid');
    expect(failureOf(() => decodeContent({ doc: { type: 'doc' } }, 'md')).name).toBe('document.error/content-invalid');
  });
});

describe('limits', () => {
  it('refuses content over the size limit with 413', () => {
    const failure = failureOf(() => decodeContent('x'.repeat(DOCUMENT_LIMIT_BYTES.md + 1), 'md'));
    expect([failure.name, failure.status]).toEqual(['document.error/too-large', 413]);
    expect(failureOf(() => decodeContent('é'.repeat(DOCUMENT_LIMIT_BYTES.md / 2 + 1), 'md')).status).toBe(413);
    expect(failureOf(() => decodeContent(`<p>${'x'.repeat(DOCUMENT_LIMIT_BYTES.html)}</p>`, 'html')).status).toBe(413);
    expect(() => decodeContent(`<p>${'x'.repeat(DOCUMENT_LIMIT_BYTES.md)}</p>`, 'html')).not.toThrow();
  });

  it('refuses markdown whose markers would take the parser quadratic time, quickly', () => {
    const started = performance.now();
    expect(failureOf(() => decodeContent('*a'.repeat(200_000), 'md')).name).toBe('document.error/content-invalid');
    expect(failureOf(() => decodeContent('~a'.repeat(200_000), 'md')).name).toBe('document.error/content-invalid');
    expect(failureOf(() => decodeContent(`${'[a]('.repeat(20_000)}\n`.repeat(5), 'md')).name).toBe('document.error/content-invalid');
    expect(performance.now() - started).toBeLessThan(30_000);
    // Many markers spread over paragraphs, list items and table rows are fine.
    expect(() => decodeContent('**a** *b* ~~c~~ [d](e)\n\n'.repeat(2000), 'md')).not.toThrow();
    expect(() => decodeContent('- **a** *b* ~~c~~ [d](e)\n'.repeat(2000), 'md')).not.toThrow();
    expect(() => decodeContent(`| a |\n| - |\n${'| **a** *b* ~~c~~ [d](e) |\n'.repeat(2000)}`, 'md')).not.toThrow();
    expect(() => decodeContent(`\`\`\`\n${'*a'.repeat(50_000)}\n\`\`\`\n`, 'md')).not.toThrow();
  });

  it('refuses nesting deeper than the limit in every format, without exhausting the stack', () => {
    const deep = MAX_DOCUMENT_DEPTH + 5;
    expect(failureOf(() => decodeContent(`${'> '.repeat(deep)}a`, 'md')).name).toBe('document.error/content-invalid');
    expect(failureOf(() => decodeContent(`${'<blockquote>'.repeat(deep)}a`, 'html')).name).toBe('document.error/content-invalid');
    expect(failureOf(() => decodeContent('<div>'.repeat(200_000), 'html')).name).toBe('document.error/content-invalid');
    let node: Record<string, unknown> = { type: 'paragraph' };
    for (let i = 0; i < deep; i++) node = { type: 'blockquote', content: [node] };
    expect(failureOf(() => decodeContent({ doc: { type: 'doc', content: [node] } } as never, 'json')).name).toBe('document.error/content-invalid');
  });

  it('accepts nesting up to the limit', () => {
    expect(() => decodeContent(`${'> '.repeat(MAX_DOCUMENT_DEPTH - 2)}a`, 'md')).not.toThrow();
    // The json of a paragraph of text at the deepest level (its text one level below) is taken too.
    const deepest = encodeContent(decodeContent(`${'> '.repeat(MAX_DOCUMENT_DEPTH - 1)}a`, 'md'), 'json');
    expect(() => decodeContent(deepest, 'json')).not.toThrow();
  });
});
