// Sources as stored in `integration_sources`, and as the admin API shows them.
import type { components } from '../../../../generated/service/types.js';
import { Failure } from '../../api/failure.js';
import type { Queryable } from '../../db/database.js';
import { isUuid } from '../../model/value-codec.js';
import type { AppWebhookRegistration, SourceMapping, SourceRecord } from '../types.js';

export type IntegrationSource = components['schemas']['IntegrationSource'];

interface SourceRow {
  id: string;
  account_id: string;
  space: string;
  types: string;
  filter: string;
  keep_unsynced: boolean;
  mapping: string;
  webhook: string | null;
  last_synchronized_at: unknown;
  created_by: string;
  created_at: unknown;
}

const COLUMNS = 'id, account_id, space, types, filter, keep_unsynced, mapping, webhook, last_synchronized_at, created_by, created_at';

function iso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

function fromRow(row: SourceRow): SourceRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    space: row.space,
    types: JSON.parse(row.types) as string[],
    filter: JSON.parse(row.filter) as Record<string, unknown>,
    keepUnsynced: row.keep_unsynced === true,
    mapping: JSON.parse(row.mapping) as SourceMapping,
    webhook: row.webhook ? (JSON.parse(row.webhook) as AppWebhookRegistration) : null,
    lastSynchronizedAt: row.last_synchronized_at ? iso(row.last_synchronized_at) : null,
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
  };
}

export function sourceToApi(source: SourceRecord): IntegrationSource {
  return {
    id: source.id,
    accountId: source.accountId,
    space: source.space,
    types: source.types,
    filter: source.filter,
    keepUnsynced: source.keepUnsynced,
    databases: Object.fromEntries(Object.values(source.mapping.types).map((t) => [t.appType, t.database])),
    webhook: source.webhook,
    createdAt: source.createdAt,
    lastSynchronizedAt: source.lastSynchronizedAt,
  };
}

export async function insertSource(tx: Queryable, source: SourceRecord): Promise<void> {
  await tx.query(
    `INSERT INTO integration_sources (${COLUMNS}, webhook_workspace_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      source.id,
      source.accountId,
      source.space,
      JSON.stringify(source.types),
      JSON.stringify(source.filter),
      source.keepUnsynced,
      JSON.stringify(source.mapping),
      source.webhook ? JSON.stringify(source.webhook) : null,
      source.lastSynchronizedAt,
      source.createdBy,
      source.createdAt,
      source.webhook ? String(source.webhook.workspaceId) : null,
    ],
  );
}

/** Stores what can change after creation: filter, option, mapping, webhook, last successful run. */
export async function saveSource(tx: Queryable, source: SourceRecord): Promise<void> {
  await tx.query(
    `UPDATE integration_sources SET filter = $2, keep_unsynced = $3, mapping = $4, webhook = $5, webhook_workspace_id = $6, last_synchronized_at = $7 WHERE id = $1`,
    [
      source.id,
      JSON.stringify(source.filter),
      source.keepUnsynced,
      JSON.stringify(source.mapping),
      source.webhook ? JSON.stringify(source.webhook) : null,
      source.webhook ? String(source.webhook.workspaceId) : null,
      source.lastSynchronizedAt,
    ],
  );
}

export async function findSource(q: Queryable, id: string): Promise<SourceRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await q.query<SourceRow>(`SELECT ${COLUMNS} FROM integration_sources WHERE id = $1`, [id.toLowerCase()]);
  return rows[0] ? fromRow(rows[0]) : undefined;
}

export async function loadSource(q: Queryable, id: string): Promise<SourceRecord> {
  const source = await findSource(q, id);
  if (!source) throw new Failure('integration.error/source-not-found', `There is no source ${id}.`, { id }, 404);
  return source;
}

export async function listSources(q: Queryable): Promise<SourceRecord[]> {
  const { rows } = await q.query<SourceRow>(`SELECT ${COLUMNS} FROM integration_sources ORDER BY created_at, id`);
  return rows.map(fromRow);
}

/** Deletes a source with its key index and run history (its Databases and Entities stay). */
export async function deleteSource(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM integration_keys WHERE source_id = $1', [id]);
  await tx.query('DELETE FROM integration_runs WHERE source_id = $1', [id]);
  await tx.query('DELETE FROM integration_sources WHERE id = $1', [id]);
}
