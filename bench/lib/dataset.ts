// The benchmark dataset: a Database of ten value fields with a many-to-one relation to a second
// Database (and its collection end), the values of its Entities (deterministic from a seed), and
// the bulk SQL load used for the part of the dataset that is set-up rather than measured.
import { randomUUID } from 'node:crypto';
import type { components } from '../../generated/service/types.js';
import type { Database } from '../../server/src/db/database.js';
import type { Command } from './client.js';

type Schemas = components['schemas'];

export const PROJECTS = 'Bench/Projects';
export const ITEMS = 'Bench/Items';

/** Field names of the benchmark Databases. */
export const F = {
  name: 'Bench/Name',
  itemList: 'Bench/Item-list',
  title: 'Bench/Title',
  count: 'Bench/Count',
  amount: 'Bench/Amount',
  done: 'Bench/Done',
  due: 'Bench/Due',
  at: 'Bench/At',
  email: 'Bench/Email',
  site: 'Bench/Site',
  note: 'Bench/Note',
  rank: 'Bench/Rank',
  project: 'Bench/Project',
} as const;

/** The ten value fields of `Bench/Items`, with their field types. */
export const ITEM_FIELDS: ReadonlyArray<readonly [string, string]> = [
  [F.title, 'svc/text'],
  [F.count, 'svc/integer'],
  [F.amount, 'svc/decimal'],
  [F.done, 'svc/bool'],
  [F.due, 'svc/date'],
  [F.at, 'svc/date-time'],
  [F.email, 'svc/email'],
  [F.site, 'svc/url'],
  [F.note, 'svc/text'],
  [F.rank, 'svc/integer'],
];

/** First words of titles: a `starts-with` on one of them matches about 1 in 20 Entities. */
export const WORDS = [
  'alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliett',
  'kilo', 'lima', 'mike', 'november', 'oscar', 'papa', 'quebec', 'romeo', 'sierra', 'tango',
] as const;

/** The `svc.schema/batch` command creating both Databases and the relation between them. */
export function schemaCommand(): Command {
  const relation = randomUUID();
  const fields: Schemas['FieldDefinition'][] = ITEM_FIELDS.map(([name, type]) => ({
    'svc/name': name,
    'svc/type': type,
    ...(name === F.title ? { 'svc/meta': { 'ui/title?': true } } : {}),
  }));
  return {
    command: 'svc.schema/batch',
    args: {
      commands: [
        {
          command: 'schema.type/create',
          args: { 'svc/name': PROJECTS, 'svc/fields': [{ 'svc/name': F.name, 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } }] },
        },
        { command: 'schema.type/create', args: { 'svc/name': ITEMS, 'svc/fields': fields } },
        {
          command: 'schema.field/create',
          args: { 'svc/holder-type': ITEMS, 'svc/name': F.project, 'svc/type': PROJECTS, 'svc/meta': { 'svc/relation': relation } },
        },
        {
          command: 'schema.field/create',
          args: {
            'svc/holder-type': PROJECTS,
            'svc/name': F.itemList,
            'svc/type': ITEMS,
            'svc/meta': { 'svc/relation': relation, 'svc/collection?': true },
          },
        },
      ],
    },
  };
}

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY_MS = 86_400_000;
const EPOCH = Date.UTC(2020, 0, 1);

/** The value fields of Entity number `i` (API shapes, which are also the stored JSON). */
export function itemValues(i: number): Record<string, string | number | boolean> {
  const r = random(i * 7919 + 17);
  const word = WORDS[Math.floor(r() * WORDS.length)] as string;
  const at = EPOCH + Math.floor(r() * 2000 * DAY_MS);
  return {
    [F.title]: `${word} item ${i}`,
    [F.count]: Math.floor(r() * 1000),
    [F.amount]: Math.round(r() * 1_000_000) / 100,
    [F.done]: r() < 0.5,
    [F.due]: new Date(EPOCH + Math.floor(r() * 2000) * DAY_MS).toISOString().slice(0, 10),
    [F.at]: new Date(at).toISOString(),
    [F.email]: `user${i}@example.com`,
    [F.site]: `https://example.com/items/${i}`,
    [F.note]: `note ${Math.floor(r() * 1e9).toString(36)} for item ${i}`,
    [F.rank]: Math.floor(r() * 1_000_000),
  };
}

export function projectOf(i: number, projectIds: readonly string[]): string {
  return projectIds[i % projectIds.length] as string;
}

/** The field values of Entity number `i` as a create sends them (the ten values and the relation). */
export function itemInput(i: number, projectIds: readonly string[]): Schemas['EntityInput'] {
  return { ...itemValues(i), [F.project]: { 'svc/id': projectOf(i, projectIds) } };
}

/** The `svc.entity/create` of Entity number `i`. */
export function createItemCommand(i: number, projectIds: readonly string[]): Command {
  return { command: 'svc.entity/create', args: { type: ITEMS, entity: itemInput(i, projectIds) } };
}

