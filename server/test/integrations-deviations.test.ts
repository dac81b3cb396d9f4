// Deviations from the app contract the reference server tolerates in a sync run, as the real
// service does (spec/integrations.md, "Deviations the service tolerates"): a schema relation of
// cardinality `one-to-many` is synced as the reverse of many-to-one, with a warning on the run;
// an app that keeps the contract gets none; any other break of the schema still fails the run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/service/types.js';
import type { RunningServer } from '../src/index.js';
import { appInformation, integrationServerOptions, json, sendJson, startStubApp, type StubApp } from './integrations-app-stub.js';
import { startTestServer, storages } from './storages.js';

type SyncRun = components['schemas']['SyncRun'];

const PROJECT = {
  id: { name: 'Id', type: 'id' },
  name: { name: 'Name', type: 'text' },
  issues: { name: 'Issues', type: 'array[text]', relation: { cardinality: 'one-to-many', targetType: 'issue', targetFieldId: 'id', name: 'Issues', targetName: 'Project' } },
};
const ISSUE = { id: { name: 'Id', type: 'id' }, name: { name: 'Name', type: 'text' } };
const ROWS: Record<string, unknown[]> = {
  project: [
    { id: 'p1', name: 'Apollo', issues: ['i1', 'i2'] },
    { id: 'p2', name: 'Gemini', issues: ['i3'] },
  ],
  issue: [
    { id: 'i1', name: 'One' },
    { id: 'i2', name: 'Two' },
    { id: 'i3', name: 'Three' },
  ],
};

describe.each(storages)('deviations a sync run tolerates, on $name', (storage) => {
  let server: RunningServer;
  let app: StubApp;

  const request = async (method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> => {
    const res = await fetch(server.baseUrl + path, {
      method,
      headers: { authorization: `Token ${server.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  const scriptApp = (schema: unknown) => {
    app.on('GET', '/', json(200, appInformation()));
    app.on('POST', '/validate', json(200, { name: 'Ada (stub)' }));
    app.on('POST', '/api/v1/synchronizer/config', json(200, { types: [{ id: 'project', name: 'Projects' }, { id: 'issue', name: 'Issues' }], filters: [] }));
    app.on('POST', '/api/v1/synchronizer/schema', json(200, schema));
    app.on('POST', '/api/v1/synchronizer/data', (req, res) => {
      const type = (req.json as { requestedType: string }).requestedType;
      sendJson(res, 200, { items: ROWS[type] ?? [], synchronizationType: 'full' });
    });
  };

  const sync = async (space: string): Promise<SyncRun> => {
    const account = await request('POST', '/api/integrations/accounts', { appUrl: app.url, accountType: 'token', fields: { token: 'good' } });
    expect(account.status, JSON.stringify(account.json)).toBe(201);
    const source = await request('POST', '/api/integrations/sources', { accountId: account.json['id'], space, types: ['project', 'issue'] });
    expect(source.status, JSON.stringify(source.json)).toBe(201);
    const run = await request('POST', `/api/integrations/sources/${String(source.json['id'])}/syncs?wait=true`);
    expect(run.status, JSON.stringify(run.json)).toBe(200);
    return run.json as unknown as SyncRun;
  };

  const query = async (query: unknown): Promise<Array<Record<string, unknown>>> => {
    const res = await request('POST', '/api/commands', { command: 'svc.entity/query', args: { query } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json['result'] as Array<Record<string, unknown>>;
  };

  beforeAll(async () => {
    app = await startStubApp();
    server = await startTestServer(storage, integrationServerOptions());
  });
  afterAll(async () => {
    await server?.close();
    await app?.close();
  });

  it('APP-085 syncs a one-to-many relation as the reverse of many-to-one, with a warning on the run', async () => {
    scriptApp({ project: PROJECT, issue: ISSUE });
    const run = await sync('Plan');
    expect(run.status, JSON.stringify(run.error)).toBe('succeeded');
    expect(run.warnings).toEqual([expect.stringMatching(/type "project" gives field "issues" the relation cardinality "one-to-many".*reverse of many-to-one/)]);
    const projects = await query({ 'q/from': 'Plan/Projects', 'q/select': ['Plan/Name', { 'Plan/Issues': { 'q/select': ['Plan/Name'], 'q/limit': 'q/no-limit' } }], 'q/order-by': [[['Plan/Name'], 'q/asc']], 'q/limit': 10 });
    const names = (e: Record<string, unknown>) => (e['Plan/Issues'] as Array<Record<string, string>>).map((i) => i['Plan/Name']).sort();
    expect(projects.map((p) => [p['Plan/Name'], names(p)])).toEqual([
      ['Apollo', ['One', 'Two']],
      ['Gemini', ['Three']],
    ]);
    // The other end holds one Entity: the issue's Project is a single relation.
    const issues = await query({ 'q/from': 'Plan/Issues', 'q/select': ['Plan/Name', { 'Plan/Project': ['Plan/Name'] }], 'q/order-by': [[['Plan/Name'], 'q/asc']], 'q/limit': 10 });
    expect(issues.map((i) => [i['Plan/Name'], (i['Plan/Project'] as Record<string, string> | null)?.['Plan/Name']])).toEqual([
      ['One', 'Apollo'],
      ['Three', 'Gemini'],
      ['Two', 'Apollo'],
    ]);
    const listed = await request('GET', `/api/integrations/syncs/${run.id}`);
    expect(listed.json['warnings']).toEqual(run.warnings);
  });

  it('an app that keeps the contract leaves the run without warnings; another cardinality is still refused', async () => {
    scriptApp({ project: { ...PROJECT, issues: { ...PROJECT.issues, relation: { ...PROJECT.issues.relation, cardinality: 'many-to-many' } } }, issue: ISSUE });
    const run = await sync('Kept');
    expect(run.status, JSON.stringify(run.error)).toBe('succeeded');
    expect(run.warnings).toEqual([]);

    scriptApp({ project: { ...PROJECT, issues: { ...PROJECT.issues, relation: { ...PROJECT.issues.relation, cardinality: 'some-to-all' } } }, issue: ISSUE });
    const account = await request('POST', '/api/integrations/accounts', { appUrl: app.url, accountType: 'token', fields: { token: 'good' } });
    const source = await request('POST', '/api/integrations/sources', { accountId: account.json['id'], space: 'Odd', types: ['project', 'issue'] });
    expect(source.status).toBe(422);
    expect(String(source.json['message'])).toMatch(/cardinality/);
  });
});
