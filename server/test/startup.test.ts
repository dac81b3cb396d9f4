// `npm start` (server/src/main.ts, startup.ts): --help, each bad setting and each failed start as
// one line on stderr with a non-zero exit and no stack trace; loopback webhook and app targets
// allowed by default on a loopback host (an explicit setting wins); the optional request log,
// secrets masked; "did you mean" for unknown Database and field names and misspelt keys.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { didYouMean, nearNames } from '../src/api/near-names.js';
import { maskedUrl, requestLine } from '../src/http/request-log.js';
import { startServer, type RunningServer } from '../src/index.js';
import { allowList, describeStartupError, envDatabaseUrl, envInt, envPort, envRequestLog, isLoopbackHost, StartupError } from '../src/startup.js';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the server's main with this environment until it exits (or `until` is printed: then it is stopped). */
function runMain(env: Record<string, string>, args: string[] = [], until?: RegExp): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', SVC_DEMO: '0', HOST: '127.0.0.1', PORT: '0', SVC_LOG: '', SVC_WEBHOOK_ALLOW: undefined, SVC_APP_ALLOW: undefined, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (until && until.test(stdout)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function expectOneLine(exit: Exit, pattern: RegExp): void {
  expect(exit.code, exit.stderr).not.toBe(0);
  expect(exit.stderr.trimEnd().split('\n'), exit.stderr).toHaveLength(1);
  expect(exit.stderr).toMatch(pattern);
  expect(exit.stderr).not.toMatch(/^\s+at /m);
}

describe('start-up settings', () => {
  it('PORT, integer settings, SVC_LOG and DATABASE_URL are checked, each error naming the setting', () => {
    expect(envPort({}, 'PORT', 8080)).toBe(8080);
    expect(envPort({ PORT: '0' }, 'PORT', 8080)).toBe(0);
    expect(() => envPort({ PORT: 'abc' }, 'PORT', 8080)).toThrow('PORT must be a port number from 0 to 65535; got "abc"');
    expect(() => envPort({ PORT: '70000' }, 'PORT', 8080)).toThrow(/PORT must be/);
    expect(() => envPort({ PORT: '-1' }, 'PORT', 8080)).toThrow(/PORT must be/);
    expect(envInt({ X: '12' }, 'X')).toBe(12);
    expect(() => envInt({ X: '1.5' }, 'X')).toThrow('X must be a non-negative integer; got "1.5"');
    expect(() => envInt({ X: '-3' }, 'X')).toThrow(StartupError);
    expect(envRequestLog({ SVC_LOG: 'requests' })).toBe(true);
    expect(envRequestLog({})).toBe(false);
    expect(() => envRequestLog({ SVC_LOG: 'all' })).toThrow(/SVC_LOG must be "requests"/);
    expect(envDatabaseUrl({ DATABASE_URL: 'postgresql://u@h:5432/db' })).toBe('postgresql://u@h:5432/db');
    expect(envDatabaseUrl({ DATABASE_URL: '' })).toBeUndefined();
    for (const bad of ['notaurl', 'mysql://u@h/db', 'postgres:///db']) expect(() => envDatabaseUrl({ DATABASE_URL: bad }), bad).toThrow(/DATABASE_URL must be a PostgreSQL URL/);
  });

  it('a loopback host allows loopback webhook and app targets unless the setting says otherwise (even empty)', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.2']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '10.0.0.1', '::', 'example.com']) expect(isLoopbackHost(host), host).toBe(false);
    expect(allowList({}, 'SVC_WEBHOOK_ALLOW', '127.0.0.1')).toEqual({ list: ['127.0.0.1'], byDefault: true });
    expect(allowList({}, 'SVC_WEBHOOK_ALLOW', '0.0.0.0')).toEqual({ list: [], byDefault: false });
    expect(allowList({ SVC_APP_ALLOW: '' }, 'SVC_APP_ALLOW', '127.0.0.1')).toEqual({ list: [], byDefault: false });
    expect(allowList({ SVC_APP_ALLOW: ' 10.0.0.0/8 ,::1' }, 'SVC_APP_ALLOW', '127.0.0.1')).toEqual({ list: ['10.0.0.0/8', '::1'], byDefault: false });
  });

  it('start-up errors become one line naming what to change; a database password is never shown', () => {
    const where = { host: '127.0.0.1', port: 8080 };
    expect(describeStartupError(Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE', syscall: 'listen' }), where)).toMatch(/^port 8080 on 127\.0\.0\.1 is in use .*another PORT/);
    expect(describeStartupError(Object.assign(new Error('listen EACCES'), { code: 'EACCES', syscall: 'listen' }), where)).toMatch(/PORT above 1023/);
    const db = { ...where, databaseUrl: 'postgres://me:hunter2@db.local:5432/app' };
    const refused = describeStartupError(new AggregateError([Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })], ''), db);
    expect(refused).toBe('cannot connect to the database at postgres://me:***@db.local:5432/app: connection refused (is PostgreSQL running there?); fix DATABASE_URL or unset it for the embedded pg-mem');
    const auth = describeStartupError(Object.assign(new Error('password authentication failed for user "me"'), { code: '28P01', severity: 'FATAL' }), db);
    expect(auth).toBe('the database at postgres://me:***@db.local:5432/app refused the server: password authentication failed for user "me" (SQLSTATE 28P01); fix DATABASE_URL');
    expect(describeStartupError(new Error('first line\nsecond line'), where)).toBe('first line');
  });
});

