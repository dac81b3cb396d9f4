// The two OpenAPI documents work in the tools people point at a spec: Spectral (`spectral:oas`,
// .spectral.yaml) and Redocly lint them clean, YAML 1.1 parsers (the `yaml` package in 1.1 mode,
// PyYAML's pure-Python loader) read them as YAML 1.2 does, and Prism takes every documented request
// form: as a validation proxy in front of the reference server (service.openapi.yaml) and as a mock
// (app.openapi.yaml), it reports no request violation (an `sl-violations` header or a 422).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/src/index.js';
import { loadDocument, queryPartForms, requestBodyForms, type RequestForm } from './request-forms.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const DOCUMENTS = ['spec/service.openapi.yaml', 'spec/app.openapi.yaml'];
const bin = (pkg: string, file: string) => join(root, 'node_modules', pkg, file);
/** Output kept of one tool run (its logs, for the failure message). */
const MAX_OUTPUT = 1 << 20;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a Node CLI of the repo to its end (bounded by `timeoutMs`), keeping its output. */
function runNode(args: string[], timeoutMs = 60_000): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout = (stdout + chunk.toString()).slice(-MAX_OUTPUT)));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-MAX_OUTPUT)));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** The top-level JSON values of a stream of them written back to back (Redocly writes one per API). */
function jsonValues(text: string): unknown[] {
  const values: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (depth++ === 0) start = i;
    } else if (c === '}' || c === ']') {
      if (--depth === 0) values.push(JSON.parse(text.slice(start, i + 1)));
    }
  }
  return values;
}

