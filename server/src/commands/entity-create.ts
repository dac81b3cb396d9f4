// `svc.entity/create`: one Entity; the result is the Entity with its system fields.
import type { CreateCommand } from '../api/spec-types.js';
import { insertEntity } from '../model/entity-writer.js';
import type { Handler } from './handlers.js';

export const entityCreate: Handler = async (ctx, command) => {
  const { args } = command as CreateCommand;
  return insertEntity(ctx.tx, await ctx.catalog(), args.type, args.entity, ctx.caller.userId, ctx.changes);
};
