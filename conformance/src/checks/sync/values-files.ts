import { isDeepStrictEqual } from 'node:util';
import { fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import { isRecord, type JsonRecord } from '../../shapes.js';
import { lastResponse, withIntegration } from './integration.js';
import { APP_PATHS, bodyOf, requestsTo, type MockApp } from './mock.js';
import { AVATAR_FIELD } from './read.js';
import { oneTypeScenario } from './scenarios.js';

const text = (content: string) => ({ contentType: 'text/plain', content });

const SCENARIO = oneTypeScenario(
  'File fields: several files, a single file, files through the resource endpoint, an avatar.',
  {
    attachments: { name: 'Attachments', type: 'array[text]', subType: 'file' },
    cover: { name: 'Cover', type: 'text', subType: 'file' },
    gallery: { name: 'Gallery', type: 'array[text]', subType: 'files' },
    photo: { name: 'Photo', type: 'text', subType: 'avatar' },
  },
  [
    {
      id: 'f1',
      name: 'With files',
      attachments: ['{{url}}/files/a.txt', '{{url}}/files/b.txt?__file-key=bee'],
      cover: '{{url}}/files/c.txt',
      gallery: ['app://resource?url={{url}}/files/d.txt&value=1&id=file-d&pathname=%2Fd'],
      photo: '{{url}}/files/avatar.svg',
    },
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
    'File values are downloaded from their URL and recorded as {file/name, file/url} (file and files subTypes, a single file, the avatar); a file is known by its URL, or by its __file-key ' +
    'when given (a new URL with a known key is recorded without a new download); app://resource addresses are fetched through the resource endpoint with every query parameter in params',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-033', 'MAP-034', 'MAP-035', 'MAP-036', 'MAP-037', 'MAP-038', 'MAP-053', 'APP-037', 'APP-064'],
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

      // A new URL with the known __file-key keeps the file (no download) and records the URL; a new URL without a key is a new file.
      const before = { a2: downloads(it.app, '/files/a2.txt'), b2: downloads(it.app, '/files/b2.txt'), c: downloads(it.app, '/files/c.txt') };
      it.app.change({ thing: { update: [{ id: 'f1', attachments: ['{{url}}/files/a2.txt', '{{url}}/files/b2.txt?__file-key=bee'] }] } });
      await it.sync('a sync after the file addresses changed');
      entity = (await it.byKey('thing')).get('f1');
      const after = files(ctx, entity?.[it.field('Attachments')], 'the field "attachments" after the addresses changed');
      const urls = after.map((f) => f.url);
      const want = [`${url}/files/a2.txt`, `${url}/files/b2.txt?__file-key=bee`];
      if (!isDeepStrictEqual(urls, want)) fail(`MAP-034/MAP-035: after the change "attachments" records ${JSON.stringify(urls)}, expected ${JSON.stringify(want)}`, lastResponse(ctx));
      if (downloads(it.app, '/files/a2.txt') === before.a2) fail('MAP-034: a file is identified by its URL: the new address /files/a2.txt (no __file-key) is a new file, yet it was not downloaded', lastResponse(ctx));
      if (downloads(it.app, '/files/b2.txt') > before.b2) fail('MAP-035: /files/b2.txt?__file-key=bee has the key of a stored file: the service should keep that file and record the new URL, yet it downloaded it again', lastResponse(ctx));
      if (downloads(it.app, '/files/c.txt') > before.c) fail('MAP-034: the unchanged address /files/c.txt of "cover" was downloaded again; a known file is stored once', lastResponse(ctx));
    });
  },
});
