// Sets the links of integration relations from the keys stored in their hidden key fields, for
// the Entities a run delivered (MAP-048..050). Runs after every type of the run was applied, so a
// row may refer to a row of a type synchronized after its own; a key with no Entity links nothing.
import type { Queryable } from '../../db/database.js';
import type { Catalog, FieldDef } from '../../model/catalog.js';
import { setLinks, type WriteObserver } from '../../model/entity-writer.js';
import type { SourceMapping } from '../types.js';
import { allKeys } from './key-store.js';

const CHUNK = 500;

function keysOf(raw: unknown, multi: boolean): string[] {
  if (typeof raw !== 'string' || raw === '') return [];
  if (!multi) return [raw];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.map(String) : [raw];
  } catch {
    return [raw];
  }
}

async function currentTargets(tx: Queryable, field: FieldDef, ids: string[]): Promise<Map<string, string[]>> {
  const mine = field.relationEnd === 'b' ? 'b' : 'a';
  const theirs = mine === 'a' ? 'b' : 'a';
  const { rows } = await tx.query<{ owner: string; target: string }>(
    `SELECT ${mine} AS owner, ${theirs} AS target FROM links WHERE relation_id = $1 AND ${mine} IN (${ids.map((_, i) => `$${i + 2}`).join(', ')})`,
    [field.relationId, ...ids],
  );
  const out = new Map<string, string[]>();
  for (const row of rows) out.set(row.owner, [...(out.get(row.owner) ?? []), row.target]);
  return out;
}

/**
 * Links the relation fields of the Entities delivered by run `runId` and, for a relation whose
 * target type got new Entities in the run (`createdTypes`), of every Entity of the type (an
 * earlier row may name a key that only now exists). Answers how many Entities changed.
 */
export async function linkRelations(
  tx: Queryable,
  catalog: Catalog,
  sourceId: string,
  mapping: SourceMapping,
  runId: number,
  createdTypes: ReadonlySet<string>,
  observer: WriteObserver,
): Promise<number> {
  let changed = 0;
  const targetKeys = new Map<string, Map<string, string>>();
  for (const typeMapping of Object.values(mapping.types)) {
    const relations = Object.values(typeMapping.fields).flatMap((m) => (m.kind === 'relation' ? [m] : []));
    if (relations.length === 0) continue;
    const type = catalog.byName.get(typeMapping.database);
    if (!type) continue;
    const { rows: delivered } = await tx.query<{ entity_id: string }>(
      'SELECT entity_id FROM integration_keys WHERE source_id = $1 AND app_type = $2 AND last_run_id = $3',
      [sourceId, typeMapping.appType, runId],
    );
    let everyone: string[] | undefined;
    for (const relation of relations) {
      if (createdTypes.has(relation.targetAppType)) everyone ??= [...(await allKeys(tx, sourceId, typeMapping.appType)).values()];
      const ids = createdTypes.has(relation.targetAppType) ? (everyone as string[]) : delivered.map((r) => r.entity_id);
      const field = type.fieldsByName.get(relation.field);
      const keyField = type.fieldsByName.get(relation.keyField);
      if (!field || !keyField || field.storage !== 'link' || !mapping.types[relation.targetAppType]) continue;
      let targets = targetKeys.get(relation.targetAppType);
      if (!targets) {
        targets = await allKeys(tx, sourceId, relation.targetAppType);
        targetKeys.set(relation.targetAppType, targets);
      }
      for (let i = 0; i < ids.length; i += CHUNK) {
        const part = ids.slice(i, i + CHUNK);
        const { rows } = await tx.query<{ id: string; data: Record<string, unknown> }>(
          `SELECT id, data FROM entities WHERE id IN (${part.map((_, j) => `$${j + 1}`).join(', ')})`,
          part,
        );
        const existing = await currentTargets(tx, field, part);
        for (const row of rows) {
          const wanted = keysOf(row.data?.[keyField.key as string], relation.multi)
            .map((k) => targets.get(k))
            .filter((id): id is string => id !== undefined);
          const unique = field.isCollection ? [...new Set(wanted)] : wanted.slice(0, 1);
          const now = existing.get(row.id) ?? [];
          const same = now.length === unique.length && [...now].sort().every((id, j) => id === [...unique].sort()[j]);
          if (same) continue;
          const { changes, before } = await setLinks(tx, catalog, field, row.id, unique);
          const after = field.isCollection ? unique.map((id) => ({ 'svc/id': id })) : unique[0] ? { 'svc/id': unique[0] } : null;
          observer.record({ kind: 'update', type, id: row.id, before: { [field.name]: before }, after: { [field.name]: after }, links: changes }, catalog);
          changed += 1;
        }
      }
    }
  }
  return changed;
}
