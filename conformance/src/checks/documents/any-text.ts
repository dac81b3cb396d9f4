/**
 * Arbitrary markdown and HTML as people and tools write them, well formed or not: sequences of
 * the syntax of every node and mark (and of what the schema has no node for: raw HTML in markdown,
 * footnotes, reference definitions, unknown elements, comments, scripts), short enough to stay
 * far below the document limits. Every such string is content in its format (CommonMark and HTML
 * parsers read any text), so a server writes it and reads back some document of the schema.
 */
import fc from 'fast-check';

export const MARKDOWN_TOKENS: readonly string[] = [
  'a', 'b c', 'x1', ' ', '  ', '\n', '\n\n', '\t', '    code', '\\', '*', '**', '_', '__', '~', '~~', '`', '``', '[', ']', '(', ')', '!', '<', '>',
  '#', '## ', '###### ', '- ', '* ', '+ ', '1. ', '7) ', '> ', '>> ', '|', '| a | b |\n| - | - |\n', '---', '***', '===', '```', '```ts\n', '~~~',
  '- [ ] ', '- [x] ', '[a](/x)', '[a](/x "T")', '![i](/i.png)', '<https://example.com/a>', 'https://example.com/b', 'www.example.com',
  'a@example.com', '[r]', '[a][r]', '\n[r]: /r\n', '[^1]', '\n[^1]: note\n', '<b>', '</b>', '<br>', '<!-- c -->', '&amp;', '&#42;', '&nbsp;',
  '[j](javascript:alert(1))', '<script>x</script>', '---\ntitle: t\n---\n',
];

export const HTML_TOKENS: readonly string[] = [
  'text', 'a b', ' ', '\n', '&amp;', '&lt;', '&nbsp;', '<p>', '</p>', '<b>', '</b>', '<strong>', '</strong>', '<i>', '<em>', '</em>', '<s>', '<del>',
  '</del>', '<code>', '</code>', '<pre>', '</pre>', '<pre><code class="language-ts">', '<a href="/x">', '<a href="https://example.com/a" title="T">',
  '</a>', '<img src="/i.png" alt="a">', '<img src="javascript:x">', '<br>', '<h1>', '<h3>', '</h3>', '<ul>', '</ul>', '<ol start="3">', '</ol>',
  '<li>', '</li>', '<input type="checkbox" checked>', '<blockquote>', '</blockquote>', '<table>', '<tr>', '<th>', '<td>', '</td>', '</table>',
  '<hr>', '<div>', '</div>', '<span>', '</span>', '<u>', '<!-- c -->', '<script>x</script>', '<p onclick="x">', '<a href="javascript:x">',
];

/** Up to 14 pieces of markdown syntax and text, in any order. */
export const anyMarkdown: fc.Arbitrary<string> = fc.array(fc.constantFrom(...MARKDOWN_TOKENS), { maxLength: 14 }).map((tokens) => tokens.join(''));

/** Up to 14 HTML tags and texts, in any order (closed or not). */
export const anyHtml: fc.Arbitrary<string> = fc.array(fc.constantFrom(...HTML_TOKENS), { maxLength: 14 }).map((tokens) => tokens.join(''));

/** Every token at the start of a line, before a word: the deterministic part, so that each is written in every run. */
export function everyToken(tokens: readonly string[]): string[] {
  return tokens.map((token) => `${token}x`);
}
