// The command table: one handler per command name.
import type { Command } from '../api/spec-types.js';
import type { CommandContext } from './context.js';
import { schemaQuery } from './schema-query.js';
import { entityCreate } from './entity-create.js';
import { commandBatch } from './command-batch.js';
import { entityQuery } from './entity-query.js';
import { addCollectionItems, entityDelete, entityUpdate, removeCollectionItems } from './entity-writes.js';
import { entityBatchCreate, entityBatchDelete } from './entity-batch.js';
import { entityBatchCreateOrUpdate } from './entity-upsert.js';
import { schemaBatch } from './schema-batch.js';

export type Handler = (ctx: CommandContext, command: Command, markSchemaChanged: () => void) => Promise<unknown>;

export const handlers: Record<Command['command'], Handler> = {
  'svc.entity/query': entityQuery,
  'svc.entity/update': entityUpdate,
  'svc.entity/delete': entityDelete,
  'svc.entity/add-collection-items': addCollectionItems,
  'svc.entity/remove-collection-items': removeCollectionItems,
  'svc.entity.batch/create': entityBatchCreate,
  'svc.entity.batch/delete': entityBatchDelete,
  'svc.entity.batch/create-or-update': entityBatchCreateOrUpdate,
  'svc.schema/batch': schemaBatch,
  'svc.schema/query': schemaQuery,
  'svc.entity/create': entityCreate,
  'svc.command/batch': commandBatch,
};
