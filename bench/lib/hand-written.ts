// Hand-written SQL baselines: the best plain SQL for the same work on the same database, written
// by hand rather than replayed from the server. Creates: multi-row INSERTs of the same Entities
// (and their relation rows) straight into `entities` and `links`, as few statements as the
// protocol's parameter bound allows. Paging: one keyset scan per page with the relation joined,
// each page serialized to JSON (PostgreSQL and PGlite: json_agg/json_build_object in the statement; pg-mem,
// which has no json_build_object: the joined rows turned into the same objects and
// JSON.stringify'd in this process).
import type { Database } from '../../server/src/db/database.js';
import { F, ITEM_FIELDS, bulkLoadItems, type Layout } from './dataset.js';
import { now } from './timing.js';

/** The value fields an API page selects (besides svc/id, svc/public-id and the relation). */
const PAGE_FIELDS = ITEM_FIELDS.map(([name]) => name);

/** PostgreSQL's bound on the parameters of one statement (a 16-bit count in the wire protocol). */
export const PARAMETER_LIMIT = 65_535;

/**
 * Rows of one multi-row INSERT of Items: `entities` takes 4 parameters a row (+2 shared), `links`
 * 3 (+1), so the entities statement bounds the chunk. pg-mem parses a statement of 16,000 tuples
 * slowly (a cost of its parser, not of the rows), so it gets the chunk size it inserts fastest.
 */
export function rowsPerInsert(kind: Database['kind']): number {
  return kind === 'pg-mem' ? 1000 : Math.floor((PARAMETER_LIMIT - 2) / 4);
}

export interface HandWrittenInsert {
  ms: number;
  ids: string[];
  statements: number;
}

/**
 * Inserts Items number `from` .. `from + count - 1` (the same values and relation targets the API
 * created) with as few multi-row INSERTs as the parameter bound allows, plus the one UPDATE that
 * reserves their public ids; timed.
 */
export async function handWrittenInsert(
  db: Database,
  layout: Layout,
  options: { from: number; count: number; projectIds: readonly string[]; authorId: string },
): Promise<HandWrittenInsert> {
  const rowsPerStatement = rowsPerInsert(db.kind);
  const start = now();
  const ids = await bulkLoadItems(db, layout, { ...options, rowsPerStatement });
  const ms = now() - start;
  return { ms, ids, statements: 1 + 2 * Math.ceil(options.count / rowsPerStatement) };
}

export interface HandWrittenPaging {
  ms: number;
  pages: number;
  ids: string[];
  /** JSON characters produced (every page serialized). */
  jsonChars: number;
}

/** The page's JSON object of one Item: the fields the API page selects, by their names. */
function pageObject(layout: Layout, id: string, publicId: unknown, data: Record<string, unknown>, project: string | null): Record<string, unknown> {
  const entity: Record<string, unknown> = { 'svc/id': id, 'svc/public-id': String(publicId) };
  for (const name of PAGE_FIELDS) entity[name] = data[layout.keys.get(name) as string] ?? null;
  entity[F.project] = project === null ? null : { 'svc/id': project };
  return entity;
}

/** PostgreSQL (and PGlite): one statement a page answering the page as one JSON array. */
function postgresPageSql(layout: Layout): string {
  const theirs = layout.itemEnd === 'a' ? 'b' : 'a';
  const values = PAGE_FIELDS.map((name) => `'${name}', e.data->'${layout.keys.get(name) as string}'`).join(', ');
  return [
    `SELECT json_agg(json_build_object('svc/id', e.id, 'svc/public-id', e.public_id::text, ${values},`,
    `  '${F.project}', CASE WHEN l.${theirs} IS NULL THEN NULL ELSE json_build_object('svc/id', l.${theirs}) END) ORDER BY e.id)::text AS page`,
    'FROM (SELECT id, public_id, data FROM entities WHERE type_id = $1 AND id > $2 ORDER BY id LIMIT $4) e',
    `LEFT JOIN links l ON l.relation_id = $3 AND l.${layout.itemEnd} = e.id`,
  ].join('\n');
}

/** pg-mem: the same keyset scan and join, rows answered as they are. */
function rowsPageSql(layout: Layout): string {
  const theirs = layout.itemEnd === 'a' ? 'b' : 'a';
  return [
    `SELECT e.id, e.public_id, e.data, l.${theirs} AS project`,
    'FROM (SELECT id, public_id, data FROM entities WHERE type_id = $1 AND id > $2 ORDER BY id LIMIT $4) e',
    `LEFT JOIN links l ON l.relation_id = $3 AND l.${layout.itemEnd} = e.id ORDER BY e.id`,
  ].join('\n');
}

const BEFORE_EVERY_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Every Item by the cursor rule, `pageSize` a page (asking `pageSize + 1` rows, as the API's
 * client does, to learn whether another page follows), each page a JSON text; timed. The JSON
 * is parsed again on PostgreSQL (the ids of the page; the API's client parses its pages too).
 */
export async function handWrittenPaging(db: Database, layout: Layout, pageSize: number, maxPages: number): Promise<HandWrittenPaging> {
  const inSql = db.kind !== 'pg-mem';
  const sql = inSql ? postgresPageSql(layout) : rowsPageSql(layout);
  const ids: string[] = [];
  let jsonChars = 0;
  let lastSeen = BEFORE_EVERY_ID;
  const start = now();
  for (let pages = 1; pages <= maxPages; pages++) {
    const params = [layout.itemsTypeId, lastSeen, layout.relationId, pageSize + 1];
    let page: Array<Record<string, unknown>>;
    if (inSql) {
      const { rows } = await db.query<{ page: string | null }>(sql, params);
      const text = rows[0]?.page ?? '[]';
      jsonChars += text.length;
      page = JSON.parse(text) as Array<Record<string, unknown>>;
    } else {
      const { rows } = await db.query<{ id: string; public_id: unknown; data: Record<string, unknown>; project: string | null }>(sql, params);
      page = rows.map((r) => pageObject(layout, r.id, r.public_id, r.data, r.project));
      jsonChars += JSON.stringify(page.slice(0, pageSize)).length;
    }
    for (const entity of page.slice(0, pageSize)) ids.push(String(entity['svc/id']));
    if (page.length <= pageSize) return { ms: now() - start, pages, ids, jsonChars };
    lastSeen = ids[ids.length - 1] as string;
  }
  throw new Error(`the hand-written paging did not end after ${maxPages} pages`);
}
