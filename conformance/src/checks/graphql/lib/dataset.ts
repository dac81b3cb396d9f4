/**
 * Data for the graphql checks in the shared test Databases (conformance/src/workspace.ts): Groups
 * and Items with values drawn from small pools (ties and missing values on purpose), created
 * through the command API and kept in memory as the model the checks compare with. Also the
 * GraphQL names of the test Databases (spec/graphql/README.md, "Names").
 */
import fc from 'fast-check';
import type { CheckContext } from '../../../check.js';
import { isRecord } from '../../../shapes.js';
import { runBatch, type Command, type TestWorkspace } from '../../../workspace.js';
import type { ExtraFields } from './extra-fields.js';

/** GraphQL names of the test Databases: `<Space>/Items` is `findItems`, its type `<Space>Item` (typeName); fields in camelCase. */
export const GQL = {
  findItems: 'findItems',
  findGroups: 'findGroups',
  /** The Group's `<Space>/Rank` field: `rank` is the system rank's (spec/graphql/README.md, "Field name collisions"). */
  groupRank: 'rank_2',
} as const;

/** The Space part of a generated type name: the Space's name in PascalCase (spec/graphql/README.md, "Names"). */
export function spacePrefix(space: string): string {
  return (space.match(/[A-Za-z0-9]+/g) ?? []).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/** The GraphQL type name of a Database of the Space whose singular is `singular` (`Item`): `<Space>Item`. */
export function typeName(space: string, singular: string): string {
  const name = `${spacePrefix(space)}${singular}`;
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

/** System fields of a created Entity, as its create answer gives them. */
export interface SystemRecord {
  id: string;
  creationDate: string;
  modificationDate: string;
  /** The `svc/id` of the user who created it. */
  createdBy: string | null;
}

export interface GroupRecord extends SystemRecord {
  name: string | null;
  rank: number | null;
}

export interface ItemRecord extends SystemRecord {
  title: string | null;
  count: number | null;
  amount: number | null;
  done: boolean | null;
  due: string | null;
  at: string | null;
  group: string | null;
  tags: string[];
  /** With the extra fields (extra-fields.ts): the option name of Kind, and Span, Window and Place as GraphQL reads them (stringified JSON). */
  kind?: string | null;
  span?: string | null;
  window?: string | null;
  place?: string | null;
}

export interface Dataset {
  groups: GroupRecord[];
  items: ItemRecord[];
}

export const TITLES = ['a', 'ab', 'abc', 'b', 'B', '', 'x y', "it's", '%', '$a'];
export const COUNTS = [-2, -1, 0, 1, 2, 3, 100];
export const AMOUNTS = [-1.5, 0, 0.5, 1, 2.25, 10];
export const DATES = ['1999-12-31', '2024-01-01', '2024-01-02', '2024-02-29'];
export const TIMES = ['1999-12-31T23:59:59.999Z', '2024-01-01T00:00:00.000Z', '2024-01-01T12:30:00.500Z', '2024-01-02T00:00:00.000Z'];
export const NAMES = ['first', 'second', 'Third', 'a'];

const maybe = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.option(arb, { freq: 4, nil: null });

interface ItemDraft {
  title: string | null;
  count: number | null;
  amount: number | null;
  done: boolean | null;
  due: string | null;
  at: string | null;
  group: number | null;
  tags: number[];
  kind: number | null;
  span: [string, string] | null;
  place: Place | null;
}

interface Place {
  latitude: number;
  longitude: number;
  fullAddress?: string;
}

/** The date-time range of an Item: its date range's days, from midnight to half past noon (the same text on every storage). */
function windowOf(span: [string, string]): { start: string; end: string } {
  return { start: `${span[0]}T00:00:00.000Z`, end: `${span[1]}T12:30:00.500Z` };
}

/** A location as GraphQL reads it (README, "Query semantics" 9): longitude, latitude, then fullAddress when there is one. */
export function placeText(p: Place): string {
  return JSON.stringify({ longitude: p.longitude, latitude: p.latitude, ...(p.fullAddress === undefined ? {} : { fullAddress: p.fullAddress }) });
}

interface Drafts {
  groups: Array<{ name: string | null; rank: number | null }>;
  items: ItemDraft[];
}

/**
 * Random drafts with the edges every seed must have: the first Item has no value at all (no
 * Group, no tags); the third repeats the second's values (a tie on every order key); the second
 * Group has no name and no rank but members; the last Group has no members and is tagged by
 * no Item (empty collections next to non-empty ones).
 */
function drafts(seed: number, groups: number, items: number): Drafts {
  if (groups < 2 || items < 4) throw new Error(`the GraphQL data set needs 2 Groups and 4 Items at least; asked for ${groups} and ${items}`);
  const group = fc.record({ name: maybe(fc.constantFrom(...NAMES)), rank: maybe(fc.integer({ min: 1, max: 3 })) });
  const item = fc.record({
    title: maybe(fc.constantFrom(...TITLES)),
    count: maybe(fc.constantFrom(...COUNTS)),
    amount: maybe(fc.constantFrom(...AMOUNTS)),
    done: maybe(fc.boolean()),
    due: maybe(fc.constantFrom(...DATES)),
    at: maybe(fc.constantFrom(...TIMES)),
    group: maybe(fc.integer({ min: 0, max: groups - 2 })),
    tags: fc.uniqueArray(fc.integer({ min: 0, max: groups - 2 }), { maxLength: Math.min(3, groups - 1) }),
    kind: maybe(fc.integer({ min: 0, max: 3 })),
    span: maybe(fc.tuple(fc.constantFrom(...DATES), fc.constantFrom(...DATES)).map(([a, b]): [string, string] => (a <= b ? [a, b] : [b, a]))),
    place: maybe(fc.record({ latitude: fc.constantFrom(-33.5, 0, 48.85), longitude: fc.constantFrom(-70.25, 2.35, 151), fullAddress: fc.constantFrom('Paris', 'Zürich "HB"') }, { requiredKeys: ['latitude', 'longitude'] })),
  });
  const [sample] = fc.sample(fc.record({ groups: fc.array(group, { minLength: groups, maxLength: groups }), items: fc.array(item, { minLength: items, maxLength: items }) }), { seed, numRuns: 1 });
  if (!sample) throw new Error('fast-check gave no sample');
  const [, second] = sample.items;
  if (!second) throw new Error('fast-check gave too few Items');
  sample.items[0] = { title: null, count: null, amount: null, done: null, due: null, at: null, group: null, tags: [], kind: null, span: null, place: null };
  sample.items[2] = { ...second, tags: [...second.tags] };
  sample.groups[1] = { name: null, rank: null };
  sample.items[3] = { ...(sample.items[3] as ItemDraft), group: 1, place: { latitude: 0, longitude: 2.35 } };
  return sample;
}

function systemFields(result: unknown): SystemRecord {
  const record = isRecord(result) ? result : {};
  const author = record['svc/created-by'];
  return {
    id: String(record['svc/id']),
    creationDate: String(record['svc/creation-date']),
    modificationDate: String(record['svc/modification-date']),
    createdBy: isRecord(author) && typeof author['svc/id'] === 'string' ? author['svc/id'] : null,
  };
}

/**
 * Creates `groups` Groups and `items` Items with values drawn from the seed, in a few batches (so
 * that creation dates differ between batches and tie inside one), and answers them.
 */
export async function createDataset(ctx: CheckContext, workspace: TestWorkspace, counts: { groups: number; items: number }, seed = ctx.fastCheck.seed, extra?: ExtraFields): Promise<Dataset> {
  const n = workspace.names;
  const draft = drafts(seed, counts.groups, counts.items);
  const groupCommands: Command[] = draft.groups.map((g) => ({
    command: 'svc.entity/create',
    args: { type: n.groups, entity: { ...(g.name === null ? {} : { [n.name]: g.name }), ...(g.rank === null ? {} : { [n.rank]: g.rank }) } },
  }));
  const groupResults = groupCommands.length === 0 ? [] : await runBatch(ctx, groupCommands, 'creating the Groups of the GraphQL data set');
  const groups: GroupRecord[] = draft.groups.map((g, i) => ({ ...systemFields(groupResults[i]), name: g.name, rank: g.rank }));
  const items: ItemRecord[] = [];
  const batchSize = Math.max(1, Math.ceil(draft.items.length / 3));
  for (let start = 0; start < draft.items.length; start += batchSize) {
    const slice = draft.items.slice(start, start + batchSize);
    const commands: Command[] = slice.map((d) => {
      const entity: Record<string, unknown> = {};
      if (d.title !== null) entity[n.title] = d.title;
      if (d.count !== null) entity[n.count] = d.count;
      if (d.amount !== null) entity[n.amount] = d.amount;
      if (d.done !== null) entity[n.done] = d.done;
      if (d.due !== null) entity[n.due] = d.due;
      if (d.at !== null) entity[n.at] = d.at;
      if (d.group !== null) entity[n.group] = { 'svc/id': groups[d.group]?.id };
      if (d.tags.length > 0) entity[n.tags] = d.tags.map((t) => ({ 'svc/id': groups[t]?.id }));
      if (extra && d.kind !== null) entity[extra.kind] = { 'svc/id': extra.options[d.kind % extra.options.length]?.id };
      if (extra && d.span !== null) entity[extra.span] = { start: d.span[0], end: d.span[1] };
      if (extra && d.span !== null) entity[extra.window] = windowOf(d.span);
      if (extra && d.place !== null) entity[extra.place] = d.place;
      return { command: 'svc.entity/create', args: { type: n.items, entity } } as Command;
    });
    const results = await runBatch(ctx, commands, 'creating the Items of the GraphQL data set');
    slice.forEach((d, i) => {
      items.push({
        ...systemFields(results[i]),
        title: d.title,
        count: d.count,
        amount: d.amount,
        done: d.done,
        due: d.due,
        at: d.at,
        group: d.group === null ? null : (groups[d.group]?.id ?? null),
        tags: d.tags.map((t) => groups[t]?.id ?? ''),
        ...(extra
          ? {
              kind: d.kind === null ? null : (extra.options[d.kind % extra.options.length]?.name ?? null),
              span: d.span === null ? null : JSON.stringify({ start: d.span[0], end: d.span[1] }),
              window: d.span === null ? null : JSON.stringify(windowOf(d.span)),
              place: d.place === null ? null : placeText(d.place),
            }
          : {}),
      });
    });
  }
  return { groups, items };
}

/** Code point order (C collation), -1 / 0 / 1. */
export function compareText(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0) ?? 0);
  const y = Array.from(b, (c) => c.codePointAt(0) ?? 0);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] as number) < (y[i] as number) ? -1 : 1;
  return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
}