describe('Spectral (spectral:oas with .spectral.yaml)', () => {
  interface SpectralResult {
    code: string;
    severity: number;
    source: string;
    path: string[];
    message: string;
  }
  let results: SpectralResult[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'svc-spectral-'));
  // A document with one array schema that declares no items and one tuple: the first must be
  // reported, so a run that lints nothing cannot pass.
  const probe = join(scratch, 'probe.openapi.yaml');
  writeFileSync(
    probe,
    [
      'openapi: 3.1.0',
      'info: {title: Probe, version: 1.0.0, description: Probe., contact: {name: Probe}}',
      'servers: [{url: "https://probe.test"}]',
      'tags: [{name: probe, description: Probe.}]',
      'paths: {}',
      'components:',
      '  schemas:',
      '    Loose: {type: array, description: No items., example: [1]}',
      '    Pair: {type: array, description: A pair., prefixItems: [{type: string}, {type: number}], minItems: 2, maxItems: 2, example: [a, 1]}',
      '',
    ].join('\n'),
  );

  beforeAll(async () => {
    const run = await runNode([bin('@stoplight/spectral-cli', 'dist/index.js'), 'lint', '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet', ...DOCUMENTS, probe]);
    const [parsed] = jsonValues(run.stdout);
    if (!Array.isArray(parsed)) throw new Error(`spectral gave no JSON (exit ${run.code}): ${run.stderr.slice(0, 2000)}`);
    results = parsed as SpectralResult[];
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it.each(DOCUMENTS)('reports no error on %s', (file) => {
    const errors = results.filter((r) => r.severity === 0 && r.source.endsWith(file));
    expect(errors.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`)).toEqual([]);
  });

  it('still reports an array schema without items, and takes a prefixItems tuple', () => {
    const probeErrors = results.filter((r) => r.severity === 0 && r.source === probe);
    expect(probeErrors.map((r) => `${r.code} ${r.path.join('.')}`)).toEqual(['array-items-or-prefix-items components.schemas.Loose']);
  });
});

describe('Redocly', () => {
  it('lints both documents with no error and no warning (redocly.yaml)', async () => {
    const run = await runNode([bin('@redocly/cli', 'bin/cli.js'), 'lint', '--config', 'redocly.yaml', '--format', 'json']);
    const reports = jsonValues(run.stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] }[];
    expect(reports, run.stderr.slice(0, 2000)).toHaveLength(DOCUMENTS.length);
    for (const report of reports) {
      expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    }
    expect(run.code).toBe(0);
  });
});

describe('YAML 1.1 parsers', () => {
  /** The paths where a YAML 1.1 reading differs from the YAML 1.2 one (as JSON values). */
  function misreadings(source: string): string[] {
    const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
    return differences(json(parse(source)), json(parse(source, { version: '1.1' })), '');
  }

  it('detects a misreading (`on: yes` is `{true: true}` in YAML 1.1)', () => {
    expect(misreadings('on: yes\n')).not.toEqual([]);
  });

  it.each(DOCUMENTS)('the yaml package in YAML 1.1 mode reads %s as YAML 1.2 does', (file) => {
    expect(misreadings(readFileSync(join(root, file), 'utf8'))).toEqual([]);
  });

  const python = spawnSync('python3', ['-c', 'import yaml'], { encoding: 'utf8', timeout: 30_000 });
  const pyYaml = python.status === 0;
  // PyYAML's pure-Python SafeLoader (not the libyaml CSafeLoader): a YAML 1.1 reader that ends a
  // plain scalar in a flow sequence at `?` and reads yes/no/on/off as booleans and dates as dates.
  // Non-JSON values are written tagged, so a date read as a date differs from the string.
  const PY = [
    'import json, sys, yaml',
    'doc = yaml.load(open(sys.argv[1], encoding="utf-8"), Loader=yaml.SafeLoader)',
    'print(json.dumps(doc, default=lambda o: {"__python__": type(o).__name__, "value": str(o)}))',
  ].join('\n');
  it.skipIf(!pyYaml).each(DOCUMENTS)('PyYAML (pure SafeLoader) reads %s as YAML 1.2 does', (file) => {
    const run = spawnSync('python3', ['-c', PY, join(root, file)], { encoding: 'utf8', timeout: 60_000, maxBuffer: 64 << 20 });
    expect(run.stderr.trim().split('\n').slice(-3).join('\n')).toBe('');
    const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
    expect(differences(json(parse(readFileSync(join(root, file), 'utf8'))), JSON.parse(run.stdout), '')).toEqual([]);
  });
  it.skipIf(pyYaml)('PyYAML: skipped, python3 with the yaml module is not installed here (pip install pyyaml)', () => {});
});

function differences(a: unknown, b: unknown, path: string): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((k) => differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}/${k}`));
  }
  return [`${path || '/'}: ${JSON.stringify(a)?.slice(0, 80)} read as ${JSON.stringify(b)?.slice(0, 80)}`];
}

describe('Prism', () => {
  const TOKEN = 'prism-tools-token';
  let server: RunningServer;
  const serverLog: string[] = [];
  const children: ChildProcess[] = [];
  let proxyUrl = '';
  let mockUrl = '';

  function freePort(): Promise<number> {
    return new Promise((done, fail) => {
      const probe = createServer();
      probe.once('error', fail);
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
      });
    });
  }

  /** Starts `prism <args>` on a free port; resolves with its URL once it listens. */
  async function startPrism(args: string[]): Promise<string> {
    const port = await freePort();
    const child = spawn(process.execPath, [bin('@stoplight/prism-cli', 'dist/index.js'), ...args, '--port', String(port), '--host', '127.0.0.1'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    return new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`prism ${args[0]} did not start in 120 s:\n${output.slice(-4000)}`)), 120_000);
      const read = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-MAX_OUTPUT);
        if (output.includes('Prism is listening')) {
          clearTimeout(timer);
          done(`http://127.0.0.1:${port}`);
        }
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`prism ${args[0]} exited (${code}):\n${output.slice(-4000)}`));
      });
    });
  }

  beforeAll(async () => {
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      token: TOKEN,
      demo: true,
      webhookWorker: false,
      files: { timeoutMs: 5_000 },
      integrations: { timeoutMs: 5_000 },
      log: (line) => serverLog.push(line),
    });
    [proxyUrl, mockUrl] = await Promise.all([
      startPrism(['proxy', 'spec/service.openapi.yaml', server.baseUrl]),
      startPrism(['mock', 'spec/app.openapi.yaml']),
    ]);
  });

  afterAll(async () => {
    for (const child of children) child.kill();
    await server?.close();
  });

  interface Answer {
    status: number;
    requestViolations: string[];
    body: string;
  }

  async function send(base: string, form: RequestForm): Promise<Answer> {
    const headers: Record<string, string> = { authorization: `Token ${TOKEN}` };
    let body: BodyInit;
    if (form.mediaType === 'multipart/form-data') {
      const data = new FormData();
      for (const [name, value] of Object.entries(form.body as Record<string, unknown>)) data.append(name, new Blob([String(value)]), 'report.pdf');
      body = data;
    } else {
      headers['content-type'] = form.mediaType;
      body = JSON.stringify(form.body);
    }
    const response = await fetch(base + form.path, { method: form.method, headers, body, signal: AbortSignal.timeout(30_000) });
    const violations = JSON.parse(response.headers.get('sl-violations') ?? '[]') as { location: string[]; message: string }[];
    return {
      status: response.status,
      requestViolations: violations.filter((v) => v.location[0] === 'request').map((v) => `${v.location.join('.')}: ${v.message}`),
      body: (await response.text()).slice(0, 300),
    };
  }

  // Prism reads a 3.1 schema as JSON Schema draft-07, where `prefixItems` is no keyword: it checks
  // a tuple's length (`minItems`, `maxItems`), the server (ajv 2020) each position as well.
  it('the proxy flags a request outside the spec (a sort key of three items)', async () => {
    const answer = await send(proxyUrl, {
      label: 'bad order',
      method: 'POST',
      path: '/api/commands',
      mediaType: 'application/json',
      body: { command: 'svc.entity/query', args: { query: { 'q/from': 'Demo/Tasks', 'q/select': ['svc/id'], 'q/order-by': [[['svc/id'], 'q/asc', 'q/desc']], 'q/limit': 1 } } },
    });
    expect(answer.requestViolations.join('\n')).toMatch(/q~1order-by\.0 must NOT have more than 2 items/);
  });

  it('the proxy passes every request form of service.openapi.yaml to the reference server with no violation', async () => {
    const doc = loadDocument(join(root, 'spec/service.openapi.yaml'));
    const forms = [...requestBodyForms(doc), ...queryPartForms(doc)];
    const routes = new Set(forms.map((f) => f.label.split(' ').slice(0, 2).join(' ')));
    for (const route of ['POST /api/commands', 'PUT /api/documents/{secret}', 'POST /api/documents/commands', 'POST /api/webhooks/v2', 'POST /api/graphql/space/{space}', 'POST /api/files', 'POST /api/files/from-url']) {
      expect(routes, route).toContain(route);
    }
    const commands = new Set(forms.filter((f) => f.path === '/api/commands').flatMap((f) => [f.body].flat().map((c) => (c as { command: string }).command)));
    expect([...commands].sort()).toEqual(Object.keys(doc.components.schemas.Command.discriminator?.mapping ?? {}).sort());
    const problems: string[] = [];
    for (const form of forms) {
      const answer = await send(proxyUrl, form);
      if (answer.requestViolations.length > 0) problems.push(`${form.label}: ${answer.requestViolations.join('; ')}`);
      if (answer.status >= 500) problems.push(`${form.label}: ${answer.status} ${answer.body}`);
    }
    expect(problems, serverLog.slice(-5).join('\n')).toEqual([]);
  });

  it('the mock flags a request outside app.openapi.yaml (a validate request without its account id)', async () => {
    const answer = await send(mockUrl, { label: 'bad validate', method: 'POST', path: '/validate', mediaType: 'application/json', body: { fields: {} } });
    expect(answer.status).toBe(422);
    expect(answer.requestViolations.length).toBeGreaterThan(0);
  });

  it('the mock takes every request form of app.openapi.yaml with no violation', async () => {
    const forms = requestBodyForms(loadDocument(join(root, 'spec/app.openapi.yaml')));
    expect(forms.length).toBeGreaterThanOrEqual(15);
    const problems: string[] = [];
    for (const form of forms) {
      const answer = await send(mockUrl, form);
      if (answer.requestViolations.length > 0 || answer.status === 422) problems.push(`${form.label}: ${answer.status} ${answer.requestViolations.join('; ')}`);
    }
    expect(problems).toEqual([]);
  });
});
