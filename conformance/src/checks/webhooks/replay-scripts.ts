/**
 * What the replay check does to the watched Databases: scripts of writes (creates, updates,
 * deletes, collection items added and removed, batches over both Databases), a fixed edge script
 * that every run starts with, random scripts, and the commands a step becomes.
 *
 * The edge script reaches, on purpose, every boundary of the effects: every field kind (text,
 * integer, decimal, bool, date, date-time, url, date and date-time ranges, location, single and
 * multi select, a to-one relation, collections) created set and created empty, changed, set from
 * null, cleared to null (and to no items), given again unchanged; collection items added and
 * removed at either end of a relation, an item moved from one parent to another, Entities with
 * relation values deleted, and batches that write both Databases at once.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Command } from '../../workspace.js';
import { surfaceFields } from '../consistency/fields.js';
import { DBS, fieldOf, type Db, type State, type World } from './replay-world.js';

/** An Entity of a script: a label given when it was created, or (random scripts) the n-th living Entity of the Database. */
export type Target = string | number;
/** A relation value in a script: the Entity it names. */
export interface Ref {
  $ref: Target;
}
export type Values = Record<string, unknown>;

export type Op =
  | { op: 'create'; db: Db; label?: string; values: Values }
  | { op: 'update'; db: Db; target: Target; values: Values }
  | { op: 'delete'; db: Db; target: Target }
  | { op: 'add' | 'remove'; db: Db; target: Target; field: string; items: Target[] };
export type Step = Op | { op: 'batch'; ops: Op[] };
export interface Script {
  steps: Step[];
}

const ref = (target: Target): Ref => ({ $ref: target });
const refs = (...targets: Target[]): Ref[] => targets.map(ref);

