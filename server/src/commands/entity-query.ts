// `svc.entity/query`.
import type { components } from '../../../generated/service/types.js';
import { runQuery } from '../query/execute.js';
import type { Handler } from './handlers.js';

type QueryCommand = components['schemas']['QueryCommand'];

export const entityQuery: Handler = async (ctx, command) => {
  const { args } = command as QueryCommand;
  return runQuery(ctx.tx, await ctx.catalog(), args.query, args.params ?? {});
};
