// `svc.entity/update`, `svc.entity/delete`, `svc.entity/add-collection-items`,
// `svc.entity/remove-collection-items`.
import type { components } from '../../../generated/service/types.js';
import { addLinks, collectionField, deleteEntity, removeLinks, requireEntity, updateEntity } from '../model/entity-writer.js';
import { referenceId } from '../model/value-codec.js';
import { collectionTargets } from './collection-items-form.js';
import type { Handler } from './handlers.js';
import { readEntity } from './read-entity.js';

type Schemas = components['schemas'];

export const entityUpdate: Handler = async (ctx, command) => {
  const { args } = command as Schemas['UpdateCommand'];
  const catalog = await ctx.catalog();
  const id = await updateEntity(ctx.tx, catalog, args.type, args.entity, ctx.changes);
  return readEntity(ctx.tx, catalog, args.type, id);
};

export const entityDelete: Handler = async (ctx, command) => {
  const { args } = command as Schemas['DeleteCommand'];
  await deleteEntity(ctx.tx, await ctx.catalog(), args.type, args.entity['svc/id'], ctx.changes);
  return 'ok';
};

async function collectionCommand(ctx: Parameters<Handler>[0], args: Schemas['CollectionItemsArgs'], add: boolean): Promise<'ok'> {
  const catalog = await ctx.catalog();
  const type = catalog.type(args.type);
  const field = collectionField(catalog, type, args.field);
  // One parent (classic form) or several (compact form), each changed as the classic form would.
  for (const [parent, refs] of collectionTargets(args)) {
    const entity = await requireEntity(ctx.tx, type, parent);
    const items = refs.map((item) => referenceId(field, item));
    const links = add ? await addLinks(ctx.tx, catalog, field, entity.id, items) : await removeLinks(ctx.tx, field, entity.id, items);
    ctx.changes?.record({ kind: 'links', type, id: entity.id, links }, catalog);
  }
  return 'ok';
}

export const addCollectionItems: Handler = (ctx, command) => collectionCommand(ctx, (command as Schemas['AddCollectionItemsCommand']).args, true);

export const removeCollectionItems: Handler = (ctx, command) =>
  collectionCommand(ctx, (command as Schemas['RemoveCollectionItemsCommand']).args, false);
