/**
 * Replaying effects: the effects a webhook received for one command, applied in order onto its
 * Database as it was before the command, must give the Database as it is after it. Every
 * `valuesBefore`, and every item added or removed, must agree with the data at that point.
 *
 * "If supported, then correct": the effect kinds beyond the contract (create, delete,
 * remove-collection-items) may be missing altogether. A difference that only such an effect would
 * have explained is charged to that kind: it is a missing feature while the server has sent no
 * effect of that kind at all, and a wrong answer once it has sent one.
 */
import { comparable, fieldOf, type Db, type DbState, type Row, type World } from './replay-world.js';
import type { Effect } from './support.js';

export type EffectKind = Effect['effect'];

/** The effect kinds a server may lack (the contract shows update and add-collection-items only). */
export const BEYOND_CONTRACT: readonly EffectKind[] = ['svc.entity/create', 'svc.entity/delete', 'svc.entity/remove-collection-items'];

/** A difference between the replayed and the actual Database; `kind`: the effect kind that would have explained it, when it is one beyond the contract. */
export interface Difference {
  message: string;
  kind?: EffectKind;
}

export interface Replayed {
  state: DbState;
  /** Entities an svc.entity/update effect named (their svc/modification-date is then compared). */
  updated: Set<string>;
  /** Entities first named by an effect other than a create while the server lacks create effects: their fields not yet reported are unknown. */
  guessed: Set<string>;
  /** What only a missing effect kind explains, found on the way. */
  missing: Difference[];
}

function copy(state: DbState): DbState {
  return new Map([...state].map(([id, row]) => [id, new Map(row)]));
}

const show = (value: string | undefined): string => value ?? '(absent)';

/**
 * Applies the effects in order; throws (through `wrong`) at the first effect that does not fit the
 * data: one of another Database, an Entity that does not exist (or exists already, for a create),
 * a valuesBefore that is not the value the Entity had, an item added that was there or removed
 * that was not, a delete that leaves out a field. Where a kind in `lacking` (the server has sent
 * none of it) would have explained the misfit, it is noted in `missing` instead and the replay goes on.
 */
