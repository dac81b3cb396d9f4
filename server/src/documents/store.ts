// The document store: Yjs updates in `document_updates` (migration 003), one row per write, compacted
// into one row of the whole state when they pile up. Every function takes an open transaction and
// runs a bounded number of statements whatever the number of documents (one per 10,000 secrets
// for the look-ups).
import type { Node as PMNode } from 'prosemirror-model';
import * as Y from 'yjs';
import type { Queryable } from '../db/database.js';
import { emptyDoc } from './schema.js';
import { compactState, loadYDoc, replaceContent, yDocToNode } from './ydoc-codec.js';
import { chunks, placeholders } from '../db/sql-lists.js';

/** Secrets per IN (...) list: far below PostgreSQL's 65,535 parameters. */
const CHUNK = 10_000;

export interface CompactionPolicy {
  /** Compact once a document holds more updates than this (Infinity: never by count). */
  maxUpdates: number;
  /**
   * Compact once its updates take more than this many times its largest update (Infinity: never
   * by size). Whole-content replacements pile up copies (each about the size of the document)
   * and trip this soon; small edits only once they add up to the size of the document.
   */
  maxSizeRatio: number;
}

// Stryker disable next-line ObjectLiteral: when a document's updates are compacted into one: storage only, the content read is the same
export const DEFAULT_COMPACTION: CompactionPolicy = { maxUpdates: 32, maxSizeRatio: 2 };
// Stryker disable next-line ObjectLiteral: a policy of the server tests; no route uses it
export const NO_COMPACTION: CompactionPolicy = { maxUpdates: Infinity, maxSizeRatio: Infinity };

export interface DocumentWriteInput {
  secret: string;
  doc: PMNode;
}

export interface WriteStats {
  documents: number;
  /** Documents whose content changed. */
  changed: number;
  compacted: number;
}

interface UpdateRow {
  secret: string;
  seq: number | null;
  data: string | null;
  bytes: number | null;
}

function decode(data: string): Uint8Array {
  return new Uint8Array(Buffer.from(data, 'base64'));
}

/** Every existing document among `secrets` with its updates in order (none: an empty document). */
async function loadUpdates(tx: Queryable, secrets: readonly string[]): Promise<Map<string, UpdateRow[]>> {
  const found = new Map<string, UpdateRow[]>();
  for (const part of chunks([...new Set(secrets)], CHUNK)) {
    const { rows } = await tx.query<UpdateRow>(
      `SELECT d.secret, u.seq, u.data, u.bytes FROM documents d LEFT JOIN document_updates u ON u.secret = d.secret
       WHERE d.secret IN (${placeholders(part.length)}) ORDER BY d.secret, u.seq`,
      part,
    );
    for (const row of rows) {
      const list = found.get(row.secret) ?? [];
      if (row.data !== null) list.push(row);
      found.set(row.secret, list);
    }
  }
  return found;
}

/** The documents among `secrets` that exist, by secret (as stored: lower-case UUIDs). */
export async function readDocuments(tx: Queryable, secrets: readonly string[]): Promise<Map<string, PMNode>> {
  const docs = new Map<string, PMNode>();
  for (const [secret, rows] of await loadUpdates(tx, secrets.map((s) => s.toLowerCase()))) {
    docs.set(secret, rows.length === 0 ? emptyDoc() : yDocToNode(loadYDoc(rows.map((r) => decode(r.data as string)))));
  }
  return docs;
}

/**
 * Creates the documents of new secrets and locks the rows of all of them until the transaction
 * ends, in one statement: INSERT ... ON CONFLICT DO UPDATE takes the row lock of an existing row
 * as SELECT ... FOR UPDATE would (PostgreSQL), and a concurrent creator of the same new secret
 * waits for the first to commit. Rows are taken in secret order, so two writers of overlapping
 * sets never deadlock. pg-mem runs every transaction under one lock anyway.
 */
async function createAndLock(tx: Queryable, secrets: readonly string[], now: string): Promise<void> {
  for (const part of chunks(secrets, CHUNK)) {
    await tx.query(
      `INSERT INTO documents (secret, created_at) VALUES ${part.map((_, i) => `($${i + 2}, $1)`).join(', ')}
       ON CONFLICT (secret) DO UPDATE SET created_at = documents.created_at`,
      [now, ...part],
    );
  }
}

