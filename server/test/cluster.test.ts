// `npm start -- --workers N` (server/src/cluster.ts): N server processes on one port sharing
// PostgreSQL; refused in one line on an embedded database or with a bad N. The PostgreSQL case
// is skipped without DATABASE_URL.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { scratchSchemaName } from '../src/index.js';
import { freePort } from './free-port.js';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DATABASE_URL = process.env.DATABASE_URL;

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs main with `args` until it exits, or until `until` has matched the output `times` times (then it is sent SIGTERM). */
function runMain(env: Record<string, string>, args: string[], until?: { pattern: RegExp; times: number }, onReady?: () => Promise<void>): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', SVC_DEMO: '0', HOST: '127.0.0.1', SVC_LOG: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let done = false;
    const killer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (!done && until && (stdout.match(new RegExp(until.pattern, 'g')) ?? []).length >= until.times) {
        done = true;
        void (onReady ?? (() => Promise.resolve()))().finally(() => child.kill('SIGTERM'));
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    });
  });
}


describe('--workers N', () => {
  const schemas: string[] = [];
  afterAll(async () => {
    if (!DATABASE_URL || schemas.length === 0) return;
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  it('is refused in one line on an embedded database, and with a number that is no process count', async () => {
    const embedded = await runMain({ PORT: '0' }, ['--workers', '2']);
    expect(embedded.code).toBe(2);
    expect(embedded.stderr.trim().split('\n')).toEqual([expect.stringMatching(/--workers 2 needs PostgreSQL \(DATABASE_URL\)/)]);
    const bad = await runMain({ PORT: '0' }, ['--workers=lots']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toEqual([expect.stringMatching(/--workers takes a number of server processes from 1 to 64; got "lots"/)]);
  }, 120_000);

  it.skipIf(!DATABASE_URL)('starts N server processes on one port, sharing the PostgreSQL schema; SIGTERM stops them all', async () => {
    const schema = scratchSchemaName();
    schemas.push(schema);
    const port = await freePort();
    const answers: number[] = [];
    const exit = await runMain(
      { DATABASE_URL: DATABASE_URL as string, SVC_DB_SCHEMA: schema, PORT: String(port), SVC_TOKEN: 'cluster-test' },
      ['--workers', '2'],
      { pattern: /base URL: http:\/\/127\.0\.0\.1:\d+/, times: 2 },
      async () => {
        for (let i = 0; i < 6; i++) {
          const res = await fetch(`http://127.0.0.1:${port}/api/commands`, {
            method: 'POST',
            headers: { authorization: 'Token cluster-test', 'content-type': 'application/json', connection: 'close' },
            body: JSON.stringify({ command: 'svc.schema/query' }),
          });
          answers.push(res.status);
        }
      },
    );
    expect(exit.stdout).toMatch(/2 server processes \(node:cluster\) on one port/);
    expect(exit.stdout.match(new RegExp(`base URL: http://127\\.0\\.0\\.1:${port}`, 'g'))).toHaveLength(2);
    expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
    expect(exit.stderr).not.toMatch(/\n\s+at /);
  }, 120_000);
});
