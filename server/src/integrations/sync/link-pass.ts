// Sets the links of integration relations from the keys stored in their hidden key fields, for
// the Entities a run delivered (MAP-048..050). Runs after every type of the run was applied, so a
// row may refer to a row of a type synchronized after its own; a key with no Entity links nothing.
import type { Queryable } from '../../db/database.js';
import type { Catalog } from '../../model/catalog.js';
import { setLinks, type WriteObserver } from '../../model/entity-writer.js';
import type { SourceMapping } from '../types.js';
import { chunks, placeholders } from '../../db/sql-lists.js';
import { allKeys } from './key-store.js';
import { linkedTargets, sameTargets } from './linked-targets.js';

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
      for (const part of chunks(ids, CHUNK)) {
        const { rows } = await tx.query<{ id: string; data: Record<string, unknown> }>(`SELECT id, data FROM entities WHERE id IN (${placeholders(part.length)})`, part);
        const existing = await linkedTargets(tx, field, part);
        for (const row of rows) {
          const wanted = keysOf(row.data?.[keyField.key as string], relation.multi)
            .map((k) => targets.get(k))
            .filter((id): id is string => id !== undefined);
          const unique = field.isCollection ? [...new Set(wanted)] : wanted.slice(0, 1);
          if (sameTargets(existing.get(row.id) ?? [], unique)) continue;
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
