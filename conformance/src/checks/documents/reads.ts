/**
 * The readers' edge set: markdown and HTML as people and other tools write them (every syntax
 * CommonMark and GFM give each node and mark, the HTML elements of each), with the document each
 * one is. A server's own md and html (edges.ts) use one syntax per node; these use the others.
 */
import { bold, br, code, codeBlock, doc, heading, image, italic, link, ol, p, quote, rule, strike, table, tasks, text, ul, type PMDocument } from './build.js';

export interface ReadEdge {
  name: string;
  /** The content as written. */
  content: string;
  /** The document it is (canonical json). */
  doc: PMDocument;
}

const A = 'https://example.com/a';

/** Markdown (CommonMark with GFM tables, strikethrough, task lists and autolinks) and the document it is. */
export const MARKDOWN_READS: readonly ReadEdge[] = [
  { name: 'emphasis with * and _', content: '*one* _two_ **three** __four__\n', doc: doc(p(text('one', italic), ' ', text('two', italic), ' ', text('three', bold), ' ', text('four', bold))) },
  { name: 'bold italic with *** and nested markers', content: '***both*** **bold *and italic***\n', doc: doc(p(text('both', bold, italic), ' ', text('bold ', bold), text('and italic', bold, italic))) },
  { name: 'strikethrough with ~~ and ~', content: '~~two~~ and ~one~\n', doc: doc(p(text('two', strike), ' and ', text('one', strike))) },
  { name: 'code spans with one and two backticks', content: '`a` and ``b ` c``\n', doc: doc(p(text('a', code), ' and ', text('b ` c', code))) },
  { name: 'marks inside a link and a link inside marks', content: '[a **b** `c`](https://example.com/a) **x [y](https://example.com/a)**\n', doc: doc(p(text('a ', link(A)), text('b', bold, link(A)), text(' ', link(A)), text('c', code, link(A)), ' ', text('x ', bold), text('y', bold, link(A)))) },
  { name: 'a link with a title and an address in angle brackets', content: '[t](https://example.com/a "The title") [u](</p q>)\n', doc: doc(p(text('t', link(A, 'The title')), ' ', text('u', link('/p q')))) },
  {
    name: 'reference links of every form',
    content: '[full][r] [collapsed][] [shortcut]\n\n[r]: https://example.com/a "R"\n[collapsed]: /c\n[shortcut]: https://example.com/s\n',
    doc: doc(p(text('full', link(A, 'R')), ' ', text('collapsed', link('/c')), ' ', text('shortcut', link('https://example.com/s')))),
  },
  { name: 'autolinks', content: '<https://example.com/a> and <someone@example.com>\n', doc: doc(p(text('https://example.com/a', link(A)), ' and ', text('someone@example.com', link('mailto:someone@example.com')))) },
  { name: 'GFM autolink literals', content: 'see https://example.com/a and www.example.com\n', doc: doc(p('see ', text('https://example.com/a', link(A)), ' and ', text('www.example.com', link('http://www.example.com')))) },
  { name: 'images inline and by reference', content: '![alt](/i.png "T") ![ref][i]\n\n[i]: https://example.com/i.png\n', doc: doc(p(image('/i.png', 'alt', 'T'), ' ', image('https://example.com/i.png', 'ref'))) },
  { name: 'hard breaks with a backslash and two spaces, a soft break', content: 'one\\\ntwo  \nthree\nfour\n', doc: doc(p('one', br, 'two', br, 'three four')) },
  { name: 'escapes and entities', content: '\\*not\\* &amp; &#42; &lt;x&gt;\n', doc: doc(p('*not* & * <x>')) },
  { name: 'ATX headings with closing hashes', content: '# one #\n\n###### six ######\n', doc: doc(heading(1, 'one'), heading(6, 'six')) },
  { name: 'setext headings', content: 'one\n===\n\ntwo\n---\n', doc: doc(heading(1, 'one'), heading(2, 'two')) },
  { name: 'fenced code with ~~~ and an info string', content: '~~~ts extra words\nlet a;\n~~~\n', doc: doc(codeBlock('let a;', 'ts')) },
  { name: 'indented code', content: 'para\n\n    indented\n    code\n', doc: doc(p('para'), codeBlock('indented\ncode')) },
  { name: 'rules of every marker', content: '***\n\n___\n\n- - -\n', doc: doc(rule, rule, rule) },
  { name: 'bullets of every marker', content: '* star\n\n+ plus\n\n- minus\n', doc: doc(ul([p('star')]), ul([p('plus')]), ul([p('minus')])) },
  { name: 'ordered lists with ) and a start', content: '7) seven\n8) eight\n', doc: doc(ol(7, [p('seven')], [p('eight')])) },
  { name: 'a loose list', content: '- one\n\n  more\n\n- two\n', doc: doc(ul([p('one'), p('more')], [p('two')])) },
  { name: 'nested lists by indentation', content: '1. one\n   - inner\n     - [x] deep\n', doc: doc(ol(1, [p('one'), ul([p('inner'), tasks([true, p('deep')])])])) },
  { name: 'task items with x, X and a space', content: '- [x] lower\n- [X] upper\n- [ ] open\n', doc: doc(tasks([true, p('lower')], [true, p('upper')], [false, p('open')])) },
  { name: 'a blockquote with a lazy line and a nested quote', content: '> one\ntwo\n>\n> > inner\n', doc: doc(quote(p('one two'), quote(p('inner')))) },
  { name: 'a blockquote in a list item', content: '- item\n\n  > quoted\n', doc: doc(ul([p('item'), quote(p('quoted'))])) },
  { name: 'a reference definition before its use', content: '[r]: https://example.com/a\n\n[a][r] ![i][r]\n', doc: doc(p(text('a', link(A)), ' ', image(A, 'i'))) },
  { name: 'images inside marks and links take none of their marks', content: '**a ![i](/i.png) b** [![badge](/b.png)](https://example.com/a)\n', doc: doc(p(text('a ', bold), image('/i.png', 'i'), text(' b', bold), ' ', image('/b.png', 'badge'))) },
  { name: 'a list item that starts with a heading', content: '- # heading\n  text\n', doc: doc(ul([p(), heading(1, 'heading'), p('text')])) },
  { name: 'task items next to plain items', content: '- [x] done\n- plain\n', doc: doc(tasks([true, p('done')], [false, p('plain')])) },
  {
    name: 'a table with alignments, an escaped pipe and uneven rows',
    content: '| a | b | c |\n|:--|:-:|--:|\n| 1 \\| 2 | **x** |\n| 3 | 4 | 5 | 6 |\n',
    doc: doc(table([['a'], ['b'], ['c']], [['1 | 2'], [text('x', bold)], []], [['3'], ['4'], ['5']])),
  },
  // Beyond CommonMark and GFM's nodes (spec/CONVENTIONS.md, "Documents"): a footnote reference reads as its text, a definition as its blocks in place;
  // raw HTML inside markdown is dropped (inline tags around their text, HTML blocks whole).
  { name: 'a GFM footnote', content: 'See this[^note].\n\n[^note]: The note, *marked*.\n', doc: doc(p('See this[^note].'), p('The note, ', text('marked', italic), '.')) },
  { name: 'raw HTML inline and as a block', content: 'Some <b>raw</b> html.\n\n<div>a block</div>\n\nafter\n', doc: doc(p('Some raw html.'), p('after')) },
];

