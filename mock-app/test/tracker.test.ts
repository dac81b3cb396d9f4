// The tracker scenario (token accounts, two related types, pages of 2, files, webhooks and
// events, steps): every endpoint the scenario uses, answered within spec/app.openapi.yaml.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockApp } from '../src/index.js';
import { sign, startMockApp } from '../src/index.js';
import { allPages, call, dataRequest, post, scenarioPath, withApp } from './support.js';

const SCENARIO = scenarioPath('tracker.yaml');
const account = { token: 'good' };
const types = ['project', 'issue'];

describe('tracker scenario: reading', () => {
  let app: MockApp;
  beforeAll(async () => {
    app = await startMockApp({ scenario: SCENARIO });
  });
  afterAll(() => app.close());

  it('APP-001 APP-002 APP-004 APP-017 AUTH-004 GET / answers the app information with sources [] and responsibleFor', async () => {
    const answer = await call(app.url, 'GET', '/');
    expect(answer.status).toBe(200);
    const info = answer.json as Record<string, unknown>;
    expect(info).toMatchObject({ name: 'Mock Tracker', version: '2.3.0', website: 'https://tracker.example.org', sources: [], responsibleFor: { dataSynchronization: true } });
    expect(info.description).toBe('Issues and projects of a mock issue tracker.');
    expect(info.authentication).toEqual([
      {
        id: 'token',
        name: 'API token',
        description: 'A personal API token of the tracker.',
        fields: [
          { id: 'token', title: 'API token', description: "Created in the tracker's settings.", type: 'password', optional: false },
          { id: 'workspace', title: 'Workspace', description: 'Leave empty for your default workspace.', type: 'text', optional: true },
        ],
      },
    ]);
    expect(info).toMatchObject({ id: 'mock-tracker', type: 'integration' });
    expect(info.responsibleFor).toEqual({ dataSynchronization: true, automations: true });
    expect(info.actions).toEqual([
      {
        action: 'close-issue',
        name: 'Close issue',
        description: "Sets the issue's state to Done in the tracker.",
        args: [
          { id: 'issue', name: 'Issue key', description: 'The key of the issue to close (a template such as {{id}}).', type: 'text', textTemplateSupported: true },
          { id: 'comment', name: 'Comment', description: 'A comment left on the issue.', type: 'textarea', textTemplateSupported: true },
        ],
      },
    ]);
    expect(JSON.stringify(info)).not.toContain('validAccounts');
  });

  it('APP-028 APP-029 GET /logo answers the SVG with image/svg+xml', async () => {
    const answer = await call(app.url, 'GET', '/logo');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(answer.text).toMatch(/^<svg /);
  });

  it('APP-019 /validate answers the friendly name of each valid account', async () => {
    expect((await post(app, '/validate', { id: 'token', fields: { token: 'good' } })).json).toEqual({ name: 'Ada Lovelace (acme)' });
    expect((await post(app, '/validate', { id: 'token', fields: { token: 'good-2', workspace: 'acme' } })).json).toEqual({ name: 'Grace Hopper (acme)' });
  });

  it('APP-ERR-001 /validate answers 401 {message} for an invalid account or an unknown account type', async () => {
    for (const body of [
      { id: 'token', fields: { token: 'bad' } },
      { id: 'token', fields: {} },
      { id: 'basic', fields: { token: 'good' } },
    ]) {
      const answer = await post(app, '/validate', body);
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ message: expect.stringMatching(/\S/) });
    }
  });

  it('APP-020 APP-021 APP-022 APP-051 APP-052 APP-053 config answers types, filters and webhooks {enabled, type: ui}, with or without an account', async () => {
    for (const body of [undefined, {}, { account }]) {
      const answer = await post(app, '/api/v1/synchronizer/config', body);
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({
        types: [
          { id: 'project', name: 'Projects' },
          { id: 'issue', name: 'Issues' },
        ],
        filters: app.scenario.filters,
        webhooks: { enabled: true, type: 'ui' },
      });
    }
  });

  it('APP-024 APP-025 schema answers the requested types only, each with id and name', async () => {
    const answer = await post(app, '/api/v1/synchronizer/schema', { types: ['issue'], filter: {}, account });
    expect(answer.status).toBe(200);
    const schema = answer.json as Record<string, Record<string, unknown>>;
    expect(Object.keys(schema)).toEqual(['issue']);
    expect(schema.issue).toEqual(app.scenario.schema.issue);
    expect(schema.issue.id).toEqual({ name: 'Id', type: 'id' });
    expect(schema.issue.name).toEqual({ name: 'Title', type: 'text' });
    const unknown = await post(app, '/api/v1/synchronizer/schema', { types: ['sprint'], filter: {}, account });
    expect(unknown.status).toBe(400);
    expect((unknown.json as { message: string }).message).toContain('sprint');
  });

  it('APP-030 APP-032 APP-063 datalist tells the lists apart by field and follows dependsOn', async () => {
    const projects = await post(app, '/api/v1/synchronizer/datalist', { types, account, field: 'project' });
    expect(projects.json).toEqual({ items: [{ title: 'Apollo', value: 'P1' }, { title: 'Gemini', value: 'P2' }] });
    const states = await post(app, '/api/v1/synchronizer/datalist', { types, account, field: 'states', dependsOn: { project: 'P2' } });
    expect((states.json as { items: unknown[] }).items).toHaveLength(2);
    const apolloStates = await post(app, '/api/v1/synchronizer/datalist', { types, account, field: 'states', dependsOn: { project: 'P1' } });
    expect((apolloStates.json as { items: { value: string }[] }).items.map((i) => i.value)).toEqual(['open', 'progress', 'done']);
    const unknown = await post(app, '/api/v1/synchronizer/datalist', { types, account, field: 'since' });
    expect(unknown.status).toBe(400);
  });

  it('APP-033 APP-035 APP-ERR-002 filter/validate answers 204 for a valid filter and 400 {message} by the rules', async () => {
    const valid = await post(app, '/api/v1/synchronizer/filter/validate', { types, account, filter: { since: '2024-01-31', limit: 10, project: 'P1' } });
    expect(valid.status).toBe(204);
    expect(valid.text).toBe('');
    expect((await post(app, '/api/v1/synchronizer/filter/validate', { types, account, filter: {} })).status).toBe(204);
    const badDate = await post(app, '/api/v1/synchronizer/filter/validate', { types, account, filter: { since: 'yesterday' } });
    expect(badDate.status).toBe(400);
    expect(badDate.json).toEqual({ message: 'Updated since must be a date (YYYY-MM-DD).' });
    const refused = await post(app, '/api/v1/synchronizer/filter/validate', { types, account, filter: { limit: 0 } });
    expect(refused.json).toEqual({ message: 'Max issues must be at least 1.' });
  });

  it('APP-027 APP-058 APP-059 APP-079 data pages to the end, passing nextPageConfig back (pages of 2)', async () => {
    const { pages, items } = await allPages(app, 'issue', account);
    expect(pages.map((p) => (p.json as { items: unknown[] }).items.length)).toEqual([2, 2, 1]);
    expect(items.map((i) => i.id)).toEqual(['ISS-1', 'ISS-2', 'ISS-3', 'ISS-4', 'ISS-5']);
    for (const [i, page] of pages.entries()) {
      const body = page.json as { pagination: { hasNext: boolean; nextPageConfig?: unknown }; synchronizationType: string };
      expect(body.synchronizationType).toBe('full');
      expect(body.pagination.hasNext).toBe(i < 2);
      if (body.pagination.hasNext) expect(body.pagination.nextPageConfig).toEqual({ offset: (i + 1) * 2 });
    }
    expect(items.every((i) => !('__syncAction' in i))).toBe(true);
  });

  it('rows refer to files (fixtures for MAP-033 MAP-035 MAP-036) by absolute addresses of the app ({{url}} substituted)', async () => {
    const [first] = app.rows('issue');
    expect(first.attachments).toEqual([`${app.url}/files/spec.pdf?__file-key=spec-v1`, `${app.url}/files/notes.txt`]);
    expect(first.documents).toEqual([`app://resource?url=${app.url}/files/secret-plan.txt&value=1&id=secret-plan`]);
    const pdf = await call(app.url, 'GET', '/files/spec.pdf?__file-key=spec-v1');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.text).toBe('%PDF-1.4\n% mock specification\n%%EOF\n');
    const png = await fetch(`${app.url}/files/screenshot.png`);
    expect(Buffer.from(await png.arrayBuffer())).toEqual(Buffer.from(app.scenario.files?.['/files/screenshot.png'].base64 ?? 'x', 'base64'));
    expect((await call(app.url, 'GET', '/files/missing.txt')).status).toBe(404);
  });

  it('APP-036 APP-038 resource streams the file named by the app:// address (params.url) or by params.id', async () => {
    const address = new URL(app.rows('issue')[0].documents?.toString() ?? '');
    const params = Object.fromEntries(address.searchParams);
    expect(params).toEqual({ url: `${app.url}/files/secret-plan.txt`, value: '1', id: 'secret-plan' });
    const byUrl = await post(app, '/api/v1/synchronizer/resource', { types, account, filter: {}, params });
    expect(byUrl.status).toBe(200);
    expect(byUrl.headers.get('content-type')).toBe('text/plain');
    expect(byUrl.text).toBe('The secret plan, only given through the resource endpoint.\n');
    const byId = await post(app, '/api/v1/synchronizer/resource', { types, account, filter: {}, params: { id: 'notes', value: '2' } });
    expect(byId.text).toBe('Notes of the login bug.\n');
    const missing = await post(app, '/api/v1/synchronizer/resource', { types, account, filter: {}, params: { url: 'https://elsewhere.example.org/files/notes.txt' } });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ message: expect.stringContaining('elsewhere') });
  });

  it('the synchronizer endpoints refuse an account the external system does not accept with 401 {message}', async () => {
    const bad = { token: 'stolen' };
    const calls: [string, unknown][] = [
      ['/api/v1/synchronizer/schema', { types, filter: {}, account: bad }],
      ['/api/v1/synchronizer/data', dataRequest('issue', bad)],
      ['/api/v1/synchronizer/datalist', { types, account: bad, field: 'project' }],
      ['/api/v1/synchronizer/filter/validate', { types, account: bad, filter: {} }],
      ['/api/v1/synchronizer/resource', { types, account: bad, filter: {}, params: { id: 'notes' } }],
      ['/api/v1/synchronizer/webhooks', { types, account: bad, filter: {}, webhook: null }],
      ['/api/v1/synchronizer/webhooks/transform', { types, account: bad, filter: {}, params: {}, payload: app.scenario.events?.[0].body }],
    ];
    for (const [path, body] of calls) {
      const answer = await post(app, path, body);
      expect(answer.status, path).toBe(401);
      expect(answer.json, path).toEqual({ message: expect.stringMatching(/\S/) });
    }
  });

  it('answers a request that breaks the contract with 400 naming the field', async () => {
    const answer = await post(app, '/api/v1/synchronizer/data', { types, account, filter: {}, schema: {} });
    expect(answer.status).toBe(400);
    expect((answer.json as { message: string }).message).toContain('requestedType');
    const notJson = await post(app, '/validate', '{"id": ', { 'content-type': 'application/json' });
    expect(notJson.status).toBe(400);
    expect((notJson.json as { message: string }).message).toMatch(/not valid JSON/);
    const badTime = await post(app, '/api/v1/synchronizer/data', dataRequest('issue', account, { lastSynchronizedAt: 'yesterday' }));
    expect(badTime.status).toBe(400);
    expect((badTime.json as { message: string }).message).toContain('lastSynchronizedAt');
    expect((await call(app.url, 'GET', '/api/v1/nothing')).status).toBe(404);
  });

  it('records every request: method, path, query, headers, parsed body and time', async () => {
    app.clearRequests();
    const before = Date.now();
    await post(app, '/validate?trace=1', { id: 'token', fields: { token: 'good' } }, { 'x-test': 'yes' });
    await call(app.url, 'GET', '/logo');
    expect(app.requests).toHaveLength(2);
    const [validate, logo] = app.requests;
    expect(validate).toMatchObject({ method: 'POST', path: '/validate', query: { trace: '1' }, body: { id: 'token', fields: { token: 'good' } } });
    expect(validate.headers['x-test']).toBe('yes');
    expect(validate.at).toBeGreaterThanOrEqual(before);
    expect(logo).toMatchObject({ method: 'GET', path: '/logo', body: undefined });
  });
});

