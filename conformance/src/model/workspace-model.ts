/**
 * An in-memory model of the Entities of some Databases and of the commands that change them, as
 * spec/query-semantics.md ("Writes") describes them. System values the service chooses (the
 * `svc/id` when the client gives none, the public id, the dates, the author) are taken from the
 * service's answers; everything else the model works out itself.
 */
import { SchemaIndex, type ModelField, type ModelSchema, type ModelType, type RelationField, type ValueField } from './schema.js';
import { ModelError, compareCodePoints, decimalOfText, isJsonObject, isUuid, storedValue, type Json, type JsonObject, type Scalar } from './values.js';

export interface ModelEntity {
  id: string;
  type: string;
  publicId: string;
  creationDate: string;
  modificationDate: string;
  createdBy: string;
  /** Values of value fields; an absent key is an empty value. */
  values: Map<string, Scalar>;
}

/** The system values of a created Entity, as the service answered them. */
export interface SystemValues {
  id: string;
  publicId: string;
  creationDate: string;
  modificationDate: string;
  createdBy: string;
}

/** Reads the system values out of a create (or update) result; undefined when one is missing. */
export function systemValuesOf(result: unknown): SystemValues | undefined {
  if (!isJsonObject(result)) return undefined;
  const id = result['svc/id'];
  const publicId = result['svc/public-id'];
  const creationDate = result['svc/creation-date'];
  const modificationDate = result['svc/modification-date'];
  const createdBy = result['svc/created-by'];
  const author = isJsonObject(createdBy) ? createdBy['svc/id'] : undefined;
  if (typeof id !== 'string' || typeof creationDate !== 'string' || typeof author !== 'string') return undefined;
  return {
    id: id.toLowerCase(),
    publicId: typeof publicId === 'string' || typeof publicId === 'number' ? String(publicId) : '',
    creationDate,
    modificationDate: typeof modificationDate === 'string' ? modificationDate : creationDate,
    createdBy: author.toLowerCase(),
  };
}

/** Creation order, then `svc/id` (spec/query-semantics.md: the tie-break of every order). */
export function creationOrder(a: ModelEntity, b: ModelEntity): number {
  return compareCodePoints(a.creationDate, b.creationDate) || compareCodePoints(a.id, b.id);
}

function pairKey(a: string, b: string): string {
  return `${a}|${b}`;
}

export class WorkspaceModel {
  readonly index: SchemaIndex;
  private entities = new Map<string, ModelEntity>();
  /** relation id -> set of `a|b` pairs (a: Entity holding the relation's first end). */
  private links = new Map<string, Set<string>>();
  /**
   * The authors (`svc/user` Entities, with `user/email` and `user/name`), as the service answered
   * them: the model does not change users, it only follows `svc/created-by` to them.
   */
  private users = new Map<string, ModelEntity>();

  constructor(readonly schema: ModelSchema) {
    this.index = new SchemaIndex(schema);
  }

  clone(): WorkspaceModel {
    const copy = new WorkspaceModel(this.schema);
    for (const [id, e] of this.entities) copy.entities.set(id, { ...e, values: new Map(e.values) });
    for (const [relation, pairs] of this.links) copy.links.set(relation, new Set(pairs));
    copy.users = this.users;
    return copy;
  }

  /** Replaces this model's state with another's (commit of a batch run on a clone). */
  adopt(other: WorkspaceModel): void {
    this.entities = other.entities;
    this.links = other.links;
  }

  clear(): void {
    this.entities.clear();
    this.links.clear();
  }

  // ---------------------------------------------------------------- reading

  type(name: string): ModelType {
    const type = this.index.type(name);
    if (!type) throw new ModelError('entity.error/schema-type-not-found', `There is no Database named "${name}".`);
    return type;
  }

  field(typeName: string, name: string): ModelField {
    const field = this.index.field(typeName, name);
    if (!field) throw new ModelError('entity.error/schema-field-not-found', `The Database "${typeName}" has no field "${name}".`);
    return field;
  }

  entity(id: string): ModelEntity | undefined {
    return this.entities.get(id.toLowerCase());
  }

  /** The Entities of a Database in creation order, then `svc/id`. */
  entitiesOf(typeName: string): ModelEntity[] {
    return [...this.entities.values()].filter((e) => e.type === typeName).sort(creationOrder);
  }

  size(): number {
    return this.entities.size;
  }

