// Writes of Entities: one row in the type's table, one row in `links` per relation value.
// A write can report what it changed to a WriteObserver (webhook deliveries): the values before
// and after, as the API shows them, and every relation value (row of `links`) added or removed.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import type { Entity } from '../api/spec-types.js';
import { Failure } from '../api/failure.js';
import type { Catalog, FieldDef, TypeDef } from './catalog.js';
import { COMMENT_TYPE, FILE_TYPE, RANK_FIELD, RICH_TEXT_TYPE, SYSTEM_FIELD_NAMES, USER_TYPE } from './field-types.js';
import { atIndex } from './batch-failure.js';
import { decodeValue, encodeValue, isUuid, referenceId } from './value-codec.js';

/** One relation value a write added or removed: a row of `links`. */
export interface LinkChange {
  relationId: string;
  a: string;
  b: string;
  added: boolean;
}

/**
 * What one write did. Values are shaped as the command API returns them (references
 * `{svc/id}`, collections arrays); `links` lists every relation value added or removed, also
 * those of other Entities (the inverse end of a relation, an item moved from its previous parent).
 */
export type WriteRecord =
  | { kind: 'create'; type: TypeDef; id: string; values: Record<string, unknown>; links: LinkChange[] }
  | { kind: 'update'; type: TypeDef; id: string; before: Record<string, unknown>; after: Record<string, unknown>; links: LinkChange[] }
  | { kind: 'delete'; type: TypeDef; id: string; before: Record<string, unknown>; links: LinkChange[] }
  | { kind: 'links'; type: TypeDef; id: string; links: LinkChange[] };

/** `writeReadOnly`: the writer owns read-only fields (the sync engine writes the row key field). */
export interface WriteOptions {
  writeReadOnly?: boolean;
  /** The position of each input in its request (batch commands): a failure about one input names it (`data.index`). */
  inputIndexes?: readonly number[];
}

/** Receives what writes did (the change capture of webhook deliveries). */
export interface WriteObserver {
  record(write: WriteRecord, catalog: Catalog): void;
}

interface LinkRow {
  relation_id?: string;
  a: string;
  b: string;
  position?: number | string;
}

function removed(relationId: string, rows: LinkRow[]): LinkChange[] {
  return rows.map((r) => ({ relationId: r.relation_id ?? relationId, a: r.a, b: r.b, added: false }));
}