describe('tracker scenario: changes, steps, webhooks and events', () => {
  const options = { scenario: SCENARIO };

  it('APP-060 data with lastSynchronizedAt answers a delta after change(): SET rows and REMOVE tombstones', async () => {
    await withApp(options, async (app) => {
      const since = new Date(Date.now() + 1).toISOString();
      await new Promise((resolve) => setTimeout(resolve, 5));
      app.change({ issue: { create: [{ id: 'ISS-9', name: 'New one' }], update: [{ id: 'ISS-2', name: 'Faster search', tags: null }], delete: ['ISS-5'] } });
      const { pages, items } = await allPages(app, 'issue', account, { lastSynchronizedAt: since });
      expect(pages.every((p) => (p.json as { synchronizationType: string }).synchronizationType === 'delta')).toBe(true);
      expect(items).toEqual([
        { ...app.rows('issue').find((r) => r.id === 'ISS-2'), __syncAction: 'SET' },
        { id: 'ISS-9', name: 'New one', __syncAction: 'SET' },
        { id: 'ISS-5', __syncAction: 'REMOVE' },
      ]);
      expect(items[0]).toMatchObject({ name: 'Faster search', tags: null, state: 'In progress' });
      const full = await allPages(app, 'issue', account);
      expect(full.items.map((i) => i.id)).toEqual(['ISS-1', 'ISS-2', 'ISS-3', 'ISS-4', 'ISS-9']);
      const later = await allPages(app, 'issue', account, { lastSynchronizedAt: new Date(Date.now() + 1000).toISOString() });
      expect(later.items).toEqual([]);
    });
  });

  it('change() refuses a change that does not apply, naming it, and applies nothing of it', async () => {
    await withApp(options, async (app) => {
      expect(() => app.change({ issue: { create: [{ id: 'ISS-10', name: 'x' }], update: [{ id: 'ISS-404', name: 'y' }] } })).toThrow(/\/issue\/update\/0\/id: there is no row "ISS-404"/);
      expect(app.rows('issue').map((r) => r.id)).not.toContain('ISS-10');
      expect(() => app.change({ sprint: { delete: ['S1'] } })).toThrow(/unknown type "sprint"/);
      expect(() => app.change({ issue: { remove: ['ISS-1'] } } as never)).toThrow(/\/issue\/remove is not a known property/);
    });
  });

  it('advance() applies the next step and answers false when none is left', async () => {
    await withApp(options, async (app) => {
      expect(app.advance()).toBe(true);
      expect(app.rows('issue').map((r) => r.id)).toEqual(['ISS-1', 'ISS-2', 'ISS-4', 'ISS-5', 'ISS-6']);
      expect(app.rows('issue')[0]).toMatchObject({ state: 'Done', progress: 100, name: 'Login fails on Safari' });
      expect(app.advance()).toBe(true);
      expect(app.rows('project')[1].name).toBe('Gemini II');
      expect(app.advance()).toBe(false);
    });
  });

  it('APP-039 APP-041 APP-066 webhooks installs a registration {id, workspaceId}; a reinstall keeps the id', async () => {
    await withApp(options, async (app) => {
      const first = await post(app, '/api/v1/synchronizer/webhooks', { types, filter: {}, account, webhook: null });
      expect(first.status).toBe(200);
      const registration = first.json as Record<string, unknown>;
      expect(registration).toMatchObject({ id: 'wh_1', workspaceId: 'acme', installs: 1 });
      const again = await post(app, '/api/v1/synchronizer/webhooks', { types: ['issue'], filter: { project: 'P1' }, account, webhook: registration });
      expect(again.json).toMatchObject({ id: 'wh_1', workspaceId: 'acme', installs: 2, types: ['issue'], filter: { project: 'P1' } });
      const other = await post(app, '/api/v1/synchronizer/webhooks', { types, filter: {}, account, webhook: null });
      expect((other.json as { id: string }).id).toBe('wh_2');
    });
  });

  it('EVT-003 APP-042 APP-044 APP-067 APP-069 pre-process checks the signature over the raw bytes and names the workspaces', async () => {
    await withApp(options, async (app) => {
      const event = app.scenario.events?.find((e) => e.name === 'issue-created');
      const raw = JSON.stringify(event?.body);
      const signature = sign('tracker-webhook-secret', raw);
      const path = '/api/v1/synchronizer/webhooks/pre-process';
      const ok = await post(app, path, raw, { 'content-type': 'application/json', 'x-mock-signature': signature });
      expect(ok.status).toBe(200);
      expect(ok.json).toEqual({ reply: { ok: true }, workspaceIds: ['acme'] });
      // The same JSON with other bytes (spaces) does not carry this signature.
      const respaced = await post(app, path, JSON.stringify(event?.body, null, 1), { 'content-type': 'application/json', 'x-mock-signature': signature });
      expect(respaced.status).toBe(401);
      expect(respaced.json).toEqual({ reply: { error: 'bad signature' }, workspaceIds: [] });
      const unsigned = await post(app, path, raw, { 'content-type': 'application/json' });
      expect(unsigned.status).toBe(401);
      const other = app.scenario.events?.find((e) => e.name === 'other-workspace');
      const otherRaw = JSON.stringify(other?.body);
      const globex = await post(app, path, otherRaw, { 'content-type': 'application/json', 'x-mock-signature': sign('tracker-webhook-secret', otherRaw) });
      expect(globex.json).toEqual({ reply: { ok: true }, workspaceIds: ['globex'] });
    });
  });

  it('emitEvent() sends the event signed (wrongly for badSignature) with its headers', async () => {
    await withApp(options, async (app) => {
      const target = `${app.url}/api/v1/synchronizer/webhooks/pre-process`;
      const good = await app.emitEvent('issue-deleted', target);
      expect(good.status).toBe(200);
      expect(JSON.parse(good.body)).toEqual({ reply: { ok: true }, workspaceIds: ['acme'] });
      const received = app.requests.at(-1);
      expect(received?.headers['x-tracker-event']).toBe('issue.deleted');
      expect(received?.headers['x-mock-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
      const forged = await app.emitEvent('forged', target);
      expect(forged.status).toBe(401);
      await expect(app.emitEvent('nope', target)).rejects.toThrow(/no event "nope"/);
    });
  });

  it('APP-045 APP-047 APP-071 transform answers the rows of the event given as payload and applies them to the app', async () => {
    await withApp(options, async (app) => {
      const transform = (name: string) =>
        post(app, '/api/v1/synchronizer/webhooks/transform', {
          params: { 'content-type': 'application/json' },
          payload: app.scenario.events?.find((e) => e.name === name)?.body,
          types,
          filter: {},
          account,
        });
      const created = await transform('issue-created');
      expect(created.status).toBe(200);
      expect(created.json).toEqual({ data: { issue: [{ id: 'ISS-7', name: 'Add a changelog', state: 'Open', project: 'P1', __syncAction: 'SET' }] } });
      expect(app.rows('issue').at(-1)).toEqual({ id: 'ISS-7', name: 'Add a changelog', state: 'Open', project: 'P1' });
      await transform('issue-updated');
      expect(app.rows('issue').find((r) => r.id === 'ISS-2')).toMatchObject({ state: 'Done', name: 'Speed up the search' });
      const deleted = await transform('issue-deleted');
      expect((deleted.json as { data: { issue: unknown[] } }).data.issue).toEqual([{ id: 'ISS-4', __syncAction: 'REMOVE' }]);
      expect(app.rows('issue').map((r) => r.id)).not.toContain('ISS-4');
      const unknown = await post(app, '/api/v1/synchronizer/webhooks/transform', { params: {}, payload: { event: 'nope' }, types, filter: {}, account });
      expect(unknown.status).toBe(400);
    });
  });

  it('APP-048 APP-050 DELETE /api/v1/account answers 200', async () => {
    await withApp(options, async (app) => {
      const answer = await call(app.url, 'DELETE', '/api/v1/account', account);
      expect(answer.status).toBe(200);
    });
  });
});

describe('response validation against spec/app.openapi.yaml', () => {
  it('an answer that drifts from the contract is refused with 500 naming the breach', async () => {
    await withApp({ scenario: SCENARIO }, async (app) => {
      (app.scenario.app as unknown as Record<string, unknown>).version = 3;
      const answer = await call(app.url, 'GET', '/');
      expect(answer.status).toBe(500);
      expect((answer.json as { message: string }).message).toMatch(/breaks spec\/app\.openapi\.yaml.*version/);
    });
  });

  it('with validateResponses false the same answer goes out as it is', async () => {
    await withApp({ scenario: SCENARIO, validateResponses: false }, async (app) => {
      (app.scenario.app as unknown as Record<string, unknown>).version = 3;
      const answer = await call(app.url, 'GET', '/');
      expect(answer.status).toBe(200);
      expect((answer.json as { version: unknown }).version).toBe(3);
    });
  });
});
