// ProseMirror documents in Yjs: any sequence of writes reads back exactly, an edit stores only
// what changed, and updates apply in any order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { documentArbitrary } from '../../conformance/src/checks/documents/arbitrary.js';
import { decodeContent } from '../src/documents/formats.js';
import { compactState, loadYDoc, replaceContent, yDocToNode } from '../src/documents/ydoc-codec.js';

describe('Yjs codec', () => {
  it('reads back exactly what each write of a sequence wrote, from the stored updates', () => {
    fc.assert(
      fc.property(fc.array(documentArbitrary, { minLength: 1, maxLength: 5 }), (docs) => {
        const updates: Uint8Array[] = [];
        for (const json of docs) {
          const doc = decodeContent(json, 'json');
          const update = replaceContent(loadYDoc(updates), doc);
          if (update) updates.push(update);
          expect(yDocToNode(loadYDoc(updates)).eq(doc)).toBe(true);
          expect(yDocToNode(loadYDoc([compactState(loadYDoc(updates))])).eq(doc)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('stores a small update for a small edit of a large document', () => {
    const paragraphs = Array.from({ length: 2000 }, (_, i) => `Paragraph ${i}: ${'words '.repeat(10).trim()}.`);
    const ydoc = loadYDoc([]);
    const full = replaceContent(ydoc, decodeContent(paragraphs.join('\n\n'), 'md')) as Uint8Array;
    paragraphs[1000] += ' One more sentence.';
    const edit = replaceContent(ydoc, decodeContent(paragraphs.join('\n\n'), 'md')) as Uint8Array;
    expect(edit.length).toBeLessThan(200);
    expect(full.length).toBeGreaterThan(100 * edit.length);
    expect(replaceContent(ydoc, decodeContent(paragraphs.join('\n\n'), 'md'))).toBeNull();
  });

  it('applies updates in any order', () => {
    const ydoc = loadYDoc([]);
    const first = replaceContent(ydoc, decodeContent('one\n\ntwo', 'md')) as Uint8Array;
    const second = replaceContent(ydoc, decodeContent('one\n\n**two**\n\nthree', 'md')) as Uint8Array;
    const a = yDocToNode(loadYDoc([first, second]));
    const b = yDocToNode(loadYDoc([second, first]));
    expect(a.eq(b)).toBe(true);
    expect(a.eq(decodeContent('one\n\n**two**\n\nthree', 'md'))).toBe(true);
    expect(Y.encodeStateVector(loadYDoc([first, second]))).toEqual(Y.encodeStateVector(ydoc));
  });
});
