/**
 * The round trips of the document formats, shared by the json, markdown, html and plain-text
 * checks. Each runs the deterministic edge set first (edges.ts, reads.ts: every node and mark, alone
 * and nested, and the syntax readers meet), then random canonical documents (arbitrary.ts), a few
 * documents per case, in batched requests: `create-or-update-documents` to write, `get-documents`
 * to read.
 *
 * If supported, then correct: a server may lack a node or mark kind. It says so by answering the
 * json write of a document holding it with 400 `document.error/content-invalid` naming the kind
 * (`data.node` or `data.mark`); the check leaves that kind out from then on and ends `unsupported`.
 * Every document the server accepts must come back right: the same document in json, stable md and
 * html, the plain text of the spec, whichever format it was written in.
 */
import fc from 'fast-check';
import { fail } from '../../assert.js';
import type { CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { toCurl } from '../../curl.js';
import { checkProperty } from '../../property.js';
import { isRecord } from '../../shapes.js';
import { SupportLedger } from '../../support.js';
import { anyHtml, anyMarkdown, everyToken, HTML_TOKENS, MARKDOWN_TOKENS } from './any-text.js';
import { documentArbitraryWithout, plainTextOf } from './arbitrary.js';
import type { PMDocument } from './build.js';
import { expectDocument, getDocumentRaw, newSecret, putDocumentRaw, type DocumentContent, type ReadFormat, type WriteFormat } from './client.js';
import { firstDifference, textDifference, withEncodedAddresses } from './compare.js';
import { CANONICAL_EDGES, DEFAULTED_EDGES, LENIENT_EDGES, LENIENT_JSON, type EdgeDocument } from './edges.js';
import { kindFeature, kindsOf, OPTIONAL_MARKS, OPTIONAL_NODES, unsupportedKind } from './kinds.js';
import { HTML_READS, MARKDOWN_READS, type ReadEdge } from './reads.js';

export { EVERY_NODE } from './edges.js';

/** The feature of LENIENT_JSON, as the run reports it when a server lacks it. */
const LENIENT_JSON_FEATURE = 'json read leniently (empty text nodes dropped, marks sorted, adjacent text with the same marks merged)';

/** How long one batched request of the round trips may take (up to a hundred small documents). */
export const BATCH_TIMEOUT_MS = 30_000;
/**
 * Random documents come in cases of 1 to 10, one case per 3 runs of the profile (at least one): the
 * quick profile's 5 runs are one case of about five documents, the full profile's 100 are 33 cases.
 */
const MAX_RANDOM_DOCUMENTS = 10;
const RUNS_PER_CASE = 3;
/** Every how many cases the json round trip writes over another document. */
const ROTATE_EVERY = 3;

export type TextFormat = 'md' | 'html';
export type RoundTrip = 'json' | TextFormat | 'plain-text';

/** A document of a round trip: canonical ones are the same in every format, lenient ones only stable. */
interface Case {
  name: string;
  doc: PMDocument;
  canonical: boolean;
  /** The hand-written content the document is (reads.ts), when it comes from there. */
  read?: ReadEdge;
  /** The json written, when it is not the document itself (attributes left out: edges.ts). */
  written?: unknown;
  /** A lenient document: its plain text after a markdown or HTML round trip, when the text is known. */
  plain?: string;
}

function edgeCases(edges: readonly EdgeDocument[], canonical: boolean): Case[] {
  return edges.map((e) => ({ name: `edge document "${e.name}"`, doc: e.doc, canonical, ...(e.plain === undefined ? {} : { plain: e.plain }) }));
}

function readCases(reads: readonly ReadEdge[]): Case[] {
  return reads.map((read) => ({ name: `edge document "${read.name}"`, doc: read.doc, canonical: true, read }));
}

/** A document command with the round trips' time bound; a missing answer fails naming what was waited for. */
async function command(ctx: CheckContext, body: Record<string, unknown>, format: string, what: string): Promise<HttpResponse> {
  try {
    return await ctx.http.post(`/api/documents/commands?format=${format}`, body, { timeoutMs: BATCH_TIMEOUT_MS });
  } catch (error) {
    fail(`${what}: no answer within ${BATCH_TIMEOUT_MS} ms (${error instanceof Error ? error.message : String(error)})`);
  }
}

/**
 * One check's round trips: the kinds the server lacks (a ledger), batched writes and reads, and
 * the comparisons, each failing on the first document that comes back wrong.
 */
export class RoundTrips {
  readonly ledger = new SupportLedger();
  /** The kinds the server said it lacks. */
  readonly lacking = new Set<string>();
  /**
   * The secrets written, by pool (json writes, text writes) and position: every batch writes over the
   * documents of the one before, so the server replaces content as well as creating it.
   */
  private readonly pools = { json: [] as string[], text: [] as string[] };

  constructor(private readonly ctx: CheckContext) {}

  private secrets(pool: keyof RoundTrips['pools'], count: number): string[] {
    const secrets = this.pools[pool];
    while (secrets.length < count) secrets.push(newSecret());
    return secrets.slice(0, count);
  }

  /** Documents of the kinds the server did not say it lacks. */
  private usable<T extends { doc: PMDocument }>(items: readonly T[]): T[] {
    return items.filter((item) => ![...kindsOf(item.doc)].some((kind) => this.lacking.has(kind)));
  }

  /**
   * Writes the documents as json in one create-or-update-documents and answers those written with
   * their secrets. A kind the server names as one it lacks is recorded and every document holding it
   * left out; then the rest is written again.
   */
  async writeJson(cases: readonly Case[]): Promise<Array<Case & { secret: string }>> {
    for (let attempt = 0; attempt <= OPTIONAL_NODES.length + OPTIONAL_MARKS.length; attempt++) {
      const usable = this.usable(cases);
      if (usable.length === 0) return [];
      const secrets = this.secrets('json', usable.length);
      const kept = usable.map((c, i) => ({ ...c, secret: secrets[i] as string }));
      const what = `create-or-update-documents of ${kept.length} documents as json`;
      const res = await command(this.ctx, { command: 'create-or-update-documents', args: kept.map((c) => ({ secret: c.secret, content: c.written ?? c.doc })) }, 'json', what);
      if (res.status === 200 && res.json === true) return kept;
      const kind = unsupportedKind(res);
      if (kind === undefined || this.lacking.has(kind) || !kept.some((c) => kindsOf(c.doc).has(kind))) {
        fail(`${what}: expected 200 and true (every document is in the schema of spec/CONVENTIONS.md), or 400 document.error/content-invalid naming in data.node or data.mark a kind the server lacks`, res);
      }
      this.lacking.add(kind);
      this.ledger.lacks(kindFeature(kind), `a json write of a document holding it answered 400 document.error/content-invalid naming ${kind}`);
    }
    fail('the server named more node and mark kinds as lacking than there are');
  }

  /** Writes contents in a text format (md, html) to new secrets in one create-or-update-documents. */
  async writeText(format: TextFormat, contents: readonly string[]): Promise<string[]> {
    const secrets = this.secrets('text', contents.length);
    if (contents.length === 0) return secrets;
    const what = `create-or-update-documents of ${contents.length} documents as ${format}`;
    const res = await command(this.ctx, { command: 'create-or-update-documents', args: contents.map((content, i) => ({ secret: secrets[i], content })) }, format, what);
    if (res.status !== 200 || res.json !== true) fail(`${what} (the server's own ${format} of documents it took as json, and hand-written ${format}): expected 200 and true`, res);
    return secrets;
  }

  /** Reads documents in one get-documents. */
  async read(secrets: readonly string[], format: ReadFormat): Promise<DocumentContent[]> {
    if (secrets.length === 0) return [];
    const what = `get-documents of ${secrets.length} documents as ${format}`;
    const res = await command(this.ctx, { command: 'get-documents', args: secrets.map((secret) => ({ secret })) }, format, what);
    if (res.status !== 200 || !Array.isArray(res.json) || res.json.length !== secrets.length) fail(`${what}: expected 200 and an array of ${secrets.length} documents`, res);
    const body = res.json as unknown[];
    return secrets.map((secret, i) => expectDocument(res, body[i], secret, format, `${what}, element ${i}`));
  }

  /**
   * A document that read wrong in a batch, written and read alone (PUT and GET; over the document
   * `over` when it was written over one), so that the failure carries the exchange of that one
   * document; `check` answers what is wrong with a content read, if anything.
   */
  private async confirm(
    what: string,
    content: unknown,
    writeFormat: WriteFormat,
    readFormat: ReadFormat,
    problem: string,
    check: (content: unknown) => string | undefined,
    over?: PMDocument,
  ): Promise<never> {
    const secret = newSecret();
    if (over !== undefined) await putDocumentRaw(this.ctx, secret, over, 'json');
    const put = await putDocumentRaw(this.ctx, secret, content, writeFormat);
    const get = put.status === 200 ? await getDocumentRaw(this.ctx, secret, readFormat) : undefined;
    const curl = [put, ...(get ? [get] : [])].map((res) => toCurl(res.request)).join('\n');
    const body: unknown = get?.json;
    const alone = get?.status === 200 && typeof body === 'object' && body !== null && 'content' in body ? check(body.content) : undefined;
    const repeat = get === undefined ? `; written alone with PUT it answered ${put.status}` : alone === undefined ? ' (written and read alone with PUT and GET it comes back right: only the batch commands lose it)' : '';
    fail(`${what}: ${problem}${repeat}`, get ?? put, { curl });
  }

  /**
   * json written, json read: the same document. `rotate`: then each written over the document of
   * the one before it, then of the one before that (stores pile up changes), then the same again
   * (nothing changes), each round read again.
   */
  async json(cases: readonly Case[], rotate: boolean): Promise<void> {
    // The rounds over other documents take every third case (the pool's first secrets): enough kinds of change, a third of the work.
    const some = cases.filter((_, i) => i % ROTATE_EVERY === 0);
    const shifted = (by: number) => [...some.slice(by), ...some.slice(0, by)];
    const rounds = rotate && some.length > 2 ? [cases, shifted(1), shifted(2), shifted(2)] : [cases];
    const before = new Map<string, PMDocument>();
    for (const list of rounds) {
      const written = await this.writeJson(list);
      const back = await this.read(written.map((w) => w.secret), 'json');
      for (const [i, w] of written.entries()) {
        const over = before.get(w.secret);
        const check = (content: unknown) => firstDifference(w.doc, content);
        const problem = check(back[i]);
        if (problem) await this.confirm(`${w.name} written as json${over ? ' over another document' : ''} reads back as json changed`, w.written ?? w.doc, 'json', 'json', problem, check, over);
      }
      for (const w of written) before.set(w.secret, w.doc);
    }
  }

  /**
   * json a server may read leniently (LENIENT_JSON), written in a request of its own: refused with 400
   * document.error/content-invalid, the server lacks the lenient reading; taken, each reads back as the document it is.
   */
  async lenientJson(cases: ReadonlyArray<EdgeDocument & { written: unknown }>): Promise<void> {
    const secrets = cases.map(() => newSecret());
    const what = `create-or-update-documents of ${cases.length} json documents a server may read leniently (${cases.map((c) => c.name).join('; ')})`;
    const res = await command(this.ctx, { command: 'create-or-update-documents', args: cases.map((c, i) => ({ secret: secrets[i], content: c.written })) }, 'json', what);
    if (res.status === 400 && isRecord(res.json) && res.json['name'] === 'document.error/content-invalid') {
      this.ledger.lacks(LENIENT_JSON_FEATURE, 'a json write of empty text nodes, unsorted marks or adjacent text with the same marks answered 400 document.error/content-invalid', res);
      return;
    }
    if (res.status !== 200 || res.json !== true) fail(`${what}: expected 200 and true, or 400 document.error/content-invalid (the server does not read json leniently)`, res);
    const back = await this.read(secrets, 'json');
    for (const [i, c] of cases.entries()) {
      const check = (content: unknown) => firstDifference(c.doc, content);
      const problem = check(back[i]);
      if (problem) await this.confirm(`edge document "${c.name}" written as json (taken, so read leniently) reads back as json otherwise than the document it is`, c.written, 'json', 'json', problem, check);
    }
  }

  /** json written, plain-text read: the text of the textblocks. */
  async plainText(cases: readonly Case[]): Promise<void> {
    const written = await this.writeJson(cases);
    const back = await this.read(written.map((w) => w.secret), 'plain-text');
    for (const [i, w] of written.entries()) {
      const expected = plainTextOf(w.doc);
      const check = (content: unknown) => (content === expected ? undefined : typeof content === 'string' ? textDifference(expected, content) : `expected ${JSON.stringify(expected)}, got ${JSON.stringify(content)}`);
      const problem = check(back[i]);
      if (problem) await this.confirm(`${w.name} written as json reads as plain-text other than the text of its textblocks (spec/CONVENTIONS.md)`, w.doc, 'json', 'plain-text', problem, check);
    }
  }

  /**
   * Written in a text format: each document written as json is read in `format`, and that text
   * written back in `format` (with the hand-written `reads`) must be the same document: the same
   * json (addresses compared percent-encoded), the same text in `format` and in the other text
   * format, the plain text of the spec. A lenient document need only give the same text again.
   */
  async text(format: TextFormat, cases: readonly Case[], reads: readonly ReadEdge[], anyText: readonly string[] = []): Promise<void> {
    const other: TextFormat = format === 'md' ? 'html' : 'md';
    const written = await this.writeJson([...cases, ...readCases(reads)]);
    // The server's text of each document it took as json, in both text formats.
    const firstText = (await this.read(written.map((w) => w.secret), format)) as string[];
    const otherText = (await this.read(written.map((w) => w.secret), other)) as string[];
    const items = written.map((w, i) => ({
      name: w.read ? `hand-written ${format} "${w.read.name}"` : w.name,
      doc: w.doc,
      canonical: w.canonical,
      content: w.read?.content ?? (firstText[i] as string),
      text: firstText[i] as string,
      otherText: otherText[i] as string,
      hand: w.read !== undefined,
      plain: w.plain,
    }));
    // Any text is content in a text format: written with the rest, it must be taken and read back in every format (the reads check that).
    const secrets = await this.writeText(format, [...items.map((item) => item.content), ...anyText]);
    const [json, again, otherAgain, plain] = [await this.read(secrets, 'json'), await this.read(secrets, format), await this.read(secrets, other), await this.read(secrets, 'plain-text')];

    for (const [i, item] of items.entries()) {
      const what = item.hand ? `${item.name} written as ${format}` : `${item.name} read as ${format} (${JSON.stringify(item.content).slice(0, 300)}) and written back as ${format}`;
      const sameText = (expected: string) => (content: unknown) => (content === expected ? undefined : typeof content === 'string' ? textDifference(expected, content) : `expected text, got ${JSON.stringify(content)}`);
      if (!item.canonical) {
        const problem = sameText(item.text)(again[i]);
        if (problem) await this.confirm(`${what} is not stable: it reads as ${format} otherwise`, item.content, format, format, problem, sameText(item.text));
        // What the format cannot express goes, the text stays.
        const kept = item.plain;
        const plainProblem = kept === undefined ? undefined : sameText(kept)(plain[i]);
        if (kept !== undefined && plainProblem) await this.confirm(`${what} loses text: it reads as plain-text otherwise`, item.content, format, 'plain-text', plainProblem, sameText(kept));
        continue;
      }
      const exact = firstDifference(item.doc, json[i]) === undefined;
      const sameDoc = (content: unknown) => firstDifference(withEncodedAddresses(item.doc), withEncodedAddresses(content));
      const docProblem = sameDoc(json[i]);
      if (docProblem) await this.confirm(`${what} is not the same document: it reads as json otherwise`, item.content, format, 'json', docProblem, sameDoc);
      const textProblem = sameText(item.text)(again[i]);
      if (textProblem) await this.confirm(`${what} reads as ${format} otherwise than the same document written as json`, item.content, format, format, textProblem, sameText(item.text));
      const plainExpected = plainTextOf(item.doc);
      const plainProblem = sameText(plainExpected)(plain[i]);
      if (plainProblem) await this.confirm(`${what} reads as plain-text other than the text of its textblocks`, item.content, format, 'plain-text', plainProblem, sameText(plainExpected));
      // An address the format re-encoded (p q.png as p%20q.png) is written so in the other format too.
      if (!exact) continue;
      const otherProblem = sameText(item.otherText)(otherAgain[i]);
      if (otherProblem) await this.confirm(`${what} reads as ${other} otherwise than the same document written as json`, item.content, format, other, otherProblem, sameText(item.otherText));
    }
  }
}

/** The deterministic edge set of a round trip, then random canonical documents; ends unsupported when the server lacked a kind. */
export async function runRoundTrip(ctx: CheckContext, kind: RoundTrip): Promise<void> {
  const trips = new RoundTrips(ctx);
  const edges = [...edgeCases(CANONICAL_EDGES, true), ...edgeCases(LENIENT_EDGES, false)];
  const each = async (cases: readonly Case[]): Promise<void> => {
    switch (kind) {
      case 'json':
        return trips.json(cases, false);
      case 'plain-text':
        return trips.plainText(cases);
      default:
        return trips.text(kind, cases, []);
    }
  };
  switch (kind) {
    case 'json':
      await trips.json([...edges, ...DEFAULTED_EDGES.map((e) => ({ name: `edge document "${e.name}"`, doc: e.doc, canonical: false, written: e.written })), ...readCases(MARKDOWN_READS), ...readCases(HTML_READS)], true);
      await trips.lenientJson(LENIENT_JSON);
      break;
    case 'plain-text':
      await each([...edges, ...readCases(MARKDOWN_READS), ...readCases(HTML_READS)]);
      break;
    default:
      await trips.text(kind, edges, kind === 'md' ? MARKDOWN_READS : HTML_READS, everyToken(kind === 'md' ? MARKDOWN_TOKENS : HTML_TOKENS));
  }
  const texts = kind === 'md' ? anyMarkdown : kind === 'html' ? anyHtml : fc.constant('');
  await checkProperty(
    ctx,
    fc.record({ docs: fc.array(documentArbitraryWithout(trips.lacking), { minLength: 1, maxLength: MAX_RANDOM_DOCUMENTS }), anyText: fc.array(texts, { maxLength: MAX_RANDOM_DOCUMENTS }) }),
    async ({ docs, anyText }) => {
      const cases = docs.map((doc, i) => ({ name: `random document ${i + 1} of ${docs.length}`, doc, canonical: true }));
      if (kind === 'md' || kind === 'html') await trips.text(kind, cases, [], anyText);
      else await each(cases);
    },
    { numRuns: Math.max(1, Math.floor(ctx.fastCheck.numRuns / RUNS_PER_CASE)) },
  );
  trips.ledger.finish();
}