/** The fixed script every run of the check begins with (see the module comment). */
export function edgeScript(world: World): Script {
  const n = world.names;
  const x = world.extra;
  const [low, mid, high] = world.kinds as [string, string, string];
  const [red, green, blue, grun] = world.labels as [string, string, string, string];
  const option = (id: string) => ({ 'svc/id': id });
  const setA: Values = {
    [n.title]: 'é 日本語 😀 "q" back\\slash <b>',
    [n.count]: 0,
    [n.amount]: -1234.5678,
    [n.done]: false,
    [n.due]: '2024-02-29',
    [n.at]: '2024-03-10T12:30:00.250+05:30',
    [x.link]: 'https://example.org/a/b?c=d&e=f#g',
    [x.span]: { start: '2024-01-01', end: '2024-01-31' },
    [x.window]: { start: '2024-01-01T00:00:00.000Z', end: '2024-01-01T00:00:00.000Z' },
    [x.place]: { latitude: 48.85, longitude: 2.35, fullAddress: 'Paris' },
    [x.kind]: option(low),
    [x.labels]: [option(red), option(grun)],
    [n.group]: ref('G1'),
    [n.tags]: refs('G1', 'G2'),
  };
  const setB: Values = {
    [n.title]: '',
    [n.count]: -2_147_483_648,
    [n.amount]: 0.1,
    [n.done]: true,
    [n.due]: '1970-01-01',
    [n.at]: '1999-12-31T23:59:59.999Z',
    [x.link]: 'http://127.0.0.1:8080/x',
    [x.span]: { start: '2024-02-29', end: '2024-02-29' },
    [x.window]: { start: '2024-01-01T12:30:00.500+02:00', end: '2024-06-01T00:00:00.000Z' },
    [x.place]: { latitude: -90, longitude: 180 },
    [x.kind]: option(high),
    [x.labels]: [option(green)],
    [n.group]: ref('G2'),
    [n.tags]: refs('G3'),
  };
  const setC: Values = {
    [n.title]: 'line\nbreak\ttab',
    [n.count]: 2_147_483_647,
    [n.amount]: 3.14159,
    [n.done]: true,
    [n.due]: '2024-01-01',
    [n.at]: '2024-01-01T00:00:00.000Z',
    [x.link]: 'https://example.org/',
    [x.span]: { start: '1999-12-31', end: '2024-01-02' },
    [x.window]: { start: '1999-12-31T23:59:59.999Z', end: '2024-01-02T00:00:00.000Z' },
    [x.place]: { latitude: 0, longitude: 0, fullAddress: 'Zürich "HB"' },
    [x.kind]: option(mid),
    [x.labels]: [option(red), option(green), option(blue), option(grun)],
    [n.group]: ref('G1'),
    [n.tags]: refs('G1', 'G2', 'G3'),
  };
  const cleared: Values = Object.fromEntries(Object.keys(setA).map((name) => [name, fieldOf(world, 'items', name)?.kind === 'references' ? [] : null]));
  return {
    steps: [
      // Several creates of one Database in one batch; values at the edges of text and integer.
      {
        op: 'batch',
        ops: [
          { op: 'create', db: 'groups', label: 'G1', values: { [n.name]: 'g1', [n.rank]: 0 } },
          { op: 'create', db: 'groups', label: 'G2', values: { [n.name]: '', [n.rank]: -1 } },
          { op: 'create', db: 'groups', label: 'G3', values: { [n.name]: 'Grün 😀' } },
        ],
      },
      // Every field set, alone in its command (the Groups see the new relation values at their ends).
      { op: 'create', db: 'items', label: 'I1', values: setA },
      // An Item with a title only; every field changed; every field set from null.
      {
        op: 'batch',
        ops: [
          { op: 'create', db: 'items', label: 'I2', values: { [n.title]: 'empty' } },
          { op: 'update', db: 'items', target: 'I1', values: setB },
          { op: 'update', db: 'items', target: 'I2', values: setC },
        ],
      },
      // Every field cleared (to null, collections to no items), alone in its command.
      { op: 'update', db: 'items', target: 'I1', values: cleared },
      // Updates that change one value, then none (fields given unchanged, then no field at all:
      // svc/modification-date alone); collection items at the Items end (a relation and a multi select).
      {
        op: 'batch',
        ops: [
          { op: 'update', db: 'items', target: 'I2', values: { ...setC, [n.title]: 'only this changed' } },
          { op: 'update', db: 'items', target: 'I2', values: { ...setC, [n.title]: 'only this changed' } },
          { op: 'update', db: 'groups', target: 'G1', values: {} },
          { op: 'add', db: 'items', target: 'I1', field: n.tags, items: ['G1', 'G3'] },
          { op: 'add', db: 'items', target: 'I1', field: x.labels, items: [blue] },
          { op: 'remove', db: 'items', target: 'I2', field: n.tags, items: ['G2', 'G3'] },
        ],
      },
      // Collection items at the Groups end: an item moved from its parent; a to-one value set and
      // cleared from the other end; an item taken out of a many-to-many collection.
      {
        op: 'batch',
        ops: [
          { op: 'add', db: 'groups', target: 'G3', field: n.members, items: ['I1', 'I2'] },
          { op: 'remove', db: 'groups', target: 'G3', field: n.members, items: ['I1'] },
          { op: 'remove', db: 'groups', target: 'G1', field: n.tagged, items: ['I1'] },
        ],
      },
      // One batch over both Databases: updates, a create with relation values, a delete of a Group
      // that Items point to.
      {
        op: 'batch',
        ops: [
          { op: 'update', db: 'items', target: 'I2', values: { [n.count]: 1 } },
          { op: 'create', db: 'items', label: 'I3', values: { [n.title]: 'in a batch', [n.group]: ref('G1'), [n.tags]: refs('G2') } },
          { op: 'update', db: 'groups', target: 'G1', values: { [n.name]: 'renamed', [n.rank]: null } },
          { op: 'add', db: 'groups', target: 'G2', field: n.tagged, items: ['I2'] },
          { op: 'delete', db: 'groups', target: 'G3' },
        ],
      },
      // Deletes of Items with every field set between them (valuesBefore of every kind), one alone.
      { op: 'delete', db: 'items', target: 'I2' },
      { op: 'batch', ops: [{ op: 'delete', db: 'items', target: 'I3' }, { op: 'delete', db: 'groups', target: 'G2' }] },
    ],
  };
}

// ---------------------------------------------------------------- random scripts