/** HTML and the document it is. */
export const HTML_READS: readonly ReadEdge[] = [
  {
    name: 'every mark element and its synonyms',
    content: '<p><strong>s</strong> <b>b</b> <em>e</em> <i>i</i> <del>d</del> <s>s2</s> <code>c</code> <a href="https://example.com/a" title="T">a</a></p>',
    doc: doc(p(text('s', bold), ' ', text('b', bold), ' ', text('e', italic), ' ', text('i', italic), ' ', text('d', strike), ' ', text('s2', strike), ' ', text('c', code), ' ', text('a', link(A, 'T')))),
  },
  { name: 'nested mark elements', content: '<p><strong><em>bi</em></strong> <a href="https://example.com/a"><strong>bl</strong> <code>cl</code></a></p>', doc: doc(p(text('bi', bold, italic), ' ', text('bl', bold, link(A)), text(' ', link(A)), text('cl', code, link(A)))) },
  { name: 'a line break and images', content: '<p>one<br>two <img src="/i.png" alt="alt" title="T"><img src="https://example.com/i.png"></p>', doc: doc(p('one', br, 'two ', image('/i.png', 'alt', 'T'), image('https://example.com/i.png'))) },
  { name: 'headings of every level', content: '<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>', doc: doc(heading(1, '1'), heading(2, '2'), heading(3, '3'), heading(4, '4'), heading(5, '5'), heading(6, '6')) },
  { name: 'code blocks with and without a language', content: '<pre><code class="language-ts">let a;\n</code></pre><pre><code>plain\n\nblank</code></pre>', doc: doc(codeBlock('let a;', 'ts'), codeBlock('plain\n\nblank')) },
  { name: 'line breaks and markup inside pre', content: '<pre><code>a<br>b <b>c</b>\n\n</code></pre>', doc: doc(codeBlock('a\nb c\n')) },
  { name: 'a rule and a blockquote', content: '<p>a</p><hr><blockquote><p>q</p><blockquote><p>inner</p></blockquote></blockquote>', doc: doc(p('a'), rule, quote(p('q'), quote(p('inner')))) },
  { name: 'lists with a start and nesting', content: '<ol start="4"><li>four<ul><li>inner</li></ul></li><li><p>five</p><p>more</p></li></ol>', doc: doc(ol(4, [p('four'), ul([p('inner')])], [p('five'), p('more')])) },
  {
    name: 'a task list',
    content: '<ul class="contains-task-list"><li class="task-list-item"><input type="checkbox" checked disabled> done</li><li class="task-list-item"><input type="checkbox" disabled> open</li></ul>',
    doc: doc(tasks([true, p('done')], [false, p('open')])),
  },
  {
    name: 'a table with a header row and marks',
    content: '<table><thead><tr><th>h1</th><th><em>h2</em></th></tr></thead><tbody><tr><td><strong>c1</strong></td><td></td></tr></tbody></table>',
    doc: doc(table([['h1'], [text('h2', italic)]], [[text('c1', bold)], []])),
  },
  {
    name: 'inline content outside any block element',
    content: 'a <code>c</code> <strong>s</strong> <em>e</em> <del>d</del> <a href="/l">l</a> <img src="/i.png"><br>x<p>para</p>tail',
    doc: doc(p('a ', text('c', code), ' ', text('s', bold), ' ', text('e', italic), ' ', text('d', strike), ' ', text('l', link('/l')), ' ', image('/i.png'), br, 'x'), p('para'), p('tail')),
  },
  // A cell holds one paragraph: a p inside a th or td is that paragraph.
  {
    name: 'table cells holding p elements',
    content: '<table><thead><tr><th><p>h <b>b</b></p></th></tr></thead><tbody><tr><td><p>c</p></td></tr></tbody></table>',
    doc: doc(table([['h ', text('b', bold)]], [['c']])),
  },
  { name: 'elements without a node of their own', content: '<div><p>a <span>b</span> <u>c</u></p><section><h2>d</h2></section></div>', doc: doc(p('a b c'), heading(2, 'd')) },
  { name: 'an image inside marks and a link', content: '<p><del><img src="/i.png" alt="a"></del> <a href="/l"><strong><img src="/b.png"></strong></a></p>', doc: doc(p(image('/i.png', 'a'), ' ', image('/b.png'))) },
  { name: 'empty inline elements', content: '<p>a<code></code><strong></strong><em></em>b</p>', doc: doc(p('ab')) },
  { name: 'entities and whitespace between blocks', content: '<p>a &lt;b&gt; &amp; c</p>\n\n<p>  d  </p>', doc: doc(p('a <b> & c'), p('d')) },
];
