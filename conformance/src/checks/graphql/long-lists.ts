import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { run, runBatch, withTestWorkspace, type Command } from '../../workspace.js';
import { expectData, postGraphql, rowsOf } from './lib/client.js';
import { GQL } from './lib/dataset.js';

/** Items read at once: more than a server may complete in one piece (the reference server: 500 a slice). */
const CREATED = 1203;
const BATCH = 100;

export default defineCheck({
  id: 'graphql.long-lists',
  name: `A list of ${CREATED} Entities (a root list with its related objects, a page of it beyond the first thousand, and the list again through a fragment at the root) answers every Entity in order as the command API reads them`,
  level: 'MUST',
  area: 'graphql',
  requirements: ['GQL-001', 'GQL-015', 'GQL-016'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const groups = (await runBatch(
        ctx,
        ['red', 'green', 'blue'].map((name) => ({ command: 'svc.entity/create', args: { type: n.groups, entity: { [n.name]: name } } })),
        'creating three Groups',
      )) as Array<Record<string, unknown>>;
      for (let start = 0; start < CREATED; start += BATCH) {
        const commands: Command[] = Array.from({ length: Math.min(BATCH, CREATED - start) }, (_, j) => ({
          command: 'svc.entity/create',
          args: { type: n.items, entity: { [n.title]: `item ${String(start + j).padStart(5, '0')}`, [n.group]: { 'svc/id': String(groups[(start + j) % 3]?.['svc/id']) } } },
        }));
        await runBatch(ctx, commands, `creating Items ${start} to ${start + commands.length - 1}`);
      }
      const rows = await run(
        ctx,
        { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': [n.title, { [n.group]: [n.name] }], 'q/order-by': [[[n.title], 'q/asc']], 'q/limit': CREATED } } },
        `reading the ${CREATED} Items over the command API`,
      );
      const related = (value: unknown, key: string) => (isRecord(value) ? String(value[key]) : 'null');
      const expected = (Array.isArray(rows) ? rows : []).map((r: unknown) => (isRecord(r) ? `${String(r[n.title])}|${related(r[n.group], n.name)}` : ''));
      if (expected.length !== CREATED) fail(`the command API read ${expected.length} Items, expected ${CREATED}`, ctx.http.lastExchange?.response);
      const res = await postGraphql(ctx, n.space, {
        query: `{ all: ${GQL.findItems}(limit: ${CREATED}, orderBy: {title: ASC}) { title group { name } } late: ${GQL.findItems}(limit: 150, offset: 1050, orderBy: {title: ASC}) { title } }`,
      });
      const data = expectData(res, `${CREATED} Items in one list`);
      const got = rowsOf(res, data, 'all', `findItems(limit: ${CREATED})`).map((r) => `${String(r['title'])}|${related(r['group'], 'name')}`);
      const first = got.findIndex((value, i) => value !== expected[i]);
      if (got.length !== CREATED || first >= 0) {
        fail(`findItems(limit: ${CREATED}) answered ${got.length} Items${first >= 0 ? `; item ${first} is ${got[first]}, expected ${expected[first]}` : ''} (as the command API reads them)`, res);
      }
      const late = rowsOf(res, data, 'late', 'findItems(limit: 150, offset: 1050)').map((r) => String(r['title']));
      const lateExpected = expected.slice(1050, 1200).map((v) => v.split('|')[0]);
      if (late.join() !== lateExpected.join()) fail(`findItems(limit: 150, offset: 1050) answered ${late.length} Items from ${late[0]}, expected ${lateExpected.length} from ${lateExpected[0]}`, res);
      // The same long list through a fragment spread at the root, beside a field.
      const spread = await postGraphql(ctx, n.space, {
        query: `{ first: ${GQL.findItems}(limit: 2, orderBy: {title: ASC}) { title } ...All } fragment All on Query { all: ${GQL.findItems}(limit: ${CREATED}, orderBy: {title: ASC}) { title } }`,
      });
      const spreadData = expectData(spread, `${CREATED} Items through a fragment at the root`);
      const spreadAll = rowsOf(spread, spreadData, 'all', 'findItems through a fragment').map((r) => String(r['title']));
      const titles = expected.map((v) => v.split('|')[0]);
      if (spreadAll.join() !== titles.join()) fail(`findItems(limit: ${CREATED}) through a fragment at the root answered ${spreadAll.length} Items, expected the ${CREATED} the command API reads, in order`, spread);
      const spreadFirst = rowsOf(spread, spreadData, 'first', 'findItems(limit: 2) beside the fragment').map((r) => String(r['title']));
      if (spreadFirst.join() !== titles.slice(0, 2).join()) fail(`findItems(limit: 2) beside a fragment at the root answered ${spreadFirst.join(', ')}`, spread);
    });
  },
});
