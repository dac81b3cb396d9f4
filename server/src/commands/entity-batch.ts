// `svc.entity.batch/create` and `svc.entity.batch/delete`: several Entities of one Database in one
// command, each written by the write path of `svc.entity/create` / `svc.entity/delete` (so each
// makes the same webhook effects), all or none (the command's one transaction).
import type { components } from '../../../generated/service/types.js';
import { Failure } from '../api/failure.js';
import type { Queryable } from '../db/database.js';
import { atIndex } from '../model/batch-failure.js';
import type { TypeDef } from '../model/catalog.js';
import { deleteEntity, insertEntities } from '../model/entity-writer.js';
import type { Handler } from './handlers.js';

type Schemas = components['schemas'];

/** The most Entities of one batch command (the schema's `maxItems` of `entities`). */
export const MAX_BATCH_ENTITIES = 1000;

/** Refuses more than MAX_BATCH_ENTITIES (the request schema already does; this keeps every loop below bounded whoever calls). */
export function requireBatchSize(entities: readonly unknown[]): void {
  if (entities.length > MAX_BATCH_ENTITIES) {
    const problem = `holds ${entities.length} Entities; a batch command takes at most ${MAX_BATCH_ENTITIES}`;
    throw new Failure('request.error/invalid-body', `Invalid command: /args/entities ${problem}.`, { field: '/args/entities', errors: [{ field: '/args/entities', message: problem }] });
  }
}

export const entityBatchCreate: Handler = async (ctx, command) => {
  const { args } = command as Schemas['EntityBatchCreateCommand'];
  requireBatchSize(args.entities);
  const indexes = args.entities.map((_, i) => i);
  return insertEntities(ctx.tx, await ctx.catalog(), args.type, args.entities, ctx.caller.userId, ctx.changes, { inputIndexes: indexes });
};

/** Rows of one `IN` list (far below the protocol's parameter bound). */
const LOOKUP_CHUNK = 500;

/** The ids of `ids` that are Entities of `type`. */
async function existingIds(tx: Queryable, type: TypeDef, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
    const part = ids.slice(i, i + LOOKUP_CHUNK);
    const { rows } = await tx.query<{ id: string }>(`SELECT id FROM entities WHERE type_id = $1 AND id IN (${part.map((_, j) => `$${j + 2}`).join(', ')})`, [type.id, ...part]);
    for (const row of rows) found.add(row.id);
  }
  return found;
}

export const entityBatchDelete: Handler = async (ctx, command) => {
  const { args } = command as Schemas['EntityBatchDeleteCommand'];
  requireBatchSize(args.entities);
  const catalog = await ctx.catalog();
  const type = catalog.type(args.type);
  const failIfNotFound = args.opts?.['fail-if-not-found?'] ?? true;
  // Each id once, in the order first given (the schema makes every svc/id a UUID).
  const targets = new Map<string, { given: string; index: number }>();
  args.entities.forEach((entity, index) => {
    const id = entity['svc/id'].toLowerCase();
    if (!targets.has(id)) targets.set(id, { given: entity['svc/id'], index });
  });
  const existing = await existingIds(ctx.tx, type, [...targets.keys()]);
  if (failIfNotFound) {
    for (const [id, { given, index }] of targets) {
      if (existing.has(id)) continue;
      throw new Failure(
        'entity.error/entity-not-found',
        `entities[${index}]: There is no Entity ${given} in "${type.name}", so nothing was deleted; send "opts": {"fail-if-not-found?": false} to skip ids that are not found.`,
        { type: type.name, id: given, index, field: 'svc/id' },
      );
    }
  }
  for (const [id, { index }] of targets) {
    if (!existing.has(id)) continue;
    try {
      await deleteEntity(ctx.tx, catalog, type.name, id, ctx.changes);
    } catch (error) {
      throw atIndex(error, index);
    }
  }
  return 'ok';
};
