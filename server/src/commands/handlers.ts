// The command table: one handler per command name.
import type { Command } from '../api/spec-types.js';
import type { CommandContext } from './context.js';
import { schemaQuery } from './schema-query.js';
import { entityCreate } from './entity-create.js';
import { commandBatch } from './command-batch.js';

export type Handler = (ctx: CommandContext, command: Command, markSchemaChanged: () => void) => Promise<unknown>;

export const handlers: Partial<Record<Command['command'], Handler>> = {
  'svc.schema/query': schemaQuery,
  'svc.entity/create': entityCreate,
  'svc.command/batch': commandBatch,
};
