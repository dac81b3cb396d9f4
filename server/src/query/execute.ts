// Runs a query: one SQL statement for the top level, then one per related field per level for
// the whole page at once (never one per parent), so the statement count is bounded by the
// shape of the select, not by the number of rows.
import { Failure } from '../api/failure.js';
import type { Entity } from '../api/spec-types.js';
import type { Queryable } from '../db/database.js';
import type { Catalog, FieldDef, TypeDef } from '../model/catalog.js';
import { decodeValue } from '../model/value-codec.js';
import { compileOrder } from './order.js';
import type { QueryParams } from './operands.js';
import { linkEnds, type ResolvedPath } from './paths.js';
import { planSelect, readLimit, type SelectNode, type SubQuery } from './select.js';
import { Aliases, entityColumns, Params, type EntityRow } from './sql.js';
import { and, compileWhere, SQL_FALSE, SQL_TRUE, type WhereContext } from './where.js';

/** The most Entities one response holds, `q/no-limit` included. */
export const MAX_RESULT_ROWS = 100_000;

interface Ctx {
  tx: Queryable;
  catalog: Catalog;
  queryParams: QueryParams;
}

function tooLarge(where: string): Failure {
  return new Failure(
    'entity.error/query-result-too-large',
    `${where} matches more than ${MAX_RESULT_ROWS} Entities; page through them with q/limit and the cursor rule instead of q/no-limit.`,
    { field: where, limit: MAX_RESULT_ROWS },
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export async function runQuery(tx: Queryable, catalog: Catalog, query: unknown, queryParams: QueryParams = {}): Promise<Entity[]> {
  if (!isPlainObject(query)) throw new Failure('entity.error/query-operator-invalid', 'query must be an object.', { field: 'query' });
  const from = query['q/from'];
  if (typeof from !== 'string') throw new Failure('entity.error/schema-type-not-found', 'q/from must name a Database.', { field: 'q/from' });
  const type = catalog.type(from);
  const limit = readLimit(query, 'query');
  const nodes = planSelect(catalog, type, query['q/select']);
  const ctx: Ctx = { tx, catalog, queryParams };

  const params = new Params();
  const aliases = new Aliases();
  const where: WhereContext = { catalog, params, queryParams, aliases };
  const condition = and([`e.type_id = ${params.add(type.id)}`, query['q/where'] === undefined ? SQL_TRUE : compileWhere(where, 'e', type, query['q/where'])]);
  const order = compileOrder(catalog, params, aliases, 'e', type, query['q/order-by']);
  if (condition === SQL_FALSE || limit === 0) return [];
  const cap = limit ?? MAX_RESULT_ROWS + 1;
  const sql = `SELECT ${entityColumns('e')} FROM entities e ${order.joins.join(' ')} WHERE ${condition} ORDER BY ${order.orderBy.join(', ')} LIMIT ${params.add(cap)}`;
  const statement = params.finish(sql);
  const rows = (await tx.query<EntityRow>(statement.text, statement.values)).rows;
  if (limit === null && rows.length > MAX_RESULT_ROWS) throw tooLarge('query');
  return shape(ctx, rows, nodes);
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
    case 'svc/created-by':
      return row.created_by ? { 'svc/id': row.created_by } : null;
    default:
      return decodeValue(field, row.data?.[field.key as string] ?? null);
  }
}

async function shape(ctx: Ctx, rows: EntityRow[], nodes: SelectNode[]): Promise<Entity[]> {
  const out: Entity[] = rows.map(() => ({}));
  for (const node of nodes) {
    switch (node.kind) {
      case 'field':
        rows.forEach((row, i) => ((out[i] as Entity)[node.key] = readField(row, node.field)));
        break;
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
        rows.forEach((row, i) => ((out[i] as Entity)[node.key] = node.path.many ? (values.get(row.id) ?? []) : (values.get(row.id)?.[0] ?? null)));
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

/** A to-one relation selected for its `svc/id` alone: `links` has the answer, no join needed. */
function isIdsOnly(node: Extract<SelectNode, { kind: 'related' }>): boolean {
  return (
    node.field.storage === 'link' &&
    !node.field.isCollection &&
    node.sub.where === undefined &&
    node.select.every((n) => n.kind === 'field' && n.field.name === 'svc/id')
  );
}

async function fetchRelatedIds(ctx: Ctx, parents: EntityRow[], field: FieldDef): Promise<Map<string, EntityRow[]>> {
  const result = new Map<string, EntityRow[]>();
  if (parents.length === 0) return result;
  const params = new Params();
  const [mine, theirs] = linkEnds(field);
  const sql = `SELECT l.${mine} AS parent_id, l.${theirs} AS id FROM links l WHERE l.relation_id = ${params.add(field.relationId)} AND l.${mine} IN (${params.list([...new Set(parents.map((p) => p.id))])})`;
  const statement = params.finish(sql);
  for (const row of (await ctx.tx.query<{ parent_id: string; id: string }>(statement.text, statement.values)).rows) {
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
 * per-parent limit the statement is a UNION ALL of one limited branch per parent.
 */
async function fetchRelated(ctx: Ctx, parents: EntityRow[], field: FieldDef, target: TypeDef, sub: SubQuery): Promise<Map<string, EntityRow[]>> {
  const result = new Map<string, EntityRow[]>();
  if (parents.length === 0) return result;
  const params = new Params();
  const aliases = new Aliases();
  const where: WhereContext = { catalog: ctx.catalog, params, queryParams: ctx.queryParams, aliases };
  const condition = and([
    `t.type_id = ${params.add(target.id)}`,
    sub.where === undefined ? SQL_TRUE : compileWhere(where, 't', target, sub.where, `q/where of ${field.name}`),
  ]);
  const order = compileOrder(ctx.catalog, params, aliases, 't', target, sub.orderBy, `q/order-by of ${field.name}`);
  if (condition === SQL_FALSE || sub.limit === 0) return result;

  if (field.storage !== 'link') {
    // svc/created-by: a column of the parent row.
    const ids = [...new Set(parents.map((p) => p.created_by).filter((id): id is string => id !== null))];
    if (ids.length === 0) return result;
    const sql = `SELECT ${entityColumns('t')} FROM entities t WHERE ${condition} AND t.id IN (${params.list(ids)})`;
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
  const body = (parentCondition: string) =>
    `SELECT l.${mine} AS parent_id, ${entityColumns('t')} FROM links l JOIN entities t ON t.id = l.${theirs} ${order.joins.join(' ')} WHERE l.relation_id = ${relation} AND ${parentCondition} AND ${condition}`;
  let sql: string;
  if (sub.limit === null) {
    sql = `${body(`l.${mine} IN (${params.list(parentIds)})`)} ORDER BY ${order.orderBy.join(', ')} LIMIT ${params.add(MAX_RESULT_ROWS + 1)}`;
  } else {
    const limit = params.add(sub.limit);
    sql = parentIds
      .map((id, i) => `SELECT * FROM (${body(`l.${mine} = ${params.add(id)}`)} ORDER BY ${order.orderBy.join(', ')} LIMIT ${limit}) b${i}`)
      .join(' UNION ALL ');
  }
  const statement = params.finish(sql);
  const rows = (await ctx.tx.query<EntityRow & { parent_id: string }>(statement.text, statement.values)).rows;
  if (sub.limit === null && rows.length > MAX_RESULT_ROWS) throw tooLarge(field.name);
  for (const row of rows) {
    const list = result.get(row.parent_id) ?? [];
    list.push(row);
    result.set(row.parent_id, list);
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
  if (parents.length === 0) return new Map();
  const params = new Params();
  const [mine] = linkEnds(field);
  const sql = `SELECT l.${mine} AS parent_id, count(*) AS n FROM links l WHERE l.relation_id = ${params.add(field.relationId)} AND l.${mine} IN (${params.list(parents.map((p) => p.id))}) GROUP BY l.${mine}`;
  const statement = params.finish(sql);
  const { rows } = await ctx.tx.query<{ parent_id: string; n: number | string }>(statement.text, statement.values);
  return new Map(rows.map((r) => [r.parent_id, Number(r.n)]));
}