function isoTime(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

function reference(id: string | null | undefined): { 'svc/id': string } | null {
  return id ? { 'svc/id': id } : null;
}

/** A relation field's value from the ids at its other end (in `position` order when known). */
function relationValue(field: FieldDef, rows: Array<{ id: string; position?: number | string }>): unknown {
  const ids = [...rows].sort((x, y) => Number(x.position ?? 0) - Number(y.position ?? 0)).map((r) => r.id);
  return field.isCollection ? ids.map((id) => ({ 'svc/id': id })) : reference(ids[0]);
}

let linkCounter = 0;
/** Increasing position of a new link: collections list their items in the order they were added. */
function nextLinkPosition(): number {
  linkCounter = (linkCounter + 1) % 1000;
  return Date.now() * 1000 + linkCounter;
}

/** Throws unless every id is an Entity of `type`. */
async function assertExist(tx: Queryable, field: FieldDef, type: TypeDef, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const placeholders = unique.map((_, i) => `$${i + 2}`).join(', ');
  const { rows } = await tx.query<{ id: string }>(`SELECT id FROM entities WHERE type_id = $1 AND id IN (${placeholders})`, [type.id, ...unique]);
  const found = new Set(rows.map((r) => r.id));
  const missing = unique.find((id) => !found.has(id));
  if (missing) {
    throw new Failure('entity.error/entity-not-found', `"${field.name}" refers to ${missing}, which is not an Entity of "${type.name}".`, {
      field: field.name,
      type: type.name,
      id: missing,
    });
  }
}

/**
 * Replaces the values of a relation field of one Entity (`fresh`: the Entity has no links yet).
 * Answers the relation values added and removed (`before`: the field's previous value).
 */
export async function setLinks(
  tx: Queryable,
  catalog: Catalog,
  field: FieldDef,
  entityId: string,
  targetIds: string[],
  fresh = false,
): Promise<{ changes: LinkChange[]; before: unknown }> {
  const relationId = field.relationId;
  if (!relationId) throw new Error(`${field.name} is not a relation`);
  const mine = endColumn(field);
  const { rows } = fresh
    ? { rows: [] as LinkRow[] }
    : await tx.query<LinkRow>(`DELETE FROM links WHERE relation_id = $1 AND ${mine} = $2 RETURNING a, b, position`, [relationId, entityId]);
  const before = relationValue(field, rows.map((r) => ({ id: mine === 'a' ? r.b : r.a, position: r.position })));
  const changes = [...removed(relationId, rows), ...(await addLinks(tx, catalog, field, entityId, targetIds, { fresh: true }))];
  return { changes, before };
}

function endColumn(field: FieldDef): 'a' | 'b' {
  return field.relationEnd === 'b' ? 'b' : 'a';
}

/**
 * Adds values to a relation field; where the inverse end holds one value, its target moves over.
 * `fresh`: none of these links can exist yet (skips the look-up). Answers the relation values
 * removed and added (an existing one is removed and added again).
 */
export async function addLinks(
  tx: Queryable,
  catalog: Catalog,
  field: FieldDef,
  entityId: string,
  targetIds: string[],
  options: { fresh?: boolean } = {},
): Promise<LinkChange[]> {
  const relationId = field.relationId;
  if (!relationId) throw new Error(`${field.name} is not a relation`);
  const targets = [...new Set(targetIds)];
  if (targets.length === 0) return [];
  const target = catalog.byName.get(field.fieldType);
  if (!target) throw new Error(`${field.fieldType} vanished`);
  await assertExist(tx, field, target, targets);
  const mine = endColumn(field);
  const theirs = mine === 'a' ? 'b' : 'a';
  const inverse = catalog.inverse(field);
  const list = targets.map((_, i) => `$${i + 2}`).join(', ');
  let gone: LinkRow[] = [];
  if (inverse && !inverse.isCollection) {
    gone = (await tx.query<LinkRow>(`DELETE FROM links WHERE relation_id = $1 AND ${theirs} IN (${list}) RETURNING a, b`, [relationId, ...targets])).rows;
  } else if (!options.fresh) {
    gone = (
      await tx.query<LinkRow>(`DELETE FROM links WHERE relation_id = $1 AND ${mine} = $${targets.length + 2} AND ${theirs} IN (${list}) RETURNING a, b`, [
        relationId,
        ...targets,
        entityId,
      ])
    ).rows;
  }
  const rows = targets.map((_, i) => `($1, $2, $${i * 2 + 3}, $${i * 2 + 4})`).join(', ');
  await tx.query(
    `INSERT INTO links (relation_id, ${mine}, ${theirs}, position) VALUES ${rows}`,
    [relationId, entityId, ...targets.flatMap((t) => [t, nextLinkPosition()])],
  );
  const added = targets.map((t): LinkChange => ({ relationId, a: mine === 'a' ? entityId : t, b: mine === 'a' ? t : entityId, added: true }));
  return [...removed(relationId, gone), ...added];
}

function relationTargets(field: FieldDef, value: unknown): string[] {
  if (value === null) return [];
  if (field.isCollection) {
    if (!Array.isArray(value)) {
      throw new Failure('entity.error/value-invalid', `"${field.name}" is a collection; its value must be an array of {"svc/id": "<uuid>"}.`, {
        field: field.name,
        expected: 'array of references',
      });
    }
    return value.map((v) => referenceId(field, v));
  }
  return [referenceId(field, value)];
}

/** Creates the documents of these secrets that do not exist yet. */
async function ensureDocuments(tx: Queryable, secrets: string[], now: string): Promise<void> {
  if (secrets.length === 0) return;
  const { rows } = await tx.query<{ secret: string }>(`SELECT secret FROM documents WHERE secret IN (${secrets.map((_, i) => `$${i + 1}`).join(', ')})`, secrets);
  const existing = new Set(rows.map((r) => r.secret));
  const fresh = [...new Set(secrets)].filter((secret) => !existing.has(secret));
  // Several a statement: a batch of new Entities with a rich text field makes one each.
  for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
    const part = fresh.slice(i, i + INSERT_CHUNK);
    await tx.query(`INSERT INTO documents (secret, created_at) VALUES ${part.map((_, j) => `($${j + 2}, $1)`).join(', ')}`, [now, ...part]);
  }
}