/** The updates of documents known to exist, in order. */
async function updatesOf(tx: Queryable, secrets: readonly string[]): Promise<Map<string, UpdateRow[]>> {
  const found = new Map<string, UpdateRow[]>();
  for (const part of chunks(secrets, CHUNK)) {
    const { rows } = await tx.query<UpdateRow>(`SELECT secret, seq, data, bytes FROM document_updates WHERE secret IN (${placeholders(part.length)}) ORDER BY secret, seq`, part);
    for (const row of rows) {
      const list = found.get(row.secret);
      if (list) list.push(row);
      else found.set(row.secret, [row]);
    }
  }
  return found;
}

/**
 * Writes documents in the open transaction, creating those with new secrets: each write replaces
 * the content of its document (several writes to one secret apply in order). Writes to one
 * document are serialized by its row lock, so concurrent writers never mix their contents.
 */
export async function writeDocuments(tx: Queryable, input: readonly DocumentWriteInput[], policy: CompactionPolicy = DEFAULT_COMPACTION): Promise<WriteStats> {
  const writes = input.map((w) => ({ secret: w.secret.toLowerCase(), doc: w.doc }));
  const secrets = [...new Set(writes.map((w) => w.secret))].sort();
  // Stryker disable next-line ObjectLiteral: the stats are for the server tests; no route answers them
  const stats: WriteStats = { documents: secrets.length, changed: 0, compacted: 0 };
  if (secrets.length === 0) return stats;
  const now = new Date().toISOString();
  await createAndLock(tx, secrets, now);
  const stored = await updatesOf(tx, secrets);

  const deletes: string[] = [];
  const inserts: Array<[string, number, string, number]> = [];
  for (const secret of secrets) {
    const rows = stored.get(secret) ?? [];
    const ydoc = loadYDoc(rows.map((r) => decode(r.data as string)));
    const changes: Uint8Array[] = [];
    for (const write of writes) {
      if (write.secret !== secret) continue;
      const update = replaceContent(ydoc, write.doc);
      if (update) changes.push(update);
    }
    if (changes.length === 0) continue;
    // Stryker disable next-line UpdateOperator: the stats are for the server tests; no route answers them
    stats.changed++;
    const update = changes.length === 1 ? (changes[0] as Uint8Array) : Y.mergeUpdates(changes);
    const nextSeq = rows.reduce((max, r) => Math.max(max, r.seq ?? 0), 0) + 1;
    // Stryker disable all: when a document's updates are compacted into one: storage only, the content read is the same
    const sizes = [...rows.map((r) => Number(r.bytes ?? 0)), update.length];
    const storedBytes = sizes.reduce((sum, n) => sum + n, 0);
    const largest = sizes.reduce((max, n) => Math.max(max, n), 0);
    const compact = rows.length > 0 && (rows.length + 1 > policy.maxUpdates || storedBytes > policy.maxSizeRatio * largest);
    // Stryker restore all
    // Stryker disable next-line ConditionalExpression: when a document's updates are compacted into one: storage only, the content read is the same
    if (compact) {
      const state = compactState(ydoc);
      deletes.push(secret);
      inserts.push([secret, nextSeq, Buffer.from(state).toString('base64'), state.length]);
      // Stryker disable next-line UpdateOperator: the stats are for the server tests; no route answers them
      stats.compacted++;
    } else {
      inserts.push([secret, nextSeq, Buffer.from(update).toString('base64'), update.length]);
    }
  }
  for (const part of chunks(deletes, CHUNK)) {
    await tx.query(`DELETE FROM document_updates WHERE secret IN (${placeholders(part.length)})`, part);
  }
  // Four parameters a row (and the time): 2,500 rows a statement.
  for (let i = 0; i < inserts.length; i += CHUNK / 4) {
    const part = inserts.slice(i, i + CHUNK / 4);
    await tx.query(
      `INSERT INTO document_updates (secret, seq, data, bytes, created_at) VALUES ${part.map((_, j) => `($${j * 4 + 2}, $${j * 4 + 3}, $${j * 4 + 4}, $${j * 4 + 5}, $1)`).join(', ')}`,
      [now, ...part.flat()],
    );
  }
  return stats;
}

/** How a document is stored: its number of updates, their bytes, and the base64 text stored. */
// Stryker disable all: a helper of the server tests; no route calls it
export async function storageOf(q: Queryable, secret: string): Promise<{ updates: number; bytes: number; storedChars: number }> {
  const { rows } = await q.query<{ bytes: number; data: string }>('SELECT bytes, data FROM document_updates WHERE secret = $1', [secret]);
  return {
    updates: rows.length,
    bytes: rows.reduce((sum, r) => sum + Number(r.bytes), 0),
    storedChars: rows.reduce((sum, r) => sum + r.data.length, 0),
  };
}
// Stryker restore all
