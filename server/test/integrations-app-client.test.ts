// The server's bounded client of integration apps, against a stub app that misbehaves: JSON bodies
// with their content type, answers checked against spec/app.openapi.yaml (garbage, broken schema,
// unknown keys), time-out, size limit, redirects not followed, error bodies ({message}, {error},
// tryLater), the address policy, and the endpoints with their own status rules.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { parse } from 'yaml';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APP_SPEC_PATH, contractProblem } from '../src/integrations/app/contract.js';
import { createAppClient, type AppClient } from '../src/integrations/app/client.js';
import { integrationSettings } from '../src/integrations/settings.js';
import type { AppDataRequest } from '../src/integrations/types.js';
import { TargetPolicy } from '../src/webhooks/target-policy.js';
import { appInformation, json, sendJson, startStubApp, type StubApp } from './integrations-app-stub.js';
import { appCallFailure as failure } from './integrations-app-stub.js';

const policy = new TargetPolicy(['127.0.0.1']);
const settings = integrationSettings({ timeoutMs: 400, maxResponseBytes: 4_096 });

const dataRequest: AppDataRequest = {
  requestedType: 'issue',
  types: ['issue'],
  account: { token: 't0k3n' },
  filter: {},
  schema: { issue: { id: { name: 'Id', type: 'id' }, name: { name: 'Name', type: 'text' } } },
  operationId: 'run-17',
};

describe('the app contract as a checker', () => {
  it('accepts every example of spec/app.openapi.yaml under its own schema', () => {
    const spec = parse(readFileSync(APP_SPEC_PATH, 'utf8')) as { components: { schemas: Record<string, { example?: unknown }> } };
    const names = Object.keys(spec.components.schemas).filter((n) => spec.components.schemas[n]?.example !== undefined);
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect(contractProblem(name as 'DataResponse', spec.components.schemas[name]?.example), name).toBeUndefined();
  });

  it('names the first offending JSON path', () => {
    expect(contractProblem('DataResponse', { items: [{ id: '1' }, { id: '2', __syncAction: 'DROP' }] })).toMatch(/^\/items\/1\/__syncAction .*REMOVE/);
    expect(contractProblem('AppInformation', { name: 'x' })).toMatch(/required property/);
    expect(contractProblem('DataResponse', { items: [], extra: { any: 1 } })).toBeUndefined();
  });
});

