import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { dataProblems } from '../../error-data.js';
import { isRecord } from '../../shapes.js';
import { run, schemaBatch } from '../../workspace.js';
import { expectData, postGraphql, rowsOf } from './lib/client.js';
import { withExtraDatabase } from './lib/extra-database.js';
import { fieldDelete } from '../../model/schema.js';

const HOUR = 60 * 60_000;
/** Clock difference between the suite and the server that is tolerated. */
const SKEW = 2 * 60_000;

/** The address with one character of its signature (or last query value, or path) changed. */
function tampered(url: string): string {
  const parsed = new URL(url);
  const keys = [...parsed.searchParams.keys()];
  const key = keys.includes('signature') ? 'signature' : keys.at(-1);
  const flip = (s: string) => (s.length === 0 ? 'x' : s.slice(0, -1) + (s.at(-1) === 'A' ? 'B' : 'A'));
  if (key !== undefined) parsed.searchParams.set(key, flip(parsed.searchParams.get(key) ?? ''));
  else parsed.pathname = flip(parsed.pathname);
  return parsed.toString();
}

export default defineCheck({
  id: 'graphql.file-urls',
  name:
    'File fields answer [{name, url, urlExpiresAt}]: url downloads the file without a token now, urlExpiresAt is 60 minutes ahead, ' +
    'an address whose expiry is moved to the past or whose signature is altered is refused 403 (file.error/signature-invalid, or url-expired for a moved expiry), ' +
    'and once the Entity no longer holds the file (or is deleted, or the field is) its address answers 404 file.error/not-found; each refusal carries the data ErrorName gives it',
  level: 'MUST',
  area: 'graphql',
  requirements: ['GQL-004', 'LIMIT-007', 'GQL-036'],
  target: 'server',
  async run(ctx) {
    await withExtraDatabase(ctx, [{ name: 'Files', type: 'file/file', meta: { 'svc/collection?': true } }], async (db) => {
      const stored = [
        { 'file/name': 'spec.pdf', 'file/url': 'https://files.example.org/spec.pdf' },
        { 'file/name': 'logo.svg', 'file/url': 'https://files.example.org/logo.svg?__file-key=logo' },
      ];
      const withFiles = await run(ctx, { command: 'svc.entity/create', args: { type: db.type, entity: { [db.fields['Label'] as string]: 'with files', [db.fields['Files'] as string]: stored } } }, 'creating an Entity with two files');
      const withFilesId = isRecord(withFiles) && typeof withFiles['svc/id'] === 'string' ? withFiles['svc/id'] : '';
      await run(ctx, { command: 'svc.entity/create', args: { type: db.type, entity: { [db.fields['Label'] as string]: 'without files' } } }, 'creating an Entity without files');
      const res = await postGraphql(ctx, db.space, { query: '{ findRecords { label files { name url urlExpiresAt } } }' });
      const asked = Date.parse(res.headers['date'] ?? '') || Date.now();
      const rows = rowsOf(res, expectData(res, 'file fields'), 'findRecords', 'findRecords');
      const byLabel = new Map(rows.map((r) => [r['label'], r['files']]));
      const empty = byLabel.get('without files');
      if (!Array.isArray(empty) || empty.length !== 0) fail(`an Entity without files should answer files: [], got ${JSON.stringify(empty)}`, res);
      const files = byLabel.get('with files');
      if (!Array.isArray(files) || files.length !== 2) fail(`the Entity with two files should answer two File objects, got ${JSON.stringify(files)}`, res);
      for (const [i, file] of (files as Array<Record<string, unknown>>).entries()) {
        const name = stored[i]?.['file/name'];
        if (file['name'] !== name) fail(`file ${i}: name should be ${name}, got ${JSON.stringify(file['name'])}`, res);
        if (typeof file['url'] !== 'string' || !URL.canParse(file['url'])) fail(`file ${i}: url should be an absolute address, got ${JSON.stringify(file['url'])}`, res);
        const expiresAt = String(file['urlExpiresAt']);
        if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(expiresAt)) fail(`file ${i}: urlExpiresAt should be an ISO 8601 UTC timestamp with milliseconds, got ${JSON.stringify(expiresAt)}`, res);
        const ahead = Date.parse(expiresAt) - asked;
        if (Math.abs(ahead - HOUR) > SKEW) fail(`file ${i}: urlExpiresAt ${expiresAt} should be 60 minutes after the response (Date: ${res.headers['date']}), it is ${Math.round(ahead / 60_000)} minutes`, res);
      }
      // Every address leads to its own file.
      for (const [i, file] of (files as Array<Record<string, unknown>>).entries()) {
        const address = String(file['url']);
        if (address.startsWith(`${ctx.http.baseUrl}/`)) {
          const now = await ctx.http.request({ method: 'GET', path: address.slice(ctx.http.baseUrl.length), auth: 'none' });
          if (now.status >= 400) fail(`the address of file ${i} answered ${now.status} within its lifetime`, now);
          if (now.status >= 300 && now.headers['location'] !== stored[i]?.['file/url']) fail(`the address of file ${i} redirects to ${now.headers['location']}, not to the stored file ${stored[i]?.['file/url']}`, now);
        } else {
          const status = await fetchStatus(address, `the address of file ${i}`);
          if (status >= 400) fail(`the address of file ${i} (${address}) answered ${status} within its lifetime`);
        }
      }
      const url = String((files as Array<Record<string, unknown>>)[0]?.['url']);
      const moved = new URL(url);
      if (moved.searchParams.has('expires')) {
        moved.searchParams.set('expires', String(Date.now() - HOUR));
        // The expiry is signed: moving it breaks the signature, unless the server looks at the expiry first.
        await expectRefused(moved.toString(), 'the file address with its expiry moved to the past', 403, ['file.error/signature-invalid', 'file.error/url-expired']);
      }
      await expectRefused(tampered(url), 'the file address with an altered signature', 403, ['file.error/signature-invalid']);
      // The signature of one file's address does not open another file.
      const other = new URL(String((files as Array<Record<string, unknown>>)[1]?.['url']));
      const first = new URL(url);
      if (other.pathname !== first.pathname && first.searchParams.has('signature')) {
        other.searchParams.set('signature', first.searchParams.get('signature') ?? '');
        other.searchParams.set('expires', first.searchParams.get('expires') ?? '');
        await expectRefused(other.toString(), 'the address of file 1 with the signature of file 0', 403, ['file.error/signature-invalid']);
      }
      const signed = new URL(url);
      const signature = signed.searchParams.get('signature');
      if (signature) {
        signed.searchParams.set('signature', signature.slice(0, -2));
        await expectRefused(signed.toString(), 'the file address with a shortened signature', 403, ['file.error/signature-invalid']);
      }
      // An address whose file reference does not parse, with a signature and an expiry of a real one.
      const garbled = new URL(url);
      garbled.pathname = garbled.pathname.replace(/[^/]+$/, 'not-a-file-reference');
      await expectRefused(garbled.toString(), 'a file address whose reference does not name a file', 403, ['file.error/signature-invalid']);
      // Once the Entity no longer holds the file, its address answers 404.
      await run(ctx, { command: 'svc.entity/update', args: { type: db.type, entity: { 'svc/id': withFilesId, [db.fields['Files'] as string]: [] } } }, 'removing the files of the Entity');
      await expectRefused(url, 'the address of a file its Entity no longer holds', 404, ['file.error/not-found']);
      // Nor once the Entity is deleted, or the file field: two more Entities with a file each.
      const filesField = db.fields['Files'] as string;
      const made = await Promise.all(
        ['deleted Entity', 'deleted field'].map((label, i) =>
          run(ctx, { command: 'svc.entity/create', args: { type: db.type, entity: { [db.fields['Label'] as string]: label, [filesField]: [stored[i]] } } }, `creating the Entity "${label}" with a file`),
        ),
      );
      const addresses = await postGraphql(ctx, db.space, { query: '{ findRecords { label files { url } } }' });
      const addressOf = (label: string): string => {
        const row = rowsOf(addresses, expectData(addresses, 'file fields'), 'findRecords', 'findRecords').find((r) => r['label'] === label);
        const first = Array.isArray(row?.['files']) ? (row['files'][0] as Record<string, unknown> | undefined) : undefined;
        if (typeof first?.['url'] !== 'string') fail(`the Entity "${label}" should answer one file with a url, got ${JSON.stringify(row)}`, addresses);
        return first['url'];
      };
      const [ofDeletedEntity, ofDeletedField] = [addressOf('deleted Entity'), addressOf('deleted field')];
      const deletedId = isRecord(made[0]) && typeof made[0]['svc/id'] === 'string' ? made[0]['svc/id'] : '';
      await run(ctx, { command: 'svc.entity/delete', args: { type: db.type, entity: { 'svc/id': deletedId } } }, 'deleting the Entity "deleted Entity"');
      await expectRefused(ofDeletedEntity, 'the address of a file of a deleted Entity', 404, ['file.error/not-found']);
      expectSuccess(await schemaBatch(ctx, [fieldDelete(db.type, filesField)]), `deleting the field ${filesField}`);
      await expectRefused(ofDeletedField, 'the address of a file of a deleted field', 404, ['file.error/not-found']);
    });
  },
});

