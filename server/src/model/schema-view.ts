// The workspace schema as `svc.schema/query` answers it.
import type { FieldMeta, SchemaField, SchemaType, WorkspaceSchema } from '../api/spec-types.js';
import type { Catalog, FieldDef } from './catalog.js';

function fieldMeta(field: FieldDef): FieldMeta {
  return {
    ...field.meta,
    ...(field.isCollection ? { 'svc/collection?': true } : {}),
    ...(field.relationId && field.storage === 'link' ? { 'svc/relation': field.relationId } : {}),
  };
}

export function schemaView(catalog: Catalog): WorkspaceSchema {
  const types = catalog.types.map(
    (type): SchemaType => ({
      'svc/name': type.name,
      'svc/id': type.id,
      'svc/deleted?': type.deleted,
      'svc/meta': type.meta,
      'svc/fields': type.fields.map(
        (field): SchemaField => ({ 'svc/name': field.name, 'svc/type': field.fieldType, 'svc/id': field.id, 'svc/meta': fieldMeta(field) }),
      ),
    }),
  );
  return { 'svc/version': catalog.version, 'svc/meta': {}, 'svc/types': types };
}
