/**
 * A small integration app (express) for the app-check tests: conformant by default, with every
 * endpoint of spec/app.openapi.yaml a check calls, and one switch per fault that breaks exactly
 * one rule, so that each app check can be shown to fail. `minimal` leaves out every optional
 * endpoint and authentication, so that the checks of optional endpoints can be shown to skip.
 * The stub also plays its external system where the checks need it: the OAuth pages (on its own
 * host, approving at once), a protected file behind an app://resource address, and signed events
 * (`stubEvent()`: one its pre-process accepts, verified over the body's bytes, and transforms).
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createHmac } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import express, { type Request, type Response } from 'express';
import type { AppEvent } from '../src/check.js';

export interface StubFaults {
  /** Only the required endpoints, one account type without fields, no filters, no webhooks. */
  minimal?: boolean;
  missingSources?: boolean;
  oauthIdVariant?: boolean;
  validateWithoutName?: boolean;
  validateAcceptsAnything?: boolean;
  configNeedsAccount?: boolean;
  typeWithoutName?: boolean;
  subTypeOnWrongType?: boolean;
  workflowWithoutDefault?: boolean;
  endlessPages?: boolean;
  repeatedPage?: boolean;
  unknownRowField?: boolean;
  numberAsWord?: boolean;
  deltaWithoutSyncAction?: boolean;
  dataErrorAsText?: boolean;
  unstableSync?: boolean;
  datalistWithoutTitle?: boolean;
  filterValidateCrashes?: boolean;
  logoAsText?: boolean;
  oauth2DropsState?: boolean;
  oauth1WithoutSecret?: boolean;
  oauth1DropsState?: boolean;
  accessTokenAcceptsAnything?: boolean;
  webhookWithoutWorkspaceId?: boolean;
  deleteAccountFails?: boolean;
  /** The clean-up is served at the plural /api/v1/accounts only (the service calls /api/v1/account). */
  accountCleanupPlural?: boolean;
  /** The resource endpoint answers 404 for the app://resource address of the app's own data. */
  resourceMissing?: boolean;
  /** pre-process accepts any event, signed or not, for the workspace ws-1. */
  preProcessAcceptsAnything?: boolean;
  /** pre-process accepts a signed event with {reply} only, no workspaceIds. */
  preProcessWithoutWorkspaceIds?: boolean;
  /** transform answers rows without __syncAction. */
  transformWithoutSyncAction?: boolean;
  /** The access-token step answers a token /validate does not accept. */
  accessTokenUnusable?: boolean;
  /** A token refresh through /validate answers the new access_token without expire_on. */
  refreshWithoutExpiry?: boolean;
  /** The data of type task needs an external system this run cannot reach: 502 {message}; person works. */
  taskDataUnreachable?: boolean;
  /** The last data page of a full read carries only items (no pagination, no synchronizationType). */
  lastPageOnlyItems?: boolean;
  /** The filter `project` is required: schema and data refuse a request without it (400). */
  requiresProject?: boolean;
  /** The custom action endpoint answers 200 with a JSON text instead of {} or {message}. */
  actionAnswersText?: boolean;
}

export interface StubApp {
  url: string;
  /** The account the stub accepts. */
  account: Record<string, unknown>;
  close(): Promise<void>;
}

export const GOOD_TOKEN = 'good-token';
const PAGE_SIZE = 2;
/** The secret the stub's external system signs its events with (`x-stub-signature: sha256=<hex HMAC of the body>`). */
const EVENT_SECRET = 'stub-event-secret';
/** Access tokens the stub's OAuth steps issue: the first from access_token, the second from a refresh. */
const ISSUED = ['access', 'access-2'];
const REFRESH_TOKEN = 'refresh';
/** The protected file behind the app://resource address of task t1. */
const PLAN = { id: 'plan', path: '/files/plan.txt', content: 'The plan, only given through the resource endpoint.\n' };

type Row = Record<string, unknown>;

/** The body of the stub's event, with the spacing of its external system (re-serialized, it would no longer match its signature). */
const EVENT_RAW = '{"event": "task.changed",  "tasks": {"renamed": "t1", "deleted": "t4"}}';

/** A delivery of the stub's external system that its pre-process accepts and its transform turns into rows (for `--event`). */
export function stubEvent(): AppEvent {
  return { headers: { 'content-type': 'application/json', 'x-stub-event': 'task.changed', 'x-stub-signature': signEvent(EVENT_RAW) }, body: EVENT_RAW };
}

