/**
 * What the protection checks share: deleting a protected Entity by hand (SYNC-007) and checking
 * that it is gone.
 */
import { fail } from '../../assert.js';
import type { CheckContext } from '../../check.js';
import { run } from '../../workspace.js';
import type { Integration } from './integration.js';

/** Deletes an Entity with svc.entity/delete (as an administrator would) and checks it is gone. */
export async function deleteByHand(ctx: CheckContext, it: Integration, type: string, key: string, id: string): Promise<void> {
  await run(ctx, { command: 'svc.entity/delete', args: { type: it.database(type), entity: { 'svc/id': id } } }, `SYNC-007: deleting the protected Entity of row ${key} with svc.entity/delete`);
  if ((await it.byKey(type)).has(key)) fail(`SYNC-007: after svc.entity/delete of the Entity of row ${key} (${id}) it is still there`);
}
