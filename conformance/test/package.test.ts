// The published package works without this repository (issue 20): `npm pack` (its prepack runs
// `npm run build`: compiled JavaScript and declarations in dist/, the files they read beside them),
// `npm install <tarball>` into an empty directory, then from there, with plain `node` (no tsx):
// `npx svc-server` answers on a free port, `npx svc-conformance server ... --profile quick` passes a
// few areas against it, `npx svc-mock-app` serves a scenario of the package, and the exports
// (`svc-kit/server`, `svc-kit/conformance`, `svc-kit/mock-app`) load and type-check.
// Slow by nature (a full build, an install from the npm registry cache): about 2 min on 2 cores.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/test/free-port.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const TOKEN = 'package-test-token';
/** Output kept of each child process (its last part: start-up lines and errors). */
const MAX_OUTPUT = 64 * 1024;

/** The environment of a user's shell: nothing of this npm run, of the test runner's loader or of this repo's settings. */
function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(npm_|SVC_|VITEST|NODE_OPTIONS$|DATABASE_URL$|PORT$|HOST$)/.test(name)) continue;
    env[name] = value;
  }
  return { ...env, NO_COLOR: '1', ...extra };
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

/** Starts a command in a process group of its own (npx and the node it starts stop together). */
function start(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Started {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const read = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-MAX_OUTPUT);
  };
  child.stdout?.on('data', read);
  child.stderr?.on('data', read);
  const exit = new Promise<number | null>((done) => {
    child.once('error', (error) => {
      read(Buffer.from(String(error)));
      done(-1);
    });
    child.once('close', (code) => done(code));
  });
  return { child, output: () => output, exit };
}

async function stop(started: Started | undefined): Promise<void> {
  const pid = started?.child.pid;
  if (!started || !pid || started.child.exitCode !== null || started.child.signalCode !== null) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 10_000);
  await started.exit;
  clearTimeout(timer);
}

/** Runs a command to its end (killed after `timeoutMs`); its exit code and output. */
async function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<{ code: number | null; output: string }> {
  const started = start(command, args, cwd, env);
  const timer = setTimeout(() => void stop(started), timeoutMs);
  const code = await started.exit;
  clearTimeout(timer);
  return { code, output: started.output() };
}