/** The rows of the stub's event: t1 renamed, t4 removed. */
function eventRows(faults: StubFaults): Row[] {
  const rows: Row[] = [
    { id: 't1', name: 'Write the spec (renamed)', __syncAction: 'SET' },
    { id: 't4', __syncAction: 'REMOVE' },
  ];
  return faults.transformWithoutSyncAction ? rows.map(({ __syncAction: _, ...row }) => row) : rows;
}

function body(req: Request): Record<string, unknown> {
  return typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
}

function tasks(faults: StubFaults, syncs: number, host: string): Row[] {
  const rows: Row[] = [
    { id: 't1', name: 'Write the spec', ...(faults.minimal ? {} : { attachment: `app://resource?url=${encodeURIComponent(`${host}${PLAN.path}`)}&value=1&id=${PLAN.id}` }), done: 'yes', points: 3, estimate: '1.5', due: '2024-05-01', updatedAt: '2024-04-01T10:00:00.000Z', state: 'Open', tags: ['docs', 'spec'], link: 'https://tracker.example.org/t1', place: '40.7128, -74.0060', period: '{"start":"2024-04-01","end":"2024-04-30"}', assignee: 'p1', owner: 'ann@example.org' },
    { id: 't2', name: 'Review', done: false, points: '5', due: null, state: 'Doing', tags: 'review, spec', place: '{"latitude":"52.23","longitude":"21.01","fullAddress":"Warsaw"}', assignee: 'p2' },
    { id: 't3', name: 'Ship', done: '', points: 8, updatedAt: '2024-04-02T08:30:00+02:00', state: 'Done', place: `40°42'46"N 74°0'22"W` },
    { id: 't4', name: 'Celebrate', estimate: 0.25, state: '' },
    { id: 5, name: 'Numeric key' },
  ];
  if (faults.unknownRowField) rows[2] = { ...rows[2], colour: 'red' };
  if (faults.numberAsWord) rows[1] = { ...rows[1], points: 'five' };
  if (faults.unstableSync) rows[0] = { ...rows[0], name: `Write the spec (read ${syncs})` };
  return rows;
}

const PEOPLE: Row[] = [
  { id: 'p1', name: 'Ann', email: 'ann@example.org' },
  { id: 'p2', name: 'Bob', email: 'bob@example.org' },
];

function schema(faults: StubFaults): Record<string, Record<string, Row>> {
  const options = [
    { name: 'Open', default: !faults.workflowWithoutDefault, type: 'Not started', color: '#f2e2f4' },
    { name: 'Doing', type: 'Started' },
    { name: 'Done', final: true, type: 'Finished' },
  ];
  const person: Record<string, Row> = { id: { name: 'Id', type: 'id' }, name: { name: 'Name', type: 'text' }, email: { name: 'E-mail', type: 'text', subType: 'email' } };
  if (faults.typeWithoutName) delete person['name'];
  return {
    task: {
      id: { name: 'Id', type: 'id', readonly: true },
      name: { name: 'Name', type: 'text' },
      done: { name: 'Done', type: 'text', subType: 'boolean' },
      points: { name: 'Points', type: 'number', subType: 'integer' },
      estimate: { name: 'Estimate', type: 'number', format: { format: 'Number', unit: 'days', precision: 2 } },
      due: { name: 'Due', type: 'date', subType: 'day' },
      updatedAt: { name: 'Updated', type: 'date' },
      state: { name: 'State', type: 'text', subType: 'workflow', options },
      tags: { name: 'Tags', type: 'array[text]', subType: 'multi-select' },
      link: { name: 'Link', type: 'text', subType: 'url' },
      archived: { name: 'Archived', type: faults.subTypeOnWrongType ? 'date' : 'text', subType: 'boolean' },
      place: { name: 'Place', type: 'text', subType: 'location' },
      period: { name: 'Period', type: 'text', subType: 'date-range' },
      assignee: { name: 'Assignee key', type: 'text', relation: { cardinality: 'many-to-one', name: 'Assignee', targetType: 'person', targetName: 'Tasks', targetFieldId: 'id' } },
      owner: { name: 'Owner', type: 'text', relation: { cardinality: 'many-to-one', kind: 'native', targetType: 'svc/user', targetFieldId: 'user/email' } },
      attachment: { name: 'Attachment', type: 'text', subType: 'file' },
    },
    person,
  };
}

