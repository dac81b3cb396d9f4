// Documents benchmark: a 1 MB markdown document written and read over /api/documents in each
// format (md, html, json; plain-text read only), beside the time of the conversion alone; and the
// storage a document takes after 100 successive edits, with and without compaction, as a ratio to
// its markdown. On pg-mem and on PostgreSQL. Prints a table per storage and writes
// bench/results/documents.md.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Node as PMNode } from 'prosemirror-model';
import type { components } from '../generated/service/types.js';
import type { Database, StorageKind } from '../server/src/db/database.js';
import { decodeContent, encodeContent, type ReadFormat, type WriteFormat } from '../server/src/documents/formats.js';
import { schema } from '../server/src/documents/schema.js';
import { DEFAULT_COMPACTION, NO_COMPACTION, storageOf, writeDocuments, type CompactionPolicy } from '../server/src/documents/store.js';
import { compactState, loadYDoc, replaceContent } from '../server/src/documents/ydoc-codec.js';
import { scratchSchemaName, startServer, type RunningServer } from '../server/src/index.js';
import { databaseUrl, DEFAULT_DATABASE_URL, integerOption, machine, runWithOptions, storagesOption, writeReport } from './lib/cli.js';
import { renderMarkdown, renderPlain, type Table } from './lib/table.js';
import { formatCount, formatMs, formatRatio, min, now, timed, withTimeout } from './lib/timing.js';

type DocumentContent = components['schemas']['DocumentContent'];

const RESULTS_FILE = fileURLToPath(new URL('./results/documents.md', import.meta.url));
const REQUEST_TIMEOUT_MS = 300_000;
const STORAGE_TIME_LIMIT_MS = 20 * 60_000;
const READ_FORMATS: readonly ReadFormat[] = ['md', 'html', 'json', 'plain-text'];
const WRITE_FORMATS: readonly WriteFormat[] = ['md', 'html', 'json'];

interface Options {
  storages: StorageKind[];
  databaseUrl: string;
  bytes: number;
  edits: number;
  rewrites: number;
  runs: number;
  out: string;
}

const USAGE = `npm run bench -- documents [options]
  --storage pg-mem,postgres    storages to measure (default: both; PostgreSQL at DATABASE_URL or ${DEFAULT_DATABASE_URL})
  --bytes N                    size of the markdown document (default 1000000)
  --edits N                    successive edits of the storage figure (default 100)
  --rewrites N                 successive rewrites of the whole document (default 10)
  --runs N                     repetitions of every timing (default 2; the best is reported, all are listed)
  --out FILE                   Markdown results (default bench/results/documents.md)`;

function parseOptions(args: string[]): Options | undefined {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      storage: { type: 'string' },
      bytes: { type: 'string' },
      edits: { type: 'string' },
      rewrites: { type: 'string' },
      runs: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return undefined;
  }
  return {
    storages: storagesOption(values.storage),
    databaseUrl: databaseUrl(),
    bytes: integerOption(values.bytes, 1_000_000, 'bytes'),
    edits: integerOption(values.edits, 100, 'edits'),
    rewrites: integerOption(values.rewrites, 10, 'rewrites'),
    runs: integerOption(values.runs, 2, 'runs'),
    out: values.out ?? RESULTS_FILE,
  };
}

function log(message: string): void {
  console.error(`[bench] ${message}`);
}

// ---------------------------------------------------------------------------------------------
// The document: deterministic prose with the usual mix of blocks and marks.

