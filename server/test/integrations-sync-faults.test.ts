// Apps that misbehave in ways no scenario scripts, made with nock: the connection reset in the
// middle of a run, an answer whose body never ends. A run fails with a clear error, keeps the
// pages applied before, and the server goes on answering.
import { request } from 'node:http';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { appInformation, integrationServerOptions } from './integrations-app-stub.js';
import { startTestServer, storages } from './storages.js';

// Nothing listens there: every answer comes from nock.
const APP = 'http://127.0.0.1:9';

const schema = {
  issue: {
    id: { id: 'id', name: 'Id', type: 'id' },
    name: { id: 'name', name: 'Name', type: 'text' },
  },
};

function scriptApp(): nock.Scope {
  return nock(APP)
    .persist()
    .get('/')
    .reply(200, appInformation())
    .post('/validate')
    .reply(200, { name: 'Ada' })
    .post('/api/v1/synchronizer/config')
    .reply(200, { types: [{ id: 'issue', name: 'Issues' }], filters: [] })
    .post('/api/v1/synchronizer/filter/validate')
    .reply(204)
    .post('/api/v1/synchronizer/schema')
    .reply(200, schema);
}

describe.each(storages)('apps that break the connection, on $name', (storage) => {
  let server: RunningServer;

  // node:http, not fetch: nock's fetch interceptor cannot pass a request with a body through.
  function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(server.baseUrl + path, {
        method,
        headers: { authorization: `Token ${server.token}`, ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }) },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  async function sourceWith(space: string): Promise<string> {
    const account = await call('POST', '/api/integrations/accounts', { appUrl: APP, accountType: 'token', fields: { token: 'good' } });
    expect(account.status).toBe(201);
    const source = await call('POST', '/api/integrations/sources', { accountId: account.body.id, space, types: ['issue'] });
    expect(source.status, JSON.stringify(source.body)).toBe(201);
    return source.body.id as string;
  }

  async function names(space: string): Promise<string[]> {
    const { body } = await call('POST', '/api/commands', { command: 'svc.entity/query', args: { query: { 'q/from': `${space}/Issues`, 'q/select': [`${space}/Name`], 'q/limit': 100 } } });
    return (body.result as Record<string, string>[]).map((e) => e[`${space}/Name`] as string).sort();
  }

  beforeAll(async () => {
    server = await startTestServer(storage, integrationServerOptions({ timeoutMs: 1_000 }));
    // Requests to the server under test go out for real; only the app's address is scripted.
    nock.enableNetConnect((host) => !host.endsWith(':9'));
  });
  afterEach(() => nock.cleanAll());
  afterAll(async () => {
    nock.restore();
    nock.activate();
    await server?.close();
  });

  it('APP-ERR-003 SYNC-010 a connection reset on the second page fails the run; the first page stays, the server answers', async () => {
    scriptApp();
    nock(APP)
      .post('/api/v1/synchronizer/data', (body: { pagination?: unknown }) => body.pagination === undefined)
      .reply(200, { items: [{ id: '1', name: 'first' }, { id: '2', name: 'second' }], pagination: { hasNext: true, nextPageConfig: { page: 2 } }, synchronizationType: 'full' })
      .post('/api/v1/synchronizer/data', (body: { pagination?: { page?: number } }) => body.pagination?.page === 2)
      .replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    const source = await sourceWith('Reset');
    const run = await call('POST', `/api/integrations/sources/${source}/syncs?wait=true`);
    expect(run.body.status).toBe('failed');
    const error = run.body.error as { name: string; message: string; data: { operation: string } };
    expect(error.name).toBe('integration.error/app-failed');
    expect(error.message).toMatch(/could not be reached for data/);
    expect(error.data.operation).toBe('data');
    expect(await names('Reset')).toEqual(['first', 'second']);
    expect((await call('POST', '/api/commands', { command: 'svc.schema/query' })).status).toBe(200);
  });

  it('APP-ERR-003 an answer that stalls past the time-out fails the run and removes nothing', async () => {
    scriptApp();
    nock(APP)
      .post('/api/v1/synchronizer/data')
      .reply(200, { items: [{ id: '1', name: 'kept' }], synchronizationType: 'full' })
      .post('/api/v1/synchronizer/data')
      .delay(3_000)
      .reply(200, { items: [], synchronizationType: 'full' });
    const source = await sourceWith('Stall');
    expect((await call('POST', `/api/integrations/sources/${source}/syncs?wait=true`)).body.status).toBe('succeeded');
    const second = await call('POST', `/api/integrations/sources/${source}/syncs?wait=true`);
    expect(second.body.status).toBe('failed');
    expect((second.body.error as { message: string }).message).toMatch(/did not answer data within 1000 ms/);
    // The full run that failed removed nothing it did not deliver.
    expect(await names('Stall')).toEqual(['kept']);
  });
});