function info(faults: StubFaults): Row {
  const authentication = faults.minimal
    ? [{ id: 'public', name: 'Public', description: 'No authentication.' }]
    : [
        { id: 'token', name: 'API token', description: 'A personal token.', fields: [{ id: 'token', title: 'Token', description: 'Your token.', type: 'password', optional: false }] },
        { id: faults.oauthIdVariant ? 'OAuth2' : 'oauth2', name: 'OAuth 2', description: 'Sign in with the tracker.' },
        { id: 'oauth', name: 'OAuth 1', description: 'Sign in (legacy).' },
      ];
  const out: Row = { version: '1.0.0', name: 'Stub tracker', website: 'https://tracker.example.org', description: 'A stub app for tests.', authentication, sources: [], responsibleFor: { dataSynchronization: true }, id: 'stub' };
  if (!faults.minimal) {
    out['responsibleFor'] = { dataSynchronization: true, automations: true };
    out['actions'] = [
      {
        action: 'start-timer',
        name: 'Start timer',
        description: 'Starts a timer on a task.',
        args: [
          { id: 'task', name: 'Task', description: 'The task key.', type: 'text', textTemplateSupported: true },
          { id: 'note', name: 'Note', type: 'textarea' },
        ],
      },
    ];
  }
  if (faults.missingSources) delete out['sources'];
  return out;
}

function validAccount(faults: StubFaults, account: unknown): boolean {
  if (faults.minimal) return true;
  if (typeof account !== 'object' || account === null) return false;
  const fields = account as Row;
  return fields['token'] === GOOD_TOKEN || ISSUED.includes(String(fields['access_token']));
}

function signEvent(raw: string | Buffer): string {
  return `sha256=${createHmac('sha256', EVENT_SECRET).update(raw).digest('hex')}`;
}

function refuse(res: Response, status: number, message: string): void {
  res.status(status).json({ message });
}

