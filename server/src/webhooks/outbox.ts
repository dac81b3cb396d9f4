// The outbox: at the end of a top-level command's transaction, one delivery row per webhook of
// every Database the command changed, written in that same transaction. Costs one statement when
// no webhook watches the changed Databases.
import { randomUUID } from 'node:crypto';
import type { components } from '../../../generated/service/types.js';
import type { Command } from '../api/spec-types.js';
import type { Queryable } from '../db/database.js';
import type { ChangeLog } from './effects.js';
import { placeholders } from '../db/sql-lists.js';

type WebhookDelivery = components['schemas']['WebhookDelivery'];

export interface DeliveryMeta {
  authorId: string;
  correlationId: string | null;
}

/**
 * The correlation id a delivery echoes: the top-level command's; for a `svc.command/batch` sent
 * without one, the first one found among its inner commands (depth first).
 */
export function correlationOf(command: Command): string | null {
  if (command.correlationId) return command.correlationId;
  if (command.command !== 'svc.command/batch') return null;
  for (const inner of command.args.commands) {
    const found = correlationOf(inner);
    if (found) return found;
  }
  return null;
}

/** Writes the deliveries of a command's changes; answers how many. */
export async function writeOutbox(tx: Queryable, log: ChangeLog, meta: DeliveryMeta): Promise<number> {
  const typeIds = log.typeIds();
  if (typeIds.length === 0) return 0;
  // Locked in id order, so two commands never wait on each other's webhooks in a cycle; the lock
  // also makes sequence ids follow commit order.
  const { rows: hooks } = await tx.query<{ id: number; type_id: string; next_sequence: number }>(
    `SELECT id, type_id, next_sequence FROM webhooks WHERE type_id IN (${placeholders(typeIds.length)}) ORDER BY id FOR UPDATE`,
    typeIds,
  );
  if (hooks.length === 0) return 0;
  const now = new Date();
  const ids = hooks.map((h) => Number(h.id));
  await tx.query(`UPDATE webhooks SET next_sequence = next_sequence + 1 WHERE id IN (${placeholders(ids.length)})`, ids);
  const values: unknown[] = [];
  const tuples = hooks.map((hook) => {
    const body: WebhookDelivery = {
      sequenceId: Number(hook.next_sequence),
      authorId: meta.authorId,
      creationDate: now.toISOString(),
      command: { correlationId: meta.correlationId },
      effects: log.effects(hook.type_id),
    };
    const at = values.length;
    // Stryker disable next-line StringLiteral: a webhook-id is opaque; with or without the dashes of the UUID it is unique
    const unique = randomUUID().replaceAll('-', '');
    values.push(Number(hook.id), Number(hook.next_sequence), `msg_${unique}`, JSON.stringify(body), now.toISOString());
    return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, 'pending', 0, $${at + 5}, $${at + 5})`;
  });
  await tx.query(
    `INSERT INTO webhook_deliveries (webhook_id, sequence_id, message_id, body, state, attempts, next_attempt_at, created_at) VALUES ${tuples.join(', ')}`,
    values,
  );
  return hooks.length;
}