/** A small deterministic generator (LCG), so every run and storage writes the same document. */
class Random {
  constructor(private state: number) {}
  next(): number {
    this.state = (this.state * 1103515245 + 12345) % 2147483648;
    return this.state / 2147483648;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
}

const WORDS = 'the a service document field entity query secret client server write read format table list change update store value spec check test result time order'.split(' ');

function sentence(random: Random): string {
  const words = Array.from({ length: 8 + random.int(12) }, () => random.pick(WORDS));
  // About one mark a sentence.
  const at = random.int(words.length);
  const word = words[at] as string;
  words[at] = random.pick([`**${word}**`, `*${word}*`, `\`${word}\``, `[${word}](https://example.com/${word})`, `~~${word}~~`, word]);
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function block(random: Random, index: number): string {
  if (index % 25 === 0) return `## Section ${index / 25 + 1}`;
  const kind = random.int(20);
  if (kind < 12) return Array.from({ length: 2 + random.int(4) }, () => sentence(random)).join(' ');
  if (kind < 14) return Array.from({ length: 3 + random.int(3) }, () => `- ${sentence(random)}`).join('\n');
  if (kind < 15) return Array.from({ length: 3 }, (_, i) => `${i + 1}. ${sentence(random)}`).join('\n');
  if (kind < 16) return Array.from({ length: 3 }, (_, i) => `- [${i === 0 ? 'x' : ' '}] ${sentence(random)}`).join('\n');
  if (kind < 17) return `> ${sentence(random)} ${sentence(random)}`;
  if (kind < 18) return `\`\`\`ts\nconst ${random.pick(WORDS)} = ${random.int(1000)};\nexport function f(x: number): number {\n  return x * ${random.int(10)};\n}\n\`\`\``;
  if (kind < 19) return ['| name | value | note |', '| --- | --- | --- |', ...Array.from({ length: 4 }, () => `| ${random.pick(WORDS)} | ${random.int(1000)} | ${random.pick(WORDS)} ${random.pick(WORDS)} |`)].join('\n');
  return '---';
}

/** About `bytes` of markdown. */
export function benchMarkdown(bytes: number, seed = 1): string {
  const random = new Random(seed);
  const blocks: string[] = [];
  let size = 0;
  while (size < bytes) {
    const next = block(random, blocks.length);
    blocks.push(next);
    size += next.length + 2;
  }
  return `${blocks.join('\n\n')}\n`;
}

/** A rewrite of the whole document: its blocks in reverse order (every other time back again). */
function rewrite(doc: PMNode, start: PMNode): PMNode {
  if (doc !== start) return start;
  const children: PMNode[] = [];
  start.forEach((child) => children.unshift(child));
  return schema.node('doc', null, children);
}

/** One edit of a document: a sentence added to a paragraph (70%), a paragraph inserted or one removed. */
function edit(doc: PMNode, random: Random, n: number): PMNode {
  const children: PMNode[] = [];
  doc.forEach((child) => children.push(child));
  const paragraphs = children.map((c, i) => [c, i] as const).filter(([c]) => c.type === schema.nodes.paragraph && c.childCount > 0);
  const kind = random.int(10);
  const [target, at] = random.pick(paragraphs);
  if (kind < 7) {
    children[at] = target.copy(target.content.append(schema.nodes.paragraph.create(null, schema.text(` Edit ${n}: ${sentence(random)}`)).content));
  } else if (kind < 9) {
    children.splice(at, 0, schema.nodes.paragraph.create(null, schema.text(`Inserted by edit ${n}. ${sentence(random)}`)));
  } else {
    children.splice(at, 1);
  }
  return schema.node('doc', null, children);
}

// ---------------------------------------------------------------------------------------------
// Measurements

class DocumentsClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  private async call(method: string, path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await this.fetchOnce(method, path, body).catch((error: unknown) => {
        // A keep-alive connection the server closed while this process was busy: once more.
        log(`${method} ${path}: ${error instanceof Error ? error.message : String(error)}; retrying once`);
        return this.fetchOnce(method, path, body);
      });
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      throw new Error(`${method} ${path}: ${error instanceof Error ? error.message : String(error)}${cause}`);
    }
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${method} ${path}: HTTP ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as unknown;
  }

