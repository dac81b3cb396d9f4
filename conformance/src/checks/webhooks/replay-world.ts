/**
 * The Databases the replay check writes and watches: the test Databases (conformance/src/workspace.ts)
 * with the extra fields of the cross-surface check (url, date and date-time ranges, location,
 * single and multi select), so that the effects of one run hold every field kind; the table of
 * their fields by how values compare; and the read of both Databases as a state to replay onto.
 */
import { randomUUID } from 'node:crypto';
import { expectSuccess, fail } from '../../assert.js';
import type { CheckContext } from '../../check.js';
import { refIds } from '../../model/driver.js';
import { createOperations, deleteOperations, testNames, testSchema, type SchemaOperation, type TestNames, typeDelete } from '../../model/schema.js';
import { canonicalJson } from '../../model/values.js';
import { isRecord } from '../../shapes.js';
import { run, schemaBatch, uniqueSpaceName, type Command } from '../../workspace.js';
import { KIND_OPTIONS, LABEL_OPTIONS, extraNames, extraOperations, type ExtraNames } from '../consistency/fields.js';

/** The two watched Databases, by role. */
export type Db = 'items' | 'groups';
export const DBS: readonly Db[] = ['items', 'groups'];

/**
 * How a field's values compare: `value` as JSON (ranges and location as objects), `reference` by
 * the id it names (null when none), `references` as the set of ids it holds.
 */
export type FieldKind = 'value' | 'reference' | 'references';

export interface WorldField {
  name: string;
  kind: FieldKind;
  /** A system field: written by the server, may be left out of a create effect. */
  system: boolean;
  /** For references to the other watched Database: its role (the relation's other end is watched too). */
  target?: Db;
}

export interface World {
  names: TestNames;
  extra: ExtraNames;
  /** Database name of each role. */
  type: Record<Db, string>;
  fields: Record<Db, WorldField[]>;
  /** Option ids of the single and the multi select (enum Entities). */
  kinds: string[];
  labels: string[];
}

const SYSTEM: WorldField[] = [
  { name: 'svc/id', kind: 'value', system: true },
  { name: 'svc/public-id', kind: 'value', system: true },
  { name: 'svc/creation-date', kind: 'value', system: true },
  { name: 'svc/modification-date', kind: 'value', system: true },
  { name: 'svc/created-by', kind: 'reference', system: true },
];

/**
 * Creates the Databases (the test Databases and the extra fields, in one svc.schema/batch) and
 * reads the option ids of the two select fields; `dispose()` deletes them all in one batch.
 */
export async function buildWorld(ctx: CheckContext): Promise<World & { dispose(): Promise<void> }> {
  const n = testNames(uniqueSpaceName(ctx));
  const x = extraNames(n);
  const schema = testSchema(n, { group: randomUUID(), tags: randomUUID() });
  expectSuccess(await schemaBatch(ctx, [...createOperations(schema), ...extraOperations(n, x)]), `creating ${n.items} (every field kind) and ${n.groups}`);
  const dispose = async () => {
    const deletes: SchemaOperation[] = [...deleteOperations(schema), ...[x.kindEnum, x.labelsEnum].map((name): SchemaOperation => (typeDelete(name)))];
    const out = await schemaBatch(ctx, deletes).catch((error: unknown) => error);
    if (!(isRecord(out) && 'status' in out && out['status'] === 200)) ctx.log(`tear-down of ${n.space}: ${out instanceof Error ? out.message : 'the schema batch did not succeed'}`);
  };
  try {
    return { ...(await describe(ctx, n, x)), dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

async function describe(ctx: CheckContext, n: TestNames, x: ExtraNames): Promise<World> {
  const options = async (type: string, names: string[]): Promise<string[]> => {
    const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': type, 'q/select': ['svc/id', 'enum/name'], 'q/limit': 100 } } } as Command, `reading the options of ${type}`);
    const list = Array.isArray(rows) ? rows.filter(isRecord) : [];
    return names.map((name) => {
      const id = list.find((r) => r['enum/name'] === name)?.['svc/id'];
      if (typeof id !== 'string') fail(`the enum type ${type} has no option ${JSON.stringify(name)}: ${JSON.stringify(list).slice(0, 300)}`, ctx.http.lastExchange?.response);
      return id;
    });
  };
  const user = (name: string, kind: FieldKind, target?: Db): WorldField => ({ name, kind, system: false, ...(target ? { target } : {}) });
  return {
    names: n,
    extra: x,
    type: { items: n.items, groups: n.groups },
    fields: {
      items: [
        ...SYSTEM,
        user(n.title, 'value'),
        user(n.count, 'value'),
        user(n.amount, 'value'),
        user(n.done, 'value'),
        user(n.due, 'value'),
        user(n.at, 'value'),
        user(x.link, 'value'),
        user(x.span, 'value'),
        user(x.window, 'value'),
        user(x.place, 'value'),
        user(x.kind, 'reference'),
        user(x.labels, 'references'),
        user(n.group, 'reference', 'groups'),
        user(n.tags, 'references', 'groups'),
      ],
      groups: [...SYSTEM, user(n.name, 'value'), user(n.rank, 'value'), user(n.members, 'references', 'items'), user(n.tagged, 'references', 'items')],
    },
    kinds: await options(x.kindEnum, KIND_OPTIONS),
    labels: await options(x.labelsEnum, LABEL_OPTIONS),
  };
}

/** A value in the form it is compared in (see FieldKind); undefined and null alike. */
export function comparable(field: WorldField | undefined, value: unknown): string {
  if (field?.kind === 'reference') return canonicalJson(refIds(value)[0] ?? null);
  if (field?.kind === 'references') return canonicalJson(refIds(value).sort());
  return canonicalJson(value ?? null);
}

/** One Entity: the comparable value of each field it shows (a field it leaves out is absent). */
export type Row = Map<string, string>;
/** One Database: its Entities by svc/id. */
export type DbState = Map<string, Row>;
export type State = Record<Db, DbState>;

export function fieldOf(world: World, db: Db, name: string): WorldField | undefined {
  return world.fields[db].find((f) => f.name === name);
}

/** Every Entity of both Databases, every field, read in one svc.command/batch. */
export async function readState(ctx: CheckContext, world: World): Promise<State> {
  const commands: Command[] = DBS.map((db) => ({
    command: 'svc.entity/query',
    args: { query: { 'q/from': world.type[db], 'q/select': world.fields[db].map((f) => f.name), 'q/limit': 10_000 } },
  }));
  const res = await ctx.http.command({ command: 'svc.command/batch', args: { commands } } satisfies Command);
  const results = expectSuccess(res, 'reading every Entity of the watched Databases');
  const state = { items: new Map(), groups: new Map() } as State;
  DBS.forEach((db, i) => {
    const inner: unknown = Array.isArray(results) ? results[i] : undefined;
    const rows = isRecord(inner) && Array.isArray(inner['result']) ? inner['result'] : [];
    for (const row of rows.filter(isRecord)) {
      state[db].set(String(row['svc/id']), new Map(world.fields[db].map((f) => [f.name, comparable(f, row[f.name])])));
    }
  });
  return state;
}
