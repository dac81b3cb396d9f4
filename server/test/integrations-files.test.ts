// Files of synchronized rows: downloaded once per key and stored, a new URL of a known key keeps
// the file, `app://resource?...` through the app's resource endpoint with every query parameter,
// the bounds of a download (size, redirects, address policy, time-out), and `/files/<ref>`
// answering the stored content of a synchronized file.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { bootstrap } from '../src/bootstrap.js';
import type { RunningServer } from '../src/index.js';
import { toFileReference } from '../src/integrations/mapping/values/file-reference.js';
import { fileKeyOf, fileValues, prepareFiles, resourceParams, isAppResource } from '../src/integrations/files/index.js';
import { integrationSettings } from '../src/integrations/settings.js';
import type { AccountRecord, FileReference, SourceRecord } from '../src/integrations/types.js';
import type { ServerContext } from '../src/server-context.js';
import { TargetPolicy } from '../src/webhooks/target-policy.js';
import { integrationServerOptions, json, startStubApp, type StubApp } from './integrations-app-stub.js';
import { appCallFailure as failure } from './integrations-app-stub.js';
import { openDatabase, startTestServer, storages } from './storages.js';

const RESOURCE = '/api/v1/synchronizer/resource';

/** A reference as the mapping makes it: the key is `__file-key` or the URL, the name the last path segment. */
function ref(url: string, name = 'file.bin'): FileReference {
  return { url, key: fileKeyOf(url), name, ...(isAppResource(url) ? { resource: resourceParams(url) } : {}) };
}

function serveBytes(bytes: Buffer, contentType = 'application/octet-stream') {
  return (_req: unknown, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length });
    res.end(bytes);
  };
}

function redirect(to: string) {
  return (_req: unknown, res: ServerResponse) => {
    res.writeHead(302, { location: to });
    res.end();
  };
}

describe('file keys', () => {
  it('MAP-034 MAP-035 the key is __file-key wherever it stands among the parameters, else the URL (property)', () => {
    const text = fc.string({ minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: false, withFragments: false }), fc.dictionary(text.filter((k) => k !== '__file-key'), text), text, fc.nat(5), (base, params, key, at) => {
        const entries = Object.entries(params);
        const withKey = [...entries.slice(0, at), ['__file-key', key], ...entries.slice(at)];
        expect(fileKeyOf(`${base}?${new URLSearchParams(withKey).toString()}`)).toBe(key);
        const plain = entries.length > 0 ? `${base}?${new URLSearchParams(entries).toString()}` : base;
        expect(fileKeyOf(plain)).toBe(plain);
      }),
      { numRuns: 200 },
    );
  });

  it('MAP-035 the mapping keys a file by the same rule the stored file is found by (a repeated __file-key: the first; an empty one: the URL)', () => {
    for (const url of ['https://x.example/a?__file-key=one&__file-key=two', 'https://x.example/a?__file-key=', 'https://x.example/a?__file-key=&__file-key=k', 'app://resource?url=u&__file-key=r']) {
      expect(toFileReference(url).key).toBe(fileKeyOf(url));
    }
    expect(toFileReference('https://x.example/a?__file-key=one&__file-key=two').key).toBe('one');
  });
});

