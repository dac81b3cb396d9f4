import fc from 'fast-check';
import { expectSuccess } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import { initialCreates, writeOp, type WriteOp } from '../../model/arbitraries.js';
import { ModelDriver, refIds } from '../../model/driver.js';
import { SchemaIndex, type ModelSchema } from '../../model/schema.js';
import { canonicalJson } from '../../model/values.js';
import { checkProperty } from '../../property.js';
import type { Receiver } from '../../receiver.js';
import { isRecord, type JsonRecord } from '../../shapes.js';
import { withTestWorkspace, type Command } from '../../workspace.js';
import { delivered, marker, withHooks, type Hook, type Received } from './support.js';

type Step = { op: WriteOp } | { batch: WriteOp[] };
type State = Map<string, JsonRecord>;

/** Every field of every Entity of the test Databases, by Database, then by svc/id. */
async function dump(ctx: CheckContext, schema: ModelSchema): Promise<Map<string, State>> {
  const commands: Command[] = schema.types.map((t) => ({
    command: 'svc.entity/query',
    args: { query: { 'q/from': t.name, 'q/select': t.fields.map((f) => f.name), 'q/limit': 10_000 } },
  }));
  const res = await ctx.http.command({ command: 'svc.command/batch', args: { commands } } satisfies Command);
  const results = expectSuccess(res, 'reading every Entity of the test Databases');
  const out = new Map<string, State>();
  schema.types.forEach((type, i) => {
    const inner: unknown = Array.isArray(results) ? results[i] : undefined;
    const rows = isRecord(inner) && Array.isArray(inner['result']) ? inner['result'] : [];
    out.set(type.name, new Map(rows.filter(isRecord).map((row) => [String(row['svc/id']), { ...row }])));
  });
  return out;
}

/** A field's value as compared: references by id (collections as sorted id lists), absent as null. */
function normalise(index: SchemaIndex, typeName: string, field: string, value: unknown): string {
  const def = index.field(typeName, field);
  if (def?.kind === 'relation') return def.collection ? canonicalJson(refIds(value).sort()) : canonicalJson(refIds(value)[0] ?? null);
  return canonicalJson(value ?? null);
}

/**
 * Replays the effects of a webhook's deliveries onto its Database's state before them; every
 * valuesBefore (and every item added or removed) must agree with the replayed state. Answers the
 * state after, or a description of the first disagreement.
 */
function replay(index: SchemaIndex, typeName: string, start: State, deliveries: Received[]): { state: State } | { problem: string } {
  const state: State = new Map([...start].map(([id, row]) => [id, { ...row }]));
  const norm = (field: string, value: unknown): string => normalise(index, typeName, field, value);
  for (const { delivery } of deliveries) {
    for (const [i, effect] of delivery.effects.entries()) {
      const at = `delivery ${delivery.sequenceId}, effect ${i} (${JSON.stringify(effect).slice(0, 500)})`;
      if (effect.type !== typeName) return { problem: `${at}: an effect of ${effect.type} reached the webhook of ${typeName}` };
      const current = state.get(effect.id);
      if (effect.effect === 'svc.entity/create') {
        if (current) return { problem: `${at}: creates ${effect.id}, which exists already` };
        state.set(effect.id, { ...effect.values });
        continue;
      }
      if (!current) return { problem: `${at}: names ${effect.id}, which does not exist at that point` };
      switch (effect.effect) {
        case 'svc.entity/update':
          for (const [field, value] of Object.entries(effect.values)) {
            if (!(field in effect.valuesBefore)) return { problem: `${at}: values has ${field}, valuesBefore does not` };
            if (norm(field, effect.valuesBefore[field]) !== norm(field, current[field])) {
              return { problem: `${at}: valuesBefore[${field}] is ${JSON.stringify(effect.valuesBefore[field])}, but the Entity had ${JSON.stringify(current[field] ?? null)}` };
            }
            current[field] = value;
          }
          break;
        case 'svc.entity/delete':
          for (const [field, value] of Object.entries(effect.valuesBefore)) {
            if (norm(field, value) !== norm(field, current[field])) return { problem: `${at}: valuesBefore[${field}] is ${JSON.stringify(value)}, but the Entity had ${JSON.stringify(current[field] ?? null)}` };
          }
          state.delete(effect.id);
          break;
        case 'svc.entity/add-collection-items':
        case 'svc.entity/remove-collection-items': {
          const items = refIds(current[effect.field]);
          for (const item of refIds(effect.items)) {
            const has = items.includes(item);
            if (effect.effect === 'svc.entity/add-collection-items' && has) return { problem: `${at}: adds ${item}, which ${effect.field} holds already` };
            if (effect.effect === 'svc.entity/remove-collection-items' && !has) return { problem: `${at}: removes ${item}, which ${effect.field} does not hold` };
            if (has) items.splice(items.indexOf(item), 1);
            else items.push(item);
          }
          current[effect.field] = items.map((id) => ({ 'svc/id': id }));
          break;
        }
      }
    }
  }
  // Compare with what the service holds: the caller replaces the state when this returns.
  return { state: new Map([...state].map(([id, row]) => [id, Object.fromEntries(Object.keys(row).map((k) => [k, norm(k, row[k])]))])) };
}

