// `svc.schema/query`: the workspace schema.
import { schemaView } from '../model/schema-view.js';
import type { components } from '../../../generated/service/types.js';
import type { Handler } from './handlers.js';

type Schemas = components['schemas'];

export const schemaQuery: Handler = async (ctx, command) => {
  const args = (command as Schemas['SchemaQueryCommand']).args;
  return schemaView(await ctx.catalog(), { withDescription: args?.['with-description?'] });
};
