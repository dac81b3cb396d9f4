import fc from 'fast-check';
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import { ModelDriver, type Command, type SelectItem } from '../../model/driver.js';
import { QueryEvaluator, sortIds } from '../../model/query.js';
import type { TestNames } from '../../model/schema.js';
import type { Json, JsonObject } from '../../model/values.js';
import { checkProperty } from '../../property.js';
import { isRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';

/** Entities of the pool; their `Count` is 0..POOL-1, so `Count > POOL-1-n` selects n of them. */
const POOL = 120;
/** Items of group 0 (a one-to-many collection longer than the sub-select limit of 100). */
const MEMBERS_OF_G0 = 105;

type Condition =
  | { kind: 'none' }
  | { kind: 'done'; value: boolean }
  | { kind: 'amount-above'; value: number }
  | { kind: 'back-reference'; group: number }
  | { kind: 'tagged-with'; groups: number[] };

interface Input {
  size: number;
  page: number;
  condition: Condition;
}

const input: fc.Arbitrary<Input> = fc.record({
  size: fc.integer({ min: 0, max: POOL }),
  // Small pages are the interesting edge; larger ones keep the number of requests per run down.
  page: fc.oneof({ weight: 1, arbitrary: fc.integer({ min: 1, max: 4 }) }, { weight: 3, arbitrary: fc.integer({ min: 5, max: 25 }) }),
  condition: fc.oneof(
    fc.constant<Condition>({ kind: 'none' }),
    fc.boolean().map((value): Condition => ({ kind: 'done', value })),
    fc.integer({ min: 0, max: 100 }).map((value): Condition => ({ kind: 'amount-above', value })),
    fc.integer({ min: 0, max: 2 }).map((group): Condition => ({ kind: 'back-reference', group })),
    fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 3 }).map((groups): Condition => ({ kind: 'tagged-with', groups })),
  ),
});

/**
 * The edges, in every run: no match at all, a last page exactly full (one more, empty page follows),
 * one Entity over a page, pages of one, every condition, and the whole pool.
 */
const EDGES: Input[] = [
  { size: 0, page: 1, condition: { kind: 'none' } },
  { size: 5, page: 5, condition: { kind: 'none' } },
  { size: 11, page: 5, condition: { kind: 'done', value: true } },
  { size: 4, page: 1, condition: { kind: 'tagged-with', groups: [1, 2] } },
  { size: POOL, page: 25, condition: { kind: 'back-reference', group: 0 } },
  { size: 30, page: 7, condition: { kind: 'amount-above', value: 50 } },
];

