/**
 * The signed address (GraphQL `File.url`) of a file an integration app linked answers the file the
 * service downloaded and stores (FILE-013): 200 with its content, its Content-Type and
 * `Content-Disposition: attachment` with its name, with no token. A file known by its `__file-key`
 * is the file first downloaded for that key, also at another URL of the key; a file the user added
 * to a synchronized Entity (a field of their own) answers a redirect to its `file/url`; once the
 * Entity no longer holds a file, its address answers 404 `file.error/not-found`.
 */
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { isRecord } from '../../shapes.js';
import { schemaBatch } from '../../workspace.js';
import { expectData, postGraphql, rowsOf } from '../graphql/lib/client.js';
import { lastResponse, withIntegration } from '../sync/integration.js';
import { oneTypeScenario } from '../sync/scenarios.js';
import { mediaType } from './client.js';

const SCENARIO = oneTypeScenario(
  'Files of rows: two URLs of one __file-key in two rows.',
  { attachments: { name: 'Attachments', type: 'array[text]', subType: 'file' } },
  [
    { id: 'f1', name: 'First', attachments: ['{{url}}/files/a.csv', '{{url}}/files/b.txt?__file-key=bee', '{{url}}/files/c.txt?__file-key='] },
    { id: 'f2', name: 'Second', attachments: ['{{url}}/files/b2.txt?__file-key=bee'] },
  ],
  {
    files: {
      '/files/a.csv': { contentType: 'text/csv', content: 'a,b\n1,2\n' },
      '/files/b.txt': { contentType: 'text/plain', content: 'file b' },
      '/files/b2.txt': { contentType: 'text/plain', content: 'file b at another address' },
      '/files/b3.txt': { contentType: 'text/plain', content: 'file b at a third address' },
      '/files/c.txt': { contentType: 'text/plain', content: 'file c' },
    },
  },
);

/** The user's own file field on the synchronized Database, and the file it holds. */
const OWN_FIELD = 'Own Files';
const OWN_FILE = { 'file/name': 'own.pdf', 'file/url': 'https://files.example.org/own.pdf' };

interface Expected {
  row: string;
  index: number;
  name: string;
  contentType: string;
  content: string;
}