  /** Records an author as the service answered it. */
  setUser(id: string, values: { email: string | null; name: string | null }): void {
    const entries: Array<[string, Scalar]> = [];
    if (values.email !== null) entries.push(['user/email', values.email]);
    if (values.name !== null) entries.push(['user/name', values.name]);
    this.users.set(id.toLowerCase(), { id: id.toLowerCase(), type: 'svc/user', publicId: '', creationDate: '', modificationDate: '', createdBy: '', values: new Map(entries) });
  }

  /** The author of an Entity, when the service told it (setUser). */
  user(id: string): ModelEntity | undefined {
    return this.users.get(id);
  }

  /** The Entities related to `entity` through a relation field, in creation order, then `svc/id`. */
  related(entity: ModelEntity, field: RelationField): ModelEntity[] {
    if (field.target === 'svc/user' && field.relation === undefined) {
      const author = this.users.get(entity.createdBy);
      return author ? [author] : [];
    }
    if (field.relation === undefined) return [];
    const end = this.index.endOf(entity.type, field);
    const pairs = this.links.get(field.relation) ?? new Set<string>();
    const out: ModelEntity[] = [];
    for (const pair of pairs) {
      const [a, b] = pair.split('|') as [string, string];
      const mine = end === 'a' ? a : b;
      const theirs = end === 'a' ? b : a;
      if (mine !== entity.id) continue;
      const other = this.entities.get(theirs);
      if (other) out.push(other);
    }
    return out.sort(creationOrder);
  }

  // ---------------------------------------------------------------- writing

  /** Validates and applies `svc.entity/create`; `system` comes from the service's result. */
  create(typeName: string, input: JsonObject, system: SystemValues): ModelEntity {
    const type = this.type(typeName);
    const given = input['svc/id'];
    if (given !== undefined && given !== null) {
      if (!isUuid(given)) throw new ModelError('entity.error/value-invalid', `svc/id must be a UUID, got ${JSON.stringify(given)}`);
      if (this.entities.has(given.toLowerCase())) throw new ModelError('entity.error/duplicate-id', `svc/id ${given} is used already`);
    }
    if (this.entities.has(system.id)) throw new ModelError('entity.error/duplicate-id', `svc/id ${system.id} is used already`);
    const plan = this.planWrite(type, input, false);
    const entity: ModelEntity = {
      id: system.id,
      type: typeName,
      publicId: system.publicId,
      creationDate: system.creationDate,
      modificationDate: system.modificationDate,
      createdBy: system.createdBy,
      values: new Map(),
    };
    this.entities.set(entity.id, entity);
    this.applyPlan(entity, plan);
    return entity;
  }

  /** Validates and applies `svc.entity/update`: only the given fields change, null clears. */
  update(typeName: string, input: JsonObject, modificationDate?: string): ModelEntity {
    const type = this.type(typeName);
    const entity = this.requireEntity(typeName, input['svc/id']);
    const plan = this.planWrite(type, input, true);
    this.applyPlan(entity, plan);
    const given = input['svc/modification-date'];
    if (typeof given === 'string') entity.modificationDate = storedValue('date-time', given) as string;
    else if (modificationDate !== undefined) entity.modificationDate = modificationDate;
    return entity;
  }

  /** `svc.entity/delete`: the Entity and every relation value to or from it disappear. */
  delete(typeName: string, id: Json): void {
    const entity = this.requireEntity(typeName, id);
    this.entities.delete(entity.id);
    for (const pairs of this.links.values()) {
      for (const pair of [...pairs]) {
        const [a, b] = pair.split('|');
        if (a === entity.id || b === entity.id) pairs.delete(pair);
      }
    }
  }

  /** `svc.entity/add-collection-items` / `remove-collection-items`. */
  collectionItems(add: boolean, typeName: string, id: Json, fieldName: string, items: Json): void {
    this.type(typeName);
    const field = this.field(typeName, fieldName);
    if (field.kind !== 'relation' || !field.collection || field.relation === undefined) {
      throw new ModelError('entity.error/not-a-collection', `"${fieldName}" of "${typeName}" is not a collection field.`);
    }
    const entity = this.requireEntity(typeName, id);
    const targets = this.referencedIds(field, items, true);
    if (add) this.addLinks(entity, field, targets);
    else for (const target of targets) this.removeLink(entity, field, target);
  }

  private requireEntity(typeName: string, id: Json | undefined): ModelEntity {
    if (!isUuid(id)) throw new ModelError('entity.error/value-invalid', `svc/id must be a UUID, got ${JSON.stringify(id)}`);
    const entity = this.entities.get(id.toLowerCase());
    if (!entity || entity.type !== typeName) throw new ModelError('entity.error/entity-not-found', `There is no Entity ${id} in "${typeName}".`);
    return entity;
  }

