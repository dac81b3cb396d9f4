/**
 * Consecutive `svc.entity/create` commands of one Database in a `svc.command/batch`, none giving
 * its `svc/id`: the form a client uses to add many Entities at once, and one a server may write
 * together. Every create is answered in order, as `svc.entity/create` answers it (its own svc/id,
 * its values, its relations). command-batch-create-run-failure.ts fails one of them.
 */
import { expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { batchOfCreates, run, withTestWorkspace, type Command } from '../../workspace.js';

export default defineCheck({
  id: 'command.batch-create-run',
  name:
    'A svc.command/batch of consecutive svc.entity/create of one Database without svc/id answers one {success, result} per create, in order, each the created Entity with its own svc/id, ' +
    'and svc.entity/query reads each with its values and relations (a to-one and a collection relation)',
  level: 'MUST',
  area: 'command-api',
  requirements: ['CMD-003', 'CMD-004'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const creates = (entities: Array<Record<string, unknown>>): Command => batchOfCreates(n.items, entities);
      const items = async (): Promise<Array<Record<string, unknown>>> => {
        const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': { id: 'svc/id', title: n.title, group: [n.group, 'svc/id'] }, 'q/limit': 100 } } }, 'querying the Items');
        return Array.isArray(rows) ? rows.filter(isRecord) : [];
      };
      const group = await run(ctx, { command: 'svc.entity/create', args: { type: n.groups, entity: { [n.name]: 'G' } } }, 'creating a Group');
      const groupId = isRecord(group) ? group['svc/id'] : undefined;
      if (typeof groupId !== 'string') fail(`svc.entity/create of a Group answered no svc/id: ${JSON.stringify(group)}`, ctx.http.lastExchange?.response);

      const valid = [{ [n.title]: 'one', [n.group]: { 'svc/id': groupId } }, { [n.title]: 'two', [n.count]: 2 }, { [n.title]: 'three', [n.tags]: [{ 'svc/id': groupId }] }];
      const res = await ctx.http.command(creates(valid));
      const what = 'svc.command/batch of three svc.entity/create of the Items without svc/id';
      expectStatus(res, 200, what);
      const body = res.json;
      const results = isRecord(body) && body['success'] === true && Array.isArray(body['result']) ? body['result'] : undefined;
      if (!results || results.length !== 3) fail(`${what}: expected {success: true} with three results, got ${JSON.stringify(body).slice(0, 300)}`, res);
      const ids = results.map((r, i) => {
        const entity = isRecord(r) && isRecord(r['result']) ? r['result'] : undefined;
        if (!entity || typeof entity['svc/id'] !== 'string') fail(`${what}: result ${i} is no created Entity: ${JSON.stringify(r).slice(0, 300)}`, res);
        if (entity[n.title] !== valid[i]?.[n.title]) fail(`${what}: result ${i} has ${n.title} ${JSON.stringify(entity[n.title])}, expected ${JSON.stringify(valid[i]?.[n.title])} (the results come in the order of the commands)`, res);
        return entity['svc/id'];
      });
      if (new Set(ids).size !== 3) fail(`${what}: the three created Entities were answered with the svc/ids ${JSON.stringify(ids)}, not three different ones`, res);
      const stored = await items();
      const byId = new Map(stored.map((r) => [r['id'], r]));
      valid.forEach((entity, i) => {
        const row = byId.get(ids[i]);
        if (row?.['title'] !== entity[n.title]) fail(`${what}: svc.entity/query answers ${JSON.stringify(row)} for the svc/id ${String(ids[i])} of result ${i}, expected ${n.title} ${JSON.stringify(entity[n.title])}`, ctx.http.lastExchange?.response);
      });
      if (byId.get(ids[0])?.['group'] !== groupId) fail(`${what}: the first Item was created with ${n.group} ${groupId}, yet svc.entity/query answers ${JSON.stringify(byId.get(ids[0]))}`, ctx.http.lastExchange?.response);
      const groups = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.groups, 'q/select': ['svc/id', n.tagged], 'q/limit': 10 } } }, "querying the Group's Tagged");
      const row: unknown = Array.isArray(groups) ? groups.find((g: unknown) => isRecord(g) && g['svc/id'] === groupId) : undefined;
      const held: unknown = isRecord(row) ? row[n.tagged] : undefined;
      const tagged = Array.isArray(held) ? held.map((t: unknown) => (isRecord(t) ? t['svc/id'] : t)) : [];
      if (tagged.length !== 1 || tagged[0] !== ids[2]) fail(`${what}: the third Item was created with ${n.tags} [the Group], yet the Group's ${n.tagged} is ${JSON.stringify(tagged)}`, ctx.http.lastExchange?.response);

    });
  },
});