export default defineCheck({
  id: 'files.synced-file-content',
  name:
    'The GraphQL File.url of a file an integration app linked answers 200 with the stored content, its Content-Type and Content-Disposition attachment with its name, without a token ' +
    '(the first file of a __file-key at every URL of the key); a file the user added answers a redirect to its file/url; an address of a file the Entity no longer holds answers 404 file.error/not-found',
  level: 'MUST',
  area: 'files',
  requirements: ['FILE-013'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, {}, async (it) => {
      const database = it.database('thing');
      const own = it.field(OWN_FIELD);
      expectSuccess(
        await schemaBatch(ctx, [{ command: 'schema.field/create', args: { 'svc/holder-type': database, 'svc/name': own, 'svc/type': 'file/file', 'svc/meta': { 'svc/collection?': true } } }]),
        `adding the field ${own} of the user to ${database}`,
      );
      const byKey = await it.byKey('thing');
      const first = byKey.get('f1');
      if (!first || typeof first['svc/id'] !== 'string') fail(`the row f1 is not in ${database}`, lastResponse(ctx));
      expectSuccess(await ctx.http.command({ command: 'svc.entity/update', args: { type: database, entity: { 'svc/id': first['svc/id'], [own]: [OWN_FILE] } } }), `adding a file to ${own} of the row f1`);

      const addresses = async (): Promise<Map<string, { files: string[]; own: string[] }>> => {
        const res = await postGraphql(ctx, it.space, { query: '{ findThings { name attachments { url } ownFiles { url } } }' });
        const rows = rowsOf(res, expectData(res, 'the file fields of the synchronized Database'), 'findThings', 'findThings');
        const urls = (v: unknown): string[] => (Array.isArray(v) ? v.map((f) => (isRecord(f) && typeof f['url'] === 'string' ? f['url'] : '')) : []);
        return new Map(rows.map((r) => [String(r['name']), { files: urls(r['attachments']), own: urls(r['ownFiles']) }]));
      };
      const get = (address: string): Promise<HttpResponse> => {
        if (!address.startsWith(`${ctx.http.baseUrl}/`)) fail(`the file address ${address} is not on the server (${ctx.http.baseUrl}); it should be its signed /files/ address`, lastResponse(ctx));
        return ctx.http.request({ method: 'GET', path: address.slice(ctx.http.baseUrl.length), auth: 'none' });
      };
      const before = await addresses();
      const expected: Expected[] = [
        { row: 'First', index: 0, name: 'a.csv', contentType: 'text/csv', content: 'a,b\n1,2\n' },
        { row: 'First', index: 1, name: 'b.txt', contentType: 'text/plain', content: 'file b' },
        { row: 'First', index: 2, name: 'c.txt', contentType: 'text/plain', content: 'file c' },
        { row: 'Second', index: 0, name: 'b.txt', contentType: 'text/plain', content: 'file b' },
      ];
      for (const e of expected) {
        const address = before.get(e.row)?.files[e.index];
        const note = e.row === 'Second' ? ', the second URL of the __file-key "bee": the file first stored for the key' : e.name === 'c.txt' ? ', an empty __file-key: the URL is the key' : '';
        const what = `GET of the address of file ${e.index} of the row "${e.row}" (${e.name}${note})`;
        if (address === undefined) fail(`${what}: the row answers no such file: ${JSON.stringify(before.get(e.row))}`, lastResponse(ctx));
        const res = await get(address);
        if (res.status !== 200) fail(`${what}: expected 200 with the stored content, got ${res.status}`, res);
        if (res.text !== e.content) fail(`${what}: answered ${JSON.stringify(res.text.slice(0, 100))}, expected the stored content ${JSON.stringify(e.content)}`, res);
        if (mediaType(res.headers['content-type']) !== e.contentType) fail(`${what}: Content-Type ${JSON.stringify(res.headers['content-type'])}, expected ${e.contentType}`, res);
        const disposition = res.headers['content-disposition'] ?? '';
        if (!/^attachment\b/i.test(disposition) || !disposition.includes(e.name)) fail(`${what}: Content-Disposition ${JSON.stringify(disposition)}, expected attachment with the filename ${e.name}`, res);
      }
      const ownAddress = before.get('First')?.own[0];
      if (ownAddress === undefined) fail(`the row "First" answers no file in ${OWN_FIELD}: ${JSON.stringify(before.get('First'))}`, lastResponse(ctx));
      const redirected = await get(ownAddress);
      if (redirected.status < 300 || redirected.status > 399 || redirected.headers['location'] !== OWN_FILE['file/url']) {
        fail(`GET of the address of the user's own file of the row "First": expected a redirect to ${OWN_FILE['file/url']}, got ${redirected.status} (Location ${JSON.stringify(redirected.headers['location'] ?? null)})`, redirected);
      }

      // A later sync delivers a third URL of the key "bee" in the row f2: its address answers the file first stored for the key, and so does the row f1's.
      it.app.change({ thing: { update: [{ id: 'f2', attachments: ['{{url}}/files/b3.txt?__file-key=bee'] }] } });
      await it.sync('a sync after the row f2 moved to a third URL of the __file-key "bee"');
      const moved = await addresses();
      for (const [row, index] of [['Second', 0], ['First', 1]] as const) {
        const what = `GET of the address of file ${index} of the row "${row}" after a later sync delivered a third URL of the __file-key "bee" in the row "Second"`;
        const address = moved.get(row)?.files[index];
        if (address === undefined) fail(`${what}: the row answers no such file: ${JSON.stringify(moved.get(row))}`, lastResponse(ctx));
        const res = await get(address);
        if (res.status !== 200 || res.text !== 'file b') fail(`${what}: expected 200 with the file first stored for the key ("file b"), got ${res.status} ${JSON.stringify(res.text.slice(0, 100))}`, res);
      }

      it.app.change({ thing: { update: [{ id: 'f1', attachments: ['{{url}}/files/a.csv'] }] } });
      await it.sync('a sync after the row f1 dropped its second file');
      const dropped = before.get('First')?.files[1] as string;
      const gone = await get(dropped);
      if (gone.status !== 404 || !isRecord(gone.json) || gone.json['name'] !== 'file.error/not-found') {
        fail(`GET of the address of the file the row "First" no longer holds: expected 404 file.error/not-found, got ${gone.status}`, gone);
      }
    });
  },
});