/** Starts the stub on 127.0.0.1 (a free port). */
export async function startStubApp(faults: StubFaults = {}): Promise<StubApp> {
  const app = express();
  // The raw body is kept for pre-process, which verifies the signature over the bytes received.
  app.use(
    express.json({
      verify: (req, _res, buf) => {
        (req as unknown as { rawBody?: Buffer }).rawBody = Buffer.from(buf);
      },
    }),
  );
  let fullSyncs = 0;
  const oauth1Callbacks = new Map<string, string>();

  app.get('/', (_req, res) => {
    res.json(info(faults));
  });

  app.post('/validate', (req, res) => {
    const { id, fields } = body(req);
    const given = (typeof fields === 'object' && fields !== null ? fields : {}) as Row;
    if (!faults.minimal && (id === 'oauth2' || id === 'oauth')) {
      if (given['refresh_token'] === REFRESH_TOKEN) {
        const expiry = faults.refreshWithoutExpiry ? {} : { expire_on: new Date(Date.now() + 3_600_000).toISOString() };
        return void res.json({ name: 'Ann (OAuth)', access_token: ISSUED[1], refresh_token: REFRESH_TOKEN, ...expiry });
      }
      if (ISSUED.includes(String(given['access_token']))) return void res.json({ name: 'Ann (OAuth)' });
      return refuse(res, 401, 'The access token is not valid.');
    }
    const ok = faults.validateAcceptsAnything || (faults.minimal ? id === 'public' : id === 'token' && validAccount(faults, fields));
    if (!ok) return refuse(res, 401, 'The token is not valid.');
    res.json(faults.validateWithoutName ? { account: 'me' } : { name: 'Ann (stub)' });
  });

  app.post('/api/v1/synchronizer/config', (req, res) => {
    if (faults.configNeedsAccount && body(req)['account'] === undefined) return refuse(res, 500, 'account is undefined');
    res.json({
      types: [
        { id: 'task', name: 'Task' },
        { id: 'person', name: 'Person' },
      ],
      filters: faults.minimal
        ? []
        : [
            { id: 'project', title: 'Project', type: 'list', optional: !faults.requiresProject, datalist: true },
            { id: 'since', title: 'Since', type: 'datebox', optional: true },
          ],
      ...(faults.minimal ? {} : { webhooks: { enabled: true, type: 'ui' } }),
    });
  });

  app.post('/api/v1/synchronizer/schema', (req, res) => {
    if (!validAccount(faults, body(req)['account'])) return refuse(res, 401, 'The token is not valid.');
    const all = schema(faults);
    const types = Array.isArray(body(req)['types']) ? (body(req)['types'] as string[]) : [];
    res.json(Object.fromEntries(types.filter((t) => t in all).map((t) => [t, all[t]])));
  });

  app.post('/api/v1/synchronizer/data', (req, res) => {
    const request = body(req);
    if (!validAccount(faults, request['account'])) return refuse(res, 401, 'The token is not valid.');
    if (faults.requiresProject && (request['filter'] as Row | undefined)?.['project'] === undefined) return refuse(res, 400, 'Choose a project.');
    const type = request['requestedType'];
    const pagination = request['pagination'] as { page?: number } | undefined;
    const page = pagination?.page ?? 0;
    if (type !== 'task' && type !== 'person') {
      if (faults.dataErrorAsText) return void res.status(500).type('text/plain').send('boom');
      return refuse(res, 400, `Unknown type ${String(type)}.`);
    }
    if (faults.taskDataUnreachable && type === 'task') return refuse(res, 502, 'The tracker cannot be reached from here.');
    if (typeof request['lastSynchronizedAt'] === 'string' && type === 'task') {
      const removed: Row = faults.deltaWithoutSyncAction ? { id: 't9' } : { id: 't9', __syncAction: 'REMOVE' };
      return void res.json({ items: [{ id: 't2', name: 'Review (again)', __syncAction: 'SET' }, removed], synchronizationType: 'delta' });
    }
    if (type === 'task' && page === 0) fullSyncs += 1;
    const rows = type === 'task' ? tasks(faults, fullSyncs, `${req.protocol}://${req.get('host') ?? ''}`) : PEOPLE;
    const items = rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
    const hasNext = faults.endlessPages || (page + 1) * PAGE_SIZE < rows.length;
    const next = faults.repeatedPage ? { page: Math.min(page + 1, 1) } : { page: page + 1 };
    if (faults.lastPageOnlyItems && !hasNext) return void res.json({ items });
    res.json({ items, pagination: { hasNext, ...(hasNext ? { nextPageConfig: next } : {}) }, synchronizationType: 'full' });
  });

  if (!faults.minimal) {
    app.post('/api/v1/synchronizer/datalist', (req, res) => {
      if (body(req)['field'] !== 'project') return refuse(res, 400, 'No such data list.');
      const items = [
        { title: 'Alpha', value: 'alpha' },
        { title: 'Beta', value: 2 },
      ];
      res.json({ items: faults.datalistWithoutTitle ? items.map(({ value }) => ({ label: String(value), value })) : items });
    });

    app.post('/api/v1/synchronizer/filter/validate', (req, res) => {
      const filter = (body(req)['filter'] ?? {}) as Row;
      if (faults.filterValidateCrashes && Object.keys(filter).length > 0) return void res.status(500).send('TypeError: filter.since.match is not a function');
      if (filter['since'] !== undefined && (typeof filter['since'] !== 'string' || Number.isNaN(Date.parse(filter['since'])))) return refuse(res, 400, 'Since is not a date.');
      if (filter['project'] !== undefined && typeof filter['project'] !== 'string') return refuse(res, 400, 'Pick a project from the list.');
      res.status(204).end();
    });

    app.get('/logo', (_req, res) => {
      if (faults.logoAsText) return void res.type('text/plain').send('logo');
      res.type('image/svg+xml').send('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="8"/></svg>');
    });

    app.post('/oauth2/v1/authorize', (req, res) => {
      const { callback_uri, state } = body(req);
      const url = new URL(`${req.protocol}://${req.get('host') ?? ''}/external/oauth2/authorize`);
      url.searchParams.set('client_id', 'stub');
      url.searchParams.set('redirect_uri', String(callback_uri));
      if (!faults.oauth2DropsState) url.searchParams.set('state', String(state));
      res.json({ redirect_uri: url.href });
    });

    /** The external system's OAuth 2 page, on the stub's host: approves at once and sends back to redirect_uri with a code. */
    app.get('/external/oauth2/authorize', (req, res) => {
      const back = new URL(String(req.query['redirect_uri']));
      back.searchParams.set('code', 'good-code');
      if (typeof req.query['state'] === 'string') back.searchParams.set('state', req.query['state']);
      res.redirect(302, back.href);
    });

    app.post('/oauth2/v1/access_token', (req, res) => {
      if (!faults.accessTokenAcceptsAnything && body(req)['code'] !== 'good-code') return refuse(res, 401, 'The code is not valid.');
      if (faults.accessTokenUnusable) return void res.json({ access_token: 'not-a-token-of-this-app' });
      res.json({ access_token: ISSUED[0], refresh_token: REFRESH_TOKEN, expires_on: '2030-01-01T00:00:00.000Z' });
    });

    app.post('/oauth1/v1/authorize', (req, res) => {
      const callback = String(body(req)['callback_uri']);
      const token = `req-${oauth1Callbacks.size + 1}`;
      oauth1Callbacks.set(token, faults.oauth1DropsState ? callback.split('?')[0] ?? callback : callback);
      const host = `${req.protocol}://${req.get('host') ?? ''}`;
      res.json({ redirect_uri: `${host}/external/oauth1/authorize?oauth_token=${token}`, token, ...(faults.oauth1WithoutSecret ? {} : { secret: 'req-secret' }) });
    });

    app.get('/external/oauth1/authorize', (req, res) => {
      const callback = oauth1Callbacks.get(String(req.query['oauth_token']));
      if (callback === undefined) return void res.status(404).send('unknown request token');
      const back = new URL(callback);
      back.searchParams.set('oauth_token', String(req.query['oauth_token']));
      back.searchParams.set('oauth_verifier', 'verifier-1');
      res.type('text/html').send(`<html><body><a href="${back.href.replace(/&/g, '&amp;')}">Allow</a></body></html>`);
    });

    app.post('/oauth1/v1/access_token', (req, res) => {
      if (!faults.accessTokenAcceptsAnything && body(req)['oauth_verifier'] !== 'verifier-1') return refuse(res, 401, 'The verifier is not valid.');
      if (faults.accessTokenUnusable) return void res.json({ access_token: 'not-a-token-of-this-app' });
      res.json({ access_token: ISSUED[0], access_secret: 'secret' });
    });

    app.post('/api/v1/synchronizer/webhooks', (req, res) => {
      const previous = body(req)['webhook'] as Row | null;
      res.json({ id: previous?.['id'] ?? 'wh-1', ...(faults.webhookWithoutWorkspaceId ? {} : { workspaceId: 'ws-1' }), secret: 's3cr3t' });
    });

    app.post('/api/v1/synchronizer/webhooks/pre-process', (req, res) => {
      const signature = req.get('x-stub-signature');
      const raw = (req as unknown as { rawBody?: Buffer }).rawBody ?? Buffer.alloc(0);
      if (!faults.preProcessAcceptsAnything && signature !== signEvent(raw)) return void res.status(401).json({ reply: { error: 'bad signature' }, workspaceIds: [] });
      res.json(faults.preProcessWithoutWorkspaceIds ? { reply: { ok: true } } : { reply: { ok: true }, workspaceIds: ['ws-1'] });
    });

    app.post('/api/v1/synchronizer/webhooks/transform', (req, res) => {
      const request = body(req);
      if (!validAccount(faults, request['account'])) return refuse(res, 401, 'The token is not valid.');
      if (!isDeepStrictEqual(request['payload'], JSON.parse(EVENT_RAW))) return refuse(res, 400, 'The payload is not an event of the tracker.');
      res.json({ data: { task: eventRows(faults) } });
    });

    app.post('/api/v1/automations/action/execute', (req, res) => {
      const request = body(req);
      if (!validAccount(faults, request['account'])) return refuse(res, 401, 'The token is not valid.');
      const action = (request['action'] ?? {}) as Row;
      if (action['action'] !== 'start-timer') return refuse(res, 404, `No action ${JSON.stringify(action['action'])}.`);
      if (faults.actionAnswersText) return void res.json('started');
      const args = (action['args'] ?? {}) as Row;
      res.json(typeof args['task'] === 'string' && args['task'] !== '' ? { message: `Timer started on ${args['task']}.` } : {});
    });

    app.post('/api/v1/synchronizer/resource', (req, res) => {
      const request = body(req);
      if (!validAccount(faults, request['account'])) return refuse(res, 401, 'The token is not valid.');
      const params = (request['params'] ?? {}) as Row;
      const named = params['id'] === PLAN.id || String(params['url'] ?? '').endsWith(PLAN.path);
      if (faults.resourceMissing || !named) return refuse(res, 404, `No file is named by ${JSON.stringify(params)}.`);
      res.type('text/plain').send(PLAN.content);
    });

    app.delete(faults.accountCleanupPlural ? '/api/v1/accounts' : '/api/v1/account', (_req, res) => {
      if (faults.deleteAccountFails) return refuse(res, 500, 'Could not revoke the token.');
      res.json({ ok: true });
    });
  }

  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    account: faults.minimal ? {} : { token: GOOD_TOKEN },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An app that answers every request with the same status and body (set per test), to feed the checks anything. */
export interface EchoApp {
  url: string;
  answer(status: number, body: string, contentType?: string): void;
  close(): Promise<void>;
}

export async function startEchoApp(): Promise<EchoApp> {
  let reply = { status: 200, body: '{}', contentType: 'application/json' };
  const app = express();
  app.use((_req, res) => {
    res.status(reply.status).type(reply.contentType).send(reply.body);
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answer: (status, body, contentType = 'application/json') => {
      reply = { status, body, contentType };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