/** How long a file download may take to answer before the check fails. */
const DOWNLOAD_WAIT_MS = 10_000;

/** The status of a GET of a file address (no token, redirects not followed); fails the check when there is no answer within DOWNLOAD_WAIT_MS. */
async function fetchStatus(url: string, what: string): Promise<number> {
  try {
    const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(DOWNLOAD_WAIT_MS) });
    await res.arrayBuffer();
    return res.status;
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${DOWNLOAD_WAIT_MS / 1000} s` : `the request failed (${error instanceof Error ? error.message : String(error)})`;
    fail(`${what}: GET ${url}: ${reason}`);
  }
}

/** A GET of a file address answers `status` with a plain error `{name, message}` of one of these names. */
async function expectRefused(url: string, what: string, status: number, names: string[]): Promise<void> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(DOWNLOAD_WAIT_MS) });
    text = await res.text();
  } catch (error) {
    fail(`${what}: GET ${url}: the request failed (${error instanceof Error ? error.message : String(error)})`);
  }
  const curl = `curl -i '${url}'`;
  if (res.status !== status) fail(`${what}: GET ${url} answered ${res.status}, expected ${status} (${names.join(' or ')})\n${curl}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const name = isRecord(body) ? body['name'] : undefined;
  const message = isRecord(body) ? body['message'] : undefined;
  if (typeof name !== 'string' || !names.includes(name) || typeof message !== 'string' || message.trim() === '') {
    fail(`${what}: GET ${url} answered ${status} with ${text.slice(0, 300) || 'no body'}, expected an error {name: ${names.map((n) => JSON.stringify(n)).join(' or ')}, message} with a message\n${curl}`);
  }
  const data = isRecord(body) && isRecord(body['data']) ? body['data'] : {};
  const problems = dataProblems(name, data);
  if (problems.length > 0) fail(`${what}: GET ${url} answered ${name} with ${text.slice(0, 300)}: ${problems.join('; ')} (spec/service.openapi.yaml, ErrorName)\n${curl}`);
}
