import { expectCommandError, fail } from '../../assert.js';
import { CheckUnsupported, defineCheck } from '../../check.js';
import { refIds } from '../../model/driver.js';
import { canonicalJson } from '../../model/values.js';
import { commandError, isRecord, type JsonRecord } from '../../shapes.js';
import { run, runBatch, withTestWorkspace, type Command } from '../../workspace.js';

export default defineCheck({
  id: 'command.collection-items-compact',
  name:
    'svc.entity/add-collection-items and remove-collection-items in the compact form {entity: {"<parent id>": ["<item id>", ...]}} (no items) change each parent as the classic form would; ' +
    'an entity holding both svc/id and parent ids, a classic entity without items, and a compact one with items are refused with a named error and change nothing',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-017'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const created = await runBatch(
        ctx,
        [
          { command: 'svc.entity/create', args: { type: n.groups, entity: { [n.name]: 'g1' } } },
          { command: 'svc.entity/create', args: { type: n.groups, entity: { [n.name]: 'g2' } } },
          ...['a', 'b', 'c'].map((title): Command => ({ command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: title } } })),
        ],
        'creating two Groups and three Items',
      );
      const [g1, g2, a, b, c] = created.map((e) => (isRecord(e) ? String(e['svc/id']) : '')) as [string, string, string, string, string];
      /** The many-to-many collection of each Group, ids sorted. */
      const tagged = async (): Promise<JsonRecord> => {
        const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.groups, 'q/select': ['svc/id', n.tagged], 'q/limit': 10 } } }, `querying the Groups' ${n.tagged}`);
        return Object.fromEntries((Array.isArray(rows) ? rows : []).filter(isRecord).map((r) => [String(r['svc/id']), refIds(r[n.tagged]).sort()]));
      };
      const compact = (command: 'svc.entity/add-collection-items' | 'svc.entity/remove-collection-items', entity: JsonRecord, extra: JsonRecord = {}): Command =>
        ({ command, args: { type: n.groups, field: n.tagged, entity, ...extra } }) as unknown as Command;

      const add = await ctx.http.command(compact('svc.entity/add-collection-items', { [g1]: [a], [g2]: [b, c] }));
      const refusal = commandError(add.json);
      const field = refusal?.data['field'];
      if (add.status === 400 && refusal?.name === 'request.error/invalid-body' && typeof field === 'string' && /\/(items|entity)(\/|$)/.test(field)) {
        throw new CheckUnsupported(['the compact form of svc.entity/add-collection-items'], `the target refused it with request.error/invalid-body naming ${field}`);
      }
      if (!isRecord(add.json) || add.json['success'] !== true || add.json['result'] !== 'ok') fail(`the compact add-collection-items {${g1}: [a], ${g2}: [b, c]} answered ${add.text.slice(0, 300)}, expected {success: true, result: "ok"}`, add);
      const expected = { [g1]: [a], [g2]: [b, c].sort() };
      if (canonicalJson(await tagged()) !== canonicalJson(expected)) fail(`after the compact add, the Groups' ${n.tagged} are ${JSON.stringify(await tagged())}, expected ${JSON.stringify(expected)}`, add);
      const removed = await run(ctx, compact('svc.entity/remove-collection-items', { [g2]: [b] }), 'the compact remove-collection-items');
      if (removed !== 'ok') fail(`the compact remove-collection-items answered ${JSON.stringify(removed)}, expected "ok"`, ctx.http.lastExchange?.response);
      const afterRemove = { [g1]: [a], [g2]: [c] };
      if (canonicalJson(await tagged()) !== canonicalJson(afterRemove)) fail(`after the compact remove of b from ${g2}, the Groups' ${n.tagged} are ${JSON.stringify(await tagged())}, expected ${JSON.stringify(afterRemove)}`, ctx.http.lastExchange?.response);

      const mixtures: Array<[string, JsonRecord, JsonRecord]> = [
        ['an entity holding both svc/id and a parent id', { 'svc/id': g1, [g2]: [a] }, { items: [{ 'svc/id': b }] }],
        ['a classic entity without items', { 'svc/id': g1 }, {}],
        ['a compact entity with items', { [g1]: [b] }, { items: [{ 'svc/id': b }] }],
      ];
      for (const [what, entity, extra] of mixtures) {
        for (const command of ['svc.entity/add-collection-items', 'svc.entity/remove-collection-items'] as const) {
          const res = await ctx.http.command(compact(command, entity, extra));
          expectCommandError(res, `${command} with ${what}`);
          if (canonicalJson(await tagged()) !== canonicalJson(afterRemove)) fail(`${command} with ${what} was refused but changed the collections: ${JSON.stringify(await tagged())}`, res);
        }
      }
    });
  },
});
