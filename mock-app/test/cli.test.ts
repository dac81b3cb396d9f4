// The command line: starts the app and prints its address and accounts, stops on SIGTERM, and
// refuses unknown options and bad scenarios with a usage error (exit code 2).
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = 'mock-app/src/cli.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI; `until` ends it with SIGTERM once stdout matches. */
function run(args: string[], until?: RegExp, onMatch?: (stdout: string) => Promise<void>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let matched = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (until && !matched && until.test(stdout)) {
        matched = true;
        (onMatch ? onMatch(stdout) : Promise.resolve()).then(
          () => child.kill('SIGTERM'),
          (error: unknown) => {
            child.kill('SIGKILL');
            reject(error);
          },
        );
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe.concurrent('mock-app CLI', () => {
  it('starts a scenario, prints its address and accounts, answers, and stops on SIGTERM', async () => {
    let status = 0;
    const result = await run(['--scenario', 'mock-app/scenarios/tracker.yaml', '--port', '0', '--quiet'], /Accounts:[\s\S]*good-2/, async (stdout) => {
      const url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1] ?? '';
      status = (await fetch(`${url}/`)).status;
    });
    expect(status).toBe(200);
    expect(result.stdout).toMatch(/Mock integration app "Mock Tracker" listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(result.stdout).toContain('Ada Lovelace (acme): {"token":"good"}');
    expect(result.stdout).toContain('Response validation: on');
    expect(result.code).toBe(0);
  });

  it('--no-validate turns response validation off; OAuth account types are explained', async () => {
    const result = await run(['--scenario', 'mock-app/scenarios/crm.yaml', '--no-validate', '--quiet'], /Accounts:[\s\S]*oauth \(/);
    expect(result.stdout).toContain('Response validation: off');
    expect(result.stdout).toMatch(/oauth2 \(CRM cloud\): OAuth 2/);
    expect(result.code).toBe(0);
  });

  it('an unknown option is a usage error with exit code 2', async () => {
    const result = await run(['--scenario', 'mock-app/scenarios/minimal.yaml', '--colour', 'blue']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Unknown option '--colour'/);
    expect(result.stderr).toMatch(/Usage: npm run mock-app/);
  });

  it('a missing --scenario and a bad port are usage errors with exit code 2', async () => {
    expect((await run([])).code).toBe(2);
    const port = await run(['--scenario', 'mock-app/scenarios/minimal.yaml', '--port', 'http']);
    expect(port.code).toBe(2);
    expect(port.stderr).toMatch(/--port must be an integer/);
  });

  it('a bad scenario is a usage error naming the field, exit code 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-app-cli-'));
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, 'app: {name: x, version: "1", website: w, description: d}\naccountTypes: []\ntypes: [{id: t, name: T}]\nschema: {}\n');
    const result = await run(['--scenario', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`Invalid scenario ${file}: /accountTypes must NOT have fewer than 1 items`);
  });
});