export function createProjectCommand(i: number): Command {
  return { command: 'svc.entity/create', args: { type: PROJECTS, entity: { [F.name]: `Project ${String(i).padStart(4, '0')}` } } };
}

/** Where the server stores the benchmark Databases (read from the catalog tables). */
export interface Layout {
  itemsTypeId: string;
  projectsTypeId: string;
  /** Field name to its key in `entities.data`. */
  keys: Map<string, string>;
  relationId: string;
  /** The `links` column holding the Item (the relation end of `Bench/Project`). */
  itemEnd: 'a' | 'b';
}

export async function readLayout(db: Database): Promise<Layout> {
  const { rows } = await db.query<{
    type_name: string;
    type_id: string;
    name: string;
    storage_key: string | null;
    relation_id: string | null;
    relation_end: 'a' | 'b' | null;
  }>(
    'SELECT t.name AS type_name, t.id AS type_id, f.name, f.storage_key, f.relation_id, f.relation_end FROM fields f JOIN types t ON t.id = f.type_id WHERE t.name = $1 OR t.name = $2',
    [ITEMS, PROJECTS],
  );
  const items = rows.find((r) => r.type_name === ITEMS);
  const projects = rows.find((r) => r.type_name === PROJECTS);
  const project = rows.find((r) => r.type_name === ITEMS && r.name === F.project);
  if (!items || !projects || !project?.relation_id || !project.relation_end) throw new Error('the benchmark Databases are not in the catalog');
  const keys = new Map<string, string>();
  for (const r of rows) if (r.type_name === ITEMS && r.storage_key && !r.name.startsWith('svc/')) keys.set(r.name, r.storage_key);
  for (const [name] of ITEM_FIELDS) if (!keys.has(name)) throw new Error(`no storage key for ${name}`);
  return { itemsTypeId: items.type_id, projectsTypeId: projects.type_id, keys, relationId: project.relation_id, itemEnd: project.relation_end };
}

/**
 * Inserts Entities number `from` .. `from + count - 1` straight into `entities` and `links` with
 * multi-row INSERTs (rows shaped as server/src/model/entity-writer.ts writes them). Set-up only.
 */
export async function bulkLoadItems(
  db: Database,
  layout: Layout,
  options: { from: number; count: number; projectIds: readonly string[]; authorId: string; rowsPerStatement: number },
): Promise<string[]> {
  const { from, count, projectIds, authorId } = options;
  if (count <= 0) return [];
  const bumped = await db.query<{ n: number }>('UPDATE types SET next_public_id = next_public_id + $2 WHERE id = $1 RETURNING next_public_id AS n', [
    layout.itemsTypeId,
    count,
  ]);
  const firstPublicId = Number(bumped.rows[0]?.n) - count;
  const ids: string[] = [];
  const base = Date.now();
  const theirs = layout.itemEnd === 'a' ? 'b' : 'a';
  for (let start = 0; start < count; start += options.rowsPerStatement) {
    const end = Math.min(count, start + options.rowsPerStatement);
    const entityRows: string[] = [];
    const entityParams: unknown[] = [layout.itemsTypeId, authorId];
    const linkRows: string[] = [];
    const linkParams: unknown[] = [layout.relationId];
    for (let k = start; k < end; k++) {
      const i = from + k;
      const id = randomUUID();
      ids.push(id);
      const data: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(itemValues(i))) data[layout.keys.get(name) as string] = value;
      const at = new Date(base + k).toISOString();
      const p = entityParams.length;
      entityRows.push(`($${p + 1}, $1, $${p + 2}, $${p + 3}, $${p + 3}, $2, $${p + 4})`);
      entityParams.push(id, firstPublicId + k, at, JSON.stringify(data));
      const q = linkParams.length;
      linkRows.push(`($1, $${q + 1}, $${q + 2}, $${q + 3})`);
      linkParams.push(id, projectOf(i, projectIds), base * 1000 + (k % 1000));
    }
    await db.query(`INSERT INTO entities (id, type_id, public_id, created_at, modified_at, created_by, data) VALUES ${entityRows.join(', ')}`, entityParams);
    await db.query(`INSERT INTO links (relation_id, ${layout.itemEnd}, ${theirs}, position) VALUES ${linkRows.join(', ')}`, linkParams);
  }
  return ids;
}

/** Deletes Items (and their relation values) by id; set-up between a measured run and its replay. */
export async function deleteItems(db: Database, layout: Layout, ids: readonly string[], chunk = 500): Promise<void> {
  for (let start = 0; start < ids.length; start += chunk) {
    const part = ids.slice(start, start + chunk);
    const list = part.map((_, i) => `$${i + 2}`).join(', ');
    await db.query(`DELETE FROM links WHERE relation_id = $1 AND ${layout.itemEnd} IN (${list})`, [layout.relationId, ...part]);
    await db.query(`DELETE FROM entities WHERE type_id = $1 AND id IN (${list})`, [layout.itemsTypeId, ...part]);
  }
}
