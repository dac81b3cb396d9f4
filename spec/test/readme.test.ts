// The docs stand alone (no README or spec document points outside the repository), and the
// README's quick start works as written: `npm start` (on a free PORT, with no token given)
// prints its base URL and an Architect token, and the curl commands of the README that need
// nothing but that token answer 200 with what the README says they answer.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/test/free-port.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const readme = readFileSync(root + 'README.md', 'utf8');
const README_BASE = 'http://127.0.0.1:8080';
/** Output kept of the server (its start-up lines, and the last lines on failure). */
const MAX_OUTPUT = 256 * 1024;

interface Block {
  lang: string;
  text: string;
}

/** The fenced code blocks of a markdown text, in order. */
function codeBlocks(markdown: string): Block[] {
  return [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1], text: m[2] }));
}

/**
 * The shell commands of a block: lines joined while they end with `\` or a single quote is open
 * (a JSON body written over several lines); comment lines dropped.
 */
function shellCommands(text: string): string[] {
  const commands: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    if (current === '' && (line.trim() === '' || line.trimStart().startsWith('#'))) continue;
    current += (current === '' ? '' : '\n') + line;
    const openQuote = (current.match(/'/g) ?? []).length % 2 === 1;
    if (!openQuote && !line.endsWith('\\')) {
      commands.push(current);
      current = '';
    }
  }
  if (current !== '') commands.push(current);
  return commands;
}

/** The curl commands of the README that need only the server and `$TOKEN` (no placeholder, file or earlier answer). */
function runnableCurls(blocks: Block[]): string[] {
  return blocks
    .filter((b) => b.lang === 'sh')
    .flatMap((b) => shellCommands(b.text))
    .filter((c) => c.startsWith('curl ') && c.includes(README_BASE))
    .filter((c) => !/<[^>]*>|\$(?!TOKEN\b)[A-Z_]+|\s-F\s|\s-o\s|from-url/.test(c.replace(/'[^']*'/g, "''")));
}

describe('README quick start', () => {
  const blocks = codeBlocks(readme);
  let server: ChildProcess | undefined;
  let output = '';
  let baseUrl = '';
  let token = '';

  beforeAll(async () => {
    const port = await freePort();
    // As a reader starts it: no token, Reader/Editor token or database given.
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
    for (const name of ['SVC_TOKEN', 'SVC_READER_TOKEN', 'SVC_EDITOR_TOKEN', 'DATABASE_URL', 'SVC_DEMO', 'HOST']) delete env[name];
    // A process group of its own, so that npm, tsx and the server stop together.
    const child = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    server = child;
    await new Promise<void>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`npm start printed no base URL and token in 150 s:\n${output.slice(-4000)}`)), 150_000);
      const read = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-MAX_OUTPUT);
        const url = /base URL:\s+(\S+)/.exec(output);
        const printed = /token:\s+(\S+)/.exec(output);
        if (url && printed) {
          clearTimeout(timer);
          baseUrl = url[1];
          token = printed[1];
          done();
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`npm start exited (${code}):\n${output.slice(-4000)}`));
      });
    });
  });

  afterAll(async () => {
    const child = server;
    if (!child?.pid || child.exitCode !== null) return;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    process.kill(-child.pid, 'SIGTERM');
    const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  });

  it('the first block starts the server with `npm start` on the base URL the curl commands use', () => {
    expect(blocks[0]?.text).toMatch(/^npm install && npm start\s+# reference server on http:\/\/127\.0\.0\.1:8080/m);
    expect(blocks[0]?.text).toMatch(/^npm test\b/m);
    const scripts = (JSON.parse(readFileSync(root + 'package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toBeTruthy();
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(token.length).toBeGreaterThanOrEqual(16);
  });

  it('finds the quick-start curl commands: the schema and a query with a filter and a relation', () => {
    const quickStart = blocks.find((b) => b.text.includes('export TOKEN='));
    const curls = runnableCurls(quickStart ? [quickStart] : []);
    expect(curls).toHaveLength(2);
    expect(curls[0]).toContain('"command":"svc.schema/query"');
    expect(curls[1]).toContain('"command": "svc.entity/query"');
    expect(curls[1]).toContain('"q/where"');
    expect(curls[1]).toContain('["Demo/Project", "Demo/Name"]');
  });

  const curl = spawnSync('curl', ['--version'], { encoding: 'utf8', timeout: 10_000 });
  /** Runs one README command in bash with `$TOKEN` set, against the started server. */
  function runCurl(command: string): { status: number; body: unknown } {
    const run = spawnSync('bash', ['-c', `${command.split(README_BASE).join(baseUrl)} --max-time 60 --write-out '\\n%{http_code}'`], {
      cwd: root,
      env: { ...process.env, TOKEN: token },
      encoding: 'utf8',
      timeout: 90_000,
      maxBuffer: 64 << 20,
    });
    expect(run.status, run.stderr).toBe(0);
    const cut = run.stdout.lastIndexOf('\n');
    return { status: Number(run.stdout.slice(cut + 1)), body: JSON.parse(run.stdout.slice(0, cut)) as unknown };
  }

  it.skipIf(curl.status !== 0)('the schema curl answers the demo Space: Demo/Projects and Demo/Tasks', () => {
    const quickStart = blocks.find((b) => b.text.includes('export TOKEN='));
    const [schemaCurl] = runnableCurls(quickStart ? [quickStart] : []);
    const { status, body } = runCurl(schemaCurl);
    expect(status).toBe(200);
    const result = (body as { success: boolean; result: { 'svc/types': { 'svc/name': string }[] } }).result;
    expect((body as { success: boolean }).success).toBe(true);
    expect(result['svc/types'].map((t) => t['svc/name'])).toEqual(expect.arrayContaining(['Demo/Projects', 'Demo/Tasks']));
  });

  it.skipIf(curl.status !== 0)('the query curl answers exactly what the README shows', () => {
    const quickStart = blocks.findIndex((b) => b.text.includes('export TOKEN='));
    const [, queryCurl] = runnableCurls([blocks[quickStart]]);
    const shown = blocks.slice(quickStart + 1).find((b) => b.lang === 'json');
    expect(shown, 'the README shows the answer in a json block after the quick start').toBeTruthy();
    const { status, body } = runCurl(queryCurl);
    expect(status).toBe(200);
    expect(body).toEqual(JSON.parse(shown?.text ?? 'null'));
    const rows = (body as { result: { 'Demo/Title': string; 'Demo/Project': { 'Demo/Name': string } }[] }).result;
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row['Demo/Project']['Demo/Name']).toBe('Project 10: server');
  });

  it.skipIf(curl.status !== 0)('every other curl of the README that needs only $TOKEN answers 200 without an error', () => {
    const quickStart = blocks.find((b) => b.text.includes('export TOKEN='));
    const others = runnableCurls(blocks.filter((b) => b !== quickStart));
    expect(others.length).toBeGreaterThanOrEqual(1);
    for (const command of others) {
      const { status, body } = runCurl(command);
      expect(status, command).toBe(200);
      expect(body, command).not.toHaveProperty('errors');
      expect((body as { success?: boolean }).success, command).not.toBe(false);
    }
  });
  it.skipIf(curl.status === 0)('curl commands: skipped, curl is not installed here', () => {});
});

describe('docs stand alone', () => {
  /** The READMEs and the spec documents a reader opens (spec/test holds tests, not documents). */
  function documents(): string[] {
    const inSpec = readdirSync(root + 'spec', { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(md|ya?ml|graphql|json)$/.test(f) && !f.startsWith('test/'))
      .map((f) => `spec/${f}`);
    const readmes = readdirSync(root, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !d.name.startsWith('.') && d.name !== 'node_modules')
      .flatMap((d) => readdirSync(root + d.name).filter((f) => f === 'README.md').map((f) => `${d.name}/${f}`));
    return ['README.md', ...readmes, ...inSpec];
  }

  it('no README or spec document cites a file outside the repository', () => {
    const files = documents();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'conformance/README.md', 'spec/service.openapi.yaml', 'spec/requirements.yaml']));
    const outside = /(\.\.\/)+shared\b|\bshared\/(seed|notes)\b|\/work\/|real-clients\.md|real-api\.md/;
    const hits = files.flatMap((file) =>
      readFileSync(root + file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (outside.test(line) ? [`${file}:${i + 1}: ${line.trim().slice(0, 120)}`] : [])),
    );
    expect(hits).toEqual([]);
  });
});