/** Creates one Entity and answers it with its system fields and the values written. */
export async function insertEntity(
  tx: Queryable,
  catalog: Catalog,
  typeName: string,
  input: Record<string, unknown>,
  authorId: string,
  observer?: WriteObserver,
  options: WriteOptions = {},
): Promise<Entity> {
  return (await insertEntities(tx, catalog, typeName, [input], authorId, observer, options))[0] as Entity;
}

/**
 * A type with a rank (`svc/rank`: the rank mixin's field, and every enum type's) ranks its new
 * Entities, as the public API gives each such Entity one: those created without one (or with
 * null) go last, in the order given, each above every rank of the type and of the Entities
 * created with them.
 */
async function rankNewEntities(tx: Queryable, type: TypeDef, inputs: readonly Record<string, unknown>[], prepared: PreparedInsert[]): Promise<void> {
  const key = type.fieldsByName.get(RANK_FIELD)?.key;
  if (!key) return;
  // Stryker disable next-line OptionalChaining: every input has its prepared row, in the same order
  const unranked = prepared.filter((_, i) => inputs[i]?.[RANK_FIELD] === undefined || inputs[i]?.[RANK_FIELD] === null);
  // Stryker disable next-line ConditionalExpression: a shortcut: with none to rank the loop below sets nothing
  if (unranked.length === 0) return;
  const { rows } = await tx.query<{ m: string | number | null }>(`SELECT max((data->>'${key}')::numeric) AS m FROM entities WHERE type_id = $1`, [type.id]);
  const given = prepared.map((p) => p.data[key]).filter((v): v is number => typeof v === 'number');
  // The first rank of a type is 0; the spec promises only "above every rank", so another start is as right.
  // Stryker disable next-line OptionalChaining,UnaryOperator: max() always answers one row; the start of an empty type's ranks is free (above)
  let rank = Math.floor(Math.max(Number(rows[0]?.m ?? -1), ...given, -1));
  for (const p of unranked) {
    rank += 1;
    p.data[key] = rank;
    p.values[RANK_FIELD] = rank;
  }
}

/** Rows of one multi-row INSERT (7 parameters each, far below the protocol's bound). */
const INSERT_CHUNK = 500;

interface PreparedInsert {
  id: string;
  createdBy: string;
  data: Record<string, unknown>;
  values: Record<string, unknown>;
  links: Array<[FieldDef, string[]]>;
  secrets: string[];
}

/**
 * Creates Entities of one type in a few statements (the sync engine writes pages of them):
 * one public id range, multi-row INSERTs, the relation values of each field in one statement
 * where no value moves from another Entity. Answers them in order, as insertEntity does.
 */
export async function insertEntities(
  tx: Queryable,
  catalog: Catalog,
  typeName: string,
  inputs: readonly Record<string, unknown>[],
  authorId: string,
  observer?: WriteObserver,
  options: WriteOptions = {},
): Promise<Entity[]> {
  const type = catalog.type(typeName);
  // Stryker disable next-line ArrayDeclaration: never called without inputs (insertEntity passes one, the sync only pages with new rows)
  if (inputs.length === 0) return [];
  const prepared = await prepareInserts(tx, catalog, type, inputs, authorId, options);
  return writeInserts(tx, catalog, type, prepared, observer);
}

/**
 * Creates Entities of one type as insertEntities does, in its few statements, when that cannot
 * fail: otherwise writes nothing and answers undefined, so that the caller can create them one by
 * one and fail exactly where and as those creates fail (`svc.command/batch`). Every check runs
 * before the first write (the relation targets looked up first); a type with a rank, and inputs
 * giving their `svc/id`, are left to the caller (their one-by-one outcome depends on the order).
 */
