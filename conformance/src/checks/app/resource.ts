/**
 * POST /api/v1/synchronizer/resource for the protected files the app's own data points at: every
 * type is read in full (pages.ts), the values of the form `app://resource?url=<url>&value=<value>`
 * are collected (up to three are fetched), and each is asked as the service asks it,
 * `{types, account, filter, params}` with `params` every query parameter of the address; the app
 * answers 200 with the file content, read to its end. An app whose data holds such addresses
 * must serve them (404/405 fails: the service has no other way to the file). Skipped when the data
 * holds no `app://resource` address, or no type's data can be read (app.data-pagination's failure).
 */
import { describeRequest, fail } from '../../assert.js';
import { CheckSkipped, defineCheck } from '../../check.js';
import { appPost } from './client.js';
import { readableTypes } from './pages.js';
import { PATHS, startSync } from './session.js';

const PREFIX = 'app://resource';
const FETCHED = 3;

/** Every string value of a row (array items included) that is an `app://resource` address. */
function resourceAddresses(row: Record<string, unknown>): string[] {
  const values = Object.values(row).flatMap((v) => (Array.isArray(v) ? v : [v]));
  return values.filter((v): v is string => typeof v === 'string' && (v.startsWith(`${PREFIX}?`) || v === PREFIX));
}

/** All query parameters of an `app://resource` address (the `params` of the request). */
function paramsOf(address: string): Record<string, string> {
  const query = address.slice(PREFIX.length).replace(/^\?/, '');
  return Object.fromEntries(new URLSearchParams(query));
}

export default defineCheck({
  id: 'app.resource',
  name:
    'POST /api/v1/synchronizer/resource {types, account, filter, params} for an app://resource address found in the app\'s data answers 200 with the file content',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-038'],
  target: 'app',
  async run(ctx) {
    const target = await startSync(ctx);
    const found = new Map<string, string>();
    for (const read of await readableTypes(ctx, target)) {
      for (const { row } of read.rows) for (const address of resourceAddresses(row)) if (!found.has(address)) found.set(address, read.type);
    }
    if (found.size === 0) throw new CheckSkipped(`the data holds no ${PREFIX} address: the service never asks the resource endpoint`);
    for (const [address, type] of [...found].slice(0, FETCHED)) {
      const what = `fetching ${address} (a value of type ${JSON.stringify(type)}) through the resource endpoint`;
      const res = await appPost(ctx, PATHS.resource, { types: target.types, account: target.session.account, filter: target.filter, params: paramsOf(address) });
      if (res.status === 404 || res.status === 405) {
        fail(`${what}: ${describeRequest(res)} answered ${res.status}, but the app's own data points at this ${PREFIX} address: the service can only get the file from this endpoint`, res);
      }
      if (res.status !== 200) fail(`${what}: expected status 200 with the file content from ${describeRequest(res)}, got ${res.status}`, res);
      ctx.log(`${what}: ${Buffer.byteLength(res.text)} byte(s) of ${res.headers['content-type'] ?? 'no Content-Type'}`);
    }
  },
});