/** Creation order, then id: the order without orderBy and the final tie-break. */
export function creationOrder(a: { creationDate: string; id: string }, b: { creationDate: string; id: string }): number {
  const at = Date.parse(a.creationDate) - Date.parse(b.creationDate);
  return at !== 0 ? Math.sign(at) : compareText(a.id, b.id);
}

/**
 * The users who created the data set (`svc/created-by`), read through the command API
 * (`svc/user`, `user/email`, `user/name`); a server that does not answer that query gives users
 * with only their id.
 */
export async function readAuthors(ctx: CheckContext, data: Dataset): Promise<Map<string, { id: string; email: string | null; name: string | null }>> {
  const ids = [...new Set([...data.items, ...data.groups].map((e) => e.createdBy).filter((id): id is string => id !== null))];
  const users = new Map(ids.map((id) => [id, { id, email: null as string | null, name: null as string | null }]));
  if (ids.length === 0) return users;
  const query = { 'q/from': 'svc/user', 'q/select': ['svc/id', 'user/email', 'user/name'], 'q/where': ['q/in', ['svc/id'], '$ids'], 'q/limit': ids.length };
  const res = await ctx.http.command({ command: 'svc.entity/query', args: { query, params: { $ids: ids } } } as Command);
  const body = res.json;
  const rows = isRecord(body) && body['success'] === true && Array.isArray(body['result']) ? body['result'] : [];
  for (const row of rows) {
    if (!isRecord(row) || typeof row['svc/id'] !== 'string') continue;
    const text = (v: unknown) => (typeof v === 'string' ? v : null);
    users.set(row['svc/id'], { id: row['svc/id'], email: text(row['user/email']), name: text(row['user/name']) });
  }
  return users;
}
