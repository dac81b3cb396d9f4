// The files API (FILE-001..009): multipart uploads read back byte for byte by secret, file
// Entities of svc/file in the command API and the Files extension's collection, downloads from a
// URL through the address policy and its bounds (lowered here), the errors of bad input and the
// access levels, on every storage.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { issueToken } from '../src/http/tokens.js';
import { startTestServer, storages } from './storages.js';

const MAX_BYTES = 1_000;

interface Answer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  json: unknown;
}

async function answer(res: Response): Promise<Answer> {
  const bytes = Buffer.from(await res.arrayBuffer());
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, bytes, json };
}

/** A host for downloads on loopback: each path answers as its handler says. */
async function startHost(routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void>): Promise<{ url: string; server: Server; seen: IncomingMessage[] }> {
  const seen: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    seen.push(req);
    const route = routes[req.url ?? ''];
    if (route) route(req, res);
    else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, seen };
}

describe.each(storages)('the files API on $name', (storage) => {
  let server: RunningServer;
  let reader: string;
  let editor: string;
  let host: Awaited<ReturnType<typeof startHost>>;
  let other: Awaited<ReturnType<typeof startHost>>;
  const content = Buffer.from([...Array.from({ length: 256 }, (_, i) => i), ...Buffer.from('\r\n--x--\r\n')]);

  const upload = async (parts: Array<{ name: string; value: Blob | string; filename?: string }>, token = server.token): Promise<Answer> => {
    const form = new FormData();
    for (const p of parts) {
      if (typeof p.value === 'string') form.append(p.name, p.value);
      else form.append(p.name, p.value, p.filename);
    }
    return answer(await fetch(`${server.baseUrl}/api/files`, { method: 'POST', headers: { authorization: `Token ${token}` }, body: form }));
  };
  const uploadFile = (bytes: Uint8Array, filename: string, type: string, token?: string) => upload([{ name: 'file', value: new Blob([Uint8Array.from(bytes)], { type }), filename }], token);
  const get = async (secret: string, token = server.token) => answer(await fetch(`${server.baseUrl}/api/files/${secret}`, { headers: { authorization: `Token ${token}` } }));
  const postJson = async (path: string, body: unknown, token = server.token) =>
    answer(await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Token ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }));
  const command = async (body: unknown): Promise<{ success: boolean; result: unknown }> => (await postJson('/api/commands', body)).json as { success: boolean; result: unknown };

  beforeAll(async () => {
    other = await startHost({
      '/echo-auth': (req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(`auth=${req.headers.authorization ?? 'none'}`);
      },
    });
    host = await startHost({
      '/files/annual%20report.pdf': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end(content);
      },
      '/no-type': (_req, res) => {
        res.writeHead(200);
        res.end('x');
      },
      '/big': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(Buffer.alloc(MAX_BYTES + 1));
      },
      '/exact': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(Buffer.alloc(MAX_BYTES, 7));
      },
      '/slow': () => undefined,
      '/loop': (_req, res) => {
        res.writeHead(302, { location: '/loop' });
        res.end();
      },
      '/to-private': (_req, res) => {
        res.writeHead(302, { location: 'http://10.1.2.3/x' });
        res.end();
      },
      '/to-other': (_req, res) => {
        res.writeHead(302, { location: `${other.url}/echo-auth` });
        res.end();
      },
      '/echo-auth': (req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(`auth=${req.headers.authorization ?? 'none'};method=${req.method}`);
      },
    });
    server = await startTestServer(storage, { appAllow: ['127.0.0.1'], webhookWorker: false, files: { maxBytes: MAX_BYTES, timeoutMs: 500, maxRedirects: 2 } });
    const { rows } = await server.db.query<{ user_id: string }>('SELECT user_id FROM api_tokens LIMIT 1');
    const userId = rows[0]?.user_id as string;
    reader = await issueToken(server.db, { accessLevel: 'reader', userId, label: 'a reader' });
    editor = await issueToken(server.db, { accessLevel: 'editor', userId, label: 'an editor' });
  });
  afterAll(async () => {
    await server?.close();
    for (const h of [host, other]) await new Promise<void>((resolve) => (h ? h.server.close(() => resolve()) : resolve()));
  });

  it('FILE-001 FILE-002 stores an upload as a svc/file Entity and answers the same bytes by secret, in any letter case', async () => {
    const res = await uploadFile(content, 'Straße ü.png', 'image/png', editor);
    expect(res.status).toBe(200);
    const entity = res.json as Record<string, unknown>;
    expect(entity).toMatchObject({ 'svc/name': 'Straße ü.png', 'svc/content-type': 'image/png', 'svc/content-length': content.length });
    const secret = entity['svc/secret'] as string;
    for (const spelled of [secret, secret.toUpperCase()]) {
      const read = await get(spelled, reader);
      expect(read.status).toBe(200);
      expect(read.headers.get('content-type')).toBe('image/png');
      expect(read.headers.get('content-disposition')).toMatch(/^attachment; filename=.*filename\*=UTF-8''Stra%C3%9Fe%20%C3%BC\.png$/);
      expect(read.headers.get('x-content-type-options')).toBe('nosniff');
      expect(read.bytes.equals(content)).toBe(true);
    }
    const query = { 'q/from': 'svc/file', 'q/select': ['svc/id', 'svc/name', 'svc/secret', 'svc/content-type', 'svc/content-length'], 'q/where': ['=', ['svc/id'], '$id'], 'q/limit': 1 };
    const rows = await command({ command: 'svc.entity/query', args: { query, params: { $id: entity['svc/id'] } } });
    expect(rows).toEqual({ success: true, result: [{ 'svc/id': entity['svc/id'], 'svc/name': 'Straße ü.png', 'svc/secret': secret, 'svc/content-type': 'image/png', 'svc/content-length': content.length }] });
  });

  it('FILE-002 keeps the secret, content type and size read-only, lets the name change, and forgets a deleted file', async () => {
    const entity = (await uploadFile(Buffer.from('abc'), 'a.txt', 'text/plain')).json as Record<string, string>;
    const id = entity['svc/id'];
    const readonly = await command({ command: 'svc.entity/update', args: { type: 'svc/file', entity: { 'svc/id': id, 'svc/secret': 'mine' } } });
    expect(readonly).toMatchObject({ success: false, result: { name: 'entity.error/field-readonly', data: { field: 'svc/secret' } } });
    expect(await command({ command: 'svc.entity/update', args: { type: 'svc/file', entity: { 'svc/id': id, 'svc/name': 'b.txt' } } })).toMatchObject({ success: true });
    expect((await get(entity['svc/secret'] as string)).headers.get('content-disposition')).toMatch(/^attachment; filename="?b\.txt"?$/);
    expect(await command({ command: 'svc.entity/delete', args: { type: 'svc/file', entity: { 'svc/id': id } } })).toMatchObject({ success: true });
    expect((await get(entity['svc/secret'] as string)).json).toMatchObject({ name: 'file.error/not-found', data: { field: 'secret' } });
    // Its content went with it; the system type svc/file stays.
    expect((await server.db.query('SELECT 1 FROM files WHERE id = $1', [id])).rows).toEqual([]);
    const dropType = await command({ command: 'svc.schema/batch', args: { commands: [{ command: 'schema.type/delete', args: { name: 'svc/file', 'delete-entities?': true, 'delete-related-fields?': true } }] } });
    expect(dropType).toMatchObject({ success: false, result: { name: 'schema.error/definition-invalid', data: { field: 'name' } } });
  });

  it('FILE-003 links files to an Entity through the Files extension', async () => {
    const db = `Files${randomUUID().slice(0, 8)}/Folders`;
    const install = await command({
      command: 'svc.schema/batch',
      args: { commands: [{ command: 'schema.type/create', args: { 'svc/name': db, 'svc/fields': [] } }, { command: 'svc.app/install-mixins', args: { types: { [db]: ['Files/Files-mixin'] } } }] },
    });
    expect(install.success).toBe(true);
    const again = await command({ command: 'svc.schema/batch', args: { commands: [{ command: 'svc.app/install-mixins', args: { types: { [db]: ['Files/Files-mixin'] } } }] } });
    expect(again.success).toBe(true);
    const schema = (await command({ command: 'svc.schema/query' })).result as { 'svc/types': Array<{ 'svc/name': string; 'svc/meta': Record<string, unknown>; 'svc/fields': Array<Record<string, unknown>> }> };
    const type = schema['svc/types'].find((t) => t['svc/name'] === db);
    expect(type?.['svc/meta']['app/mixins']).toEqual({ 'Files/Files-mixin': true });
    expect(type?.['svc/fields'].filter((f) => f['svc/name'] === 'Files/Files').map((f) => [f['svc/type'], (f['svc/meta'] as Record<string, unknown>)['svc/collection?']])).toEqual([['svc/file', true]]);
    expect(schema['svc/types'].filter((t) => t['svc/name'] === 'svc/file')).toHaveLength(1);
    // Named in the meta of schema.type/create (the public API's form), the mixin is installed too.
    const made = `${db} made`;
    expect((await command({ command: 'svc.schema/batch', args: { commands: [{ command: 'schema.type/create', args: { 'svc/name': made, 'svc/meta': { 'app/mixins': { 'Files/Files-mixin': true } } } }] } })).success).toBe(true);
    const after = (await command({ command: 'svc.schema/query' })).result as typeof schema;
    expect(after['svc/types'].find((t) => t['svc/name'] === made)?.['svc/fields'].find((f) => f['svc/name'] === 'Files/Files')?.['svc/type']).toBe('svc/file');
    const files = [];
    for (const name of ['one.bin', 'two.bin']) files.push((await uploadFile(Buffer.from(name), name, 'application/octet-stream')).json as Record<string, string>);
    const folder = (await command({ command: 'svc.entity/create', args: { type: db, entity: {} } })).result as { 'svc/id': string };
    const added = await command({ command: 'svc.entity/add-collection-items', args: { type: db, field: 'Files/Files', entity: { 'svc/id': folder['svc/id'] }, items: files.map((f) => ({ 'svc/id': f['svc/id'] })) } });
    expect(added.success).toBe(true);
    const query = { 'q/from': db, 'q/select': { id: 'svc/id', files: { 'q/from': 'Files/Files', 'q/select': ['svc/id', 'svc/secret', 'svc/name', 'svc/content-type'], 'q/limit': 'q/no-limit' } }, 'q/limit': 1 };
    const read = await command({ command: 'svc.entity/query', args: { query } });
    expect(read).toMatchObject({ success: true, result: [{ id: folder['svc/id'], files: files.map((f) => ({ 'svc/id': f['svc/id'], 'svc/secret': f['svc/secret'], 'svc/name': f['svc/name'], 'svc/content-type': 'application/octet-stream' })) }] });
  });

  it('makes the svc/file type once when first files arrive at the same time', async () => {
    const fresh = await startTestServer(storage, { webhookWorker: false });
    try {
      const sends = Array.from({ length: 4 }, (_, i) => {
        const form = new FormData();
        form.append('file', new Blob([`file ${i}`]), `f${i}.txt`);
        return fetch(`${fresh.baseUrl}/api/files`, { method: 'POST', headers: { authorization: `Token ${fresh.token}` }, body: form }).then((r) => r.status);
      });
      expect(await Promise.all(sends)).toEqual([200, 200, 200, 200]);
      const { rows } = await fresh.db.query<{ n: number }>("SELECT count(*) AS n FROM types WHERE name = 'svc/file'");
      expect(Number(rows[0]?.n)).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('FILE-004 stores the file at a URL: the name from the path or given, the content type answered, the client headers kept on its origin', async () => {
    const res = await postJson('/api/files/from-url', { url: `${host.url}/files/annual%20report.pdf` }, editor);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ 'svc/name': 'annual report.pdf', 'svc/content-type': 'application/pdf', 'svc/content-length': content.length });
    expect((await get((res.json as Record<string, string>)['svc/secret'] as string)).bytes.equals(content)).toBe(true);
    const named = await postJson('/api/files/from-url', { url: `${host.url}/no-type`, name: ' a/b.txt ' });
    expect(named.json).toMatchObject({ 'svc/name': 'a_b.txt', 'svc/content-type': 'application/octet-stream', 'svc/content-length': 1 });
    const same = await postJson('/api/files/from-url', { url: `${host.url}/echo-auth`, method: 'post', headers: { Authorization: 'Bearer secret-1' } });
    expect((await get((same.json as Record<string, string>)['svc/secret'] as string)).bytes.toString()).toBe('auth=Bearer secret-1;method=POST');
    const moved = await postJson('/api/files/from-url', { url: `${host.url}/to-other`, headers: { Authorization: 'Bearer secret-2' } });
    expect(moved.status).toBe(200);
    expect((await get((moved.json as Record<string, string>)['svc/secret'] as string)).bytes.toString()).toBe('auth=none');
  });

  it('FILE-005 refuses a URL the policy does not call, also behind a redirect, and one that is not http(s)', async () => {
    for (const url of ['http://10.0.0.1/x', 'http://[::ffff:192.168.1.1]/x', 'http://169.254.169.254/latest', 'ftp://example.org/x', 'not a url', `${host.url}/to-private`]) {
      const res = await postJson('/api/files/from-url', { url });
      expect(res.status, url).toBe(400);
      expect(res.json, url).toMatchObject({ name: 'file.error/url-refused', data: { field: 'url', url } });
    }
    for (const headers of [{ Host: 'example.org' }, { 'content-length': '5' }]) {
      const res = await postJson('/api/files/from-url', { url: `${host.url}/no-type`, headers });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ name: 'request.error/invalid-body', data: { field: `/headers/${Object.keys(headers)[0]}` } });
    }
    const badName = await postJson('/api/files/from-url', { url: `${host.url}/no-type`, headers: { 'bad name': 'x' } });
    expect(badName.status).toBe(400);
    const badValue = await postJson('/api/files/from-url', { url: `${host.url}/no-type`, headers: { 'x-a': 'line\r\nbreak' } });
    expect(badValue.status).toBe(400);
  });

  it('FILE-009 bounds downloads: size, redirects, time-out, error status', async () => {
    expect((await postJson('/api/files/from-url', { url: `${host.url}/exact` })).status).toBe(200);
    const big = await postJson('/api/files/from-url', { url: `${host.url}/big` });
    expect(big.status).toBe(413);
    expect(big.json).toMatchObject({ name: 'file.error/too-large', data: { limit: MAX_BYTES } });
    const loop = await postJson('/api/files/from-url', { url: `${host.url}/loop` });
    expect(loop.status).toBe(422);
    expect(loop.json).toMatchObject({ name: 'file.error/download-failed', data: { field: 'url', status: 302 } });
    expect((loop.json as { message: string }).message).toMatch(/redirects more than 2 times/);
    const slow = await postJson('/api/files/from-url', { url: `${host.url}/slow` });
    expect(slow.json).toMatchObject({ name: 'file.error/download-failed' });
    expect((slow.json as { message: string }).message).toMatch(/within 500 ms/);
    const missing = await postJson('/api/files/from-url', { url: `${host.url}/nothing-here` });
    expect(missing.json).toMatchObject({ name: 'file.error/download-failed', data: { status: 404 } });
  });

  it('FILE-009 takes an upload of exactly the limit and refuses a larger one with 413', async () => {
    expect((await uploadFile(Buffer.alloc(MAX_BYTES, 1), 'exact.bin', 'application/octet-stream')).status).toBe(200);
    const big = await uploadFile(Buffer.alloc(MAX_BYTES + 1, 1), 'big.bin', 'application/octet-stream');
    expect(big.status).toBe(413);
    expect(big.json).toMatchObject({ name: 'file.error/too-large', data: { field: 'file', limit: MAX_BYTES } });
    // Far over the limit: refused all the same, the connection still answers.
    const huge = await uploadFile(Buffer.alloc(MAX_BYTES * 200, 1), 'huge.bin', 'application/octet-stream');
    expect(huge.status).toBe(413);
  });

  it('FILE-006 FILE-007 names what is wrong: an unknown secret, no part "file", a text part, not multipart, a broken body', async () => {
    for (const secret of [randomUUID(), 'x'.repeat(150)]) {
      const res = await get(secret, reader);
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ name: 'file.error/not-found', data: { field: 'secret' } });
    }
    const near = await upload([{ name: 'files', value: new Blob(['x']), filename: 'x.bin' }]);
    expect(near.status).toBe(400);
    expect(near.json).toMatchObject({ name: 'request.error/invalid-body', data: { field: 'file', near: 'files' } });
    expect((near.json as { message: string }).message).toMatch(/did you mean "file"/);
    const text = await upload([{ name: 'file', value: 'just text' }]);
    expect(text.json).toMatchObject({ name: 'request.error/invalid-body', data: { field: 'file' } });
    expect((await upload([])).json).toMatchObject({ name: 'request.error/invalid-body', data: { field: 'file' } });
    const json = await postJson('/api/files', { file: 'x' });
    expect(json.status).toBe(415);
    expect(json.json).toMatchObject({ name: 'request.error/unsupported-media-type' });
    const broken = await answer(
      await fetch(`${server.baseUrl}/api/files`, {
        method: 'POST',
        headers: { authorization: `Token ${server.token}`, 'content-type': 'multipart/form-data; boundary=abc' },
        body: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nunterminated',
      }),
    );
    expect(broken.status).toBe(400);
    expect(broken.json).toMatchObject({ name: 'request.error/invalid-body', data: { field: 'body' } });
    const noBoundary = await answer(await fetch(`${server.baseUrl}/api/files`, { method: 'POST', headers: { authorization: `Token ${server.token}`, 'content-type': 'multipart/form-data' }, body: 'x' }));
    expect(noBoundary.status).toBe(400);
  });

  it('FILE-008 needs the Editor level to store; a Reader reads', async () => {
    const refused = await uploadFile(Buffer.from('r'), 'r.txt', 'text/plain', reader);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ name: 'auth.error/forbidden', data: { required: 'editor', held: 'reader' } });
    const fromUrl = await postJson('/api/files/from-url', { url: `${host.url}/no-type` }, reader);
    expect(fromUrl.status).toBe(403);
    const anonymous = await answer(await fetch(`${server.baseUrl}/api/files/${randomUUID()}`));
    expect(anonymous.status).toBe(401);
  });
});
