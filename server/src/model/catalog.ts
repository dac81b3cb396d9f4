// The workspace schema as the server sees it: types (Databases, enum types, system types) and
// their fields, read from the catalog tables. Cached per process and reloaded when the workspace
// version changes (every schema write bumps it).
import type { Queryable } from '../db/database.js';
import type { FieldMeta, TypeMeta } from '../api/spec-types.js';
import { Failure } from '../api/failure.js';
import { didYouMean, nearNames } from '../api/near-names.js';

export type TypeKind = 'domain' | 'enum' | 'workflow' | 'system';
export type FieldStorage = 'system' | 'value' | 'link';

export interface FieldDef {
  id: string;
  typeId: string;
  name: string;
  fieldType: string;
  storage: FieldStorage;
  /** The column of `entities` (system fields) or the key in `entities.data` (value fields). */
  key: string | null;
  relationId: string | null;
  relationEnd: 'a' | 'b' | null;
  isCollection: boolean;
  meta: FieldMeta;
  position: number;
}

export interface TypeDef {
  id: string;
  name: string;
  spaceId: string | null;
  kind: TypeKind;
  meta: TypeMeta;
  deleted: boolean;
  position: number;
  fields: FieldDef[];
  fieldsByName: Map<string, FieldDef>;
}

export class Catalog {
  readonly byName = new Map<string, TypeDef>();
  readonly byId = new Map<string, TypeDef>();
  private readonly relationEnds = new Map<string, FieldDef[]>();

  constructor(
    readonly version: number,
    readonly types: TypeDef[],
  ) {
    for (const type of types) {
      this.byId.set(type.id, type);
      if (!type.deleted) this.byName.set(type.name, type);
      for (const field of type.fields) {
        if (!field.relationId) continue;
        const ends = this.relationEnds.get(field.relationId) ?? [];
        ends.push(field);
        this.relationEnds.set(field.relationId, ends);
      }
    }
  }

  /** The live type of that name, or a `entity.error/schema-type-not-found` failure. */
  type(name: string): TypeDef {
    const type = this.byName.get(name);
    if (!type) {
      const near = didYouMean(nearNames(name, this.byName.keys()));
      throw new Failure('entity.error/schema-type-not-found', `There is no Database named "${name}"${near}.`, { type: name, field: 'type' });
    }
    return type;
  }

  field(type: TypeDef, name: string): FieldDef {
    const field = type.fieldsByName.get(name);
    if (!field) {
      const near = didYouMean(nearNames(name, type.fieldsByName.keys()));
      throw new Failure('entity.error/schema-field-not-found', `The Database "${type.name}" has no field "${name}"${near}.`, {
        type: type.name,
        field: name,
      });
    }
    return field;
  }

  /** The other end of a relation field, if the relation has two ends. */
  inverse(field: FieldDef): FieldDef | undefined {
    if (!field.relationId) return undefined;
    return this.relationEnds.get(field.relationId)?.find((f) => f.id !== field.id);
  }

  ends(relationId: string): FieldDef[] {
    return this.relationEnds.get(relationId) ?? [];
  }
}

interface TypeRow {
  id: string;
  name: string;
  space_id: string | null;
  kind: TypeKind;
  meta: TypeMeta;
  deleted: boolean;
  position: number;
}

interface FieldRow {
  id: string;
  type_id: string;
  name: string;
  field_type: string;
  storage: FieldStorage;
  storage_key: string | null;
  relation_id: string | null;
  relation_end: 'a' | 'b' | null;
  is_collection: boolean;
  meta: FieldMeta;
  position: number;
}

export async function workspaceVersion(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ version: number }>('SELECT version FROM workspace WHERE id = 1');
  return Number(rows[0]?.version ?? 0);
}

export async function loadCatalog(q: Queryable, knownVersion?: number): Promise<Catalog> {
  const version = knownVersion ?? (await workspaceVersion(q));
  const typeRows = (await q.query<TypeRow>('SELECT * FROM types ORDER BY position')).rows;
  const fieldRows = (await q.query<FieldRow>('SELECT * FROM fields ORDER BY position')).rows;
  const byType = new Map<string, FieldDef[]>();
  for (const r of fieldRows) {
    const list = byType.get(r.type_id) ?? [];
    list.push({
      id: r.id,
      typeId: r.type_id,
      name: r.name,
      fieldType: r.field_type,
      storage: r.storage,
      key: r.storage_key,
      relationId: r.relation_id,
      relationEnd: r.relation_end,
      isCollection: r.is_collection,
      meta: r.meta ?? {},
      position: Number(r.position),
    });
    byType.set(r.type_id, list);
  }
  const types = typeRows.map((r): TypeDef => {
    // Stryker disable next-line ArrayDeclaration: every type has its five system fields (createType writes them first), so the fallback is never taken
    const fields = byType.get(r.id) ?? [];
    return {
      id: r.id,
      name: r.name,
      spaceId: r.space_id,
      kind: r.kind,
      meta: r.meta ?? {},
      deleted: r.deleted,
      position: Number(r.position),
      fields,
      fieldsByName: new Map(fields.map((f) => [f.name, f])),
    };
  });
  return new Catalog(version, types);
}

/** Keeps the last catalog read and reloads it when the workspace version moved. */
export class CatalogCache {
  private current: Catalog | undefined;

  async get(q: Queryable): Promise<Catalog> {
    const version = await workspaceVersion(q);
    if (!this.current || this.current.version !== version) this.current = await loadCatalog(q, version);
    return this.current;
  }
}