/** The values written to one Database: each user field absent, a value, or (updates) null / no items. */
function valuesArbitrary(world: World, db: Db, forUpdate: boolean): fc.Arbitrary<Values> {
  const n = world.names;
  const written = new Map(surfaceFields(n, world.extra, { groups: [''], kinds: world.kinds, labels: world.labels }).flatMap((f) => (f.write ? [[f.name, f.write] as const] : [])));
  const target = fc.nat({ max: 5 });
  const fields = world.fields[db].filter((f) => !f.system);
  const arbitraries = fields.map((f): fc.Arbitrary<unknown> => {
    let value: fc.Arbitrary<unknown>;
    if (f.target !== undefined) value = f.kind === 'references' ? fc.array(target, { maxLength: 3 }).map((t) => refs(...t)) : target.map(ref);
    else if (f.name === n.name) value = fc.string({ maxLength: 6 });
    else if (f.name === n.rank) value = fc.integer({ min: -5, max: 5 });
    else value = written.get(f.name) ?? fc.constant(null);
    if (forUpdate) value = fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.constant(f.kind === 'references' ? [] : null) });
    return fc.option(value, { nil: undefined, freq: 2 });
  });
  return fc.tuple(...arbitraries).map((values) => Object.fromEntries(fields.flatMap((f, i) => (values[i] === undefined ? [] : [[f.name, values[i]]]))));
}

function opArbitrary(world: World): fc.Arbitrary<Op> {
  const db = fc.constantFrom<Db>(...DBS);
  const target = fc.nat({ max: 5 });
  const collection = (d: Db) => fc.constantFrom(...world.fields[d].filter((f) => f.kind === 'references' && f.target !== undefined).map((f) => f.name));
  return fc.oneof(
    { weight: 2, arbitrary: db.chain((d) => valuesArbitrary(world, d, false).map((values): Op => ({ op: 'create', db: d, values }))) },
    { weight: 4, arbitrary: db.chain((d) => fc.tuple(target, valuesArbitrary(world, d, true)).map(([t, values]): Op => ({ op: 'update', db: d, target: t, values }))) },
    { weight: 1, arbitrary: fc.tuple(db, target).map(([d, t]): Op => ({ op: 'delete', db: d, target: t })) },
    {
      weight: 2,
      arbitrary: db.chain((d) =>
        fc.tuple(fc.constantFrom<'add' | 'remove'>('add', 'remove'), target, collection(d), fc.array(target, { minLength: 1, maxLength: 3 })).map(([op, t, field, items]): Op => ({ op, db: d, target: t, field, items })),
      ),
    },
  );
}

/** A random script: a batch of creates in both Databases, then up to four steps (some of them batches). */
export function scriptArbitrary(world: World): fc.Arbitrary<Script> {
  const op = opArbitrary(world);
  const creates = (db: Db) => fc.array(valuesArbitrary(world, db, false), { minLength: 1, maxLength: 3 }).map((list) => list.map((values): Op => ({ op: 'create', db, values })));
  const step: fc.Arbitrary<Step> = fc.oneof({ weight: 3, arbitrary: op }, { weight: 1, arbitrary: fc.array(op, { minLength: 2, maxLength: 4 }).map((ops): Step => ({ op: 'batch', ops })) });
  return fc
    .tuple(creates('groups'), creates('items'), fc.array(step, { minLength: 1, maxLength: 4 }))
    .map(([groups, items, steps]) => ({ steps: [{ op: 'batch', ops: [...groups, ...items] }, ...steps] }));
}

// ---------------------------------------------------------------- steps as commands

/** The Entities of a run: labels to ids, and which of them live (in the order they were created). */
export class Entities {
  private readonly ids = new Map<string, string>();
  private readonly order: Array<{ label: string; db: Db }> = [];
  private living = new Set<string>();
  private created = 0;

  /** A new Entity of `db`: its label and its id (chosen here, sent as svc/id). */
  create(db: Db, label?: string): { label: string; id: string } {
    const name = label ?? `${db}#${++this.created}`;
    const id = randomUUID();
    this.ids.set(name, id);
    this.order.push({ label: name, db });
    this.living.add(name);
    return { label: name, id };
  }

