import { expectSuccess, fail } from '../../assert.js';
import { CheckUnsupported, defineCheck, type CheckContext } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { isRefusedKey } from '../../support.js';
import { run, runBatch, withTestWorkspace, type Command } from '../../workspace.js';

/** Items created, and the (offset, limit) pairs read: every edge of the range (0, 1, the last, the count, past it). */
const COUNT = 7;
const OFFSETS = [0, 1, COUNT - 1, COUNT, COUNT + 3];
const LIMITS: Array<number | 'q/no-limit'> = [0, 1, 3, COUNT, 'q/no-limit'];
/** Items of the Group, and the offsets and limits of its sub-query. */
const MEMBERS = 5;
const SUB_OFFSETS = [0, 2, MEMBERS - 1, MEMBERS, MEMBERS + 1];
const SUB_LIMITS: Array<number | 'q/no-limit'> = [1, 2, 'q/no-limit'];

const titleOf = (i: number) => `item ${String(i).padStart(2, '0')}`;
const titles = (rows: unknown, field: string): string[] => (Array.isArray(rows) ? rows.map((r) => (isRecord(r) ? String(r[field]) : '')) : []);
const limitArgs = (limit: number | 'q/no-limit') => (limit === 'q/no-limit' ? { 'q/no-limit': true } : { 'q/limit': limit });

/** Sends `command`; CheckUnsupported when the target refuses q/offset as unknown. */
async function read(ctx: CheckContext, command: Command, what: string): Promise<unknown> {
  const res = await ctx.http.command(command);
  if (isRefusedKey(res, 'q/offset')) throw new CheckUnsupported(['q/offset'], `the target refused ${what} as unknown`);
  return expectSuccess(res, what);
}

export default defineCheck({
  id: 'query.offset',
  name:
    'q/offset n skips the first n Entities of the query order: with q/limit k (0, 1, 3, all, q/no-limit) it answers Entities n+1 to n+k for n at 0, 1, the last, the count and past it ([]); ' +
    'in a collection sub-query it skips n items of each parent',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'limits',
  requirements: ['LIMIT-010'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      // Created in an order other than the query order (by title), so offset counts in the query's order.
      const order = Array.from({ length: COUNT }, (_, i) => (i * 3) % COUNT);
      const created = await runBatch(ctx, order.map((i) => ({ command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: titleOf(i) } } })), 'creating the Items');
      const all = Array.from({ length: COUNT }, (_, i) => titleOf(i));
      for (const offset of OFFSETS) {
        for (const limit of LIMITS) {
          const what = `a query ordered by ${n.title} with q/offset ${offset} and ${limit === 'q/no-limit' ? 'q/no-limit' : `q/limit ${limit}`}`;
          const rows = await read(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': [n.title], 'q/order-by': [[[n.title], 'q/asc']], 'q/offset': offset, ...limitArgs(limit) } } } as Command, what);
          const expected = all.slice(offset, limit === 'q/no-limit' ? undefined : offset + limit);
          const got = titles(rows, n.title);
          if (got.join() !== expected.join()) fail(`${what}: expected [${expected.join(', ')}], got [${got.join(', ')}]`, ctx.http.lastExchange?.response);
        }
      }

      // A Group holding the first MEMBERS Items; its sub-query reads them ordered by title.
      const ids = created.map((e) => (isRecord(e) ? String(e['svc/id']) : ''));
      const members = order.map((i, k) => ({ i, id: ids[k] as string })).filter(({ i }) => i < MEMBERS);
      const group = await run(ctx, { command: 'svc.entity/create', args: { type: n.groups, entity: { [n.name]: 'group' } } }, 'creating the Group');
      const groupId = isRecord(group) ? String(group['svc/id']) : '';
      await run(ctx, { command: 'svc.entity/add-collection-items', args: { type: n.groups, entity: { 'svc/id': groupId }, field: n.members, items: members.map(({ id }) => ({ 'svc/id': id })) } }, 'adding Items to the Group');
      for (const offset of SUB_OFFSETS) {
        for (const limit of SUB_LIMITS) {
          const what = `a collection sub-query of ${n.members} ordered by ${n.title} with q/offset ${offset} and ${limit === 'q/no-limit' ? 'q/no-limit' : `q/limit ${limit}`}`;
          const sub = { 'q/select': [n.title], 'q/order-by': [[[n.title], 'q/asc']], 'q/offset': offset, ...limitArgs(limit) };
          const rows = await read(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.groups, 'q/select': [{ [n.members]: sub }], 'q/limit': 1 } } } as Command, what);
          const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
          const items: unknown = isRecord(first) ? first[n.members] : undefined;
          const got = Array.isArray(items) ? items.map((item) => (isRecord(item) ? String(item[n.title]) : '')) : [];
          const expected = all.slice(0, MEMBERS).slice(offset, limit === 'q/no-limit' ? undefined : offset + limit);
          if (!Array.isArray(items) || got.join() !== expected.join()) fail(`${what}: expected [${expected.join(', ')}], got ${JSON.stringify(items)}`, ctx.http.lastExchange?.response);
        }
      }
    });
  },
});
