// Unit tests of the report renderers (conformance/src/reports/junit.ts and html.ts) on the
// hand-built report of report-fixture.ts, which has a result of every outcome.
// No XML parser package is installed, so the JUnit XML goes through `parseXml` below: a strict
// well-formedness check of the XML 1.0 subset the renderer writes (one root, nesting, quoted and
// unique attributes, only the predefined and numeric character references, no forbidden
// characters) that also builds a tree to query. The e2e test parses it with Chromium's DOMParser too.
// The HTML is parsed with rehype-parse (parse5), the way a browser parses it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { Element, Root, RootContent } from 'hast';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import type { CheckResult, ConformanceReport } from '../../generated/conformance/report.js';
import { renderHtml } from '../src/reports/html.js';
import { renderJunit, xmlAttribute, xmlText } from '../src/reports/junit.js';
import { AREAS, BASE_URL, COUNTEREXAMPLE, CURL, HOSTILE, OUTCOMES, RESULTS, countOutcomes, reportFixture } from './report-fixture.js';

// ---------------------------------------------------------------------------------------------
// A strict little XML reader

interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Character data directly inside the element, references decoded. */
  text: string;
}

const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\uD800-\uDFFF]/u;
const NAME = '[A-Za-z_][A-Za-z0-9_.:-]*';
const START_TAG = new RegExp(`<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`, 'y');
const END_TAG = new RegExp(`</(${NAME})\\s*>`, 'y');
const ATTRIBUTE = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`, 'g');

function decodeReferences(raw: string, where: string): string {
  return raw.replace(/&([^;&\s]*);?/g, (ref, body: string) => {
    if (!ref.endsWith(';')) throw new Error(`bare & in ${where}: ${JSON.stringify(raw.slice(0, 80))}`);
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (named[body] !== undefined) return named[body];
    const numeric = /^#(?:([0-9]+)|x([0-9a-fA-F]+))$/.exec(body);
    if (numeric === null) throw new Error(`unknown entity ${ref} in ${where}`);
    const code = numeric[1] !== undefined ? Number(numeric[1]) : parseInt(numeric[2], 16);
    const ch = String.fromCodePoint(code);
    if (XML_FORBIDDEN.test(ch)) throw new Error(`character reference ${ref} to a character XML 1.0 forbids, in ${where}`);
    return ch;
  });
}

function parseXml(xml: string): XmlElement {
  const forbidden = XML_FORBIDDEN.exec(xml);
  if (forbidden !== null) throw new Error(`forbidden character U+${(forbidden[0].codePointAt(0) ?? 0).toString(16)} at ${forbidden.index}`);
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>/.exec(xml);
  if (declaration === null) throw new Error('missing XML declaration');
  let i = declaration[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (i < xml.length) {
    if (xml.startsWith('</', i)) {
      END_TAG.lastIndex = i;
      const m = END_TAG.exec(xml);
      const open = stack.pop();
      if (m === null || open === undefined || m[1] !== open.name) throw new Error(`bad end tag at ${i}: ${xml.slice(i, i + 40)}`);
      i = END_TAG.lastIndex;
    } else if (xml.startsWith('<', i)) {
      START_TAG.lastIndex = i;
      const m = START_TAG.exec(xml);
      if (m === null) throw new Error(`bad start tag at ${i}: ${xml.slice(i, i + 80)}`);
      const attrs: Record<string, string> = {};
      for (const a of m[2].matchAll(ATTRIBUTE)) {
        if (a[1] in attrs) throw new Error(`duplicate attribute ${a[1]} on <${m[1]}>`);
        attrs[a[1]] = decodeReferences(a[2] ?? a[3], `attribute ${a[1]} of <${m[1]}>`);
      }
      const el: XmlElement = { name: m[1], attrs, children: [], text: '' };
      const parent = stack.at(-1);
      if (parent !== undefined) parent.children.push(el);
      else if (root === undefined) root = el;
      else throw new Error(`second root element <${m[1]}>`);
      if (m[3] !== '/') stack.push(el);
      i = START_TAG.lastIndex;
    } else {
      const end = xml.indexOf('<', i) === -1 ? xml.length : xml.indexOf('<', i);
      const raw = xml.slice(i, end);
      if (raw.includes(']]>')) throw new Error(`]]> in text at ${i}`);
      const parent = stack.at(-1);
      if (parent === undefined) {
        if (raw.trim() !== '') throw new Error(`text outside the root element at ${i}`);
      } else parent.text += decodeReferences(raw, `text of <${parent.name}>`);
      i = end;
    }
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.at(-1)?.name}>`);
  if (root === undefined) throw new Error('no root element');
  return root;
}

