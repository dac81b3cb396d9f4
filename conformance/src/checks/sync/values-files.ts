import { isDeepStrictEqual } from 'node:util';
import { fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import { isRecord, type JsonRecord } from '../../shapes.js';
import { lastResponse, withIntegration } from './integration.js';
import { APP_PATHS, bodyOf, requestsTo, type MockApp } from './mock.js';
import { AVATAR_FIELD } from './read.js';
import { oneTypeScenario } from './scenarios.js';
import { describeValue, LIMITS, urlOf } from './values-refused.js';

const text = (content: string) => ({ contentType: 'text/plain', content });

/** A file URL of the most characters a file URL may have (MAP-071): the file e through the resource endpoint. */
const LONGEST = urlOf(LIMITS.fileUrl, 'app://resource?id=file-e&pad=');

/** A path segment over 255 characters: the file name keeps its first 255. */
const LONG_NAME = `${'n'.repeat(300)}.txt`;

/** An app://resource address whose `url` parameter is `address` (which names the file) and whose `id` finds the file e in the app. */
const resourceOf = (address: string): string => `app://resource?url=${encodeURIComponent(address)}&id=file-e`;

/** Addresses and the file/name each gives (MAP-073): the last non-empty path segment, decoded, control characters and slashes turned to _, trimmed, cut to 255 characters; `file` when none. */
const NAMES: ReadonlyArray<[string, string]> = [
  ['{{url}}/files/dir/', 'dir'],
  [resourceOf('https://example.org/files/%20spaced%09name.txt'), 'spaced_name.txt'],
  [resourceOf('https://example.org/files/a%2Fb.txt'), 'a_b.txt'],
  [resourceOf('https://example.org/files/%E0%A4%A.txt'), '%E0%A4%A.txt'],
  [`{{url}}/files/${LONG_NAME}`, 'n'.repeat(255)],
  [resourceOf('https://example.org/files/%20'), 'file'],
  [resourceOf('https://example.org/'), 'file'],
  ['app://resource?url=files/x.txt', 'x.txt'],
  ['app://resource?id=file-e', 'file'],
];

const SCENARIO = oneTypeScenario(
  'File fields: several files, a single file, files through the resource endpoint, an avatar.',
  {
    attachments: { name: 'Attachments', type: 'array[text]', subType: 'file' },
    cover: { name: 'Cover', type: 'text', subType: 'file' },
    gallery: { name: 'Gallery', type: 'array[text]', subType: 'files' },
    still: { name: 'Still', type: 'text', subType: 'files' },
    photo: { name: 'Photo', type: 'text', subType: 'avatar' },
  },
  [
    {
      id: 'f1',
      name: 'With files',
      attachments: ['{{url}}/files/a.txt', '{{url}}/files/b.txt?__file-key=bee'],
      cover: '  {{url}}/files/c.txt ',
      gallery: ['app://resource?url={{url}}/files/d.txt&value=1&id=file-d&pathname=%2Fd'],
      photo: '{{url}}/files/avatar.svg',
    },
    // The edges (MAP-073): a JSON text with blanks around it (a no-break and an em space too) and empty items, a repeat and empty __file-keys (no key: the URL is the key); two URLs of one key (the first kept);
    // several URLs for a single file field (text/file and text/files) and for the avatar (the first kept).
    {
      id: 'f2',
      name: 'Edges of the file notations',
      attachments: '\u00a0 ["{{url}}/files/a.txt?__file-key=", "", null, "{{url}}/files/b.txt?__file-key=", "{{url}}/files/a.txt?__file-key="] \u2003',
      cover: ['{{url}}/files/c.txt', '{{url}}/files/e.txt'],
      gallery: ['{{url}}/files/a.txt?__file-key=k1', '{{url}}/files/b.txt?__file-key=k1', '{{url}}/files/c.txt'],
      still: ['{{url}}/files/c.txt', '{{url}}/files/a.txt'],
      photo: '["{{url}}/files/avatar.svg", "{{url}}/files/e.txt"]',
    },
    // File names, an app://resource/? address, 100 URLs (the most a value holds, MAP-071), and an empty single file field.
    { id: 'f3', name: 'File names', attachments: NAMES.map(([address]) => address), gallery: Array.from({ length: 100 }, () => '{{url}}/files/c.txt'), cover: null },
    { id: 'f4', name: 'A resource address with a slash, the longest file URL', attachments: ['app://resource/?url={{url}}/files/d.txt'], cover: LONGEST },
  ],
  {
    files: {
      '/files/a.txt': text('file a'),
      '/files/a2.txt': text('file a, second version'),
      '/files/b.txt': text('file b'),
      '/files/b2.txt': text('file b at another address'),
      '/files/c.txt': text('file c'),
      '/files/d.txt': { ...text('file d'), id: 'file-d' },
      '/files/avatar.svg': { contentType: 'image/svg+xml', content: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle cx="4" cy="4" r="4"/></svg>' },
      '/files/dir/': text('a directory'),
      [`/files/${LONG_NAME}`]: text('a long name'),
      '/files/x.txt': text('file x'),
      '/files/e.txt': { ...text('file e'), id: 'file-e' },
    },
  },
);

function files(ctx: CheckContext, value: unknown, what: string): Array<{ name: unknown; url: unknown }> {
  if (!Array.isArray(value) || !value.every(isRecord)) fail(`${what}: the field holds ${JSON.stringify(value)}, not an array of {file/name, file/url}`, lastResponse(ctx));
  return (value as JsonRecord[]).map((f) => ({ name: f['file/name'], url: f['file/url'] }));
}

function downloads(app: MockApp, path: string): number {
  return requestsTo(app, path, 'GET').length;
}

export default defineCheck({
  id: 'sync.values-files',
  name:
    'File values are downloaded from their URL and recorded as {file/name, file/url} (file and files subTypes, several or a single file, the avatar); a file is known by its URL, or by its __file-key ' +
    'when given (a new URL with a known key, https too, is recorded without a new download); app://resource addresses are fetched through the resource endpoint with every query parameter in params; ' +
    'at the edges: a padded JSON text of URLs, empty items, repeats and empty __file-keys, two URLs of one key (the first kept), several URLs for a single file field (text/file or text/files) or the avatar (the first kept), ' +
    '100 URLs, a URL of 8,192 characters, a padded URL, app://resource/?, and file names (the last path segment decoded, control characters and slashes turned to _, trimmed, cut to 255 characters, "file" when none); ' +
    'each run counts the files it downloaded in stats.files',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-033', 'MAP-034', 'MAP-035', 'MAP-036', 'MAP-037', 'MAP-038', 'MAP-053', 'MAP-071', 'MAP-073', 'APP-037', 'APP-064', 'SYNC-018'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, {}, async (it) => {
      const url = it.app.url;
      let entity = (await it.byKey('thing')).get('f1');
      if (!entity) fail(`the row f1 is not in ${it.database('thing')}`, lastResponse(ctx));
      const attachments = files(ctx, entity[it.field('Attachments')], 'MAP-033 the array[text]/file field "attachments"');
      const expected = [`${url}/files/a.txt`, `${url}/files/b.txt?__file-key=bee`];
      if (!isDeepStrictEqual(attachments.map((f) => f.url), expected) || !attachments.every((f) => typeof f.name === 'string' && f.name !== '')) fail(`MAP-033: "attachments" holds ${JSON.stringify(attachments)}, expected two files with a name and the file/url as delivered: ${JSON.stringify(expected)}`, lastResponse(ctx));
      const cover = files(ctx, entity[it.field('Cover')], 'MAP-033 the text/file field "cover"');
      if (cover.length !== 1 || cover[0]?.url !== `${url}/files/c.txt`) fail(`MAP-033: the single file field "cover" holds ${JSON.stringify(cover)}, expected the one file ${url}/files/c.txt`, lastResponse(ctx));
      const gallery = files(ctx, entity[it.field('Gallery')], 'MAP-037 the array[text]/files field "gallery"');
      if (gallery.length !== 1) fail(`MAP-037: the files field "gallery" holds ${JSON.stringify(gallery)}, expected one file`, lastResponse(ctx));
      const avatar = files(ctx, entity[AVATAR_FIELD], `MAP-038 the avatar (${AVATAR_FIELD})`);
      if (avatar.length !== 1 || avatar[0]?.url !== `${url}/files/avatar.svg`) fail(`MAP-038: ${AVATAR_FIELD} holds ${JSON.stringify(avatar)}, expected the file ${url}/files/avatar.svg`, lastResponse(ctx));

      for (const path of ['/files/a.txt', '/files/b.txt', '/files/c.txt', '/files/avatar.svg']) {
        if (downloads(it.app, path) === 0) fail(`MAP-033: the service never downloaded ${url}${path} (no GET reached the app); files are downloaded and stored`, lastResponse(ctx));
      }
      const resource = requestsTo(it.app, APP_PATHS.resource);
      if (resource.length === 0) fail('MAP-036: the file app://resource?url=...&value=1&id=file-d&pathname=%2Fd was not fetched through POST /api/v1/synchronizer/resource', lastResponse(ctx));
      const body = bodyOf(resource[0]!, 'APP-037 the resource request');
      const params = { url: `${url}/files/d.txt`, value: '1', id: 'file-d', pathname: '/d' };
      if (!isDeepStrictEqual(body['params'], params)) fail(`APP-064: the resource request carried params ${JSON.stringify(body['params'])}, expected every query parameter of the address: ${JSON.stringify(params)}`, lastResponse(ctx));
      const missing = ['types', 'account', 'filter'].filter((k) => !(k in body));
      if (missing.length > 0) fail(`APP-037: the resource request lacks ${missing.join(', ')}; it is {types, account, filter, params}`, lastResponse(ctx));
      if (!isDeepStrictEqual(body['types'], ['thing']) || !isDeepStrictEqual(body['account'], { token: 'conformance-good-token' })) {
        fail(`APP-037: the resource request carried types ${JSON.stringify(body['types'])} and account ${JSON.stringify(body['account'])}, expected ["thing"] and the account's fields`, lastResponse(ctx));
      }

      // The edges of the notations (MAP-073) and of the limits (MAP-071).
      const edges = await it.byKey('thing');
      const expectFiles = (key: string, field: string, want: Array<[string, string?]>, rule: string) => {
        const got = files(ctx, field === AVATAR_FIELD ? edges.get(key)?.[AVATAR_FIELD] : edges.get(key)?.[it.field(field)], `${rule} the field "${field}" of row ${key}`);
        const ok = got.length === want.length && want.every(([u, name], i) => got[i]?.url === u.replace('{{url}}', url) && (name === undefined || got[i]?.name === name));
        if (!ok) fail(`${rule}: row ${key}'s "${field}" holds ${describeValue(got)}, expected ${describeValue(want.map(([u, name]) => ({ url: u.replace('{{url}}', url), ...(name === undefined ? {} : { name }) })))}`, lastResponse(ctx));
      };
      const f2 = SCENARIO.data?.['thing']?.rows.find((r) => r['id'] === 'f2') ?? {};
      expectFiles('f2', 'Attachments', [['{{url}}/files/a.txt?__file-key='], ['{{url}}/files/b.txt?__file-key=']], `MAP-073 the padded JSON text ${describeValue(f2['attachments'])} (empty items and a repeat dropped, an empty __file-key is no key)`);
      expectFiles('f2', 'Cover', [['{{url}}/files/c.txt', 'c.txt']], 'MAP-073 a single file field given two URLs keeps the first');
      if (downloads(it.app, '/files/e.txt') > 0) fail('MAP-073: the single file field "cover" and the avatar of row f2 were given /files/e.txt after another file: they keep the first file, yet /files/e.txt was downloaded', lastResponse(ctx));
      expectFiles('f2', 'Gallery', [['{{url}}/files/a.txt?__file-key=k1', 'a.txt'], ['{{url}}/files/c.txt', 'c.txt']], 'MAP-073/MAP-037 two URLs of the key k1 (the first is kept) and a third file in an array[text]/files field (several files)');
      expectFiles('f2', 'Still', [['{{url}}/files/c.txt', 'c.txt']], 'MAP-033/MAP-037 a text/files field (a single file) given two URLs keeps the first');
      expectFiles('f2', AVATAR_FIELD, [['{{url}}/files/avatar.svg', 'avatar.svg']], 'MAP-073 the avatar given the JSON text of two URLs keeps the first');
      expectFiles('f3', 'Attachments', NAMES.map(([address, name]) => [address, name]), 'MAP-073 file/name: the last non-empty path segment, decoded, control characters and slashes turned to _, trimmed, cut to 255 characters, "file" when none');
      expectFiles('f3', 'Gallery', [['{{url}}/files/c.txt', 'c.txt']], 'MAP-071 100 URLs of one file (the most a value holds)');
      expectFiles('f3', 'Cover', [], 'a null file value: no file');
      expectFiles('f4', 'Attachments', [['app://resource/?url={{url}}/files/d.txt', 'd.txt']], 'MAP-073 an app://resource/? address (with a slash) through the resource endpoint');
      expectFiles('f4', 'Cover', [[LONGEST, 'file']], `MAP-071 a file URL of ${LIMITS.fileUrl} characters`);
      expectFiles('f1', 'Cover', [['{{url}}/files/c.txt', 'c.txt']], 'MAP-073 a file URL with blanks around it (trimmed)');

      // A new URL with the known __file-key keeps the file (no download: an https address that answers nothing is fine) and records the URL; a new URL without a key is a new file.
      const before = { a2: downloads(it.app, '/files/a2.txt'), c: downloads(it.app, '/files/c.txt') };
      const moved = 'https://127.0.0.1:9/files/b.txt?__file-key=bee';
      it.app.change({ thing: { update: [{ id: 'f1', attachments: ['{{url}}/files/a2.txt', moved] }] } });
      const fetched = (): number => it.app.requests.filter((r) => (r.method === 'GET' && r.path.startsWith('/files/')) || r.path === APP_PATHS.resource).length;
      const first = it.firstRun?.stats.files;
      if (first !== fetched()) fail(`the first run's stats.files is ${JSON.stringify(first)}; it downloaded ${fetched()} files (GET /files/... and resource requests at the app)`, lastResponse(ctx));
      const fetchedBefore = fetched();
      const second = await it.sync(`MAP-035: a sync after the file addresses changed (${moved} has the key of a stored file and must not be fetched)`);
      if (second.stats.files !== fetched() - fetchedBefore) fail(`the run after the addresses changed reports stats.files ${second.stats.files}; it downloaded ${fetched() - fetchedBefore} file (the new address /files/a2.txt)`, lastResponse(ctx));
      entity = (await it.byKey('thing')).get('f1');
      const after = files(ctx, entity?.[it.field('Attachments')], 'the field "attachments" after the addresses changed');
      const urls = after.map((f) => f.url);
      const want = [`${url}/files/a2.txt`, moved];
      if (!isDeepStrictEqual(urls, want)) fail(`MAP-034/MAP-035: after the change "attachments" records ${JSON.stringify(urls)}, expected ${JSON.stringify(want)}`, lastResponse(ctx));
      if (downloads(it.app, '/files/a2.txt') === before.a2) fail('MAP-034: a file is identified by its URL: the new address /files/a2.txt (no __file-key) is a new file, yet it was not downloaded', lastResponse(ctx));
      if (downloads(it.app, '/files/c.txt') > before.c) fail('MAP-034: the unchanged address /files/c.txt of "cover" was downloaded again; a known file is stored once', lastResponse(ctx));
    });
  },
});
