// One whole Entity, every field selected, read through the query engine (the result of update).
import type { Entity } from '../api/spec-types.js';
import type { Queryable } from '../db/database.js';
import type { Catalog } from '../model/catalog.js';
import { runQuery } from '../query/execute.js';

export async function readEntity(tx: Queryable, catalog: Catalog, typeName: string, id: string): Promise<Entity> {
  const type = catalog.type(typeName);
  const [entity] = await runQuery(tx, catalog, {
    'q/from': typeName,
    'q/select': type.fields.map((f) => f.name),
    'q/where': ['=', ['svc/id'], '$id'],
    'q/limit': 1,
  }, { $id: id });
  return entity as Entity;
}