  /** What a create or update writes, validated before anything changes. */
  private planWrite(type: ModelType, input: JsonObject, update: boolean): Array<[ModelField, Scalar | null | string[]]> {
    const plan: Array<[ModelField, Scalar | null | string[]]> = [];
    for (const [name, value] of Object.entries(input)) {
      if (name === 'svc/id' || name === 'svc/created-by' || (update && name === 'svc/modification-date')) continue;
      const field = this.field(type.name, name);
      if (field.system !== undefined) throw new ModelError('entity.error/field-readonly', `"${name}" is read-only.`);
      if (field.kind === 'value') {
        plan.push([field, value === null ? null : this.writtenValue(field, value)]);
      } else {
        plan.push([field, value === null ? [] : this.referencedIds(field, field.collection ? value : [value], field.collection)]);
      }
    }
    return plan;
  }

  private writtenValue(field: ValueField, value: Json): Scalar {
    const bad = (): never => {
      throw new ModelError('entity.error/value-invalid', `The value of "${field.name}" is not a ${field.valueKind}: ${JSON.stringify(value)}`);
    };
    switch (field.valueKind) {
      case 'text':
      case 'date':
        return typeof value === 'string' ? value : bad();
      case 'integer':
        return typeof value === 'number' && Number.isSafeInteger(value) ? value : bad();
      case 'decimal': {
        // A number, or a decimal string (the public API's form), stored as the number it spells.
        const n = typeof value === 'string' ? decimalOfText(value) : value;
        return typeof n === 'number' && Number.isFinite(n) ? n : bad();
      }
      case 'bool':
        return typeof value === 'boolean' ? value : bad();
      case 'date-time':
        return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? storedValue('date-time', value) : bad();
      case 'uuid':
        return isUuid(value) ? value.toLowerCase() : bad();
      case 'public-id':
        return bad();
    }
  }

  private referencedIds(field: RelationField, value: Json, collection: boolean): string[] {
    if (!Array.isArray(value)) {
      throw new ModelError('entity.error/value-invalid', `"${field.name}" ${collection ? 'is a collection; its value must be an array' : 'needs a reference'}`);
    }
    const ids: string[] = [];
    for (const item of value) {
      const id = isJsonObject(item) ? item['svc/id'] : item;
      if (!isUuid(id)) throw new ModelError('entity.error/value-invalid', `"${field.name}" needs references {svc/id}, got ${JSON.stringify(item)}`);
      const target = this.entities.get(id.toLowerCase());
      if (!target || target.type !== field.target) {
        throw new ModelError('entity.error/entity-not-found', `"${field.name}" refers to ${id}, which is not an Entity of "${field.target}".`);
      }
      if (!ids.includes(target.id)) ids.push(target.id);
    }
    return ids;
  }

  private applyPlan(entity: ModelEntity, plan: Array<[ModelField, Scalar | null | string[]]>): void {
    for (const [field, value] of plan) {
      if (field.kind === 'value') {
        if (value === null) entity.values.delete(field.name);
        else entity.values.set(field.name, value as Scalar);
      } else {
        // A relation or collection value replaces the field's items.
        for (const other of this.related(entity, field)) this.removeLink(entity, field, other.id);
        this.addLinks(entity, field, value as string[]);
      }
    }
  }

  private pair(entity: ModelEntity, field: RelationField, target: string): string {
    return this.index.endOf(entity.type, field) === 'a' ? pairKey(entity.id, target) : pairKey(target, entity.id);
  }

  /** Adds items; where an end of the relation is to-one, its previous value is replaced (moved). */
  private addLinks(entity: ModelEntity, field: RelationField, targets: string[]): void {
    if (field.relation === undefined) return;
    const pairs = this.links.get(field.relation) ?? new Set<string>();
    this.links.set(field.relation, pairs);
    const inverse = this.index.inverse(entity.type, field);
    for (const target of targets) {
      const key = this.pair(entity, field, target);
      if (pairs.has(key)) continue;
      if (!field.collection) for (const other of this.related(entity, field)) this.removeLink(entity, field, other.id);
      if (inverse && !inverse.field.collection) {
        const targetEntity = this.entities.get(target);
        if (targetEntity) for (const previous of this.related(targetEntity, inverse.field)) this.removeLink(targetEntity, inverse.field, previous.id);
      }
      pairs.add(key);
    }
  }

  private removeLink(entity: ModelEntity, field: RelationField, target: string): void {
    if (field.relation === undefined) return;
    this.links.get(field.relation)?.delete(this.pair(entity, field, target));
  }
}