  /** Takes which Entities live from the data as read. */
  sync(state: State): void {
    this.living = new Set(this.order.filter(({ label, db }) => state[db].has(this.ids.get(label) ?? '')).map(({ label }) => label));
  }

  /** The id of a target among the living Entities of `db` (undefined when it names none). */
  resolve(db: Db, target: Target): string | undefined {
    if (typeof target === 'string') return this.living.has(target) ? this.ids.get(target) : undefined;
    const alive = this.order.filter((e) => e.db === db && this.living.has(e.label));
    const found = alive.length === 0 ? undefined : alive[target % alive.length];
    return found === undefined ? undefined : this.ids.get(found.label);
  }

  /** Marks an Entity gone (a delete earlier in the same batch). */
  forget(id: string): void {
    for (const [label, known] of this.ids) if (known === id) this.living.delete(label);
  }
}

/** The value sent for a field: relation placeholders resolved (those that name no living Entity dropped). */
function resolveValues(world: World, db: Db, values: Values, entities: Entities): Values {
  const out: Values = {};
  for (const [name, value] of Object.entries(values)) {
    const target = fieldOf(world, db, name)?.target;
    if (target === undefined) out[name] = value;
    else if (Array.isArray(value)) out[name] = [...new Set(value.map((v) => entities.resolve(target, (v as Ref).$ref)).filter((id): id is string => id !== undefined))].map((id) => ({ 'svc/id': id }));
    else if (value === null) out[name] = null;
    else {
      const id = entities.resolve(target, (value as Ref).$ref);
      out[name] = id === undefined ? null : { 'svc/id': id };
    }
  }
  return out;
}

/** The command of one write, or undefined when its Entity no longer lives; `updated` collects the ids an update names. */
function commandOf(world: World, op: Op, entities: Entities, updated: string[]): Command | undefined {
  const type = world.type[op.db];
  if (op.op === 'create') {
    const values = resolveValues(world, op.db, op.values, entities);
    const { id } = entities.create(op.db, op.label);
    return { command: 'svc.entity/create', args: { type, entity: { ...values, 'svc/id': id } } };
  }
  const id = entities.resolve(op.db, op.target);
  if (id === undefined) return undefined;
  switch (op.op) {
    case 'update':
      updated.push(id);
      return { command: 'svc.entity/update', args: { type, entity: { ...resolveValues(world, op.db, op.values, entities), 'svc/id': id } } };
    case 'delete':
      entities.forget(id);
      return { command: 'svc.entity/delete', args: { type, entity: { 'svc/id': id } } };
    case 'add':
    case 'remove': {
      const target = fieldOf(world, op.db, op.field)?.target;
      const items = target === undefined ? op.items.map((t) => String(t)) : op.items.map((t) => entities.resolve(target, t)).filter((i): i is string => i !== undefined);
      const command = op.op === 'add' ? 'svc.entity/add-collection-items' : 'svc.entity/remove-collection-items';
      return { command, args: { type, entity: { 'svc/id': id }, field: op.field, items: [...new Set(items)].map((i) => ({ 'svc/id': i })) } } as Command;
    }
  }
}

/**
 * The command a step becomes (a batch for several writes) and the ids of the Entities it updates,
 * or undefined when none of its writes names a living Entity.
 */
export function stepCommand(world: World, step: Step, entities: Entities): { command: Command; updated: Set<string> } | undefined {
  const updated: string[] = [];
  if (step.op !== 'batch') {
    const command = commandOf(world, step, entities, updated);
    return command === undefined ? undefined : { command, updated: new Set(updated) };
  }
  const commands = step.ops.flatMap((op) => commandOf(world, op, entities, updated) ?? []);
  return commands.length === 0 ? undefined : { command: { command: 'svc.command/batch', args: { commands } }, updated: new Set(updated) };
}

/** A short description of a step, for messages. */
export function describeStep(step: Step): string {
  const one = (op: Op) => `${op.op} ${op.db}${'target' in op ? ` ${String(op.target)}` : op.label ? ` ${op.label}` : ''}${'field' in op ? ` ${op.field.split('/').pop() ?? ''}` : ''}`;
  return step.op === 'batch' ? `batch [${step.ops.map(one).join(', ')}]` : one(step);
}
