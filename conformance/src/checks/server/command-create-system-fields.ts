import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import type { Command } from '../../model/driver.js';
import { canonicalJson } from '../../model/values.js';
import { isRecord } from '../../shapes.js';
import { run, withTestWorkspace } from '../../workspace.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export default defineCheck({
  id: 'command.create-system-fields',
  name:
    'svc.entity/create on a fresh Database answers the created Entity with its system fields (svc/id a UUID, svc/public-id a string, svc/creation-date and ' +
    'svc/modification-date ISO 8601 UTC with milliseconds, svc/created-by {svc/id}) and the written values under their <Space>/<Field> names; a query reads the same ' +
    '(a collection written in another order than its items were created included); a svc/created-by given names the author',
  level: 'MUST',
  area: 'command-api',
  requirements: ['CMD-005', 'CMD-006', 'CMD-ENT-001', 'CMD-ENT-003', 'CMD-ENT-004', 'CMD-ENT-005', 'CMD-ENT-007', 'CMD-ENT-008'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const values = { [n.title]: 'Write the spec', [n.count]: 3, [n.amount]: 2.5, [n.done]: false, [n.due]: '2026-11-23', [n.at]: '2026-11-23T09:15:00.000Z' };
      // A collection written in another order than its items were created: the answer lists it as a query reads it.
      const groups: string[] = [];
      for (const name of ['first', 'second', 'third']) {
        const group = await run(ctx, { command: 'svc.entity/create', args: { type: n.groups, entity: { [n.name]: name } } }, `creating the Group ${name}`);
        groups.push(isRecord(group) ? String(group['svc/id']) : '');
      }
      const written = [groups[2], groups[0], groups[1]].map((id) => ({ 'svc/id': id }));
      const create: Command = { command: 'svc.entity/create', args: { type: n.items, entity: { ...values, [n.tags]: written } } };
      const res = await ctx.http.command(create);
      const created = expectSuccess(res, `svc.entity/create in ${n.items}`);
      const what = 'the result of svc.entity/create';
      if (!isRecord(created)) fail(`${what} is ${JSON.stringify(created)}, not the created Entity`, res);
      const id = created['svc/id'];
      if (typeof id !== 'string' || !UUID.test(id)) fail(`${what}: svc/id is ${JSON.stringify(id)}, not a UUID string`, res);
      if (typeof created['svc/public-id'] !== 'string' || created['svc/public-id'] === '') fail(`${what}: svc/public-id is ${JSON.stringify(created['svc/public-id'])}, not a non-empty string`, res);
      for (const field of ['svc/creation-date', 'svc/modification-date']) {
        const value = created[field];
        if (typeof value !== 'string' || !TIMESTAMP.test(value) || Number.isNaN(Date.parse(value))) {
          fail(`${what}: ${field} is ${JSON.stringify(value)}, not an ISO 8601 UTC timestamp with milliseconds (YYYY-MM-DDTHH:MM:SS.sssZ)`, res);
        }
      }
      const author = created['svc/created-by'];
      if (!isRecord(author) || typeof author['svc/id'] !== 'string' || !UUID.test(author['svc/id'])) {
        fail(`${what}: svc/created-by is ${JSON.stringify(author)}, not a reference {svc/id: <uuid>} to a user`, res);
      }
      for (const [field, value] of Object.entries(values)) {
        if (canonicalJson(created[field]) !== canonicalJson(value)) fail(`${what}: ${field} is ${JSON.stringify(created[field])}, but ${JSON.stringify(value)} was written`, res);
      }

      const tags = created[n.tags];
      if (!Array.isArray(tags) || canonicalJson([...tags].map((t) => (isRecord(t) ? String(t['svc/id']) : '')).sort()) !== canonicalJson([...groups].sort())) {
        fail(`${what}: ${n.tags} is ${JSON.stringify(tags)}, but the three Groups ${JSON.stringify(written)} were written`, res);
      }

      const system = ['svc/id', 'svc/public-id', 'svc/creation-date', 'svc/modification-date', 'svc/created-by'];
      const rows = await run(
        ctx,
        { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': [...system, ...Object.keys(values), n.tags], 'q/where': ['=', ['svc/id'], '$id'], 'q/limit': 10 }, params: { $id: id } } },
        'reading the created Entity back',
      );
      const last = ctx.http.lastExchange?.response;
      const row: unknown = Array.isArray(rows) && rows.length === 1 ? rows[0] : undefined;
      if (!isRecord(row)) fail(`querying svc/id ${id} after its creation: expected one Entity, got ${JSON.stringify(rows)?.slice(0, 300)}`, last);
      for (const field of [...system, ...Object.keys(values), n.tags]) {
        if (canonicalJson(row[field]) !== canonicalJson(created[field])) {
          fail(`querying the created Entity: ${field} is ${JSON.stringify(row[field])}, the create result said ${JSON.stringify(created[field])}`, last);
        }
      }

      // svc/created-by is the caller unless given (spec/query-semantics.md, "Writes"): given another user, the Entity has that author.
      const caller = String(author['svc/id']);
      const users = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': 'svc/user', 'q/select': ['svc/id'], 'q/limit': 100 } } }, 'reading the users');
      let other = (Array.isArray(users) ? users.filter(isRecord) : []).map((u) => String(u['svc/id'])).find((u) => u !== caller);
      if (other === undefined) {
        const made = await ctx.http.command({ command: 'svc.entity/create', args: { type: 'svc/user', entity: { 'user/name': 'Another author' } } });
        const user = isRecord(made.json) && made.json['success'] === true ? made.json['result'] : undefined;
        other = isRecord(user) ? String(user['svc/id']) : undefined;
      }
      if (other === undefined) ctx.log('no user besides the caller, and none could be created: svc/created-by given on create not checked');
      else {
        const givenRes = await ctx.http.command({ command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: 'by another', 'svc/created-by': { 'svc/id': other } } } });
        const given = expectSuccess(givenRes, `svc.entity/create in ${n.items} with svc/created-by ${other}`);
        const answered = isRecord(given) && isRecord(given['svc/created-by']) ? given['svc/created-by']['svc/id'] : undefined;
        if (answered !== other) fail(`svc.entity/create with svc/created-by {svc/id: ${other}} answered svc/created-by ${JSON.stringify(isRecord(given) ? given['svc/created-by'] : given)}; svc/created-by is the caller unless given`, givenRes);
        const readBack = await run(
          ctx,
          { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': ['svc/created-by'], 'q/where': ['=', ['svc/id'], '$id'], 'q/limit': 10 }, params: { $id: isRecord(given) ? String(given['svc/id']) : '' } } },
          'reading the Entity created with another author back',
        );
        const readAuthor = Array.isArray(readBack) && isRecord(readBack[0]) && isRecord(readBack[0]['svc/created-by']) ? readBack[0]['svc/created-by']['svc/id'] : undefined;
        if (readAuthor !== other) fail(`the Entity created with svc/created-by {svc/id: ${other}} reads svc/created-by ${JSON.stringify(readBack)}`, ctx.http.lastExchange?.response);
      }
    });
  },
});