/** The first difference between a replayed state and the service's (values compared as `replay` normalises them). */
function difference(index: SchemaIndex, typeName: string, replayed: State, actual: State): string | undefined {
  for (const id of new Set([...replayed.keys(), ...actual.keys()])) {
    const mine = replayed.get(id);
    const theirs = actual.get(id);
    if (!mine) return `${id} exists in ${typeName} but no delivery created it`;
    if (!theirs) return `the deliveries leave ${id} in ${typeName}, but it is gone`;
    for (const field of Object.keys(theirs)) {
      const normalised = normalise(index, typeName, field, theirs[field]);
      const replayedValue = mine[field] ?? normalise(index, typeName, field, undefined);
      if (normalised !== replayedValue) return `${typeName} ${id}: ${field} is ${normalised}, the deliveries give ${replayedValue}`;
    }
  }
  return undefined;
}

function between(receiver: Receiver, hook: Hook, after: number, upTo: number): Received[] {
  return delivered(receiver, hook)
    .filter((r) => r.delivery.sequenceId > after && r.delivery.sequenceId <= upTo)
    .sort((a, b) => a.delivery.sequenceId - b.delivery.sequenceId);
}

export default defineCheck({
  id: 'webhooks.replay',
  name:
    'For random command sequences (creates, updates with relation values, deletes, collection items, batches) on two related Databases with a webhook each, ' +
    "replaying each webhook's effects in sequenceId order onto its Database as it was gives the Database as it is; every valuesBefore, and every item added " +
    'or removed, agrees with the data at that point (changes at the inverse end of a relation included)',
  level: 'SHOULD',
  cost: 'slow',
  area: 'webhooks',
  requirements: ['WH-034', 'WH-017', 'WH-020'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async (workspace) => {
      const n = workspace.names;
      const index = new SchemaIndex(workspace.schema);
      const driver: ModelDriver = new ModelDriver(ctx, workspace.schema, 'webhooks-replay', 'full');
      await withHooks(ctx, [n.items, n.groups], async ([items, groups], receiver) => {
        if (!items || !groups) return;
        let markers = 0;
        const mark = async () => {
          markers += 1;
          const [i, g] = await marker(ctx, receiver, [
            { hook: items, entity: { [n.title]: `marker ${markers}` } },
            { hook: groups, entity: { [n.name]: `marker ${markers}` } },
          ]);
          return [i?.delivery.sequenceId ?? 0, g?.delivery.sequenceId ?? 0] as const;
        };
        const write = writeOp(driver.shapes, 'full');
        const step: fc.Arbitrary<Step> = fc.oneof(
          { weight: 3, arbitrary: write.map((op): Step => ({ op })) },
          { weight: 1, arbitrary: fc.array(write, { minLength: 2, maxLength: 4 }).map((ops): Step => ({ batch: ops })) },
        );
        const scenario = fc.record({ salt: fc.nat(), initial: initialCreates(driver.shapes, 'full', [4, 3]), steps: fc.array(step, { minLength: 1, maxLength: 6 }) });
        await checkProperty(
          ctx,
          scenario,
          async ({ salt, initial, steps }) => {
            await driver.reset(salt, initial);
            const start = await mark();
            const before = await dump(ctx, workspace.schema);
            for (const s of steps) {
              if ('op' in s) await driver.write(s.op);
              else await driver.batch(s.batch);
            }
            const end = await mark();
            const after = await dump(ctx, workspace.schema);
            for (const [k, hook] of [items, groups].entries()) {
              const deliveries = between(receiver, hook, start[k] ?? 0, end[k] ?? 0);
              const sequence = deliveries.map((d) => d.delivery.sequenceId);
              if (sequence.some((s, i) => i > 0 && s !== (sequence[i - 1] as number) + 1)) driver.failWith(`the deliveries to the webhook of ${hook.type} skip a sequenceId: ${sequence.join(', ')}`);
              const result = replay(index, hook.type, before.get(hook.type) ?? new Map(), deliveries);
              if ('problem' in result) driver.failWith(`replaying the deliveries to the webhook of ${hook.type}: ${result.problem}`);
              const problem = difference(index, hook.type, result.state, after.get(hook.type) ?? new Map());
              if (problem !== undefined) {
                driver.failWith(`replaying the deliveries to the webhook of ${hook.type} onto the Database as it was does not give the Database as it is: ${problem}\nDeliveries: ${JSON.stringify(deliveries.map((d) => d.delivery)).slice(0, 3000)}`);
              }
            }
            driver.finishRun();
          },
          { numRuns: Math.min(ctx.fastCheck.numRuns, 15) },
        );
      });
    });
  },
});
