// `svc.schema/query`: the workspace schema.
import { schemaView } from '../model/schema-view.js';
import type { Handler } from './handlers.js';

export const schemaQuery: Handler = async (ctx) => schemaView(await ctx.catalog());