  private fetchOnce(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { authorization: `Token ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  }

  async put(secret: string, content: DocumentContent, format: WriteFormat): Promise<void> {
    const result = await this.call('PUT', `/api/documents/${secret}?format=${format}`, { content });
    if (result !== true) throw new Error(`PUT ${format}: answered ${JSON.stringify(result).slice(0, 100)}`);
  }

  async get(secret: string, format: ReadFormat): Promise<DocumentContent> {
    const result = (await this.call('GET', `/api/documents/${secret}?format=${format}`)) as { content: DocumentContent };
    return result.content;
  }
}

function sizeOf(content: DocumentContent): number {
  return Buffer.byteLength(typeof content === 'string' ? content : JSON.stringify(content), 'utf8');
}

interface Timing {
  figure: string;
  bytes: number;
  api: number[];
  /** The conversion alone, in process (no HTTP, no storage). */
  conversion: number[];
}

interface EditSeries {
  series: string;
  policy: string;
  edits: number;
  updates: number;
  bytes: number;
  storedChars: number;
  onDisk?: number;
  markdownBytes: number;
  msPerEdit: number;
}

interface StorageReport {
  storage: StorageKind;
  error?: string;
  markdownBytes: number;
  timings: Timing[];
  edits: EditSeries[];
  stateBytes: number;
  notes: string[];
}

async function measureFormats(client: DocumentsClient, markdown: string, runs: number, report: StorageReport): Promise<void> {
  const timings = new Map<string, Timing>();
  const add = (figure: string, bytes: number, api: number, conversion: number) => {
    const t = timings.get(figure) ?? { figure, bytes, api: [], conversion: [] };
    t.api.push(api);
    t.conversion.push(conversion);
    timings.set(figure, t);
  };
  for (let run = 0; run < runs; run++) {
    // The requests of a run back to back, then the same conversions in process (a long pause
    // between requests lets the server close the idle keep-alive connection under the client).
    const secret = randomUUID();
    const edited = markdown.replace(/\.\n\n/, ` One more sentence, run ${run}.\n\n`);
    const api: Array<[string, number, number, () => unknown]> = [];
    const write = await timed(() => client.put(secret, markdown, 'md'));
    api.push(['write md (new document)', Buffer.byteLength(markdown), write.ms, () => decodeContent(markdown, 'md')]);
    const read: Partial<Record<ReadFormat, DocumentContent>> = {};
    for (const format of READ_FORMATS) {
      const got = await timed(() => client.get(secret, format));
      read[format] = got.value;
      api.push([`read ${format}`, sizeOf(got.value), got.ms, () => encodeContent(decodeContent(markdown, 'md'), format)]);
    }
    for (const format of WRITE_FORMATS.filter((f) => f !== 'md')) {
      const content = read[format] as DocumentContent;
      const put = await timed(() => client.put(randomUUID(), content, format));
      api.push([`write ${format} (new document)`, sizeOf(content), put.ms, () => decodeContent(content, format)]);
    }
    // An edit over the API: the whole markdown again, with one sentence more.
    const put = await timed(() => client.put(secret, edited, 'md'));
    api.push(['write md (edit of the same document)', Buffer.byteLength(edited), put.ms, () => decodeContent(edited, 'md')]);
    const back = await client.get(secret, 'md');
    const doc = decodeContent(markdown, 'md');
    for (const [figure, bytes, ms, convert] of api) {
      // Reads convert from the ProseMirror document: time only that part.
      const conversion = figure.startsWith('read ') ? await timed(() => encodeContent(doc, figure.slice('read '.length) as ReadFormat)) : await timed(convert);
      add(figure, bytes, ms, conversion.ms);
    }
    if (back !== encodeContent(decodeContent(edited, 'md'), 'md')) throw new Error('the edited document does not read back as written');
    log(`formats run ${run + 1}: write md ${formatMs(write.ms)}, read md ${formatMs(timings.get('read md')?.api.at(-1) ?? NaN)}`);
  }
  report.timings = [...timings.values()].sort((a, b) => order(a.figure) - order(b.figure));
}

function order(figure: string): number {
  const at = ['write md (new', 'write md (edit', 'write html', 'write json', 'read md', 'read html', 'read json', 'read plain'].findIndex((p) => figure.startsWith(p));
  return at === -1 ? 99 : at;
}

/** TOAST-compressed size of a document's updates on PostgreSQL. */
async function onDisk(db: Database, secret: string): Promise<number | undefined> {
  if (db.kind !== 'postgres') return undefined;
  const { rows } = await db.query<{ n: number | string | null }>('SELECT sum(pg_column_size(data)) AS n FROM document_updates WHERE secret = $1', [secret]);
  return Number(rows[0]?.n ?? 0);
}

async function editSeries(
  db: Database,
  start: PMNode,
  edits: number,
  series: string,
  policy: CompactionPolicy,
  policyText: string,
  change: (doc: PMNode, random: Random, n: number) => PMNode,
): Promise<{ series: EditSeries; final: PMNode }> {
  const secret = randomUUID();
  await db.transaction((tx) => writeDocuments(tx, [{ secret, doc: start }], policy));
  const random = new Random(7);
  let doc = start;
  const began = now();
  for (let n = 1; n <= edits; n++) {
    doc = change(doc, random, n);
    const next = doc;
    await db.transaction((tx) => writeDocuments(tx, [{ secret, doc: next }], policy));
  }
  const msPerEdit = (now() - began) / edits;
  const stored = await storageOf(db, secret);
  const markdownBytes = Buffer.byteLength(encodeContent(doc, 'md') as string);
  const disk = await onDisk(db, secret);
  return {
    series: { series, policy: policyText, edits, ...stored, ...(disk === undefined ? {} : { onDisk: disk }), markdownBytes, msPerEdit },
    final: doc,
  };
}

async function benchStorage(kind: StorageKind, options: Options, markdown: string): Promise<StorageReport> {
  const report: StorageReport = { storage: kind, markdownBytes: Buffer.byteLength(markdown), timings: [], edits: [], stateBytes: 0, notes: [] };
  let server: RunningServer | undefined;
  let inner: Database | undefined;
  const started = now();
  try {
    server = await withTimeout(
      startServer({
        ...(kind === 'postgres' ? { databaseUrl: options.databaseUrl, schema: scratchSchemaName(), dropSchemaOnClose: true } : {}),
        instrument: (db) => {
          inner = db;
          return db;
        },
        log: (m) => log(`server: ${m}`),
      }),
      60_000,
      `starting the server on ${kind}`,
    );
    if (!inner) throw new Error('the instrument hook was not called');
    const db: Database = inner;
    const client = new DocumentsClient(server.baseUrl, server.token);
    log(`${kind}: server at ${server.baseUrl}; ${formatCount(report.markdownBytes)} bytes of markdown`);
    await measureFormats(client, markdown, options.runs, report);
    if (now() - started > STORAGE_TIME_LIMIT_MS) throw new Error(`${kind}: over ${STORAGE_TIME_LIMIT_MS / 60_000} minutes before the edits; stopped`);

    const start = decodeContent(markdown, 'md');
    const defaultPolicy = `compacted past ${DEFAULT_COMPACTION.maxUpdates} updates, or ${DEFAULT_COMPACTION.maxSizeRatio}x the largest update`;
    const series: Array<[string, CompactionPolicy, string, number, (doc: PMNode, random: Random, n: number) => PMNode]> = [
      [`${options.edits} edits, with compaction (server default)`, DEFAULT_COMPACTION, defaultPolicy, options.edits, edit],
      [`${options.edits} edits, without compaction`, NO_COMPACTION, 'every update kept', options.edits, edit],
      [`${options.rewrites} rewrites, with compaction (server default)`, DEFAULT_COMPACTION, defaultPolicy, options.rewrites, (doc) => rewrite(doc, start)],
      [`${options.rewrites} rewrites, without compaction`, NO_COMPACTION, 'every update kept', options.rewrites, (doc) => rewrite(doc, start)],
    ];
    let finalDoc: PMNode = start;
    for (const [name, policy, policyText, count, change] of series) {
      if (now() - started > STORAGE_TIME_LIMIT_MS) throw new Error(`${kind}: over ${STORAGE_TIME_LIMIT_MS / 60_000} minutes before "${name}"; stopped`);
      const result = await editSeries(db, start, count, name, policy, policyText, change);
      log(`${kind}: ${name}: ${formatMs(result.series.msPerEdit)} a write`);
      report.edits.push(result.series);
      if (report.edits.length === 1) finalDoc = result.final;
    }
    const final = loadYDoc([]);
    replaceContent(final, finalDoc);
    report.stateBytes = compactState(final).length;
  } catch (error) {
    report.error = error instanceof Error ? error.message : String(error);
    log(`${kind}: FAILED: ${report.error}`);
  } finally {
    if (server) await withTimeout(server.close(), 60_000, `closing the ${kind} server`).catch((e: unknown) => log(`${kind}: close failed: ${String(e)}`));
  }
  return report;
}

// ---------------------------------------------------------------------------------------------
// Reporting

function kb(bytes: number): string {
  return `${formatCount(Math.round(bytes / 1000))} kB`;
}

function timingTable(r: StorageReport): Table {
  return {
    title: `Documents on ${r.storage}: a ${kb(r.markdownBytes)} markdown document over /api/documents`,
    columns: ['figure', 'content size', 'API (best)', 'conversion alone (best)', 'runs: API | conversion'],
    rows: r.timings.map((t) => [t.figure, kb(t.bytes), formatMs(min(t.api)), formatMs(min(t.conversion)), `${t.api.map(formatMs).join(', ')} | ${t.conversion.map(formatMs).join(', ')}`]),
    notes: [
      'API: the HTTP request to the in-process server (PUT answers after the store committed; GET reads, converts and sends). Conversion alone: the same conversion in the benchmark process (markdown/HTML/json to ProseMirror, or ProseMirror to the format), no HTTP, no storage, measured after the requests of the run; on a busy machine it can come out slower than the request that includes it.',
      'write html / json: the html and json just read, written to a new document.',
      'A write also loads the document (Yjs updates), diffs the new content into it (y-prosemirror), checks the result and stores one update; a read loads, converts and serializes.',
      ...(r.error ? [`FAILED: ${r.error}`] : []),
      ...r.notes,
    ],
  };
}

function editsTable(r: StorageReport): Table {
  const rows = r.edits.map((e) => [
    e.series,
    e.policy,
    String(e.updates),
    kb(e.bytes),
    kb(e.storedChars),
    e.onDisk === undefined ? 'n/a' : kb(e.onDisk),
    kb(e.markdownBytes),
    formatRatio(e.bytes / e.markdownBytes),
    formatRatio(e.storedChars / e.markdownBytes),
    e.onDisk === undefined ? 'n/a' : formatRatio(e.onDisk / e.markdownBytes),
    formatMs(e.msPerEdit),
  ]);
  const first = r.edits[0];
  if (first) rows.splice(1, 0, ['the final state of the edits as one update (reference)', 'Y.encodeStateAsUpdate', '1', kb(r.stateBytes), '', '', kb(first.markdownBytes), formatRatio(r.stateBytes / first.markdownBytes), '', '', '']);
  return {
    title: `Storage on ${r.storage} after successive writes of the document`,
    columns: ['series', 'policy', 'updates stored', 'Yjs bytes', 'stored (base64 text)', 'on disk (TOAST)', 'markdown', 'Yjs / md', 'stored / md', 'on disk / md', 'time a write'],
    rows,
    notes: [
      'An edit adds a sentence to a paragraph (70%), inserts a paragraph (20%) or removes one (10%); a rewrite writes the blocks in reverse order (then back), which the diff can only store as new content. Each write goes through the store (server/src/documents/store.ts, the code PUT runs) with the policy shown; the markdown is not parsed again for each write.',
      'Yjs bytes: the updates as Yjs encodes them; stored: the base64 text in document_updates.data (pg-mem corrupts bytea); on disk: sum(pg_column_size(data)), after TOAST compression (PostgreSQL only). Ratios are to the markdown of the final document.',
    ],
  };
}

async function writeResults(file: string, options: Options, reports: StorageReport[], startedAt: Date, elapsedMs: number): Promise<void> {
  const lines = [
    '# Documents benchmark',
    '',
    'Written by `npm run bench -- documents` (bench/documents.ts, whose header and table notes describe the method); overwritten on every run.',
    '',
    `- Date: ${startedAt.toISOString()} (run took ${formatMs(elapsedMs)})`,
    `- Machine: ${machine()}`,
    `- Storages: ${options.storages.map((s) => (s === 'postgres' ? `PostgreSQL (${options.databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}, scratch schema)` : 'pg-mem (embedded)')).join(', ')}`,
    `- Document: ${formatCount(reports[0]?.markdownBytes ?? options.bytes)} bytes of generated markdown (headings, paragraphs with about one mark a sentence, lists, task lists, quotes, code blocks, tables, rules); ${options.runs} runs of every timing, ${options.edits} edits`,
    '',
  ];
  for (const r of reports) lines.push(`## ${r.storage}`, '', renderMarkdown(timingTable(r)), '', renderMarkdown(editsTable(r)), '');
  await writeReport(file, lines);
}

export function main(args: string[]): Promise<number> {
  return runWithOptions(args, USAGE, parseOptions, run);
}

async function run(options: Options): Promise<number> {
  const startedAt = new Date();
  const start = now();
  console.log(`Documents benchmark: ${machine()}`);
  const markdown = benchMarkdown(options.bytes);
  const reports: StorageReport[] = [];
  for (const kind of options.storages) {
    const report = await benchStorage(kind, options, markdown);
    reports.push(report);
    console.log(`\n${renderPlain(timingTable(report))}\n\n${renderPlain(editsTable(report))}`);
  }
  await writeResults(options.out, options, reports, startedAt, now() - start);
  console.log(`\nWrote ${options.out} (${formatMs(now() - start)} in all).`);
  return reports.some((r) => r.error) ? 1 : 0;
}
