import { expectSuccess, expectStatus, fail } from '../../assert.js';
import { CheckUnsupported, defineCheck, type CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { isRecord } from '../../shapes.js';
import { isRefusedKey, isUnservedRoute } from '../../support.js';
import { dropTypes, schemaBatch, uniqueSpaceName, type Command } from '../../workspace.js';

/**
 * Other checks (other lanes of the run) change the schema at the same time: a read is retried,
 * with a growing pause (up to 100 ms), until it saw one version; past that many attempts the check
 * fails saying so rather than compare answers of two versions.
 */
const ATTEMPTS = 40;

const etagOf = (res: HttpResponse): string | undefined => res.headers['etag'];

/**
 * GET /api/schema and svc.schema/query with `args` read while the schema stood still: two GETs
 * with the same ETag around the command. Answers the GET's body and ETag and the command's result.
 */
async function stableReads(ctx: CheckContext, args: Record<string, unknown> | undefined, query = ''): Promise<{ body: unknown; etag: string; result: unknown; res: HttpResponse }> {
  for (let attempt = 1; ; attempt++) {
    const first = await ctx.http.get(`/api/schema${query}`);
    if (isUnservedRoute(first)) throw new CheckUnsupported(['GET /api/schema'], `answered ${first.status}`);
    expectStatus(first, 200, `GET /api/schema${query}`);
    const etag = etagOf(first);
    if (etag === undefined || !/^(W\/)?"[^"]*"$/.test(etag)) fail(`GET /api/schema${query} answered no ETag (a quoted string), got ${JSON.stringify(etag)}`, first);
    const commandRes = await ctx.http.command({ command: 'svc.schema/query', ...(args ? { args } : {}) } as Command);
    if (args && isRefusedKey(commandRes, Object.keys(args)[0] as string)) throw new CheckUnsupported([`svc.schema/query with ${JSON.stringify(args)}`], 'refused as unknown');
    const result = expectSuccess(commandRes, `svc.schema/query${args ? ` with ${JSON.stringify(args)}` : ''}`);
    const again = await ctx.http.get(`/api/schema${query}`);
    expectStatus(again, 200, `GET /api/schema${query}`);
    if (etagOf(again) === etag) return { body: again.json, etag, result, res: again };
    if (attempt >= ATTEMPTS) fail(`GET /api/schema${query} answered another ETag after svc.schema/query in each of ${ATTEMPTS} attempts: the schema never stood still for three requests (last ${etag} then ${etagOf(again)})`, again);
    await new Promise((resolve) => setTimeout(resolve, Math.min(100, attempt * 10)));
  }
}

export default defineCheck({
  id: 'schema.get-schema',
  name:
    'GET /api/schema answers what svc.schema/query answers in result (every type with its own svc/id, none deleted), with an ETag; If-None-Match with that ETag (also weak, in a list, or *) answers 304 without a body ' +
    'until the schema changes, then 200 with a new ETag listing the change; with-description and with-soft-deleted are taken, and svc.schema/query takes with-description? and with-soft-deleted?; ' +
    'a type or field created with svc/description lists it (null for one created without, every type and field) only when asked with-description',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'schema',
  requirements: ['SCHEMA-027', 'SCHEMA-028', 'SCHEMA-038'],
  target: 'server',
  async run(ctx) {
    const plain = await stableReads(ctx, undefined);
    if (JSON.stringify(plain.body) !== JSON.stringify(plain.result)) {
      fail(`GET /api/schema answered a body other than the result of svc.schema/query read between two GETs of the same ETag ${plain.etag}: ${JSON.stringify(plain.body).slice(0, 200)} vs ${JSON.stringify(plain.result).slice(0, 200)}`, plain.res);
    }
    // Every listed type (the primitive field types too) is a type with its own svc/id, and none is soft-deleted (none are kept).
    const listedTypes = isRecord(plain.body) && Array.isArray(plain.body['svc/types']) ? plain.body['svc/types'] : [];
    const seen = new Map<unknown, unknown>();
    for (const t of listedTypes) {
      if (!isRecord(t) || typeof t['svc/id'] !== 'string') fail(`GET /api/schema lists a type without a svc/id: ${JSON.stringify(t)?.slice(0, 200)}`, plain.res);
      if (seen.has(t['svc/id'])) fail(`GET /api/schema lists ${JSON.stringify(t['svc/name'])} and ${JSON.stringify(seen.get(t['svc/id']))} with one svc/id ${t['svc/id']}; every type has its own`, plain.res);
      seen.set(t['svc/id'], t['svc/name']);
      if (t['svc/deleted?'] !== false) fail(`GET /api/schema lists ${JSON.stringify(t['svc/name'])} with svc/deleted? ${JSON.stringify(t['svc/deleted?'])}; without with-soft-deleted a listed type is not deleted (false)`, plain.res);
    }
    for (const header of [plain.etag, `W/${plain.etag}`, `"other", ${plain.etag}`, '*']) {
      const res = await ctx.http.get('/api/schema', { headers: { 'If-None-Match': header } });
      // Another check may have changed the schema meanwhile: then 200 with another ETag is right.
      if (res.status === 200 && etagOf(res) !== plain.etag) continue;
      if (res.status !== 304) fail(`GET /api/schema with If-None-Match: ${header} (the current ETag) answered ${res.status}, expected 304`, res);
      if (res.text.length > 0) fail(`GET /api/schema answered 304 with a body of ${res.text.length} characters; a 304 has none`, res);
    }
    const stale = await ctx.http.get('/api/schema', { headers: { 'If-None-Match': '"not-the-current-one"' } });
    expectStatus(stale, 200, 'GET /api/schema with If-None-Match of another ETag');

    // A schema change of this check's own: the old ETag gets the new schema.
    const space = uniqueSpaceName(ctx);
    const name = `${space}/Probes`;
    const field = `${space}/Name`;
    const texts = { type: 'Probes the schema; 2 lines\nand "quotes"', field: 'The name of a probe' };
    const created = await schemaBatch(ctx, [
      { command: 'schema.type/create', args: { 'svc/name': name, 'svc/description': texts.type, 'svc/fields': [{ 'svc/name': field, 'svc/type': 'svc/text', 'svc/description': texts.field }, { 'svc/name': `${space}/Bare`, 'svc/type': 'svc/text' }] } },
    ]);
    const describedTypes = !isRefusedKey(created, 'svc/description');
    if (describedTypes) expectSuccess(created, `creating ${name} with descriptions of the type and a field`);
    else expectSuccess(await schemaBatch(ctx, [{ command: 'schema.type/create', args: { 'svc/name': name, 'svc/fields': [{ 'svc/name': field, 'svc/type': 'svc/text' }] } }]), `creating ${name}`);
    try {
      const after = await ctx.http.get('/api/schema', { headers: { 'If-None-Match': plain.etag } });
      expectStatus(after, 200, `GET /api/schema with the ETag read before ${name} was created`);
      if (etagOf(after) === plain.etag) fail(`after ${name} was created, GET /api/schema answered the ETag of before (${plain.etag})`, after);
      const types = isRecord(after.json) && Array.isArray(after.json['svc/types']) ? after.json['svc/types'] : [];
      const probe = types.find((t: unknown) => isRecord(t) && t['svc/name'] === name);
      if (!isRecord(probe)) fail(`after ${name} was created, GET /api/schema does not list it`, after);
      if (describedTypes && 'svc/description' in probe) fail(`GET /api/schema without with-description lists svc/description of ${name}`, after);

      // The public API's parameters: descriptions when asked, in both reads.
      const described = await stableReads(ctx, { 'with-description?': true }, '?with-description=true&with-soft-deleted=false');
      for (const [where, schema, res] of [
        ['GET /api/schema?with-description=true', described.body, described.res],
        ['svc.schema/query with {"with-description?": true}', described.result, described.res],
      ] as const) {
        const listed = isRecord(schema) && Array.isArray(schema['svc/types']) ? schema['svc/types'] : undefined;
        if (!listed) fail(`${where} answered no svc/types`, res);
        for (const t of listed) {
          const fieldsOf = isRecord(t) && Array.isArray(t['svc/fields']) ? t['svc/fields'] : [];
          for (const item of [t, ...fieldsOf]) {
            const text = isRecord(item) ? item['svc/description'] : undefined;
            if (text !== null && typeof text !== 'string') fail(`${where} lists ${JSON.stringify(isRecord(item) ? item['svc/name'] : item)} without svc/description; asked with-description, every type and field lists it (null when it has none)`, res);
          }
        }
        if (!describedTypes) continue;
        const type = listed.find((t: unknown) => isRecord(t) && t['svc/name'] === name);
        if (!isRecord(type)) fail(`${where} does not list ${name}`, res);
        if (type['svc/description'] !== texts.type) fail(`${where} lists svc/description ${JSON.stringify(type['svc/description'])} for ${name}, created with ${JSON.stringify(texts.type)}`, res);
        const fields = Array.isArray(type['svc/fields']) ? type['svc/fields'].filter(isRecord) : [];
        const withText = fields.find((f) => f['svc/name'] === field);
        const bare = fields.find((f) => f['svc/name'] === `${space}/Bare`);
        if (withText?.['svc/description'] !== texts.field) fail(`${where} lists svc/description ${JSON.stringify(withText?.['svc/description'])} for ${field}, created with ${JSON.stringify(texts.field)}`, res);
        if (bare?.['svc/description'] !== null) fail(`${where} lists svc/description ${JSON.stringify(bare?.['svc/description'])} for ${space}/Bare, created without one (expected null)`, res);
      }
    } finally {
      await dropTypes(ctx, [name]);
    }
  },
});