describe.each(storages)('files of synchronized rows on $name', (storage) => {
  let db: Database;
  let host: StubApp;
  let context: ServerContext;
  let source: SourceRecord;
  const account: AccountRecord = { id: randomUUID(), appUrl: '', appName: 'Stub', accountType: 'token', name: 'Ada', fields: { token: 'file-token' }, createdAt: new Date().toISOString(), warnings: [] };

  const stored = async (key: string) =>
    (await db.query<{ url: string; content: string; content_type: string; size: number; name: string }>('SELECT url, content, content_type, size, name FROM integration_files WHERE source_id = $1 AND file_key = $2', [source.id, key])).rows;

  beforeAll(async () => {
    host = await startStubApp();
    account.appUrl = host.url;
    db = await openDatabase(storage);
    await bootstrap(db);
    const partial: Pick<ServerContext, 'db' | 'appPolicy' | 'integrationSettings'> = {
      db,
      appPolicy: new TargetPolicy(['127.0.0.1']),
      integrationSettings: integrationSettings({ timeoutMs: 500, maxFileBytes: 1_000 }),
    };
    context = partial as ServerContext;
  });
  beforeEach(() => {
    host.requests.length = 0;
    // A fresh source per test: nothing stored for it yet.
    source = {
      id: randomUUID(),
      accountId: account.id,
      space: 'Stub',
      types: ['issue', 'user'],
      filter: { year: 2026 },
      keepUnsynced: false,
      mapping: { types: {} },
      webhook: null,
      lastSynchronizedAt: null,
      createdBy: randomUUID(),
      createdAt: new Date().toISOString(),
    };
  });
  afterAll(async () => {
    await host?.close();
    await db?.close();
  });

  it('MAP-033 MAP-034 downloads each new key once and stores it; a stored key is not downloaded again', async () => {
    const a = Buffer.from([1, 2, 3, 0, 255]);
    host.on('GET', '/a.pdf', serveBytes(a, 'application/pdf'));
    host.on('GET', '/b.txt', serveBytes(Buffer.from('bee'), 'text/plain'));
    const refs = [ref(`${host.url}/a.pdf`, 'a.pdf'), ref(`${host.url}/a.pdf`, 'a.pdf'), ref(`${host.url}/b.txt`, 'b.txt')];
    const prepared = await prepareFiles(context, { source, account, refs });
    expect(prepared.map((p) => p.downloaded)).toEqual([true, false, true]);
    expect(host.calls('GET', '/a.pdf')).toHaveLength(1);
    expect(host.calls('GET', '/b.txt')).toHaveLength(1);
    const values = fileValues(prepared);
    expect(values).toEqual([
      { 'file/name': 'a.pdf', 'file/url': `${host.url}/a.pdf` },
      { 'file/name': 'a.pdf', 'file/url': `${host.url}/a.pdf` },
      { 'file/name': 'b.txt', 'file/url': `${host.url}/b.txt` },
    ]);
    const [row] = await stored(`${host.url}/a.pdf`);
    expect(Buffer.from(row?.content ?? '', 'base64').equals(a)).toBe(true);
    expect(row).toMatchObject({ content_type: 'application/pdf', name: 'a.pdf' });
    expect(Number(row?.size)).toBe(5);
    const again = await prepareFiles(context, { source, account, refs: [ref(`${host.url}/a.pdf`, 'a.pdf')] });
    expect(again.map((p) => p.downloaded)).toEqual([false]);
    expect(host.calls('GET', '/a.pdf')).toHaveLength(1);
  });

  it('MAP-035 a new URL with the same __file-key keeps the stored file (stored under the key, with the URL it was downloaded from)', async () => {
    host.on('GET', '/doc', serveBytes(Buffer.from('first version')));
    const first = `${host.url}/doc?sig=1&__file-key=doc-1`;
    const second = `${host.url}/doc?sig=2&__file-key=doc-1`;
    expect((await prepareFiles(context, { source, account, refs: [ref(first, 'doc')] })).map((p) => p.downloaded)).toEqual([true]);
    host.on('GET', '/doc', serveBytes(Buffer.from('second version')));
    const p2 = await prepareFiles(context, { source, account, refs: [ref(second, 'doc')] });
    expect(p2).toEqual([{ key: 'doc-1', url: second, name: 'doc', downloaded: false }]);
    expect(fileValues(p2)).toEqual([{ 'file/name': 'doc', 'file/url': second }]);
    expect(host.calls('GET', '/doc')).toHaveLength(1);
    const rows = await stored('doc-1');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.url).toBe(first);
    expect(Buffer.from(rows[0]?.content ?? '', 'base64').toString()).toBe('first version');
  });

  it('MAP-036 APP-064 APP-037 MAP-053 fetches app://resource through the resource endpoint with every query parameter', async () => {
    host.on('POST', RESOURCE, serveBytes(Buffer.from('%PDF-1.7'), 'application/pdf'));
    const url = `app://resource?url=${encodeURIComponent('https://files.example.org/attachments/42')}&value=1&id=42&pathname=${encodeURIComponent('/a b/c')}`;
    const given = ref(url, '42');
    const withoutParams: FileReference = { url: `app://resource?url=u2&value=2`, key: 'app://resource?url=u2&value=2', name: 'u2' };
    const withSlash: FileReference = { url: 'app://resource/?url=u3&id=9', key: 'k3', name: 'u3' };
    const prepared = await prepareFiles(context, { source, account, refs: [given, withoutParams, withSlash] });
    expect(prepared.map((p) => p.downloaded)).toEqual([true, true, true]);
    const calls = host.calls('POST', RESOURCE);
    expect(calls.map((c) => c.json)).toEqual([
      { types: ['issue', 'user'], account: { token: 'file-token' }, filter: { year: 2026 }, params: { url: 'https://files.example.org/attachments/42', value: '1', id: '42', pathname: '/a b/c' } },
      { types: ['issue', 'user'], account: { token: 'file-token' }, filter: { year: 2026 }, params: { url: 'u2', value: '2' } },
      { types: ['issue', 'user'], account: { token: 'file-token' }, filter: { year: 2026 }, params: { url: 'u3', id: '9' } },
    ]);
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    expect((await stored(url))[0]).toMatchObject({ content_type: 'application/pdf', url });
  });

  it('refuses a file over settings.maxFileBytes, from a URL or the resource endpoint, and stores nothing', async () => {
    host.on('GET', '/big', serveBytes(Buffer.alloc(1_001, 1)));
    const big = await failure(prepareFiles(context, { source, account, refs: [ref(`${host.url}/big`)] }));
    expect(big.message).toBe(`The file "${host.url}/big" could not be downloaded: it exceeds 1000 bytes.`);
    expect(big.data).toMatchObject({ operation: 'file', url: `${host.url}/big` });
    host.on('POST', RESOURCE, serveBytes(Buffer.alloc(1_001, 1)));
    const resource = await failure(prepareFiles(context, { source, account, refs: [ref('app://resource?url=x&value=1')] }));
    expect(resource.message).toMatch(/exceeds 1000 bytes/);
    host.on('GET', '/fits', serveBytes(Buffer.alloc(1_000, 1)));
    await prepareFiles(context, { source, account, refs: [ref(`${host.url}/fits`)] });
    expect((await db.query('SELECT file_key FROM integration_files WHERE source_id = $1', [source.id])).rows).toEqual([{ file_key: `${host.url}/fits` }]);
  });

  it('follows up to 3 redirects, each checked by the address policy', async () => {
    host.on('GET', '/r1', redirect('/r2'));
    host.on('GET', '/r2', redirect(`${host.url}/r3`));
    host.on('GET', '/r3', redirect('/final'));
    host.on('GET', '/final', serveBytes(Buffer.from('arrived'), 'text/plain'));
    await prepareFiles(context, { source, account, refs: [ref(`${host.url}/r1`)] });
    expect(Buffer.from((await stored(`${host.url}/r1`))[0]?.content ?? '', 'base64').toString()).toBe('arrived');
    host.on('GET', '/r0', redirect('/r1'));
    const tooMany = await failure(prepareFiles(context, { source, account, refs: [ref(`${host.url}/r0`)] }));
    expect(tooMany.message).toMatch(/redirects more than 3 times/);
    host.on('GET', '/private', redirect(`http://127.0.0.2:${host.port}/final`));
    const refused = await failure(prepareFiles(context, { source, account, refs: [ref(`${host.url}/private`)] }));
    expect(refused.message).toMatch(/127\.0\.0\.2 is a private, loopback or reserved address/);
  });

  it('fails clearly on an error status, a time-out, or an address that is not http(s)', async () => {
    host.on('GET', '/missing', json(404, {}));
    expect((await failure(prepareFiles(context, { source, account, refs: [ref(`${host.url}/missing`)] }))).message).toMatch(/could not be downloaded: HTTP 404/);
    host.on('GET', '/slow', (_req, res) => {
      setTimeout(() => res.end('late'), 1_500).unref();
    });
    expect((await failure(prepareFiles(context, { source, account, refs: [ref(`${host.url}/slow`)] }))).message).toMatch(/within 500 ms/);
    expect((await failure(prepareFiles(context, { source, account, refs: [ref('file:///etc/passwd')] }))).message).toMatch(/not http, https or app:\/\/resource/);
    host.on('POST', RESOURCE, json(503, { message: 'Storage busy.', tryLater: true }));
    const busy = await failure(prepareFiles(context, { source, account, refs: [ref('app://resource?url=x')] }));
    expect(busy).toMatchObject({ tryLater: true, appStatus: 503 });
    expect(busy.message).toContain('Storage busy.');
    expect((await db.query('SELECT file_key FROM integration_files WHERE source_id = $1', [source.id])).rows).toEqual([]);
  });
});

