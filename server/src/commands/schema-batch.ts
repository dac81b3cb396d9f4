// `svc.schema/batch`: schema operations in order, in the command's transaction. The result names
// the type or field each operation created or changed.
import type { components } from '../../../generated/service/types.js';
import {
  createEnumType,
  createField,
  createType,
  deleteField,
  deleteType,
  installMixins,
  renameField,
  renameType,
  setFieldMeta,
  setFieldMetaKey,
} from '../model/schema-writer.js';
import { DESCRIPTION_KEY } from '../model/schema-view.js';
import type { CommandContext } from './context.js';
import type { Handler } from './handlers.js';

type Schemas = components['schemas'];
type Operation = Schemas['SchemaOperation'];
type Affected = Schemas['SchemaBatchResult'][number];

/** A type's or field's meta with its description (kept in the meta; the schema view lists it apart). */
function described<M extends object>(meta: M | undefined, description: string | undefined): M | undefined {
  return description === undefined ? meta : ({ ...meta, [DESCRIPTION_KEY]: description } as M);
}

async function apply(ctx: CommandContext, op: Operation): Promise<Affected[]> {
  const named = (x: { name: string; id: string }): Affected[] => [{ 'svc/name': x.name, 'svc/id': x.id }];
  switch (op.command) {
    case 'schema.type/create':
      return named(
        await createType(ctx.tx, {
          name: op.args['svc/name'],
          ...(op.args['svc/id'] !== undefined ? { id: op.args['svc/id'] } : {}),
          meta: described(op.args['svc/meta'], op.args['svc/description']),
          fields: (op.args['svc/fields'] ?? []).map((f) => ({ name: f['svc/name'], type: f['svc/type'], meta: described(f['svc/meta'], f['svc/description']) })),
        }),
      );
    case 'schema.type/delete': {
      const deleted = await deleteType(ctx.tx, op.args.name, { deleteEntities: op.args['delete-entities?'], deleteRelatedFields: op.args['delete-related-fields?'] });
      // The webhooks deleted with the Database, so a client keeping their ids learns they are gone.
      return [{ 'svc/name': deleted.name, 'svc/id': deleted.id, 'svc/deleted-webhooks': deleted.deletedWebhooks }];
    }
    case 'schema.type/rename':
      return named(await renameType(ctx.tx, op.args['from-name'], op.args['to-name']));
    case 'schema.field/create':
      return named(
        await createField(ctx.tx, op.args['svc/holder-type'], { name: op.args['svc/name'], type: op.args['svc/type'], meta: described(op.args['svc/meta'], op.args['svc/description']) }),
      );
    case 'schema.field/delete':
      return named(await deleteField(ctx.tx, op.args['holder-type'], op.args.name, op.args['delete-values?'] === true));
    case 'schema.field/rename':
      return named(await renameField(ctx.tx, op.args['holder-type'], op.args['from-name'], op.args['to-name']));
    case 'schema.field/set-meta':
      return named(
        'key' in op.args && op.args.key !== undefined
          ? await setFieldMetaKey(ctx.tx, op.args['holder-type'], op.args.name, op.args.key, op.args.value)
          : await setFieldMeta(ctx.tx, op.args['holder-type'], op.args.name, op.args['svc/meta'] ?? {}),
      );
    case 'schema.enum/create':
      return named(await createEnumType(ctx.tx, { name: op.args['svc/name'], workflow: op.args['svc/workflow?'], values: op.args['svc/values'], meta: op.args['svc/meta'] }, ctx.caller.userId));
    case 'svc.app/install-mixins':
      return (await installMixins(ctx.tx, op.args.types)).flatMap(named);
  }
}

export const schemaBatch: Handler = async (ctx, command, markSchemaChanged) => {
  const { args } = command as Schemas['SchemaBatchCommand'];
  const results: Affected[] = [];
  markSchemaChanged();
  for (const op of args.commands) results.push(...(await apply(ctx, op)));
  return results;
};