function kids(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => c.name === name);
}

function kid(el: XmlElement, name: string): XmlElement | undefined {
  return kids(el, name)[0];
}

function props(el: XmlElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of kids(kid(el, 'properties') ?? { name: '', attrs: {}, children: [], text: '' }, 'property')) out[p.attrs.name] = p.attrs.value;
  return out;
}

function testcases(xml: XmlElement): XmlElement[] {
  return kids(xml, 'testsuite').flatMap((s) => kids(s, 'testcase'));
}

function testcaseOf(xml: XmlElement, id: string): XmlElement {
  const found = testcases(xml).find((t) => t.attrs.name.startsWith(`${id}: `));
  if (found === undefined) throw new Error(`no testcase for ${id}`);
  return found;
}

function visible(text: string): string {
  return text.replace(new RegExp(XML_FORBIDDEN.source, 'gu'), (ch) => `\\u${(ch.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);
}

// ---------------------------------------------------------------------------------------------
// HTML helpers on the hast tree

function parseHtml(html: string): Root {
  return unified().use(rehypeParse).parse(html);
}

function elements(node: Root | Element, test: (el: Element) => boolean = () => true): Element[] {
  const out: Element[] = [];
  const visit = (n: Root | RootContent): void => {
    if (n.type === 'element' && test(n)) out.push(n);
    if ((n.type === 'element' || n.type === 'root') && 'children' in n) n.children.forEach(visit);
    if (n.type === 'element' && n.tagName === 'template' && n.content) visit(n.content);
  };
  visit(node);
  return out;
}

function byId(root: Root, id: string): Element {
  const found = elements(root, (el) => el.properties.id === id);
  if (found.length !== 1) throw new Error(`${found.length} elements with id ${id}`);
  return found[0];
}

function tag(node: Root | Element, name: string): Element[] {
  return elements(node, (el) => el.tagName === name);
}

function text(node: Root | RootContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element' || node.type === 'root') return node.children.map(text).join('');
  return '';
}

function classes(el: Element): string[] {
  const value = el.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
}

/** What a browser shows of text passed through `esc`: CR/CRLF become LF, invisible characters `\uXXXX`. */
function shownInHtml(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\uD800-\uDFFF]/gu, (ch) => `\\u${(ch.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`)
    .replace(/\r\n?/g, '\n');
}

function findingOf(root: Root, id: string): Element {
  const found = elements(root, (el) => el.tagName === 'article' && el.properties.dataCheck === id);
  if (found.length !== 1) throw new Error(`${found.length} findings for ${id}`);
  return found[0];
}

// ---------------------------------------------------------------------------------------------

describe('the report fixture', () => {
  it('follows spec/conformance/report.schema.json and has a result of every outcome', () => {
    const schema = JSON.parse(readFileSync(new URL('../../spec/conformance/report.schema.json', import.meta.url), 'utf8')) as object;
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    expect(validate(reportFixture()), JSON.stringify(validate.errors)).toBe(true);
    expect(new Set(RESULTS.map((r) => r.outcome))).toEqual(new Set(OUTCOMES));
  });
});

describe('renderJunit', () => {
  const report = reportFixture();
  const xml = renderJunit(report);
  const doc = parseXml(xml);

  it('writes well-formed XML: <testsuites> with one <testsuite> per area, in order, one <testcase> per result', () => {
    expect(doc.name).toBe('testsuites');
    const suites = kids(doc, 'testsuite');
    expect(suites.map((s) => s.attrs.name)).toEqual(AREAS.map((a) => `svc-conformance.server.${a}`));
    for (const [index, area] of AREAS.entries()) {
      const cases = kids(suites[index], 'testcase');
      const ids = RESULTS.filter((r) => r.area === area).map((r) => `${r.id}: ${r.name}`);
      expect(cases.map((c) => c.attrs.name)).toEqual(ids);
      expect(cases.every((c) => c.attrs.classname === area)).toBe(true);
    }
  });

  it('counts tests, failures, errors and skipped per suite and in total, with times in seconds', () => {
    const suites = Object.fromEntries(kids(doc, 'testsuite').map((s) => [s.attrs.name.split('.').at(-1), s.attrs]));
    expect(suites['auth']).toMatchObject({ tests: '2', failures: '1', errors: '0', skipped: '0', time: '1.570' });
    expect(suites['command-api']).toMatchObject({ tests: '3', failures: '0', errors: '1', skipped: '0', time: '0.036' });
    expect(suites['query']).toMatchObject({ tests: '2', failures: '0', errors: '0', skipped: '1' });
    expect(suites['webhooks']).toMatchObject({ tests: '2', failures: '1', errors: '0', skipped: '1' });
    expect(suites['documents']).toMatchObject({ tests: '1', failures: '0', errors: '0', skipped: '0' });
    expect(doc.attrs).toMatchObject({ tests: '10', failures: '2', errors: '1', skipped: '2', time: '65.432' });
    // The counts agree with the elements.
    for (const suite of kids(doc, 'testsuite')) {
      const cases = kids(suite, 'testcase');
      expect(Number(suite.attrs.failures)).toBe(cases.filter((c) => kid(c, 'failure')).length);
      expect(Number(suite.attrs.errors)).toBe(cases.filter((c) => kid(c, 'error')).length);
      expect(Number(suite.attrs.skipped)).toBe(cases.filter((c) => kid(c, 'skipped')).length);
      expect(suite.attrs.timestamp).toBe(report.startedAt);
    }
    expect(testcaseOf(doc, 'auth.entity-names').attrs.time).toBe('1.530');
  });

  it('gives every suite the run properties and every testcase its level, requirements and outcome', () => {
    for (const suite of kids(doc, 'testsuite')) {
      expect(props(suite)).toMatchObject({ seed: '42', numRuns: '100', profile: 'full', baseUrl: BASE_URL, target: 'server', conformant: 'false' });
    }
    for (const r of RESULTS) {
      expect(props(testcaseOf(doc, r.id))).toMatchObject({ level: r.level, requirements: r.requirements.join(','), outcome: r.outcome, verdict: r.verdict });
    }
  });

  it('writes a failure with the first line as message and message, counterexample, seed, path, replay and curl as text', () => {
    const c = testcaseOf(doc, 'auth.entity-names');
    expect(kids(c, 'failure')).toHaveLength(1);
    const failure = kid(c, 'failure') as XmlElement;
    expect(failure.attrs.message).toBe(`expected status 200, got 500 for "${HOSTILE}"`);
    expect(failure.text).toContain('second line of the message');
    expect(failure.text).toContain(visible(COUNTEREXAMPLE));
    expect(failure.text).toContain('\\u0001b\\u000bc');
    expect(failure.text).toContain('\\ud800');
    expect(failure.text).toContain('👩‍💻');
    expect(failure.text).toContain('seed 42, path "3:1:0"');
    expect(failure.text).toContain(`replay: npx svc-conformance server --base-url '${BASE_URL}' --token "$SVC_TOKEN" --seed 42 --path '3:1:0' --only 'auth.entity-names'`);
    expect(failure.text).toContain(CURL);
    expect(kid(c, 'error')).toBeUndefined();
  });

  it('writes a crashed MUST check as <error> with its stack, not <failure>', () => {
    const c = testcaseOf(doc, 'command-api.batch-crash');
    expect(kid(c, 'failure')).toBeUndefined();
    const error = kid(c, 'error') as XmlElement;
    expect(error.attrs.message).toBe('TypeError: Cannot read properties of undefined (reading "id")');
    expect(error.attrs.type).toBe('error');
    expect(error.text).toContain('at run (batch.ts:10:5)');
  });

  it('lets warn and note pass with a WARN/NOTE line in <system-out> and a property', () => {
    const warn = testcaseOf(doc, 'command-api.retry-after');
    const note = testcaseOf(doc, 'query.sort-stable');
    for (const c of [warn, note]) expect(c.children.map((k) => k.name)).toEqual(['properties', 'system-out']);
    expect(kid(warn, 'system-out')?.text).toMatch(/^WARN \(SHOULD\): no Retry-After header on the 429 answer/);
    expect(kid(warn, 'system-out')?.text).toContain(`curl -sS -i -X GET '${BASE_URL}/api/commands'`);
    expect(kid(note, 'system-out')?.text).toMatch(/^NOTE \(MAY\): ties came back in a different order/);
    expect(props(warn).warn).toBe('no Retry-After header on the 429 answer');
    expect(props(note).note).toBe('ties came back in a different order');
  });

  it('writes skips and expected failures as <skipped>, an unexpected pass as <failure>, a pass with no outcome element', () => {
    expect(kid(testcaseOf(doc, 'query.fulltext'), 'skipped')?.attrs.message).toBe('the target does not implement q/search');
    const expected = kid(testcaseOf(doc, 'webhooks.retries'), 'skipped') as XmlElement;
    expect(expected.attrs.message).toBe('expected failure: retries land in #123');
    expect(expected.text).toContain('no retry within 30 s');
    const unexpected = testcaseOf(doc, 'webhooks.signature');
    expect(kid(unexpected, 'failure')?.attrs.message).toBe('listed as an expected failure but passed: remove it from the expected-failures file');
    expect(kid(unexpected, 'failure')?.text).toContain('signing was broken in 0.3');
    expect(testcaseOf(doc, 'auth.missing-token').children.map((k) => k.name)).toEqual(['properties']);
  });

  it('escapes markup, quotes and line breaks, and shows characters XML forbids as \\uXXXX', () => {
    expect(xmlText('a<b>&c\r')).toBe('a&lt;b&gt;&amp;c&#13;');
    expect(xmlAttribute('"x"\n\ty')).toBe('&quot;x&quot;&#10;&#9;y');
    expect(xmlText('\u0000\u0001\u001f\ufffe\ud800x\udfff')).toBe('\\u0000\\u0001\\u001f\\ufffe\\ud800x\\udfff');
    expect(xmlText('😀')).toBe('😀');
    expect(xml).not.toContain('<script>');
    expect(parseXml(`<?xml version="1.0" encoding="UTF-8"?><a b="${xmlAttribute('1\n2"3')}">${xmlText('x]]>y')}</a>`)).toMatchObject({ attrs: { b: '1\n2"3' }, text: 'x]]>y' });
  });

  it('renders a run without results as one empty suite with the run properties', () => {
    const empty: ConformanceReport = { ...reportFixture(), areas: [], results: [], counts: countOutcomes([]) };
    const parsed = parseXml(renderJunit(empty));
    expect(kids(parsed, 'testsuite').map((s) => s.attrs)).toMatchObject([{ name: 'svc-conformance.server', tests: '0', failures: '0' }]);
    expect(props(kids(parsed, 'testsuite')[0]).seed).toBe('42');
  });

  it('stays well-formed and keeps the text for arbitrary strings in every field', () => {
    const tricky = fc.constantFrom('\u0000', '\u0001', '\u000b', '\ud800', '\udfff', '\ufffe', '<', '>', '&', '"', "'", ']]>', '\r', '\n', '\t', '&amp;', '😀');
    const str = fc.string({ unit: fc.oneof(tricky, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), maxLength: 30 });
    fc.assert(
      fc.property(str, str, str, str, (name, area, message, counterexample) => {
        const base = reportFixture();
        const failing: CheckResult = { ...RESULTS[1], name, area, message: `${message}\nmore`, counterexample };
        const report: ConformanceReport = { ...base, baseUrl: message, areas: [{ area, counts: countOutcomes([failing]) }], results: [failing] };
        const parsed = parseXml(renderJunit(report));
        const c = testcases(parsed);
        expect(c).toHaveLength(1);
        expect(c[0].attrs.name).toBe(visible(`${failing.id}: ${name}`));
        expect(c[0].attrs.classname).toBe(visible(area));
        const indented = visible(counterexample)
          .split('\n')
          .map((line) => `  ${line}`)
          .join('\n');
        expect(kid(c[0], 'failure')?.text).toContain(`counterexample (shrunk):\n${indented}\n`);
        expect(props(kids(parsed, 'testsuite')[0]).baseUrl).toBe(visible(message));
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});

describe('renderHtml', () => {
  const report = reportFixture();
  const html = renderHtml(report);
  const doc = parseHtml(html);

  it('has the header: target, base URL, profile, seed, runs, date, duration, verdict, counts by level', () => {
    const header = byId(doc, 'summary');
    const shown = text(header);
    for (const value of ['server', BASE_URL, 'full', '42', '100', '2025-01-02T03:04:05.678Z', '1 min 5 s', 'conformance/expected-failures.yaml']) expect(shown).toContain(value);
    expect(text(byId(doc, 'verdict'))).toContain('NOT conformant');
    const levels = tag(byId(doc, 'by-level'), 'tr').slice(1).map((tr) => tag(tr, 'th')[0] && text(tag(tr, 'th')[0]));
    expect(levels).toEqual(['MUST', 'SHOULD', 'MAY', 'all']);
    const must = tag(byId(doc, 'by-level'), 'tr')[1];
    expect(tag(must, 'td').map(text)).toEqual(['7', '3', '2', '0', '0', '0', '1', '1']);
    const ok = parseHtml(renderHtml({ ...report, conformant: true, exitCode: 0 }));
    expect(text(byId(ok, 'verdict'))).toContain('conformant');
    expect(text(byId(ok, 'verdict'))).not.toContain('NOT');
  });

  it('has the matrix: one row per area with its counts per outcome and a linked cell per check', () => {
    const rows = tag(byId(doc, 'matrix'), 'tr').filter((tr) => tr.properties.dataArea !== undefined);
    expect(rows.map((r) => r.properties.dataArea)).toEqual(AREAS);
    const header = tag(tag(byId(doc, 'matrix'), 'thead')[0], 'th').map(text);
    expect(header).toEqual(['area', 'checks', ...OUTCOMES, 'checks by outcome']);
    for (const [index, { area, counts }] of report.areas.entries()) {
      const cells = tag(rows[index], 'td').map(text);
      expect(cells.slice(0, 8)).toEqual([counts.total, ...OUTCOMES.map((o) => counts[o])].map(String));
      const links = tag(rows[index], 'a');
      const results = RESULTS.filter((r) => r.area === area);
      expect(links.map((a) => a.properties.title)).toEqual(results.map((r) => expect.stringContaining(`${r.id}: `)));
      expect(links.map((a) => classes(a).find((c) => c.startsWith('m-')))).toEqual(results.map((r) => `m-${r.outcome}`));
      for (const a of links) byId(doc, String(a.properties.href).slice(1));
    }
  });

  it('lists every fail, unexpected pass, warn, note and expected failure with its details, most serious first', () => {
    const findings = tag(byId(doc, 'failures'), 'article').map((a) => a.properties.dataCheck);
    expect(findings).toEqual(['auth.entity-names', 'command-api.batch-crash', 'webhooks.signature', 'command-api.retry-after', 'query.sort-stable', 'webhooks.retries']);
    const failure = findingOf(doc, 'auth.entity-names');
    const pres = tag(failure, 'pre').map(text);
    expect(pres).toContain(shownInHtml(COUNTEREXAMPLE));
    expect(pres).toContain(CURL);
    expect(pres).toContain(`npx svc-conformance server --base-url '${BASE_URL}' --token "$SVC_TOKEN" --seed 42 --path '3:1:0' --only 'auth.entity-names'`);
    expect(text(failure)).toContain('seed 42, path "3:1:0"');
    expect(text(failure)).toContain('MUST');
    expect(tag(failure, 'a').map((a) => a.properties.href)).toEqual(expect.arrayContaining(['#req-AUTH-001', '#req-AUTH-002', '#check-auth.entity-names']));
    const copy = tag(failure, 'button')[0];
    expect(copy.properties.hidden).toBe(true);
    expect(text(byId(doc, String(copy.properties.dataCopy)))).toBe(CURL);
    expect(text(findingOf(doc, 'command-api.batch-crash'))).toContain('at run (batch.ts:10:5)');
    expect(text(findingOf(doc, 'webhooks.retries'))).toContain('Expected failure: retries land in #123');
    expect(text(findingOf(doc, 'webhooks.signature'))).toContain('remove it from the expected-failures file');
  });

  it('shows a </script> counterexample as text: the page has exactly its one script', () => {
    expect(tag(doc, 'script')).toHaveLength(1);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain(HOSTILE);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(tag(doc, 'img')).toHaveLength(0);
    expect(text(findingOf(doc, 'auth.entity-names'))).toContain(HOSTILE);
  });

  it('loads nothing from outside: no src, every href a fragment, URLs only from the report, a CSP that allows only its own style and script', () => {
    const all = elements(doc);
    expect(all.filter((el) => el.properties.src !== undefined)).toEqual([]);
    expect(tag(doc, 'link')).toEqual([]);
    for (const a of tag(doc, 'a')) expect(String(a.properties.href)).toMatch(/^#./);
    const urls = new Set(html.match(/https?:\/\/[^\s'"<>&]*/g));
    expect([...urls].every((u) => u.startsWith(BASE_URL))).toBe(true);
    expect(html).not.toMatch(/url\(|@import/);
    const csp = String(tag(doc, 'meta').find((m) => String(m.properties.httpEquiv).toLowerCase() === 'content-security-policy')?.properties.content);
    const hash = (el: Element): string => `'sha256-${createHash('sha256').update(text(el)).digest('base64')}'`;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`style-src ${hash(tag(doc, 'style')[0])}`);
    expect(csp).toContain(`script-src ${hash(tag(doc, 'script')[0])}`);
  });

  it('has the traceability table: one row per requirement with status, clause, checks and uncovered reason; coverage per level', () => {
    const rows = tag(byId(doc, 'traceability'), 'tr').filter((tr) => tr.properties.dataRequirement !== undefined);
    expect(rows.map((r) => r.properties.dataRequirement)).toEqual(report.traceability.requirements.map((r) => r.id));
    const auth = rows[0];
    expect(tag(auth, 'td').map(text).slice(0, 4)).toEqual(['MUST', 'auth', 'FAIL', 'Every request carries a token.']);
    expect(tag(auth, 'a').map((a) => a.properties.href)).toEqual(['#check-auth.missing-token', '#check-auth.entity-names']);
    const gql = rows.find((r) => r.properties.dataRequirement === 'GQL-001') as Element;
    expect(tag(gql, 'a')).toEqual([]);
    expect(text(gql)).toContain('graphql.basic');
    expect(text(gql)).toContain('NOT RUN');
    const evt = rows.find((r) => r.properties.dataRequirement === 'EVT-001') as Element;
    expect(classes(evt)).toContain('gap');
    expect(text(evt)).toContain('needs a second client');
    expect(text(evt)).toContain('Events are delivered "in order" & once.');
    const coverage = tag(byId(doc, 'coverage'), 'tr').slice(1).map((tr) => [tr.properties.dataLevel, ...tag(tr, 'td').map(text)]);
    expect(coverage).toEqual([
      ['MUST', '10', '9', '1', '90 %'],
      ['SHOULD', '2', '1', '1', '50 %'],
      ['MAY', '2', '2', '0', '100 %'],
    ]);
  });

  it('lists the uncovered requirements with MUST ones marked as gaps', () => {
    const items = tag(byId(doc, 'uncovered'), 'li');
    expect(items.map((li) => li.properties.dataRequirement)).toEqual(['EVT-001', 'EVT-002']);
    expect(classes(items[0])).toContain('gap');
    expect(text(items[0])).toContain('GAP (MUST)');
    expect(classes(items[1])).not.toContain('gap');
    expect(text(items[1])).toContain('not observable from outside');
  });

  it('lists every result in a collapsible block per area, opened where a check failed, every internal link resolving', () => {
    const blocks = tag(byId(doc, 'results'), 'details');
    expect(blocks.map((d) => d.properties.dataArea)).toEqual(AREAS);
    expect(blocks.map((d) => d.properties.open === true)).toEqual([true, true, false, true, false]);
    const rows = tag(byId(doc, 'results'), 'tr').filter((tr) => tr.properties.dataCheck !== undefined);
    expect(rows.map((r) => r.properties.dataCheck)).toEqual(AREAS.flatMap((a) => RESULTS.filter((r) => r.area === a).map((r) => r.id)));
    expect(text(rows.find((r) => r.properties.dataCheck === 'query.fulltext') as Element)).toContain('the target does not implement q/search');
    const ids = new Set(elements(doc).map((el) => el.properties.id));
    for (const a of tag(doc, 'a')) expect(ids.has(String(a.properties.href).slice(1)), String(a.properties.href)).toBe(true);
  });

  it('renders a run without results', () => {
    const empty = parseHtml(renderHtml({ ...reportFixture(), areas: [], results: [], counts: countOutcomes([]) }));
    expect(text(byId(empty, 'matrix'))).toContain('No check ran.');
    expect(text(byId(empty, 'failures'))).toContain('No failures, warnings or notes.');
  });

  it('keeps arbitrary text as text in every field', () => {
    const tricky = fc.constantFrom('</script>', '<script>', '<img src=x onerror=alert(1)>', '"', "'", '&', '&amp;', '\u0000', '\u0001', '\ud800', '\r\n', '\n', '<!--', ']]>', '😀');
    const str = fc.string({ unit: fc.oneof(tricky, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), maxLength: 20 });
    fc.assert(
      fc.property(str, str, str, str, str, (id, name, area, counterexample, curl) => {
        const failing: CheckResult = { ...RESULTS[1], id, name, area, counterexample, curl, requirements: [name] };
        const report: ConformanceReport = { ...reportFixture(), baseUrl: curl, areas: [{ area, counts: countOutcomes([failing]) }], results: [failing] };
        const parsed = parseHtml(renderHtml(report));
        expect(tag(parsed, 'script')).toHaveLength(1);
        expect(tag(parsed, 'img')).toHaveLength(0);
        expect(elements(parsed, (el) => Object.keys(el.properties).some((p) => /^on/i.test(p)))).toEqual([]);
        expect(tag(byId(parsed, 'matrix'), 'tr').filter((tr) => tr.properties.dataArea !== undefined).map((tr) => tr.properties.dataArea)).toEqual([shownInHtml(area)]);
        const finding = tag(byId(parsed, 'failures'), 'article');
        expect(finding.map((a) => a.properties.dataCheck)).toEqual([shownInHtml(id)]);
        const pres = tag(finding[0], 'pre').map(text);
        expect(pres).toContain(shownInHtml(counterexample));
        expect(pres).toContain(shownInHtml(curl));
      }),
      { numRuns: 200, seed: 11 },
    );
  });
});
