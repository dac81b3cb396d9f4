import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { derivedUuid } from '../../model/driver.js';
import { compareCodePoints } from '../../model/values.js';
import { isRecord } from '../../shapes.js';
import { run, runBatch, withTestWorkspace } from '../../workspace.js';

export default defineCheck({
  id: 'query.default-order',
  name:
    'Without q/order-by, Entities come in creation order, then svc/id: Entities created one by one and Entities created together in one ' +
    'svc.command/batch (with svc/ids out of creation order) read back ordered by (svc/creation-date, svc/id), also under q/limit',
  level: 'MUST',
  area: 'query',
  requirements: ['QUERY-033'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      for (const title of ['first', 'second']) await run(ctx, { command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: title } } }, 'creating an Item');
      // Descending client ids inside one batch: creation order and id order disagree.
      const ids = [0, 1, 2, 3, 4].map((i) => derivedUuid('order', ctx.fastCheck.seed, i)).sort(compareCodePoints).reverse();
      await runBatch(ctx, ids.map((id, i) => ({ command: 'svc.entity/create', args: { type: n.items, entity: { 'svc/id': id, [n.title]: `batch ${i}` } } })), 'creating Items in one batch');
      await run(ctx, { command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: 'last' } } }, 'creating an Item');

      const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': ['svc/id', 'svc/creation-date'], 'q/limit': 100 } } }, 'querying without q/order-by');
      const res = ctx.http.lastExchange?.response;
      if (!Array.isArray(rows) || rows.length !== 8) fail(`expected the 8 Items created, got ${JSON.stringify(rows)?.slice(0, 300)}`, res);
      const keyed = rows.map((r: unknown) => (isRecord(r) ? { id: String(r['svc/id']), at: String(r['svc/creation-date']) } : { id: '', at: '' }));
      const sorted = [...keyed].sort((a, b) => compareCodePoints(a.at, b.at) || compareCodePoints(a.id, b.id));
      if (keyed.map((k) => k.id).join() !== sorted.map((k) => k.id).join()) {
        fail(`without q/order-by the Items are not in (svc/creation-date, svc/id) order: got ${JSON.stringify(keyed)}`, res);
      }
      const limited = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': ['svc/id'], 'q/limit': 4 } } }, 'querying without q/order-by, q/limit 4');
      const firstFour = Array.isArray(limited) ? limited.map((r: unknown) => (isRecord(r) ? String(r['svc/id']) : '')) : [];
      if (firstFour.join() !== sorted.slice(0, 4).map((k) => k.id).join()) {
        fail(`without q/order-by and with q/limit 4: expected the first 4 in creation order, then svc/id (${sorted.slice(0, 4).map((k) => k.id).join(', ')}), got ${firstFour.join(', ')}`, ctx.http.lastExchange?.response);
      }
    });
  },
});
