// Webhook records in SQL: add, list with the latest runs, delete.
import type { components } from '../../../generated/service/types.js';
import type { Database, Queryable } from '../db/database.js';
import { placeholders } from '../db/sql-lists.js';
import type { Catalog, TypeDef } from '../model/catalog.js';
import { newSecret } from './signing.js';

type Schemas = components['schemas'];
export type Webhook = Schemas['Webhook'];
export type WebhookCreated = Schemas['WebhookCreated'];
type WebhookRun = Schemas['WebhookRun'];

/** Runs shown per webhook (contract: the latest 50). */
export const RUNS_LISTED = 50;

interface WebhookRow {
  id: number;
  url: string;
  type_id: string;
  type_name: string;
  state: string;
}

function record(row: WebhookRow, catalog: Catalog, runs: WebhookRun[]): Webhook {
  // The Database's current name (it may have been renamed); deleting it deletes its webhooks, so
  // the stored name shows only while a Database delete is committing.
  const type = catalog.byId.get(row.type_id);
  return { id: Number(row.id), url: row.url, type: type?.name ?? row.type_name, state: row.state, version: '2', runs };
}

function iso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

export async function addWebhook(db: Database, catalog: Catalog, input: { url: string; type: TypeDef; createdBy: string }): Promise<WebhookCreated> {
  const secret = newSecret();
  const now = new Date().toISOString();
  const row = await db.transaction(async (tx) => {
    const { rows } = await tx.query<WebhookRow>(
      "INSERT INTO webhooks (url, type_id, type_name, secret, state, created_at, created_by) VALUES ($1, $2, $3, $4, 'active', $5, $6) RETURNING id, url, type_id, type_name, state",
      [input.url, input.type.id, input.type.name, secret, now, input.createdBy],
    );
    const created = rows[0] as WebhookRow;
    await tx.query('INSERT INTO webhook_leases (webhook_id, lease_token, lease_until) VALUES ($1, NULL, $2)', [Number(created.id), now]);
    return created;
  });
  return { ...record(row, catalog, []), secret };
}

/** Every webhook, oldest first, each with its latest runs, newest first. */
export async function listWebhooks(db: Database, catalog: Catalog): Promise<Webhook[]> {
  const { rows } = await db.query<WebhookRow>('SELECT id, url, type_id, type_name, state FROM webhooks ORDER BY id');
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const { rows: runRows } = await db.query<{ webhook_id: number; http_status: number; elapsed_ms: number; request_time: unknown }>(
    `SELECT webhook_id, http_status, elapsed_ms, request_time FROM webhook_runs WHERE webhook_id IN (${ids.map((_, i) => `$${i + 1}`).join(', ')}) ORDER BY id DESC`,
    ids,
  );
  const runs = new Map<number, WebhookRun[]>();
  for (const run of runRows) {
    const list = runs.get(Number(run.webhook_id)) ?? [];
    if (list.length < RUNS_LISTED) list.push({ http_status: String(run.http_status), elapsed_time: String(run.elapsed_ms), request_time: iso(run.request_time) });
    runs.set(Number(run.webhook_id), list);
  }
  return rows.map((row) => record(row, catalog, runs.get(Number(row.id)) ?? []));
}

/**
 * Deletes the webhooks of a Database that is being deleted, with their pending deliveries and
 * runs, in the caller's transaction (the Database's); answers their ids, in order.
 */
export async function deleteWebhooksOfType(tx: Queryable, typeId: string): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>('SELECT id FROM webhooks WHERE type_id = $1 ORDER BY id', [typeId]);
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const list = placeholders(ids.length);
  // The leases first, then the webhooks, in id order: the lock order of deleteWebhook and the worker.
  await tx.query(`SELECT webhook_id FROM webhook_leases WHERE webhook_id IN (${list}) ORDER BY webhook_id FOR UPDATE`, ids);
  await tx.query(`SELECT id FROM webhooks WHERE id IN (${list}) ORDER BY id FOR UPDATE`, ids);
  await tx.query(`DELETE FROM webhook_deliveries WHERE webhook_id IN (${list})`, ids);
  await tx.query(`DELETE FROM webhook_runs WHERE webhook_id IN (${list})`, ids);
  await tx.query(`DELETE FROM webhook_leases WHERE webhook_id IN (${list})`, ids);
  await tx.query(`DELETE FROM webhooks WHERE id IN (${list})`, ids);
  return ids;
}

/** Deletes a webhook with its pending deliveries and runs; false when there is none of that id. */
export async function deleteWebhook(db: Database, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The lease first: the lock order of the delivery worker (lease, then the deliveries).
    await tx.query('SELECT webhook_id FROM webhook_leases WHERE webhook_id = $1 FOR UPDATE', [id]);
    const { rows } = await tx.query('SELECT id FROM webhooks WHERE id = $1 FOR UPDATE', [id]);
    if (rows.length === 0) return false;
    // Stryker disable next-line ArrayDeclaration: out of reach: pg-mem binds the missing parameter as null, and the pending deliveries left behind are never read (every read joins their webhook); PostgreSQL refuses the statement
    await tx.query('DELETE FROM webhook_deliveries WHERE webhook_id = $1', [id]);
    await tx.query('DELETE FROM webhook_runs WHERE webhook_id = $1', [id]);
    await tx.query('DELETE FROM webhook_leases WHERE webhook_id = $1', [id]);
    await tx.query('DELETE FROM webhooks WHERE id = $1', [id]);
    return true;
  });
}