describe('npm start', () => {
  it('--help, a bad PORT, a bad or unreachable DATABASE_URL, an unknown option: one line, non-zero exit, no stack trace', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const [help, port, notUrl, unreachable, unknown, log] = await Promise.all([
      runMain({}, ['--help']),
      runMain({ PORT: 'abc' }),
      runMain({ DATABASE_URL: 'notaurl' }),
      runMain({ DATABASE_URL: `postgres://me:hunter2@127.0.0.1:${closed}/db` }),
      runMain({}, ['--verbose']),
      runMain({ SVC_LOG: 'everything' }),
    ]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: svc-server/);
    expect(help.stdout).toContain('SVC_WEBHOOK_ALLOW');
    expectOneLine(port, /^svc-kit server: PORT must be a port number from 0 to 65535; got "abc"$/m);
    expect(port.code).toBe(1);
    expectOneLine(notUrl, /^svc-kit server: DATABASE_URL must be a PostgreSQL URL/);
    expectOneLine(unreachable, /^svc-kit server: cannot connect to the database at postgres:\/\/me:\*\*\*@127\.0\.0\.1:\d+\/db: connection refused/);
    expect(unreachable.stderr).not.toContain('hunter2');
    expectOneLine(unknown, /^svc-kit server: Unknown option '--verbose' \(see --help\)$/m);
    expect(unknown.code).toBe(2);
    expectOneLine(log, /SVC_LOG must be "requests"/);
  }, 120_000);

  it('says that loopback targets are allowed by default; a port in use is one line', async () => {
    const occupied = createServer().listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => occupied.once('listening', () => resolve()));
    const { port } = occupied.address() as { port: number };
    try {
      const [started, inUse, explicit] = await Promise.all([
        runMain({}, [], /curl -s/),
        runMain({ PORT: String(port) }),
        runMain({ SVC_WEBHOOK_ALLOW: '10.1.2.3', SVC_APP_ALLOW: '' }, ['--log-requests'], /curl -s/),
      ]);
      expect(started.stdout).toContain('webhooks may call: 127.0.0.1 (by default on a loopback host; set SVC_WEBHOOK_ALLOW to change)');
      expect(started.stdout).toContain('integration apps may be at: 127.0.0.1 (by default on a loopback host; set SVC_APP_ALLOW to change)');
      expect(explicit.stdout).toContain('webhooks may call: 10.1.2.3 (SVC_WEBHOOK_ALLOW)');
      expect(explicit.stdout).not.toContain('integration apps may be at');
      expect(explicit.stdout).toContain('request log: on');
      expectOneLine(inUse, new RegExp(`^svc-kit server: port ${port} on 127\\.0\\.0\\.1 is in use`));
    } finally {
      occupied.close();
    }
  }, 120_000);
});

