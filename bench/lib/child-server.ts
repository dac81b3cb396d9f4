// A reference server as a child process (`tsx server/src/main.ts`), for benchmarks whose clients
// must not share the server's event loop (the clients' work would be counted as the server's).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { withTimeout } from './timing.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ChildServer {
  baseUrl: string;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `server/src/main.ts` on a free port with no demo workspace; `env` adds or overrides the
 * environment (SVC_TOKEN, DATABASE_URL, SVC_DB_SCHEMA, ...). Answers once it printed its base URL.
 */
export function spawnServer(env: Record<string, string>): Promise<ChildServer> {
  const child: ChildProcess = spawn(process.execPath, [`${ROOT}node_modules/tsx/dist/cli.mjs`, 'server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', SVC_DEMO: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  return withTimeout(
    new Promise<ChildServer>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /base URL: (http:\/\/\S+)/.exec(output);
        if (match?.[1]) {
          resolve({
            baseUrl: match[1],
            output: () => output,
            async stop() {
              if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
              await withTimeout(exited, 15_000, 'stopping a server').catch(() => child.kill('SIGKILL'));
            },
          });
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
    }),
    60_000,
    'starting a server',
  ).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
}