/** Waits until the output of a started process matches `pattern`; fails when it exits or after `timeoutMs`. */
async function waitFor(started: Started, pattern: RegExp, timeoutMs: number, what: string): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = pattern.exec(started.output());
    if (match) return match;
    if (started.child.exitCode !== null) throw new Error(`${what} exited (${started.child.exitCode}):\n${started.output().slice(-4000)}`);
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${what} printed no ${pattern} in ${timeoutMs / 1000} s:\n${started.output().slice(-4000)}`);
}


/** Every file under `dir`, relative to it (bounded by the tree: no links followed). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

describe('the npm package, installed from its tarball into an empty directory', { timeout: 180_000 }, () => {
  const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  let work = '';
  let app = '';
  let installed = '';
  let server: Started | undefined;
  let mockApp: Started | undefined;
  let baseUrl = '';

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'svc-kit-package-'));
    const packed = await run('npm', ['pack', '--pack-destination', work], root, userEnv(), 240_000);
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
    expect(tarball, `npm pack made no tarball (exit ${packed.code}):\n${packed.output.slice(-4000)}`).toBeDefined();
    app = join(work, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'svc-kit-install-probe', private: true, type: 'module' }, null, 2)}\n`);
    const install = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(work, tarball as string)], app, userEnv(), 240_000);
    expect(install.code, `npm install of the tarball failed:\n${install.output.slice(-4000)}`).toBe(0);
    installed = join(app, 'node_modules', 'svc-kit');

    const port = await freePort();
    // As the README says to run it: on a loopback host it allows loopback webhook and app targets by itself.
    server = start('npx', ['svc-server'], app, userEnv({ PORT: String(port), SVC_TOKEN: TOKEN }));
    baseUrl = (await waitFor(server, /base URL:\s+(\S+)/, 120_000, 'npx svc-server'))[1] as string;
  }, 600_000);

  afterAll(async () => {
    await stop(mockApp);
    await stop(server);
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('holds the compiled code, its declarations and the files it reads; no TypeScript sources, tests, benchmarks or tsx', () => {
    const files = filesUnder(installed);
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      private?: boolean;
      bin: Record<string, string>;
      exports: Record<string, { types: string; default: string } | string>;
      dependencies: Record<string, string>;
    };
    expect(manifest.private).toBeUndefined();
    expect(Object.keys(manifest.bin).sort()).toEqual(['svc-conformance', 'svc-mock-app', 'svc-server']);
    for (const bin of Object.values(manifest.bin)) {
      const text = readFileSync(join(installed, bin), 'utf8');
      expect(text.startsWith('#!/usr/bin/env node\n'), bin).toBe(true);
      expect(text).toMatch(/^import '\.\.\/dist\/[\w/-]+\.js';$/m);
      expect(text).not.toContain('tsx');
    }
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (typeof target === 'string') continue;
      expect(existsSync(join(installed, target.types)), `${subpath} types`).toBe(true);
      expect(existsSync(join(installed, target.default)), `${subpath} code`).toBe(true);
    }
    for (const file of [
      'dist/spec/service.openapi.yaml',
      'dist/spec/app.openapi.yaml',
      'dist/spec/graphql/common.graphql',
      'dist/spec/requirements.yaml',
      'dist/spec/conformance/expected-failures.schema.json',
      'dist/server/migrations/001_workspace.sql',
      'dist/server/src/webhooks/settings-page.html',
      'dist/server/src/webhooks/settings-page.client.js',
      'dist/mock-app/scenario.schema.json',
      'spec/service.openapi.yaml',
      'mock-app/scenarios/minimal.yaml',
    ]) {
      expect(files, file).toContain(file);
    }
    const sources = files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
    expect(sources).toEqual([]);
    const notRuntime = files.filter((f) => /(^|\/)(test|bench|examples)\/|\.test\.|\.bench\./.test(f));
    expect(notRuntime).toEqual([]);
    expect(manifest.dependencies.tsx).toBeUndefined();
    expect(existsSync(join(app, 'node_modules', 'tsx'))).toBe(false);
    expect(existsSync(join(app, 'node_modules', '.bin', 'tsx'))).toBe(false);
  });

  it('npx svc-server serves the API and the webhook settings page', async () => {
    const answer = await fetch(`${baseUrl}/api/commands`, {
      method: 'POST',
      headers: { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ command: 'svc.schema/query' }),
    });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { success: boolean }).success).toBe(true);
    const page = await fetch(`${baseUrl}/settings/webhooks.js`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(readFileSync(join(root, 'server/src/webhooks/settings-page.client.js'), 'utf8'));
  });

  // One run per property: this test is about what the package holds (every check runs, with the files
  // it reads); the checks' power is tested by full-run.test.ts and server.test.ts.
  it('npx svc-conformance server --profile quick against it is green (every check), and reports the package version', async () => {
    const report = join(work, 'report.json');
    const args = ['svc-conformance', 'server', '--base-url', baseUrl, '--token', TOKEN, '--profile', 'quick', '--runs', '1', '--seed', '1', '--json', report];
    const result = await run('npx', args, app, userEnv(), 400_000); // 46 s on an idle Xeon, 120-130 s on an idle EPYC of this kind, more beside the other test files
    expect(result.code, result.output.slice(-4000)).toBe(0);
    const json = JSON.parse(readFileSync(report, 'utf8')) as { tool: { name: string; version: string }; counts: Record<string, number>; results: { id: string; verdict: string }[] };
    expect(json.tool).toEqual({ name: 'svc-conformance', version: rootPackage.version });
    // Every area ran: the webhooks and sync checks too (their receiver and mock app on loopback).
    for (const area of ['auth.', 'command.', 'query.', 'graphql.', 'documents.', 'webhooks.', 'sync.', 'files.']) {
      expect(json.results.filter((r) => r.id.startsWith(area) && r.verdict === 'pass').length, area).toBeGreaterThan(0);
    }
    expect(json.results.filter((r) => r.verdict === 'pass').length).toBeGreaterThan(150);
    expect(json.results.filter((r) => r.verdict === 'fail')).toEqual([]);
  }, 420_000);

  it('npx svc-conformance with a wrong base URL or token exits 2 with one line saying how to fix it', async () => {
    const cases: Array<[string, string[], RegExp]> = [
      ['a base URL ending in /api', ['--base-url', `${baseUrl}/api`, '--token', TOKEN], /\/api/],
      ['a token the server refuses', ['--base-url', baseUrl, '--token', 'not-the-token'], /token/i],
    ];
    for (const [what, target, says] of cases) {
      const result = await run('npx', ['svc-conformance', 'server', ...target, '--profile', 'quick'], app, userEnv(), 60_000);
      expect(result.code, `${what}: ${result.output.slice(-2000)}`).toBe(2);
      const lines = result.output.trim().split('\n').filter((line) => line.trim() !== '');
      expect(lines, what).toHaveLength(1);
      expect(lines[0], what).toMatch(says);
      expect(result.output, what).not.toContain('not-the-token');
    }
  });

  it('npx svc-mock-app serves a scenario shipped in the package', async () => {
    const help = await run('npx', ['svc-mock-app', '--help'], app, userEnv(), 60_000);
    expect(help.code, help.output).toBe(0);
    expect(help.output).toContain('--scenario');
    mockApp = start('npx', ['svc-mock-app', '--scenario', join(installed, 'mock-app/scenarios/minimal.yaml'), '--port', '0', '--quiet'], app, userEnv());
    const url = (await waitFor(mockApp, /listening on (http:\/\/\S+)/, 60_000, 'npx svc-mock-app'))[1] as string;
    const info = await fetch(`${url}/`);
    expect(info.status).toBe(200);
    expect(((await info.json()) as { name?: string }).name).toBe('Public Holidays');
  });

  it('its exports load with node and type-check from a TypeScript consumer', async () => {
    const script = [
      "const server = await import('svc-kit/server');",
      "const conformance = await import('svc-kit/conformance');",
      "const mock = await import('svc-kit/mock-app');",
      'console.log(typeof server.startServer, conformance.serverChecks.length > 0, typeof mock.startMockApp);',
    ].join('\n');
    const loaded = await run(process.execPath, ['--input-type=module', '-e', script], app, userEnv(), 60_000);
    expect(loaded.code, loaded.output).toBe(0);
    expect(loaded.output.trim()).toBe('function true function');

    writeFileSync(
      join(app, 'consumer.ts'),
      [
        "import { startServer, type RunningServer } from 'svc-kit/server';",
        "import { serverChecks, type Check } from 'svc-kit/conformance';",
        "import { startMockApp } from 'svc-kit/mock-app';",
        'export const checks: readonly Check[] = serverChecks;',
        'export async function baseUrl(): Promise<string> {',
        '  const running: RunningServer = await startServer({ port: 0 });',
        '  // @ts-expect-error a typed answer: baseUrl is a string',
        '  const wrong: number = running.baseUrl;',
        '  return running.baseUrl + String(wrong);',
        '}',
        'export const start: typeof startMockApp = startMockApp;',
        '',
      ].join('\n'),
    );
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const flags = ['--noEmit', '--strict', '--skipLibCheck', '--target', 'ES2022', '--module', 'NodeNext', '--moduleResolution', 'NodeNext', 'consumer.ts'];
    const checked = await run(process.execPath, [tsc, ...flags], app, userEnv(), 120_000);
    expect(checked.code, checked.output).toBe(0);
  });
});