export async function insertEntitiesIfValid(
  tx: Queryable,
  catalog: Catalog,
  typeName: string,
  inputs: readonly Record<string, unknown>[],
  authorId: string,
  observer?: WriteObserver,
  // Stryker disable next-line BlockStatement: performance only: a run of creates the grouped write does not take, or gives up on, is written one by one by the caller, which answers, writes and reports the same (server/test/command-batch-creates.test.ts holds both ways to it)
): Promise<Entity[] | undefined> {
  const type = catalog.byName.get(typeName);
  // Stryker disable next-line all: performance only: a run of creates the grouped write does not take, or gives up on, is written one by one by the caller, which answers, writes and reports the same (server/test/command-batch-creates.test.ts holds both ways to it); the grouped write takes given svc/ids and ranks as the one-by-one one does
  if (!type || type.fieldsByName.has(RANK_FIELD) || inputs.length === 0 || inputs.some((input) => input['svc/id'] !== undefined)) return undefined;
  let prepared: PreparedInsert[];
  try {
    prepared = await prepareInserts(tx, catalog, type, inputs, authorId, {});
  } catch (error) {
    if (error instanceof Failure) return undefined;
    throw error;
  }
  if (!(await linkTargetsExist(tx, catalog, prepared))) return undefined;
  // Stryker disable next-line BooleanLiteral: performance only: writeInserts checks the relation targets again when not told they were
  return writeInserts(tx, catalog, type, prepared, observer, true);
}

/** Whether every relation target of these new Entities is an Entity of its field's type (read only). */
// Stryker disable next-line BlockStatement: performance only: a run of creates the grouped write does not take, or gives up on, is written one by one by the caller, which answers, writes and reports the same (server/test/command-batch-creates.test.ts holds both ways to it)
async function linkTargetsExist(tx: Queryable, catalog: Catalog, prepared: readonly PreparedInsert[]): Promise<boolean> {
  const byType = new Map<TypeDef, Set<string>>();
  for (const p of prepared) {
    for (const [field, targets] of p.links) {
      const target = catalog.byName.get(field.fieldType);
      // Stryker disable next-line all: out of reach: a relation field's target type is in the catalogue the field was read from (deleting a Database deletes the relations to it)
      if (!target) return false;
      const ids = byType.get(target) ?? new Set<string>();
      for (const id of targets) ids.add(id);
      byType.set(target, ids);
    }
  }
  for (const [target, set] of byType) {
    const ids = [...set];
    // Stryker disable next-line EqualityOperator: performance only: one more round asks for no id and finds none missing
    for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
      // Stryker disable next-line MethodExpression: performance only: asking for every id at once finds the same ones
      const part = ids.slice(i, i + INSERT_CHUNK);
      const { rows } = await tx.query<{ id: string }>(`SELECT id FROM entities WHERE type_id = $1 AND id IN (${part.map((_, j) => `$${j + 2}`).join(', ')})`, [
        target.id,
        ...part,
      ]);
      // Stryker disable next-line ArrowFunction: performance only: a run of creates the grouped write does not take, or gives up on, is written one by one by the caller, which answers, writes and reports the same (server/test/command-batch-creates.test.ts holds both ways to it)
      const found = new Set(rows.map((r) => r.id));
      if (part.some((id) => !found.has(id))) return false;
    }
  }
  // Stryker disable next-line BooleanLiteral: performance only: a run of creates the grouped write does not take, or gives up on, is written one by one by the caller, which answers, writes and reports the same (server/test/command-batch-creates.test.ts holds both ways to it)
  return true;
}

/**
 * The checks and values of new Entities, before anything is written: reads only (the authors and
 * given ids looked up, the type's highest rank), so a failure here leaves the storage as it was.
 */
