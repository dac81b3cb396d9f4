// `svc.entity.batch/create-or-update` (the public API's upsert): each Entity is created unless an
// Entity of the Database holds its conflict-field value; then `skip-create` leaves that duplicate
// and `update-latest` updates it. The writes go through the paths of `svc.entity/create` and
// `svc.entity/update` (the same webhook effects); all or none (the command's one transaction).
import type { components } from '../../../generated/service/types.js';
import type { Entity } from '../api/spec-types.js';
import type { Queryable } from '../db/database.js';
import { atIndex } from '../model/batch-failure.js';
import type { Catalog, FieldDef, TypeDef } from '../model/catalog.js';
import { insertEntities, updateEntity } from '../model/entity-writer.js';
import { runQuery } from '../query/execute.js';
import { conflictField, conflictKey } from './conflict-field.js';
import { requireBatchSize } from './entity-batch.js';
import type { Handler } from './handlers.js';
import { readEntity } from './read-entity.js';
import { planUpsert } from './upsert-plan.js';

type Schemas = components['schemas'];
type Outcome = Schemas['CreateOrUpdateOutcome'];

/** Fields an update of a duplicate leaves alone (the public API: its platform fields). */
const NOT_UPDATED = new Set(['svc/id', 'svc/public-id', 'svc/creation-date', 'svc/created-by']);

/**
 * The most recently created Entity holding each key (latest `svc/creation-date`, then highest
 * `svc/public-id`), read with its id, public id, creation date and conflict value. One query: the
 * batch holds at most 1000 values, below the 10,000 of a `q/in` list.
 */
async function latestDuplicates(tx: Queryable, catalog: Catalog, type: TypeDef, field: FieldDef, keys: ReadonlyArray<string | undefined>): Promise<Map<string, Entity>> {
  const values = [...new Set(keys.filter((k): k is string => k !== undefined))].map((k) => JSON.parse(k) as unknown);
  const found = new Map<string, Entity>();
  if (values.length === 0) return found;
  const rows = await runQuery(
    tx,
    catalog,
    {
      'q/from': type.name,
      'q/select': ['svc/id', 'svc/public-id', 'svc/creation-date', field.name],
      'q/where': ['q/in', [field.name], '$values'],
      'q/order-by': [
        [['svc/creation-date'], 'q/desc'],
        [['svc/public-id'], 'q/desc'],
      ],
      'q/no-limit': true,
    },
    { $values: values },
  );
  for (const row of rows) {
    const key = JSON.stringify(row[field.name]);
    if (!found.has(key)) found.set(key, row);
  }
  return found;
}

function updateOf(input: Record<string, unknown>, id: string): Record<string, unknown> {
  return { ...Object.fromEntries(Object.entries(input).filter(([name]) => !NOT_UPDATED.has(name))), 'svc/id': id };
}

export const entityBatchCreateOrUpdate: Handler = async (ctx, command) => {
  const { args } = command as Schemas['EntityBatchCreateOrUpdateCommand'];
  const entities = args.entities;
  requireBatchSize(entities);
  const catalog = await ctx.catalog();
  const type = catalog.type(args.type);
  const field = conflictField(catalog, type, args['conflict-field']);
  // Every Entity's field names and conflict value are checked, also of those not written.
  const keys = entities.map((entity, index) => {
    try {
      for (const name of Object.keys(entity)) catalog.field(type, name);
      return conflictKey(field, entity[field.name]);
    } catch (error) {
      throw atIndex(error, index);
    }
  });
  const duplicates = await latestDuplicates(ctx.tx, catalog, type, field, keys);
  const steps = planUpsert(keys, args['conflict-action'], (key) => duplicates.has(key));
  const duplicateOf = (index: number): Entity => duplicates.get(keys[index] as string) as Entity;

  const creating = steps.flatMap((step, i) => (step.kind === 'create' ? [i] : []));
  const created = await insertEntities(ctx.tx, catalog, type.name, creating.map((i) => entities[i] as Record<string, unknown>), ctx.caller.userId, ctx.changes, { inputIndexes: creating });
  const createdAt = new Map(creating.map((index, n) => [index, created[n] as Entity]));
  const updated = new Map<number, Entity>();
  for (const [i, step] of steps.entries()) {
    if (step.kind !== 'update') continue;
    try {
      const id = await updateEntity(ctx.tx, catalog, type.name, updateOf(entities[i] as Record<string, unknown>, String(duplicateOf(i)['svc/id'])), ctx.changes);
      updated.set(i, await readEntity(ctx.tx, catalog, type.name, id));
    } catch (error) {
      throw atIndex(error, i);
    }
  }
  return steps.map((step, i): Outcome => {
    const entity = entities[i] as Schemas['EntityInput'];
    switch (step.kind) {
      case 'create':
        return { action: 'create', created: createdAt.get(i) as Entity };
      case 'skip':
        return { action: 'skip-create', entity, duplicate: duplicateOf(i) };
      case 'update':
        return { action: 'update-latest', entity, duplicate: duplicateOf(i), updated: updated.get(i) as Entity };
      case 'batch-duplicate':
        return { action: 'prefer-duplicate-found-in-the-batch', entity, duplicate: entities[step.of] as Entity };
    }
  });
};