describe('request log', () => {
  it('masks file and document secrets in paths and every query value but harmless ones', () => {
    expect(maskedUrl('/api/files/5f1c2e0e9a7b4c1d')).toBe('/api/files/***');
    expect(maskedUrl('/API/Files/abc/extra')).toBe('/api/files/***/extra');
    expect(maskedUrl('//api//files//abc')).toBe('/api/files/***');
    expect(maskedUrl('/api/files/from-url')).toBe('/api/files/from-url');
    expect(maskedUrl('/api/documents/sec-ret?format=md')).toBe('/api/documents/***?format=md');
    expect(maskedUrl('/api/documents/commands')).toBe('/api/documents/commands');
    expect(maskedUrl('/files/ref?expires=17&signature=abc')).toBe('/files/***?expires=17&signature=***');
    expect(maskedUrl('/api/integrations/oauth/callback?code=c0de&state=s7&oauth_verifier=v')).toBe('/api/integrations/oauth/callback?code=***&state=***&oauth_verifier=***');
    expect(maskedUrl('/api/integrations/events/acc-1')).toBe('/api/integrations/events/***');
    expect(maskedUrl('/api/commands')).toBe('/api/commands');
    expect(requestLine('GET', '/api/files/s3cret?token=t0k', 404, 1.234)).toBe('GET /api/files/***?token=*** 404 1.2 ms');
  });

  describe('on a running server', () => {
    let server: RunningServer;
    const lines: string[] = [];
    beforeAll(async () => {
      server = await startServer({ token: 'tok', demo: true, requestLog: (line) => lines.push(line), log: () => undefined });
    });
    afterAll(async () => {
      await server.close();
    });

    const command = async (body: unknown): Promise<{ name?: string; message?: string }> => {
      const res = await fetch(`${server.baseUrl}/api/commands`, { method: 'POST', headers: { Authorization: 'Token tok', 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const json = (await res.json()) as { result?: { name?: string; message?: string } };
      return json.result ?? {};
    };

    it('one line per request (method, path, status, ms), never the token or a secret of the path or query', async () => {
      await fetch(`${server.baseUrl}/api/files/the-file-secret-123`, { headers: { Authorization: 'Token tok' } });
      await fetch(`${server.baseUrl}/api/integrations/oauth/callback?code=the-code&state=the-state`);
      await command({ command: 'svc.schema/query' });
      // A line is written once the answer is finished, which may be just after the client has it.
      await vi.waitFor(() => expect(lines).toHaveLength(3));
      expect(lines[0]).toMatch(/^GET \/api\/files\/\*\*\* 404 \d+\.\d ms$/);
      expect(lines[1]).toMatch(/^GET \/api\/integrations\/oauth\/callback\?code=\*\*\*&state=\*\*\* \d{3} \d+\.\d ms$/);
      expect(lines[2]).toMatch(/^POST \/api\/commands 200 \d+\.\d ms$/);
      expect(lines.join('\n')).not.toMatch(/tok|the-file-secret|the-code|the-state/);
    });

    it('an unknown Database, field or key gets the near name: Tasks -> Demo/Tasks, Title -> Demo/Title, q/selct -> q/select, comand -> command', async () => {
      const type = await command({ command: 'svc.entity/query', args: { query: { 'q/from': 'Tasks', 'q/select': ['svc/id'], 'q/limit': 1 } } });
      expect(type).toMatchObject({ name: 'entity.error/schema-type-not-found', message: 'There is no Database named "Tasks" (did you mean "Demo/Tasks"?).' });
      const field = await command({ command: 'svc.entity/query', args: { query: { 'q/from': 'Demo/Tasks', 'q/select': ['Title'], 'q/limit': 1 } } });
      expect(field.message).toBe('The Database "Demo/Tasks" has no field "Title" (did you mean "Demo/Title"?).');
      const key = await command({ command: 'svc.entity/query', args: { query: { 'q/from': 'Demo/Tasks', 'q/selct': ['svc/id'], 'q/limit': 1 } } });
      expect(key).toMatchObject({ name: 'request.error/invalid-body' });
      expect(key.message).toContain('/args/query/q/selct must NOT have additional properties (did you mean "q/select"?)');
      const envelope = await command({ comand: 'svc.schema/query' });
      expect(envelope.message).toContain('the key "comand" is not known (did you mean "command"?)');
    });
  });

  it('near names: the nearest, else the qualified names whose part after the Space is near', () => {
    expect(nearNames('Tasks', ['Demo/Tasks', 'Demo/Projects'])).toEqual(['Demo/Tasks']);
    expect(nearNames('tasks', ['Demo/Tasks', 'Other/Tasks', 'Demo/Projects'])).toEqual(['Demo/Tasks', 'Other/Tasks']);
    expect(nearNames('Demo/Taks', ['Demo/Tasks'])).toEqual(['Demo/Tasks']);
    expect(nearNames('Zebra', ['Demo/Tasks'])).toEqual([]);
    expect(nearNames('Demo/Zebra', ['Demo/Tasks'])).toEqual([]);
    expect(didYouMean([])).toBe('');
    expect(didYouMean(['A'])).toBe(' (did you mean "A"?)');
    expect(didYouMean(['A', 'B', 'C'])).toBe(' (did you mean "A", "B" or "C"?)');
  });
});
