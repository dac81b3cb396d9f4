// What the webhook server tests share: a small client of the API, a test Database pair, and
// servers started as child processes (`tsx server/src/main.ts`) for the crash and two-process tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { components } from '../../generated/service/types.js';

type Schemas = components['schemas'];
export type Command = Schemas['Command'];
export type WebhookCreated = Schemas['WebhookCreated'];
export type Webhook = Schemas['Webhook'];
export type WebhookDelivery = Schemas['WebhookDelivery'];

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export class Api {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
  ) {}

  async request(method: string, path: string, body?: unknown, token = this.token): Promise<{ status: number; json: unknown }> {
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: { authorization: `Token ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : undefined };
  }

  /** Runs one command; answers its result, throws when it did not succeed. */
  async run(command: Command | Command[]): Promise<unknown> {
    const { status, json } = await this.request('POST', '/api/commands', command);
    const body = json as { success?: boolean; result?: unknown };
    if (status !== 200 || (!Array.isArray(json) && body.success !== true)) throw new Error(`command failed (${status}): ${JSON.stringify(json).slice(0, 500)}`);
    return Array.isArray(json) ? json : body.result;
  }

  async addWebhook(url: string, type: string): Promise<WebhookCreated> {
    const { status, json } = await this.request('POST', '/api/webhooks/v2', { url, type });
    if (status !== 200) throw new Error(`adding a webhook failed (${status}): ${JSON.stringify(json)}`);
    return json as WebhookCreated;
  }

  async webhooks(): Promise<Webhook[]> {
    return (await this.request('GET', '/api/webhooks/v2')).json as Webhook[];
  }
}

export interface TestTypes {
  items: string;
  groups: string;
  title: string;
  count: string;
  body: string;
  group: string;
  members: string;
}

/** `<space>/Items` (title, count, a rich text body, a to-one Group) and `<space>/Groups` (collection Members). */
export async function createTypes(api: Api, space = `W${randomUUID().slice(0, 8)}`): Promise<TestTypes> {
  const t: TestTypes = {
    items: `${space}/Items`,
    groups: `${space}/Groups`,
    title: `${space}/Title`,
    count: `${space}/Count`,
    body: `${space}/Body`,
    group: `${space}/Group`,
    members: `${space}/Members`,
  };
  const relation = randomUUID();
  await api.run({
    command: 'svc.schema/batch',
    args: {
      commands: [
        {
          command: 'schema.type/create',
          args: {
            'svc/name': t.items,
            'svc/meta': { 'svc/domain?': true },
            'svc/fields': [
              { 'svc/name': t.title, 'svc/type': 'svc/text' },
              { 'svc/name': t.count, 'svc/type': 'svc/integer' },
              { 'svc/name': t.body, 'svc/type': 'Collaboration~Documents/Document' },
            ],
          },
        },
        { command: 'schema.type/create', args: { 'svc/name': t.groups, 'svc/meta': { 'svc/domain?': true }, 'svc/fields': [] } },
        { command: 'schema.field/create', args: { 'svc/holder-type': t.items, 'svc/name': t.group, 'svc/type': t.groups, 'svc/meta': { 'svc/relation': relation } } },
        {
          command: 'schema.field/create',
          args: { 'svc/holder-type': t.groups, 'svc/name': t.members, 'svc/type': t.items, 'svc/meta': { 'svc/relation': relation, 'svc/collection?': true } },
        },
      ],
    },
  });
  return t;
}

export function idOf(entity: unknown): string {
  return String((entity as Record<string, unknown>)['svc/id']);
}

export async function until(done: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface ChildServer {
  baseUrl: string;
  process: ChildProcess;
  output: () => string;
  /** Ends the process with a signal and waits until it is gone. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/** Starts `tsx server/src/main.ts` with these environment variables; resolves once it printed its base URL. */
export function spawnServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ChildServer> {
  // tsx as a loader in this one process (not its CLI, which runs the server in a child of its
  // own): a SIGKILL then kills the server itself, as a crash would.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', SVC_DEMO: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise<ChildServer>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /base URL: (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({
          baseUrl: match[1],
          process: child,
          output: () => output,
          async stop(signal) {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            await exited;
          },
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it started:\n${output}`));
    });
  });
}