async function prepareInserts(
  tx: Queryable,
  catalog: Catalog,
  type: TypeDef,
  inputs: readonly Record<string, unknown>[],
  authorId: string,
  options: WriteOptions,
): Promise<PreparedInsert[]> {
  const users = catalog.type(USER_TYPE);
  const createdByField = catalog.field(type, 'svc/created-by');
  const prepared: PreparedInsert[] = [];
  for (const [position, given] of inputs.entries()) {
    let input = given;
    try {
      const rawId = input['svc/id'];
      // Stryker disable next-line BlockStatement: out of reach: behind the request schema (below)
      if (rawId !== undefined && !isUuid(rawId)) {
        // Stryker disable next-line all: out of reach: behind the request schema (EntityInput's svc/id is a Uuid, format uuid); the sync writes no svc/id
        throw new Failure('entity.error/value-invalid', `"svc/id" must be a UUID string; got ${JSON.stringify(rawId)}.`, { field: 'svc/id', expected: 'uuid' });
      }
      const id = (rawId ?? randomUUID()).toLowerCase();
      const createdBy = input['svc/created-by'] === undefined ? authorId : referenceId(createdByField, input['svc/created-by']);
      if (input['svc/created-by'] !== undefined) await assertExist(tx, createdByField, users, [createdBy]);
      // A comment's author is its creator (contract, "Comment"), unless the client names one.
      if (type.name === COMMENT_TYPE && input['comment/author'] === undefined) input = { ...input, 'comment/author': { 'svc/id': createdBy } };
      const data: Record<string, unknown> = {};
      const links: Array<[FieldDef, string[]]> = [];
      const values: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(input)) {
        if (SYSTEM_FIELD_NAMES.has(name)) continue;
        const field = catalog.field(type, name);
        if (field.meta['svc/readonly?'] === true && !options.writeReadOnly) {
          throw new Failure('entity.error/field-readonly', `"${name}" is read-only.`, { field: name });
        }
        if (field.storage === 'link') {
          const targets = relationTargets(field, value);
          links.push([field, targets]);
          values[name] = field.isCollection ? targets.map((t) => ({ 'svc/id': t })) : targets[0] ? { 'svc/id': targets[0] } : null;
        } else {
          const encoded = encodeValue(field, value);
          if (encoded !== null) data[field.key as string] = encoded;
          values[name] = decodeValue(field, encoded);
        }
      }
      // A rich text field always has a document: new Entities get a fresh secret.
      const secrets: string[] = [];
      for (const field of type.fields) {
        if (field.fieldType !== RICH_TEXT_TYPE) continue;
        if (!(field.name in input) || input[field.name] === null) {
          const secret = randomUUID();
          data[field.key as string] = secret;
          values[field.name] = { 'Collaboration~Documents/secret': secret };
        }
        secrets.push(data[field.key as string] as string);
      }
      prepared.push({ id, createdBy, data, values, links, secrets });
    } catch (error) {
      throw atIndex(error, options.inputIndexes?.[position]);
    }
  }
  await rankNewEntities(tx, type, inputs, prepared);
  const givenIds = prepared.map((p) => p.id);
  // Several inputs with one svc/id: only a batch command gives them (a sync page's rows carry no svc/id).
  if (new Set(givenIds).size !== givenIds.length) {
    const at = givenIds.findIndex((id, i) => givenIds.indexOf(id) !== i);
    const twice = givenIds[at] as string;
    throw atIndex(new Failure('entity.error/duplicate-id', `The svc/id ${twice} is given to two new Entities.`, { id: twice, field: 'svc/id' }), options.inputIndexes?.[at]);
  }
  const clientIds = inputs.flatMap((input, i) => (input['svc/id'] !== undefined ? [prepared[i]?.id as string] : []));
  for (let i = 0; i < clientIds.length; i += INSERT_CHUNK) {
    // Stryker disable next-line MethodExpression: out of reach: svc.entity/create gives at most one client id, the sync none, far below one chunk of 500
    const part = clientIds.slice(i, i + INSERT_CHUNK);
    const { rows } = await tx.query<{ id: string }>(`SELECT id FROM entities WHERE id IN (${part.map((_, j) => `$${j + 1}`).join(', ')})`, part);
    if (rows[0]) throw new Failure('entity.error/duplicate-id', `An Entity with svc/id ${rows[0].id} exists already.`, { id: rows[0].id, field: 'svc/id' });
  }
  return prepared;
}

/**
 * Writes prepared new Entities: one public id range, multi-row INSERTs, their relation values;
 * answers them in order. `targetsChecked`: every relation target is known to exist (linkTargetsExist).
 */
