// /api/webhooks/v2: the Architect access level (403 for others), input refused with the field
// named, the Database by name or svc/id, the secret returned only on creation, 404 on delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { issueToken } from '../src/http/tokens.js';
import { startTestServer, storages } from './storages.js';
import { Api, createTypes, type TestTypes } from './webhooks-support.js';

describe.each(storages)('webhook routes on $name', (storage) => {
  let server: RunningServer;
  let api: Api;
  let t: TestTypes;
  const lower: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(storage, { webhookWorker: false });
    api = new Api(server.baseUrl, server.token);
    t = await createTypes(api);
    const { rows } = await server.db.query<{ user_id: string }>('SELECT user_id FROM api_tokens LIMIT 1');
    for (const level of ['reader', 'editor'] as const) {
      lower[level] = await issueToken(server.db, { accessLevel: level, userId: rows[0]?.user_id as string, label: `a ${level}` });
    }
  });
  afterAll(() => server?.close());

  it('answers 403 {name, message, data} to a token below Architect, on every operation', async () => {
    for (const token of Object.values(lower)) {
      for (const [method, path, body] of [
        ['GET', '/api/webhooks/v2', undefined],
        ['POST', '/api/webhooks/v2', { url: 'http://127.0.0.1:9/x', type: t.items }],
        ['DELETE', '/api/webhooks/v2/1', undefined],
      ] as const) {
        const res = await api.request(method, path, body, token);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.json).toMatchObject({ name: 'auth.error/forbidden', data: { required: 'architect' } });
        expect((res.json as { message: string }).message).toMatch(/Architect/);
      }
    }
    expect(await api.webhooks()).toEqual([]);
  });

  it('adds a webhook by Database name or svc/id; the secret only in the answer to the add', async () => {
    const byName = await api.addWebhook('http://127.0.0.1:9/a', t.items);
    expect(byName).toMatchObject({ url: 'http://127.0.0.1:9/a', type: t.items, state: 'active', version: '2', runs: [] });
    expect(byName.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const schema = (await api.run({ command: 'svc.schema/query' })) as { 'svc/types': Array<{ 'svc/name': string; 'svc/id': string }> };
    const groupsId = schema['svc/types'].find((x) => x['svc/name'] === t.groups)?.['svc/id'] as string;
    const byId = await api.addWebhook('http://127.0.0.1:9/b', groupsId.toUpperCase());
    expect(byId.type).toBe(t.groups);
    expect(byId.id).toBeGreaterThan(byName.id);
    const list = await api.webhooks();
    expect(list.map((w) => w.id)).toEqual([byName.id, byId.id]);
    for (const w of list) expect(w).not.toHaveProperty('secret');
  });

  it('refuses a url that is not http(s), or private, loopback or reserved and not allowed, naming the field', async () => {
    for (const url of ['ftp://example.org/x', 'http://10.1.2.3/x', 'http://127.0.0.2/x', 'http://[::1]/x', 'http://[::ffff:10.0.0.1]/x', 'http://169.254.169.254/x', 'http://0.0.0.0/x']) {
      const res = await api.request('POST', '/api/webhooks/v2', { url, type: t.items });
      expect(res.status, url).toBe(400);
      expect(res.json, url).toMatchObject({ name: 'webhook.error/url-refused', data: { field: 'url' } });
    }
    // A host name is resolved: localhost resolves to the allowed 127.0.0.1 (and maybe ::1, which is left out).
    const local = await api.request('POST', '/api/webhooks/v2', { url: 'http://localhost:9/x', type: t.items });
    expect(local.status).toBe(200);
    const unresolvable = await api.request('POST', '/api/webhooks/v2', { url: 'http://no-such-host.invalid/x', type: t.items });
    expect(unresolvable.json).toMatchObject({ name: 'webhook.error/url-refused', data: { field: 'url' } });
  });

  it('refuses an unknown Database naming the field type, and a body that is not {url, type}', async () => {
    const unknown = await api.request('POST', '/api/webhooks/v2', { url: 'http://127.0.0.1:9/x', type: 'Nope/Nothing' });
    expect(unknown).toMatchObject({ status: 400, json: { name: 'webhook.error/type-not-found', data: { field: 'type' } } });
    const missing = await api.request('POST', '/api/webhooks/v2', { url: 'http://127.0.0.1:9/x' });
    expect(missing).toMatchObject({ status: 400, json: { name: 'request.error/invalid-body' } });
    const extra = await api.request('POST', '/api/webhooks/v2', { url: 'http://127.0.0.1:9/x', type: t.items, secret: 'mine' });
    expect(extra.status).toBe(400);
  });

  it('deletes a webhook (true), then answers 404 for it; a bad id is 400', async () => {
    const hook = await api.addWebhook('http://127.0.0.1:9/d', t.items);
    expect(await api.request('DELETE', `/api/webhooks/v2/${hook.id}`)).toEqual({ status: 200, json: true });
    expect(await api.request('DELETE', `/api/webhooks/v2/${hook.id}`)).toMatchObject({ status: 404, json: { name: 'webhook.error/not-found' } });
    expect((await api.request('DELETE', '/api/webhooks/v2/abc')).status).toBe(400);
    expect((await api.webhooks()).some((w) => w.id === hook.id)).toBe(false);
  });
});