describe.each(storages)('/files/<ref> of synchronized files on $name', (storage) => {
  let server: RunningServer;

  const call = async (path: string, body: unknown): Promise<unknown> => {
    const res = await fetch(server.baseUrl + path, {
      method: 'POST',
      headers: { authorization: `Token ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as unknown;
    if (res.status !== 200) throw new Error(`${path} failed (${res.status}): ${JSON.stringify(answer)}`);
    return answer;
  };

  beforeAll(async () => {
    server = await startTestServer(storage, integrationServerOptions());
    await call('/api/commands', {
      command: 'svc.schema/batch',
      args: {
        commands: [
          {
            command: 'schema.type/create',
            args: {
              'svc/name': 'Files/Docs',
              'svc/meta': { 'svc/domain?': true },
              'svc/fields': [
                { 'svc/name': 'Files/Title', 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } },
                { 'svc/name': 'Files/File', 'svc/type': 'file/file', 'svc/meta': { 'svc/collection?': true } },
              ],
            },
          },
        ],
      },
    });
    for (const n of [1, 2, 3]) {
      await call('/api/commands', {
        command: 'svc.entity/create',
        args: { type: 'Files/Docs', entity: { 'Files/Title': `Doc ${n}`, 'Files/File': [{ 'file/name': `doc-${n}.svg`, 'file/url': `https://files.example.org/doc-${n}.svg?__file-key=doc-${n}` }] } },
      });
    }
  });
  afterAll(() => server?.close());

  it('MAP-033 answers the stored content of a file a source synchronized, and redirects for other files', async () => {
    const answer = (await call('/api/graphql/space/Files', { query: '{ findDocs(orderBy: {title: ASC}) { title file { name url } } }' })) as {
      data: { findDocs: Array<{ title: string; file: Array<{ name: string; url: string }> }> };
    };
    const [mine, other, unrelated] = answer.data.findDocs.map((d) => d.file[0]);
    if (!mine || !other || !unrelated) throw new Error('three Docs with a file each');
    const entityOf = (signed: string) => new URL(signed).pathname.slice('/files/'.length).split('.')[0] as string;
    const sourceId = randomUUID();
    const content = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    await server.db.query("INSERT INTO integration_keys (source_id, app_type, external_key, entity_id, last_run_id) VALUES ($1, 'doc', 'k1', $2, 1)", [sourceId, entityOf(mine.url)]);
    // Both files are stored for the source, under an earlier URL of the same key; only the Entity
    // that source synchronized gets its content.
    for (const key of ['doc-1', 'doc-2']) {
      await server.db.query(
        `INSERT INTO integration_files (id, source_id, file_key, url, name, content_type, size, sha256, content, created_at) VALUES ($1, $2, $3, $4, 'logo.svg', 'image/png', $5, 'x', $6, $7)`,
        [randomUUID(), sourceId, key, `https://files.example.org/old/${key}.svg?__file-key=${key}`, content.length, content.toString('base64'), new Date().toISOString()],
      );
    }
    const served = await fetch(mine.url, { redirect: 'manual' });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="?logo\.svg"?$/);
    expect(Buffer.from(await served.arrayBuffer()).equals(content)).toBe(true);
    const notSynchronized = await fetch(other.url, { redirect: 'manual' });
    expect(notSynchronized.status).toBe(302);
    expect(notSynchronized.headers.get('location')).toBe('https://files.example.org/doc-2.svg?__file-key=doc-2');
    expect((await fetch(unrelated.url, { redirect: 'manual' })).status).toBe(302);
  });
});