async function writeInserts(tx: Queryable, catalog: Catalog, type: TypeDef, prepared: PreparedInsert[], observer?: WriteObserver, targetsChecked = false): Promise<Entity[]> {
  const last = Number(
    (await tx.query<{ n: number }>('UPDATE types SET next_public_id = next_public_id + $2 WHERE id = $1 RETURNING next_public_id AS n', [type.id, prepared.length])).rows[0]?.n,
  );
  const firstPublicId = last - prepared.length;
  const now = new Date().toISOString();
  for (let i = 0; i < prepared.length; i += INSERT_CHUNK) {
    const part = prepared.slice(i, i + INSERT_CHUNK);
    const params: unknown[] = [type.id, now];
    const tuples = part.map((p, j) => {
      params.push(p.id, firstPublicId + i + j, p.createdBy, JSON.stringify(p.data));
      const at = params.length;
      return `($${at - 3}, $1, $${at - 2}, $2, $2, $${at - 1}, $${at})`;
    });
    await tx.query(`INSERT INTO entities (id, type_id, public_id, created_at, modified_at, created_by, data) VALUES ${tuples.join(', ')}`, params);
  }
  const changes = new Map<string, LinkChange[]>(prepared.map((p) => [p.id, []]));
  await insertLinks(tx, catalog, prepared, changes, targetsChecked);
  await putCollectionsInReadOrder(tx, prepared);
  await ensureDocuments(tx, prepared.flatMap((p) => p.secrets), now);
  return prepared.map((p, i) => {
    const entity: Entity = {
      'svc/id': p.id,
      'svc/public-id': String(firstPublicId + i),
      'svc/creation-date': now,
      'svc/modification-date': now,
      'svc/created-by': { 'svc/id': p.createdBy },
      ...p.values,
    };
    // Stryker disable next-line ArrayDeclaration: changes holds an entry for every prepared Entity (set above), so the fallback is never taken
    observer?.record({ kind: 'create', type, id: p.id, values: { ...entity }, links: changes.get(p.id) ?? [] }, catalog);
    return entity;
  });
}

/**
 * The collections of new Entities as a query reads them (spec/query-semantics.md: the related
 * Entities' creation order, then `svc/id`), not as written: the create answers what a read gives.
 * One statement per INSERT_CHUNK targets.
 */
async function putCollectionsInReadOrder(tx: Queryable, prepared: readonly PreparedInsert[]): Promise<void> {
  const targets = [...new Set(prepared.flatMap((p) => p.links.filter(([field]) => field.isCollection).flatMap(([, ids]) => ids)))];
  if (targets.length === 0) return;
  const created = new Map<string, number>();
  for (let i = 0; i < targets.length; i += INSERT_CHUNK) {
    const part = targets.slice(i, i + INSERT_CHUNK);
    const { rows } = await tx.query<{ id: string; created_at: unknown }>(`SELECT id, created_at FROM entities WHERE id IN (${part.map((_, j) => `$${j + 1}`).join(', ')})`, part);
    for (const row of rows) created.set(row.id, (row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at))).getTime());
  }
  const byReadOrder = (x: string, y: string): number => (created.get(x) ?? 0) - (created.get(y) ?? 0) || (x < y ? -1 : x > y ? 1 : 0);
  for (const p of prepared) {
    for (const [field, ids] of p.links) {
      if (field.isCollection) p.values[field.name] = [...ids].sort(byReadOrder).map((id) => ({ 'svc/id': id }));
    }
  }
}

/**
 * The relation values of new Entities: per field, one existence check and one INSERT, unless
 * the field's inverse end holds one value (a target then moves over: addLinks, one by one).
 */
