/**
 * A tiny in-process stand-in for the service, for the harness tests: well
 * behaved by default, with switches that break one behaviour each.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Faults {
  /** Requests without Authorization are served as if authorized. */
  acceptsMissingToken?: boolean;
  /** A JSON string body makes the handler crash: 500 with a stack trace. */
  crashOnStringBody?: boolean;
  /** An array of commands gets only the first result, as an object. */
  objectForArray?: boolean;
}

export interface FakeServer {
  baseUrl: string;
  token: string;
  /** Bodies received, in order (for tests of the curl line). */
  received: Array<{ method: string; url: string; headers: Record<string, string | string[] | undefined>; body: string }>;
  close(): Promise<void>;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

class BadRequest extends Error {
  constructor(
    readonly errorName: string,
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

const SCHEMA = {
  'svc/version': 1,
  'svc/meta': {},
  'svc/types': [{ 'svc/name': 'svc/user', 'svc/id': '11111111-1111-4111-8111-111111111111', 'svc/meta': {}, 'svc/fields': [] }],
};

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function envelopeError(res: ServerResponse, status: number, name: string, message: string, data: Obj = {}): void {
  send(res, status, { success: false, result: { name, message, data } });
}

function validate(command: unknown, at: string): Obj {
  if (!isObj(command)) throw new BadRequest('request.error/invalid-command', `The body at ${at || '/'} must be a command object.`, at || '/');
  if (typeof command['command'] !== 'string') throw new BadRequest('request.error/invalid-command', 'The field "command" must be a string.', `${at}/command`);
  if ('args' in command && !isObj(command['args'])) throw new BadRequest('request.error/invalid-args', 'The field "args" must be an object.', `${at}/args`);
  const args = isObj(command['args']) ? command['args'] : {};
  if ('params' in args && !isObj(args['params'])) throw new BadRequest('request.error/invalid-args', 'The field "params" must be an object.', `${at}/args/params`);
  return command;
}

function execute(command: Obj): { success: boolean; result: Json } {
  const args = isObj(command['args']) ? command['args'] : {};
  switch (command['command']) {
    case 'svc.schema/query':
      return { success: true, result: SCHEMA };
    case 'svc.entity/query': {
      const query = isObj(args['query']) ? args['query'] : {};
      if (query['q/from'] === 'svc/user') return { success: true, result: [] };
      return { success: false, result: { name: 'entity.error/schema-type-not-found', message: `The Database ${JSON.stringify(query['q/from'] ?? null)} does not exist.`, data: {} } };
    }
    case 'svc.entity/create': {
      const type = typeof args['type'] === 'string' ? args['type'] : String(args['type']);
      return { success: false, result: { name: 'entity.error/schema-type-not-found', message: `The Database ${type} does not exist in this workspace.`, data: { type } } };
    }
    default:
      return { success: false, result: { name: 'command.error/unknown-command', message: `The command ${JSON.stringify(command['command'])} is not known.`, data: {} } };
  }
}

function handleCommands(req: IncomingMessage, res: ServerResponse, body: string, faults: Faults): void {
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
    envelopeError(res, 415, 'request.error/unsupported-media-type', 'Send the body as application/json.');
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    envelopeError(res, 400, 'request.error/malformed-json', 'The body is not valid JSON.');
    return;
  }
  if (faults.crashOnStringBody && typeof parsed === 'string') {
    const error = new TypeError(`Cannot read properties of undefined (reading 'command')`);
    res.writeHead(500, { 'Content-Type': 'text/plain' });
    res.end(`${error.name}: ${error.message}\n    at handleCommands (/srv/svc/server/src/commands.ts:42:17)\n    at Layer.handle (/srv/svc/node_modules/express/lib/router/layer.js:95:5)`);
    return;
  }
  try {
    if (Array.isArray(parsed)) {
      const commands = parsed.map((c, i) => validate(c, `/${i}`));
      const results = commands.map(execute);
      send(res, 200, faults.objectForArray ? results[0] : results);
    } else {
      send(res, 200, execute(validate(parsed, '')));
    }
  } catch (error) {
    if (!(error instanceof BadRequest)) throw error;
    envelopeError(res, 400, error.errorName, error.message, { field: error.field });
  }
}

function authorized(req: IncomingMessage, token: string, faults: Faults): boolean {
  const header = req.headers['authorization'];
  if (header === undefined) return faults.acceptsMissingToken === true;
  const match = /^(Token|Bearer) (\S+)$/.exec(header);
  return match !== null && match[2] === token;
}

export async function startFakeServer(faults: Faults = {}, token = 'test-token-0123'): Promise<FakeServer> {
  const received: FakeServer['received'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = req.url ?? '/';
      received.push({ method: req.method ?? 'GET', url, headers: req.headers, body });
      const path = url.split('?')[0] ?? '/';
      const isCommands = path === '/api/commands';
      const isProtected = isCommands || /^\/api\/(documents|webhooks\/v2|graphql\/space\/)/.test(path);
      if (isProtected && !authorized(req, token, faults)) {
        if (isCommands) envelopeError(res, 401, 'auth.error/unauthorized', 'Send a valid API token in the Authorization header.');
        else send(res, 401, { name: 'auth.error/unauthorized', message: 'Send a valid API token in the Authorization header.', data: {} });
        return;
      }
      if (isCommands && req.method === 'POST') handleCommands(req, res, body, faults);
      else if (path === '/api/webhooks/v2' && req.method === 'GET') send(res, 200, []);
      else if (path === '/echo') send(res, 200, { method: req.method, query: url.split('?')[1] ?? '', headers: req.headers, body });
      else send(res, 404, { name: 'route.error/not-found', message: `No route ${req.method} ${path}.`, data: { method: req.method ?? 'GET', path } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    token,
    received,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