/** The pool: 3 Groups and 120 Items with every field set, group 0 holding 105 Items and tagging 102. */
async function buildPool(driver: ModelDriver, names: TestNames): Promise<string[]> {
  driver.beginRun(0);
  const groups = [0, 1, 2].map(() => driver.nextId());
  const commands: Command[] = groups.map((id, i) => ({ command: 'svc.entity/create', args: { type: names.groups, entity: { 'svc/id': id, [names.name]: `group ${i}`, [names.rank]: i } } }));
  for (let i = 0; i < POOL; i++) {
    const tags = [0, 1, 2].filter((g) => (g === 0 ? i % 20 !== 7 : g === 1 ? i % 2 === 0 : i % 5 === 0));
    const entity: JsonObject = {
      [names.title]: `item ${i}`,
      [names.count]: i,
      [names.amount]: (i * 37) % 101,
      [names.done]: i % 3 === 0,
      [names.due]: `2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
      [names.at]: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
      [names.group]: { 'svc/id': groups[i < MEMBERS_OF_G0 ? 0 : 1 + (i % 2)] as string },
      [names.tags]: tags.map((g): Json => ({ 'svc/id': groups[g] as string })),
    };
    // Half the Items get a client-supplied svc/id, the others one of the service's.
    if (i % 2 === 0) entity['svc/id'] = driver.nextId();
    commands.push({ command: 'svc.entity/create', args: { type: names.items, entity } });
  }
  await driver.batchCommands(commands);
  return groups;
}

function conditionExpr(names: TestNames, condition: Condition, groups: string[], params: JsonObject): Json | undefined {
  switch (condition.kind) {
    case 'none':
      return undefined;
    case 'done':
      params['$done'] = condition.value;
      return ['=', [names.done], '$done'];
    case 'amount-above':
      return ['>', [names.amount], condition.value];
    case 'back-reference':
      // Rule 5: a one-to-many collection is read from the child Database through the back-reference.
      params['$parent'] = groups[condition.group] as string;
      return ['=', [names.group], '$parent'];
    case 'tagged-with':
      // Rule 5: many-to-many, the child Database filtered by the inverse collection with q/in.
      params['$parents'] = condition.groups.map((g) => groups[g] as string);
      return ['q/in', [names.tags], '$parents'];
  }
}

async function checkPaging(ctx: CheckContext, driver: ModelDriver, names: TestNames, groups: string[], { size, page, condition }: Input): Promise<void> {
  const params: JsonObject = {};
  const restriction: Json = ['>', [names.count], POOL - 1 - size];
  const extra = conditionExpr(names, condition, groups, params);
  const existing: Json = extra === undefined ? restriction : ['q/and', restriction, extra];
  const expected = sortIds(new QueryEvaluator(driver.model, params).run({ 'q/from': names.items, 'q/select': ['svc/id'], 'q/where': existing, 'q/no-limit': true }).map((row) => String(row['svc/id'])));

  const query = (where: Json, limit: number, extraParams: JsonObject = {}): Command => {
    const all = { ...params, ...extraParams };
    const args: { query: JsonObject; params?: JsonObject } = {
      query: { 'q/from': names.items, 'q/select': ['svc/id', names.count], 'q/where': where, 'q/order-by': [[['svc/id'], 'q/asc']], 'q/limit': limit },
    };
    if (Object.keys(all).length > 0) args.params = all;
    return { command: 'svc.entity/query', args } as Command;
  };
  const idsOf = (rows: unknown): string[] => (Array.isArray(rows) ? rows.map((r: unknown) => (isRecord(r) ? String(r['svc/id']) : '?')) : []);

  // The contract's page size 1000 (query limit 1001) holds every match of this pool in one page.
  const whole = await ctx.http.command(query(existing, 1001));
  const wholeIds = idsOf(expectSuccess(whole, 'query with q/limit 1001'));
  if (wholeIds.join() !== expected.join()) {
    fail(`q/limit 1001 ordered by svc/id: expected the ${expected.length} matching Entities in svc/id order, got ${wholeIds.length}: first difference at ${firstDifference(expected, wholeIds)}`, whole);
  }

  const seen: string[] = [];
  let lastSeen: string | undefined;
  let pendingExtra: string | undefined;
  for (let pages = 0; pages <= size + 1; pages++) {
    const where: Json = lastSeen === undefined ? existing : ['q/and', existing, ['>', ['svc/id'], '$last-seen-id']];
    const res = await ctx.http.command(query(where, page + 1, lastSeen === undefined ? {} : { '$last-seen-id': lastSeen }));
    const ids = idsOf(expectSuccess(res, `page ${pages + 1}`));
    const what = `page ${pages + 1} (page size ${page}, q/limit ${page + 1}${lastSeen === undefined ? '' : `, after ${lastSeen}`})`;
    if (ids.length > page + 1) fail(`${what}: ${ids.length} Entities, more than q/limit ${page + 1}`, res);
    for (let i = 1; i < ids.length; i++) {
      if (!((ids[i - 1] as string) < (ids[i] as string))) fail(`${what}: not in ascending svc/id order at position ${i} (${ids[i - 1]} then ${ids[i]})`, res);
    }
    if (pendingExtra !== undefined && ids[0] !== pendingExtra) {
      fail(`${what}: the previous page's extra Entity ${pendingExtra} should open this page, got ${ids[0] ?? 'an empty page'}`, res);
    }
    const content = ids.slice(0, page);
    for (const id of content) {
      if (seen.includes(id)) fail(`${what}: ${id} was returned on an earlier page already`, res);
      seen.push(id);
    }
    if (ids.length <= page) {
      if (seen.join() !== expected.join()) {
        fail(`paging the ${expected.length} Entities that match (pool restricted to ${size}) by pages of ${page}: the pages hold ${seen.length} Entities, expected ${expected.length}; first difference at ${firstDifference(expected, seen)}`, res);
      }
      return;
    }
    pendingExtra = ids[page];
    lastSeen = content.at(-1);
  }
  fail(`paging by pages of ${page} did not end after ${size + 2} pages`);
}