async function insertLinks(tx: Queryable, catalog: Catalog, prepared: readonly PreparedInsert[], changes: Map<string, LinkChange[]>, targetsChecked: boolean): Promise<void> {
  const byField = new Map<FieldDef, Array<[string, string[]]>>();
  for (const p of prepared) {
    for (const [field, targets] of p.links) {
      const list = byField.get(field) ?? [];
      list.push([p.id, [...new Set(targets)]]);
      byField.set(field, list);
    }
  }
  for (const [field, entries] of byField) {
    const inverse = catalog.inverse(field);
    if (inverse && !inverse.isCollection) {
      for (const [id, targets] of entries) changes.get(id)?.push(...(await setLinks(tx, catalog, field, id, targets, true)).changes);
      continue;
    }
    const target = catalog.byName.get(field.fieldType);
    if (!target || !field.relationId) throw new Error(`${field.name} is not a relation`);
    if (!targetsChecked) await assertExist(tx, field, target, entries.flatMap(([, targets]) => targets));
    const mine = endColumn(field);
    const theirs = mine === 'a' ? 'b' : 'a';
    const rows = entries.flatMap(([id, targets]) => targets.map((t) => [id, t] as const));
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const part = rows.slice(i, i + INSERT_CHUNK);
      const params: unknown[] = [field.relationId];
      const tuples = part.map(([id, t]) => {
        params.push(id, t, nextLinkPosition());
        const at = params.length;
        return `($1, $${at - 2}, $${at - 1}, $${at})`;
      });
      await tx.query(`INSERT INTO links (relation_id, ${mine}, ${theirs}, position) VALUES ${tuples.join(', ')}`, params);
    }
    for (const [id, t] of rows) changes.get(id)?.push({ relationId: field.relationId, a: mine === 'a' ? id : t, b: mine === 'a' ? t : id, added: true });
  }
}

/** An Entity's row: its id, system columns and stored values. */
export interface EntityRow {
  id: string;
  data: Record<string, unknown>;
  public_id: number | string;
  created_at: unknown;
  modified_at: unknown;
  created_by: string | null;
}

/** The type's row of an Entity, or a `entity.error/entity-not-found` failure. */
export async function requireEntity(tx: Queryable, type: TypeDef, id: unknown): Promise<EntityRow> {
  // Stryker disable next-line BlockStatement: out of reach: behind the request schema (below)
  if (!isUuid(id)) {
    // Stryker disable next-line all: out of reach: behind the request schema (the svc/id of EntityUpdate and EntityRef is a Uuid, format uuid); the sync passes ids it read
    throw new Failure('entity.error/value-invalid', `"svc/id" must be a UUID string; got ${JSON.stringify(id)}.`, { field: 'svc/id', expected: 'uuid' });
  }
  const { rows } = await tx.query<EntityRow>('SELECT id, data, public_id, created_at, modified_at, created_by FROM entities WHERE id = $1 AND type_id = $2', [
    id.toLowerCase(),
    type.id,
  ]);
  const row = rows[0];
  if (!row) throw new Failure('entity.error/entity-not-found', `There is no Entity ${id} in "${type.name}".`, { type: type.name, id, field: 'svc/id' });
  return row;
}

/** Changes some fields of one Entity; `svc/modification-date` may be given, else it is now. */
/**
 * Changes some fields of one Entity; `svc/modification-date` may be given, else it is now. The
 * observer gets the given fields' values before and after (and `svc/modification-date`).
 */
export async function updateEntity(
  tx: Queryable,
  catalog: Catalog,
  typeName: string,
  input: Record<string, unknown>,
  observer?: WriteObserver,
  options: WriteOptions = {},
): Promise<string> {
  const type = catalog.type(typeName);
  const current = await requireEntity(tx, type, input['svc/id']);
  const data = { ...current.data };
  const links: Array<[FieldDef, string[]]> = [];
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  let modifiedAt = new Date().toISOString();
  for (const [name, value] of Object.entries(input)) {
    if (name === 'svc/id') continue;
    const field = catalog.field(type, name);
    if (name === 'svc/modification-date') {
      modifiedAt = encodeValue({ ...field, storage: 'value' }, value) as string;
      continue;
    }
    if (field.storage === 'system' || (field.meta['svc/readonly?'] === true && !options.writeReadOnly)) {
      throw new Failure('entity.error/field-readonly', `"${name}" is read-only.`, { field: name });
    }
    if (field.storage === 'link') {
      const targets = relationTargets(field, value);
      links.push([field, targets]);
      after[name] = relationValue(field, targets.map((id, position) => ({ id, position })));
    } else {
      const encoded = encodeValue(field, value);
      before[name] = decodeValue(field, current.data[field.key as string]);
      after[name] = decodeValue(field, encoded);
      if (encoded === null) delete data[field.key as string];
      else data[field.key as string] = encoded;
    }
  }
  await tx.query('UPDATE entities SET data = $1, modified_at = $2 WHERE id = $3', [JSON.stringify(data), modifiedAt, current.id]);
  const changes: LinkChange[] = [];
  for (const [field, targets] of links) {
    const set = await setLinks(tx, catalog, field, current.id, targets);
    before[field.name] = set.before;
    changes.push(...set.changes);
  }
  before['svc/modification-date'] = isoTime(current.modified_at);
  after['svc/modification-date'] = isoTime(modifiedAt);
  observer?.record({ kind: 'update', type, id: current.id, before, after, links: changes }, catalog);
  return current.id;
}