describe('the app client', () => {
  let app: StubApp;
  let client: AppClient;

  beforeAll(async () => {
    app = await startStubApp();
    client = createAppClient(`${app.url}/`, { policy, settings });
  });
  afterEach(() => {
    app.requests.length = 0;
  });
  afterAll(() => app?.close());

  it('APP-016 APP-018 APP-078 sends JSON bodies with Content-Type application/json, to the contract paths', async () => {
    app.on('POST', '/validate', json(200, { name: 'Ada' }));
    app.on('POST', '/api/v1/synchronizer/data', json(200, { items: [{ id: '1', name: 'One' }], synchronizationType: 'full' }));
    expect(await client.validate({ id: 'token', fields: { token: 't0k3n' } })).toEqual({ name: 'Ada' });
    expect((await client.data(dataRequest)).items).toEqual([{ id: '1', name: 'One' }]);
    const [validate] = app.calls('POST', '/validate');
    const [data] = app.calls('POST', '/api/v1/synchronizer/data');
    expect(validate?.headers['content-type']).toBe('application/json');
    expect(validate?.json).toEqual({ id: 'token', fields: { token: 't0k3n' } });
    expect(data?.headers['content-type']).toBe('application/json');
    expect(data?.json).toEqual(dataRequest);
    expect((data?.json as { operationId: string }).operationId).toBe('run-17');
  });

  it('APP-016 passes any JSON body through unchanged (property)', async () => {
    app.on('POST', '/api/v1/synchronizer/config', json(200, { types: [], filters: [] }));
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string(), fc.jsonValue()), async (account) => {
        app.requests.length = 0;
        await client.config({ account });
        const sent = app.calls('POST', '/api/v1/synchronizer/config')[0];
        expect(sent?.body.toString('utf8')).toBe(JSON.stringify({ account }));
      }),
      { numRuns: 40 },
    );
  });

  it('APP-077 ignores unknown keys of the app information', async () => {
    app.on('GET', '/', json(200, { ...appInformation(), id: 'stub', type: 'app', actions: [{ id: 'a' }] }));
    const info = await client.info();
    expect(info.name).toBe('Stub tracker');
    expect(app.calls('GET', '/')[0]?.headers['content-type']).toBeUndefined();
  });

  it('refuses garbage JSON, naming the operation', async () => {
    app.on('POST', '/api/v1/synchronizer/schema', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"issue": {"id": ');
    });
    const error = await failure(client.schema({ types: ['issue'], account: {} }));
    expect(error).toMatchObject({ name: 'integration.error/app-failed', status: 422, data: { operation: 'schema', appStatus: 200 } });
    expect(error.message).toMatch(/answer to schema is not valid JSON/);
  });

  it('refuses a 2xx answer that breaks the response schema, naming the operation and the JSON path', async () => {
    app.on('POST', '/api/v1/synchronizer/data', json(200, { items: [{ id: '1' }, { id: '2', __syncAction: 'DELETE' }] }));
    const error = await failure(client.data(dataRequest));
    expect(error.data).toMatchObject({ operation: 'data' });
    expect(error.message).toMatch(/answer to data does not match the app contract/);
    expect(error.message).toContain('/items/1/__syncAction');
    app.on('POST', '/api/v1/synchronizer/config', json(200, { types: [{ id: 'issue' }], filters: [] }));
    expect((await failure(client.config({}))).message).toContain('/types/0');
  });

  it('gives up on a slow answer after settings.timeoutMs, headers or body', async () => {
    app.on('POST', '/api/v1/synchronizer/data', (_req, res) => {
      setTimeout(() => sendJson(res, 200, { items: [] }), 2_000).unref();
    });
    let started = performance.now();
    const silent = await failure(client.data(dataRequest));
    expect(silent.message).toBe('The app did not answer data within 400 ms.');
    expect(performance.now() - started).toBeLessThan(1_500);
    // Headers at once, then a body that trickles: the clock covers the whole exchange.
    app.on('POST', '/api/v1/synchronizer/data', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"items": [');
      const timer = setInterval(() => res.write(' '), 100);
      res.on('close', () => clearInterval(timer));
    });
    started = performance.now();
    expect((await failure(client.data(dataRequest))).message).toMatch(/did not answer data within 400 ms/);
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('refuses an answer over settings.maxResponseBytes, declared or streamed', async () => {
    const big = { items: [{ id: '1', name: 'x'.repeat(5_000) }] };
    app.on('POST', '/api/v1/synchronizer/data', json(200, big));
    expect((await failure(client.data(dataRequest))).message).toBe("The app's answer to data exceeds 4096 bytes.");
    app.on('POST', '/api/v1/synchronizer/data', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      for (let i = 0; i < 10; i += 1) res.write(' '.repeat(1_000));
      res.end(JSON.stringify({ items: [] }));
    });
    expect((await failure(client.data(dataRequest))).message).toBe("The app's answer to data exceeds 4096 bytes.");
    // Exactly at the limit is fine.
    app.on('POST', '/api/v1/synchronizer/data', (_req, res) => {
      const text = JSON.stringify({ items: [] });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(text + ' '.repeat(4_096 - text.length));
    });
    expect((await client.data(dataRequest)).items).toEqual([]);
  });

  it('does not follow a redirect', async () => {
    app.on('POST', '/api/v1/synchronizer/data', (_req, res) => {
      res.writeHead(307, { location: '/elsewhere' });
      res.end();
    });
    app.on('POST', '/elsewhere', json(200, { items: [] }));
    const error = await failure(client.data(dataRequest));
    expect(error.data).toMatchObject({ operation: 'data', appStatus: 307 });
    expect(error.message).toMatch(/redirect \(HTTP 307 to \/elsewhere\), which is not followed/);
    expect(app.calls('POST', '/elsewhere')).toEqual([]);
  });

  it('APP-ERR-003 APP-ERR-008 carries the app message, from {message} or {error}', async () => {
    app.on('POST', '/api/v1/synchronizer/data', json(500, { message: 'The tracker is down.' }));
    const withMessage = await failure(client.data(dataRequest));
    expect(withMessage).toMatchObject({ name: 'integration.error/app-failed', appStatus: 500, appMessage: 'The tracker is down.', tryLater: false });
    expect(withMessage.message).toBe('The app answered data with HTTP 500: The tracker is down.');
    app.on('POST', '/api/v1/synchronizer/data', json(502, { error: 'Bad gateway upstream' }));
    expect((await failure(client.data(dataRequest))).message).toContain('Bad gateway upstream');
    app.on('POST', '/api/v1/synchronizer/data', (_req, res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<h1>oops</h1>');
    });
    expect((await failure(client.data(dataRequest))).message).toBe('The app answered data with HTTP 500 and no message.');
  });

  it('APP-ERR-004 APP-ERR-005 marks {message, tryLater: true} so the sync engine retries', async () => {
    app.on('POST', '/api/v1/synchronizer/data', json(429, { message: 'Rate limit reached.', tryLater: true }));
    const error = await failure(client.data(dataRequest));
    expect(error).toMatchObject({ tryLater: true, appStatus: 429, appMessage: 'Rate limit reached.' });
  });

  it('APP-ERR-008 any error status and message comes back with its status and message (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 400, max: 599 }),
        fc.string({ minLength: 1, maxLength: 200 }).filter((s) => s.trim() !== ''),
        fc.constantFrom('message', 'error'),
        fc.boolean(),
        async (status, text, key, tryLater) => {
          app.on('POST', '/api/v1/synchronizer/webhooks/transform', json(status, { [key]: text, ...(tryLater ? { tryLater: true } : {}) }));
          const error = await failure(client.transform({ params: {}, payload: {}, types: [], filter: {}, account: {} }));
          expect(error.appStatus).toBe(status);
          expect(error.appMessage).toBe(text.trim());
          expect(error.tryLater).toBe(tryLater);
          expect(error.data).toEqual({ operation: 'webhooks/transform', appStatus: status });
        },
      ),
      { numRuns: 30 },
    );
  });

  it('APP-ERR-001 a 401 from /validate refuses the account with the app message', async () => {
    app.on('POST', '/validate', json(401, { message: 'Token is not valid.' }));
    const error = await failure(client.validate({ id: 'token', fields: {} }));
    expect(error).toMatchObject({ name: 'integration.error/account-invalid', status: 422, data: { operation: 'validate', appStatus: 401 } });
    expect(error.message).toBe('The app refused the account: Token is not valid.');
    app.on('POST', '/validate', json(403, { message: 'Forbidden.' }));
    expect((await failure(client.validate({ id: 'token', fields: {} }))).name).toBe('integration.error/app-failed');
  });

  it('APP-034 APP-ERR-002 filter/validate: 2xx valid, 400 refused with the message, 404/405 not implemented', async () => {
    const body = { types: ['issue'], filter: { year: 2020 }, account: {} };
    app.on('POST', '/api/v1/synchronizer/filter/validate', (_req, res) => {
      res.writeHead(204);
      res.end();
    });
    expect(await client.validateFilter(body)).toBe('valid');
    app.on('POST', '/api/v1/synchronizer/filter/validate', json(400, { message: 'Year must be after 2000.' }));
    const refused = await failure(client.validateFilter(body));
    expect(refused).toMatchObject({ name: 'integration.error/filter-invalid', data: { operation: 'filter/validate', appStatus: 400, field: 'filter' } });
    expect(refused.message).toContain('Year must be after 2000.');
    app.on('POST', '/api/v1/synchronizer/filter/validate', json(405, {}));
    expect(await client.validateFilter(body)).toBe('not-implemented');
    app.on('POST', '/api/v1/synchronizer/filter/validate', json(500, { message: 'boom' }));
    expect((await failure(client.validateFilter(body))).name).toBe('integration.error/app-failed');
    expect(app.calls('POST', '/api/v1/synchronizer/filter/validate')[0]?.json).toEqual(body);
  });

  it('APP-072 APP-073 APP-049 APP-ERR-006 deletes at the singular /api/v1/account with the account data', async () => {
    app.on('DELETE', '/api/v1/account', json(200, {}));
    expect(await client.deleteAccount({ token: 't0k3n' })).toBe('deleted');
    const [call] = app.calls('DELETE', '/api/v1/account');
    expect(call?.json).toEqual({ token: 't0k3n' });
    expect(call?.headers['content-type']).toBe('application/json');
    expect(app.calls('DELETE', '/api/v1/accounts')).toEqual([]);
    app.on('DELETE', '/api/v1/account', json(404, {}));
    expect(await client.deleteAccount({})).toBe('not-implemented');
    app.on('DELETE', '/api/v1/account', json(500, { message: 'Token revocation failed.' }));
    const failed = await failure(client.deleteAccount({}));
    expect(failed).toMatchObject({ name: 'integration.error/account-cleanup-failed', data: { operation: 'account', appStatus: 500 } });
    expect(failed.message).toContain('Token revocation failed.');
  });

  it('APP-037 resource: the bytes and content type, bounded by the given size', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252]);
    app.on('POST', '/api/v1/synchronizer/resource', (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(bytes);
    });
    const body = { types: ['issue'], account: { token: 'x' }, filter: {}, params: { url: 'https://x/1', value: '1' } };
    expect(await client.resource(body, 100)).toEqual({ contentType: 'image/png', bytes });
    expect(app.calls('POST', '/api/v1/synchronizer/resource')[0]?.json).toEqual(body);
    expect((await failure(client.resource(body, 5))).message).toBe("The app's answer to resource exceeds 5 bytes.");
  });

  it('APP-043 APP-068 pre-process: the bytes and headers as given, the status as answered', async () => {
    const raw = Buffer.from('{"b":1,  "a":[2]}\n');
    app.on('POST', '/api/v1/synchronizer/webhooks/pre-process', json(202, { reply: { ok: true }, workspaceIds: ['org_1'] }));
    const accepted = await client.preProcess(raw, { 'content-type': 'application/vnd.custom+json', 'x-signature': 'sha256=abc' });
    expect(accepted).toEqual({ status: 202, body: { reply: { ok: true }, workspaceIds: ['org_1'] } });
    const [call] = app.calls('POST', '/api/v1/synchronizer/webhooks/pre-process');
    expect(call?.body.equals(raw)).toBe(true);
    expect(call?.headers['content-type']).toBe('application/vnd.custom+json');
    expect(call?.headers['x-signature']).toBe('sha256=abc');
    app.on('POST', '/api/v1/synchronizer/webhooks/pre-process', json(401, { reply: 'bad signature' }));
    expect(await client.preProcess(raw, {})).toEqual({ status: 401, body: { reply: 'bad signature', workspaceIds: [] } });
    app.on('POST', '/api/v1/synchronizer/webhooks/pre-process', json(200, { reply: 'ok' }));
    expect((await failure(client.preProcess(raw, {}))).message).toMatch(/pre-process does not match .*workspaceIds/);
  });

  it('refuses a private address without an allow-list, and a host that resolves to one, without calling it', async () => {
    const strict = createAppClient(app.url, { settings });
    const literal = await failure(strict.info());
    expect(literal.message).toMatch(/127\.0\.0\.1 is a private, loopback or reserved address/);
    const named = await failure(createAppClient(`http://localhost:${app.port}`, { settings }).info());
    expect(named.message).toMatch(/localhost resolves only to private, loopback or reserved addresses/);
    expect(app.requests).toEqual([]);
  });

  it('says when nothing answers', async () => {
    const closed = await startStubApp();
    await closed.close();
    const error = await failure(createAppClient(closed.url, { policy, settings }).info());
    expect(error).toMatchObject({ name: 'integration.error/app-failed', data: { operation: 'info' } });
    expect(error.data).not.toHaveProperty('appStatus');
    expect(error.message).toMatch(/could not be reached for info: nothing answers/);
  });
});