function firstDifference(expected: string[], actual: string[]): string {
  const i = expected.findIndex((id, k) => actual[k] !== id);
  const at = i === -1 ? expected.length : i;
  return `position ${at} (expected ${expected[at] ?? 'the end'}, got ${actual[at] ?? 'the end'})`;
}

export default defineCheck({
  id: 'paging.cursor-rule',
  name:
    'The cursor pagination rule (order by svc/id ascending, q/limit page size + 1, [">", ["svc/id"], "$last-seen-id"] joined with q/and to the condition, ' +
    'stop on a short page) returns every matching Entity exactly once in svc/id order, also through the back-reference of a one-to-many collection and ' +
    'q/in on the inverse of a many-to-many one; q/limit 1001 holds a whole page of 1000; a collection sub-select with q/limit 100 returns 100 of a longer collection',
  level: 'MUST',
  area: 'pagination',
  requirements: ['PAGE-001', 'PAGE-002', 'PAGE-003', 'PAGE-004', 'PAGE-005', 'PAGE-006', 'PAGE-007', 'LIMIT-002', 'LIMIT-003'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async (workspace) => {
      const names = workspace.names;
      const driver = new ModelDriver(ctx, workspace.schema, 'paging', 'contract');
      const groups = await buildPool(driver, names);

      // Limits: a collection sub-select with q/limit 100 returns at most 100 items, 100 of a longer collection.
      const sub = (field: string): SelectItem => ({ [field]: { 'q/select': ['svc/id'], 'q/limit': 100 } });
      const subSelects: Command = {
        command: 'svc.entity/query',
        args: { query: { 'q/from': names.groups, 'q/select': ['svc/id', sub(names.members), sub(names.tagged)], 'q/where': ['=', ['svc/id'], '$g'], 'q/limit': 1 }, params: { $g: groups[0] } },
      };
      const res = await ctx.http.command(subSelects);
      const rows = expectSuccess(res, 'collection sub-selects with q/limit 100');
      const row: unknown = Array.isArray(rows) ? rows[0] : undefined;
      const g0 = driver.model.entity(groups[0] as string);
      for (const field of [names.members, names.tagged]) {
        const items: unknown = isRecord(row) ? row[field] : undefined;
        const relation = workspace.schema.types[1]?.fields.find((f) => f.name === field);
        const all = g0 && relation && relation.kind === 'relation' ? driver.model.related(g0, relation).map((e) => e.id) : [];
        if (!Array.isArray(items)) fail(`{${field}: {q/select: [svc/id], q/limit: 100}}: expected an array, got ${JSON.stringify(items)?.slice(0, 100)}`, res);
        const ids = items.map((i: unknown) => (isRecord(i) ? String(i['svc/id']) : '?'));
        if (ids.length !== 100) fail(`{${field}: {q/select: [svc/id], q/limit: 100}} of a collection of ${all.length} items: expected 100 items, got ${ids.length}`, res);
        if (new Set(ids).size !== ids.length || ids.some((id) => !all.includes(id))) fail(`{${field}: {q/select: [svc/id], q/limit: 100}}: the items are not 100 distinct items of the collection`, res);
      }

      await checkProperty(ctx, input, (value) => checkPaging(ctx, driver, names, groups, value), {
        examples: EDGES,
        // The quick profile spends its runs on the edges.
        numRuns: ctx.profile === 'quick' ? Math.min(ctx.fastCheck.numRuns, 2) : ctx.fastCheck.numRuns,
      });
    });
  },
});