export function applyEffects(
  world: World,
  db: Db,
  before: DbState,
  effects: Array<{ effect: Effect; at: string }>,
  lacking: ReadonlySet<EffectKind>,
  wrong: (message: string) => never,
): Replayed {
  const state = copy(before);
  const updated = new Set<string>();
  const guessed = new Set<string>();
  const missing: Difference[] = [];
  /** Notes a misfit a missing kind explains; false when the server does send that kind (the misfit is wrong). */
  const explained = (kind: EffectKind, message: string): boolean => {
    if (!lacking.has(kind)) return false;
    missing.push({ kind, message });
    return true;
  };
  const typeName = world.type[db];
  const field = (name: string) => fieldOf(world, db, name);
  for (const { effect, at } of effects) {
    if (effect.type !== typeName) wrong(`${at}: an effect of ${effect.type} reached the webhook of ${typeName}`);
    if (effect.effect === 'svc.entity/create') {
      if (state.has(effect.id)) wrong(`${at}: creates ${effect.id}, which exists already`);
      const row: Row = new Map();
      for (const f of world.fields[db]) {
        if (f.name in effect.values) row.set(f.name, comparable(f, effect.values[f.name]));
        else if (!f.system) row.set(f.name, comparable(f, null));
      }
      if (!row.has('svc/id')) row.set('svc/id', comparable(undefined, effect.id));
      state.set(effect.id, row);
      continue;
    }
    let current = state.get(effect.id);
    if (!current) {
      const message = `${at}: names ${effect.id}, which does not exist in ${typeName} at that point`;
      if (!explained('svc.entity/create', message)) wrong(message);
      current = new Map([['svc/id', comparable(undefined, effect.id)]]);
      guessed.add(effect.id);
      state.set(effect.id, current);
    }
    switch (effect.effect) {
      case 'svc.entity/update':
        updated.add(effect.id);
        if (Object.keys(effect.values).length === 0) wrong(`${at}: an update effect with no values reports no change (one effect per change)`);
        for (const [name, value] of Object.entries(effect.values)) {
          const f = field(name);
          if (!f) continue;
          if (!(name in effect.valuesBefore)) wrong(`${at}: values has ${name}, valuesBefore does not`);
          const had = current.get(name);
          const said = comparable(f, effect.valuesBefore[name]);
          if (had !== undefined && said !== had) {
            const message = `${at}: valuesBefore[${name}] is ${JSON.stringify(effect.valuesBefore[name])}, but the Entity had ${had}`;
            if (!(f.kind === 'references' && holdsAll(had, said) && explained('svc.entity/remove-collection-items', message))) wrong(message);
          }
          current.set(name, comparable(f, value));
        }
        break;
      case 'svc.entity/delete':
        for (const f of world.fields[db]) {
          if (!(f.name in effect.valuesBefore)) {
            if (!f.system) wrong(`${at}: valuesBefore leaves out ${f.name} (the Entity had ${show(current.get(f.name))}); a delete reports every value the Entity had`);
            continue;
          }
          const said = comparable(f, effect.valuesBefore[f.name]);
          const had = current.get(f.name);
          if (had !== undefined && said !== had) {
            const message = `${at}: valuesBefore[${f.name}] is ${JSON.stringify(effect.valuesBefore[f.name])}, but the Entity had ${had}`;
            if (!(f.kind === 'references' && holdsAll(had, said) && explained('svc.entity/remove-collection-items', message))) wrong(message);
          }
        }
        state.delete(effect.id);
        break;
      case 'svc.entity/add-collection-items':
      case 'svc.entity/remove-collection-items': {
        const f = field(effect.field);
        if (f?.kind !== 'references') wrong(`${at}: ${effect.field} is not a collection field of ${typeName}`);
        const items = JSON.parse(current.get(f.name) ?? '[]') as string[];
        const adding = effect.effect === 'svc.entity/add-collection-items';
        if (effect.items.length === 0) wrong(`${at}: a collection effect without items reports no change (one effect per change)`);
        for (const item of effect.items.map((i) => i['svc/id'])) {
          const has = items.includes(item);
          if (adding && has) {
            // An earlier removal no effect reported.
            if (!explained('svc.entity/remove-collection-items', `${at}: adds ${item}, which ${f.name} holds already`)) wrong(`${at}: adds ${item}, which ${f.name} holds already`);
            continue;
          }
          if (!adding && !has) {
            if (guessed.has(effect.id)) continue;
            wrong(`${at}: removes ${item}, which ${f.name} does not hold`);
          }
          if (adding) items.push(item);
          else items.splice(items.indexOf(item), 1);
        }
        current.set(f.name, comparable(f, items.map((id) => ({ 'svc/id': id }))));
        break;
      }
    }
  }
  return { state, updated, guessed, missing };
}

/** Whether the ids of one comparable collection value hold every id of another. */
function holdsAll(larger: string, smaller: string): boolean {
  const held = JSON.parse(larger) as string[];
  return (JSON.parse(smaller) as string[]).every((id) => held.includes(id));
}

/**
 * How the replayed Database differs from the actual one. A system field an effect left out is
 * not compared; `svc/modification-date` only on Entities the command updated or an update effect
 * named (changes of relation values reported as collection effects leave it as the server sets it).
 */
export function differences(world: World, db: Db, replayed: Replayed, actual: DbState, updated: ReadonlySet<string>): Difference[] {
  const typeName = world.type[db];
  const out: Difference[] = [...replayed.missing];
  for (const id of new Set([...replayed.state.keys(), ...actual.keys()])) {
    const mine = replayed.state.get(id);
    const theirs = actual.get(id);
    if (!mine) {
      out.push({ message: `${id} exists in ${typeName}, but no effect created it`, kind: 'svc.entity/create' });
      continue;
    }
    if (!theirs) {
      out.push({ message: `the effects leave ${id} in ${typeName}, but it is gone`, kind: 'svc.entity/delete' });
      continue;
    }
    for (const f of world.fields[db]) {
      const replayedValue = mine.get(f.name);
      const actualValue = theirs.get(f.name);
      if (replayedValue === actualValue) continue;
      if (replayedValue === undefined && (f.system || replayed.guessed.has(id))) continue;
      if (f.name === 'svc/modification-date' && !replayed.updated.has(id) && !updated.has(id)) continue;
      const message = `${typeName} ${id}: ${f.name} is ${show(actualValue)}, the effects give ${show(replayedValue)}`;
      if (f.kind === 'references') {
        // Only items gone that no effect removed: what a remove-collection-items effect would have said.
        if (holdsAll(replayedValue ?? '[]', actualValue ?? '[]')) {
          out.push({ message, kind: 'svc.entity/remove-collection-items' });
          continue;
        }
      }
      out.push({ message });
    }
  }
  return out;
}
