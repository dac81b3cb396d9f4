// The suite's helpers for the files checks: a multipart POST (its curl line names each part), the
// bytes of an answer as received, and the receiver serving a file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, toCurl } from '../src/http.js';
import { Receiver } from '../src/receiver.js';

describe('files helpers', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await Receiver.start();
  });
  afterAll(() => receiver?.close());

  it('serves a file on a path and answers its bytes as received (invalid UTF-8 included)', async () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    receiver.serve('/f.bin', 'image/png', bytes);
    const http = new HttpClient({ baseUrl: receiver.baseUrl, token: 't' });
    const res = await http.get('/f.bin');
    expect(res.headers['content-type']).toBe('image/png');
    expect(Buffer.from(res.bytes ?? []).equals(Buffer.from(bytes))).toBe(true);
    expect((await http.get('/other')).json).toEqual({ ok: true });
  });

  it('posts a multipart body and records its parts for the curl line', async () => {
    const http = new HttpClient({ baseUrl: receiver.baseUrl, token: 't' });
    const res = await http.postForm('/upload', [
      { name: 'file', filename: 'a b.bin', contentType: 'application/pdf', value: new Uint8Array([0, 255, 10]) },
      { name: 'note', value: 'hi' },
    ]);
    expect(res.status).toBe(200);
    const got = receiver.on('/upload')[0];
    expect(got?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(got?.body).toContain('name="file"; filename="a b.bin"');
    expect(got?.body).toContain('Content-Type: application/pdf');
    expect(res.request.form).toEqual([
      { name: 'file', filename: 'a b.bin', contentType: 'application/pdf', size: 3 },
      { name: 'note', size: 2, value: 'hi' },
    ]);
    expect(toCurl(res.request)).toBe(`curl -sS -i -X POST '${receiver.baseUrl}/upload' -H 'Authorization: Token t' -F 'file=@a b.bin;type=application/pdf' --form-string 'note=hi'`);
  });
});
