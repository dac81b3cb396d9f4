// Change capture: turns what the Entity writers did (server/src/model/entity-writer.ts) into the
// effects of webhook deliveries, grouped by the Database each effect belongs to.
//
// Rules (written into spec/service.openapi.yaml, `webhooks: entityChanges`):
// - create: `svc.entity/create` with the values the create answered; update: `svc.entity/update`
//   with the given fields whose value changed, and `svc/modification-date`; delete:
//   `svc.entity/delete` with every value the Entity had; rich text fields are left out, and an
//   update that changed only rich text fields is not reported.
// - Every other Entity whose relation values the write changed (the inverse end of a relation, an
//   item moved away from its previous parent, the partners of a deleted Entity) gets an effect in
//   its own Database: `svc.entity/add-collection-items` / `remove-collection-items` for a
//   collection, `svc.entity/update` of that field for a to-one end. The collection commands are
//   reported the same way, so an item that was there already (or was not) makes no effect.
import type { components } from '../../../generated/service/types.js';
import type { Catalog, FieldDef, TypeDef } from '../model/catalog.js';
import type { LinkChange, WriteObserver, WriteRecord } from '../model/entity-writer.js';
import { RICH_TEXT_TYPE } from '../model/field-types.js';

export type Effect = components['schemas']['Effect'];
type Values = Record<string, unknown>;

/** The effects of one top-level command, by Database (type id), in the order they happened. */
export class ChangeLog implements WriteObserver {
  private readonly byType = new Map<string, Effect[]>();

  record(write: WriteRecord, catalog: Catalog): void {
    for (const { typeId, effect } of effectsOf(write, catalog)) {
      const list = this.byType.get(typeId) ?? [];
      list.push(effect);
      this.byType.set(typeId, list);
    }
  }

  /** Databases with at least one effect. */
  typeIds(): string[] {
    return [...this.byType.keys()];
  }

  effects(typeId: string): Effect[] {
    // Stryker disable next-line ArrayDeclaration: asked only for the Databases typeIds() names
    return this.byType.get(typeId) ?? [];
  }
}

interface TypedEffect {
  typeId: string;
  effect: Effect;
}

function isRichText(type: TypeDef, name: string): boolean {
  // Stryker disable next-line OptionalChaining: every name a write reports is a field of its type
  return type.fieldsByName.get(name)?.fieldType === RICH_TEXT_TYPE;
}

function withoutRichText(type: TypeDef, values: Values): Values {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !isRichText(type, name)));
}

/** JSON with sorted keys, to compare values. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Values)[k])}`)
      .join(',')}}`;
  }
  // Stryker disable next-line StringLiteral: the values a write reports are never undefined
  return JSON.stringify(value) ?? 'null';
}

export function effectsOf(write: WriteRecord, catalog: Catalog): TypedEffect[] {
  const { type, id } = write;
  // Stryker disable next-line ArrayDeclaration: an element that is no effect has no Database, so no webhook gets it
  const own: TypedEffect[] = [];
  /** Relation fields of the written Entity whose change the own effect reports already. */
  // Stryker disable next-line ArrowFunction: undefined is false here
  let covered: (entityId: string, field: FieldDef) => boolean = () => false;
  switch (write.kind) {
    case 'create':
      own.push({ typeId: type.id, effect: { effect: 'svc.entity/create', id, type: type.name, values: withoutRichText(type, write.values) } });
      covered = (entityId) => entityId === id;
      break;
    case 'delete':
      own.push({ typeId: type.id, effect: { effect: 'svc.entity/delete', id, type: type.name, valuesBefore: withoutRichText(type, write.before) } });
      covered = (entityId) => entityId === id;
      break;
    case 'update': {
      const given = Object.keys(write.after).filter((name) => name !== 'svc/modification-date');
      const reported = given.filter((name) => !isRichText(type, name));
      if (given.length === 0 || reported.length > 0) {
        const changed = reported.filter((name) => canonical(write.before[name]) !== canonical(write.after[name]));
        const values: Values = {};
        const valuesBefore: Values = {};
        for (const name of [...changed, 'svc/modification-date']) {
          values[name] = write.after[name];
          valuesBefore[name] = write.before[name];
        }
        own.push({ typeId: type.id, effect: { effect: 'svc.entity/update', id, type: type.name, values, valuesBefore } });
      }
      covered = (entityId, field) => entityId === id && field.name in write.after;
      break;
    }
  }
  return [...own, ...linkEffects(write.links, catalog, covered)];
}

interface FieldChange {
  type: TypeDef;
  field: FieldDef;
  entityId: string;
  removed: string[];
  added: string[];
}

/** The net change of every relation value (a value removed and added again did not change). */
function netLinks(links: LinkChange[]): LinkChange[] {
  const net = new Map<string, { change: LinkChange; count: number }>();
  for (const link of links) {
    const key = `${link.relationId}|${link.a}|${link.b}`;
    const entry = net.get(key) ?? { change: link, count: 0 };
    entry.count += link.added ? 1 : -1;
    net.set(key, entry);
  }
  // Stryker disable next-line EqualityOperator: a count of 0 was filtered out
  return [...net.values()].filter((e) => e.count !== 0).map((e) => ({ ...e.change, added: e.count > 0 }));
}

/** Whether a field is the "a" end of its relation: column `a` of `links` holds its Entity. */
function isEndA(field: FieldDef): boolean {
  return field.relationEnd !== 'b';
}

/** Effects on the Entities at either end of the relation values that changed. */
function linkEffects(links: LinkChange[], catalog: Catalog, covered: (entityId: string, field: FieldDef) => boolean): TypedEffect[] {
  const changes = new Map<string, FieldChange>();
  for (const link of netLinks(links)) {
    for (const field of catalog.ends(link.relationId)) {
      const type = catalog.byId.get(field.typeId);
      const entityId = isEndA(field) ? link.a : link.b;
      const other = isEndA(field) ? link.b : link.a;
      if (!type || covered(entityId, field)) continue;
      const key = `${entityId}|${field.id}`;
      const change = changes.get(key) ?? { type, field, entityId, removed: [], added: [] };
      (link.added ? change.added : change.removed).push(other);
      changes.set(key, change);
    }
  }
  // Stryker disable next-line ArrayDeclaration: an element that is no effect has no Database, so no webhook gets it
  const effects: TypedEffect[] = [];
  for (const { type, field, entityId, removed, added } of changes.values()) {
    const base = { id: entityId, type: type.name };
    if (!field.isCollection) {
      const ref = (ids: string[]) => (ids[0] ? { 'svc/id': ids[0] } : null);
      effects.push({
        typeId: type.id,
        effect: { effect: 'svc.entity/update', ...base, values: { [field.name]: ref(added) }, valuesBefore: { [field.name]: ref(removed) } },
      });
      continue;
    }
    const items = (ids: string[]) => ids.map((i) => ({ 'svc/id': i }));
    if (removed.length > 0) effects.push({ typeId: type.id, effect: { effect: 'svc.entity/remove-collection-items', ...base, field: field.name, items: items(removed) } });
    if (added.length > 0) effects.push({ typeId: type.id, effect: { effect: 'svc.entity/add-collection-items', ...base, field: field.name, items: items(added) } });
  }
  return effects;
}
