// Text no storage can hold (a NUL character, a lone surrogate) is found anywhere in a body, named
// by its JSON pointer; well-formed text (pairs of surrogates, any other control character) passes.
import { describe, expect, it } from 'vitest';
import { badTextPointer, textProblem } from '../src/http/text-guard.js';

describe('text guard', () => {
  it('finds a NUL or a lone surrogate in values and keys, with the JSON pointer', () => {
    expect(badTextPointer({ command: 'x', args: { entity: { 'Demo/Title': 'a\u0000b' } } })?.pointer).toBe('/args/entity/Demo~1Title');
    expect(badTextPointer({ a: [1, 'ok', { 'b~c': '\uD800' }] })?.pointer).toBe('/a/2/b~0c');
    expect(badTextPointer({ ['k\u0000']: 1 })?.pointer).toBe('/k\u0000');
    expect(badTextPointer('\u0000')?.pointer).toBe('/');
    expect(badTextPointer({ first: 'ok', second: '\uDC00x' })?.problem).toMatch(/lone surrogate/);
  });

  it('lets well-formed text through, whatever it holds', () => {
    expect(badTextPointer({ emoji: '😀 \uD83D\uDE00', controls: '\u0001\u001f\t\n', nested: [[[['deep']]]] })).toBeUndefined();
    expect(badTextPointer(null)).toBeUndefined();
    expect(textProblem('plain')).toBeUndefined();
    expect(textProblem('a\u0000')).toMatch(/NUL character/);
  });

  it('walks a deep value without recursion', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(badTextPointer(deep)?.pointer.length).toBe(200_000);
  });
});