/** Every field of an Entity as a read shows it, from its row and its relation values. */
function entityValues(type: TypeDef, row: EntityRow, links: LinkRow[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of type.fields) {
    if (field.storage === 'system') {
      const column = row[field.key as keyof EntityRow];
      if (field.name === 'svc/created-by') values[field.name] = reference(column as string | null);
      else if (field.name === 'svc/public-id') values[field.name] = String(column);
      else if (field.name === 'svc/id') values[field.name] = row.id;
      else values[field.name] = isoTime(column);
    } else if (field.storage === 'link') {
      const end = endColumn(field);
      const mine = links.filter((l) => l.relation_id === field.relationId && (end === 'a' ? l.a : l.b) === row.id);
      values[field.name] = relationValue(field, mine.map((l) => ({ id: end === 'a' ? l.b : l.a, position: l.position })));
    } else {
      values[field.name] = decodeValue(field, row.data[field.key as string]);
    }
  }
  return values;
}

/** Deletes one Entity and every relation value that points to it or from it. */
export async function deleteEntity(tx: Queryable, catalog: Catalog, typeName: string, id: unknown, observer?: WriteObserver): Promise<void> {
  const type = catalog.type(typeName);
  const current = await requireEntity(tx, type, id);
  const fromA = (await tx.query<LinkRow>('DELETE FROM links WHERE a = $1 RETURNING relation_id, a, b, position', [current.id])).rows;
  const fromB = (await tx.query<LinkRow>('DELETE FROM links WHERE b = $1 RETURNING relation_id, a, b, position', [current.id])).rows;
  await tx.query('DELETE FROM entities WHERE id = $1', [current.id]);
  // A file Entity's content (the files table, same id) goes with it.
  if (type.name === FILE_TYPE) await tx.query('DELETE FROM files WHERE id = $1', [current.id]);
  if (!observer) return;
  const gone = [...fromA, ...fromB];
  observer.record({ kind: 'delete', type, id: current.id, before: entityValues(type, current, gone), links: removed('', gone) }, catalog);
}

/** The collection field of a collection command, or a `entity.error/not-a-collection` failure. */
export function collectionField(catalog: Catalog, type: TypeDef, name: string): FieldDef {
  const field = catalog.field(type, name);
  if (field.storage !== 'link' || !field.isCollection) {
    throw new Failure('entity.error/not-a-collection', `"${name}" of "${type.name}" is not a collection field.`, { field: name, type: type.name });
  }
  return field;
}

/** Removes values of a relation field; answers the relation values removed. */
export async function removeLinks(tx: Queryable, field: FieldDef, entityId: string, targetIds: string[]): Promise<LinkChange[]> {
  const targets = [...new Set(targetIds)];
  // Stryker disable next-line ArrayDeclaration: a change that is no link row names no relation: catalog.ends(undefined) is empty, so no webhook effect comes of it
  if (targets.length === 0 || !field.relationId) return [];
  const mine = endColumn(field);
  const theirs = mine === 'a' ? 'b' : 'a';
  const { rows } = await tx.query<LinkRow>(
    `DELETE FROM links WHERE relation_id = $1 AND ${mine} = $2 AND ${theirs} IN (${targets.map((_, i) => `$${i + 3}`).join(', ')}) RETURNING a, b`,
    [field.relationId, entityId, ...targets],
  );
  return removed(field.relationId, rows);
}
