/**
 * The edge cases of `find<Plural>` over the test Items: every filter operator of each type at its
 * boundaries (edges.ts), relation filters through the many-to-one Group and `createdBy`, the
 * Groups inner-list filter, orderBy on every orderable field and through the relations in both
 * directions (ties and missing values are in every data set), and limit and offset at 0, at the
 * data size and beyond.
 */
import type { Dataset } from './dataset.js';
import { NO_SUCH_ID, absentEdges, booleanEdges, idEdges, presentValues, scalarEdges, type FieldEdge } from './edges.js';
import type { Args, Scalar, UserRecord } from './model.js';
import type { SweepCase } from './sweep.js';

const items = (label: string, args: Args): SweepCase => ({ label, root: 'findItems', args });
const fromEdges = (edges: FieldEdge[], wrap: (filter: Args) => Args = (f) => f, prefix = ''): SweepCase[] =>
  edges.map((e) => items(`${prefix}${e.label}`, wrap(e.filter)));

/** Filter edges of every type (String, Int, Float, Boolean, ID); `thorough` adds the date, date-time and timestamp fields. */
export function itemFilterCases(data: Dataset, thorough: boolean): SweepCase[] {
  const col = <K extends keyof Dataset['items'][number]>(key: K) => data.items.map((i) => i[key]);
  // The quick profile takes lean edge sets (edges.ts), and Float leaves the empty lists to Int and String.
  const lean = !thorough;
  const cases = [
    ...fromEdges(idEdges('id', data.items.map((i) => i.id))),
    ...fromEdges(scalarEdges('title', 'text', col('title'), lean)),
    ...fromEdges(scalarEdges('count', 'Int', col('count'), lean)),
    ...fromEdges(scalarEdges('amount', 'Float', col('amount'), lean).filter((e) => thorough || !/an empty list/.test(e.label))),
    ...fromEdges(booleanEdges('done')),
    // rank: the test Databases have no rank mixin, so every operator meets a missing value.
    ...fromEdges(absentEdges('rank', 1)),
  ];
  if (thorough) {
    cases.push(
      ...fromEdges(scalarEdges('due', 'date', col('due'))),
      ...fromEdges(scalarEdges('at', 'date-time', col('at'))),
      ...fromEdges(scalarEdges('creationDate', 'date-time', col('creationDate')).filter((e) => !/contains/i.test(e.label))),
      ...fromEdges(scalarEdges('modificationDate', 'date-time', col('modificationDate')).filter((e) => !/contains/i.test(e.label))),
    );
  } else {
    // One boundary each of the date and date-time text fields, and of a timestamp.
    const due = presentValues(col('due'))[0];
    const at = presentValues(col('at')).at(-1);
    const created = presentValues(col('creationDate'))[1];
    if (due !== undefined) cases.push(items(`due greaterOrEquals ${due} (the smallest present date)`, { due: { greaterOrEquals: due } }));
    if (at !== undefined) cases.push(items(`at lessOrEquals ${at} (the largest present date-time)`, { at: { lessOrEquals: at } }));
    if (created !== undefined) cases.push(items(`creationDate greater ${created} (a present creation date)`, { creationDate: { greater: created } }));
    if (created !== undefined) cases.push(items(`creationDate notIn [${created}] (a present creation date)`, { creationDate: { notIn: [created] } }));
  }
  return cases;
}

/** Filters through the many-to-one Group, through createdBy, and the Groups inner-list filter (tags). */
export function itemRelationCases(data: Dataset, me: UserRecord | undefined, thorough: boolean): SweepCase[] {
  const groupIds = data.groups.map((g) => g.id);
  const names = presentValues(data.groups.map((g) => g.name));
  const ranks = presentValues(data.groups.map((g) => g.rank));
  const midName = names[Math.floor(names.length / 2)];
  const midRank = ranks[Math.floor(ranks.length / 2)];
  const group = (filter: Args): Args => ({ group: filter });
  const cases: SweepCase[] = [
    ...fromEdges(
      [
        { filter: { id: { isNull: true } }, label: 'id isNull true (an empty relation)' },
        { filter: { id: { isNull: false } }, label: 'id isNull false' },
        { filter: { id: { is: groupIds[0] } }, label: 'id is a present Group' },
        { filter: { id: { notIn: [] } }, label: 'id notIn an empty list (a Group exists)' },
        { filter: { name: { isNull: true } }, label: 'name isNull true (a Group without a name, not an empty relation)' },
        { filter: { name: { isNull: false } }, label: 'name isNull false' },
        ...(midName === undefined
          ? []
          : [
              { filter: { name: { greaterOrEquals: midName } }, label: `name greaterOrEquals ${JSON.stringify(midName)} (a present value)` },
              { filter: { name: { isNot: midName } }, label: `name isNot ${JSON.stringify(midName)} (an empty relation does not match)` },
            ]),
        ...(midRank === undefined
          ? []
          : [
              { filter: { rank_2: { lessOrEquals: midRank } }, label: `rank_2 lessOrEquals ${midRank} (a present value)` },
              { filter: { rank_2: { greater: midRank } }, label: `rank_2 greater ${midRank} (a present value)` },
            ]),
      ],
      group,
      'group: ',
    ),
    items('group: {id: {isNull: true}, name: {isNull: false}} (an empty relation or a named Group: empty only)', { group: { id: { isNull: true }, name: { isNull: false } } }),
    items('group: {id: null} (an operator object given as null is no filter: a Group exists)', { group: { id: null } }),
    items('count: {is: null} (an operator given as null is ignored)', { count: { is: null } }),
    items('title: null (a field filter given as null is ignored)', { title: null, done: { isNull: false } }),
    items('group: {rank: {isNot: 1}} (no Group has a rank: every Group matches, an empty relation does not)', { group: { rank: { isNot: 1 } } }),
    items('group: {rank: {isNull: true}, id: {isNull: true}} (no Group has a rank, and empty relations)', { group: { rank: { isNull: true }, id: { isNull: true } } }),
    items('tags contains a Group with rank isNull false (no Group has a rank)', { tags: { contains: [{ rank: { isNull: false } }] } }),
    items('tags isEmpty true', { tags: { isEmpty: true } }),
    items('tags isEmpty false', { tags: { isEmpty: false } }),
    items('tags contains a present Group', { tags: { contains: [{ id: { is: groupIds[0] } }] } }),
    items('tags notContains a Group without a name', { tags: { notContains: [{ name: { isNull: true } }] } }),
    items('tags containsAny of an empty list', { tags: { containsAny: [] } }),
  ];
  if (me) {
    cases.push(items('createdBy id is the author', { createdBy: { id: { is: me.id } } }));
    cases.push(items('createdBy id isNull true (every Item has an author)', { createdBy: { id: { isNull: true } } }));
    if (me.email !== null) cases.push(items('createdBy email is the author\'s e-mail', { createdBy: { email: { is: me.email } } }));
  }
  if (thorough) {
    cases.push(items('createdBy id isNot the author', { createdBy: { id: { isNot: me?.id ?? NO_SUCH_ID } } }));
    if (ranks.length > 0) cases.push(...fromEdges(scalarEdges('rank_2', 'Int', data.groups.map((g) => g.rank)), group, 'group: '));
  }
  return cases;
}

/** The largest limit (spec/graphql/README.md, "Query limits"). */
export const MAX_LIMIT = 10_000;

const ITEM_KEYS = ['id', 'creationDate', 'modificationDate', 'title', 'count', 'amount', 'done', 'due', 'at'];

/** orderBy on every orderable field and through both relations, both directions; two-key orders. */
export function itemOrderCases(size: number): SweepCase[] {
  const cases: SweepCase[] = [];
  const both = (label: string, orderBy: (dir: 'ASC' | 'DESC') => Args) => {
    for (const dir of ['ASC', 'DESC'] as const) cases.push(items(`orderBy ${label} ${dir}`, { orderBy: orderBy(dir), limit: size }));
  };
  for (const key of ITEM_KEYS) both(key, (dir) => ({ [key]: dir }));
  for (const key of ['id', 'name', 'rank_2', 'creationDate']) both(`group.${key}`, (dir) => ({ group: { [key]: dir } }));
  // rank is null on every Entity (no rank mixin): it orders nothing, the next key decides.
  cases.push(items('orderBy {rank: DESC, count: ASC} (rank: no Entity has a value)', { orderBy: { rank: 'DESC', count: 'ASC' }, limit: size }));
  cases.push(items('orderBy {group: {rank: ASC, name: DESC}} (the Group\'s rank: no Group has a value)', { orderBy: { group: { rank: 'ASC', name: 'DESC' } }, limit: size }));
  for (const key of ['email', 'id']) both(`createdBy.${key}`, (dir) => ({ createdBy: { [key]: dir } }));
  cases.push(items('orderBy {done: ASC, count: DESC}', { orderBy: { done: 'ASC', count: 'DESC' } }));
  cases.push(items('orderBy {title: DESC, group: {rank_2: ASC}}', { orderBy: { title: 'DESC', group: { rank_2: 'ASC' } } }));
  cases.push(items('orderBy {title: null, count: DESC} (a key given as null is ignored)', { orderBy: { title: null, count: 'DESC' } }));
  cases.push(items('orderBy {group: null, amount: ASC}', { orderBy: { group: null, amount: 'ASC' } }));
  return cases;
}

/** limit and offset at 0, 1, the data size and beyond; limit at its largest value and null (the default). */
export function pagingCases(size: number): SweepCase[] {
  return [
    items('limit 0', { limit: 0 }),
    items('limit 1', { limit: 1, orderBy: { count: 'DESC' } }),
    items(`limit ${size} (the data size)`, { limit: size, orderBy: { title: 'ASC' } }),
    items(`limit ${size + 1} (beyond the data size)`, { limit: size + 1 }),
    items(`limit ${MAX_LIMIT} (the largest limit)`, { limit: MAX_LIMIT, orderBy: { id: 'DESC' } }),
    items('limit null (the default)', { limit: null, orderBy: { title: 'DESC' } }),
    items('offset 0', { offset: 0, limit: 3 }),
    items(`offset ${size - 1} (the last Item)`, { offset: size - 1, orderBy: { amount: 'ASC' } }),
    items(`offset ${size} (the data size)`, { offset: size }),
    items(`offset ${size + 1} (beyond the data size)`, { offset: size + 1 }),
    items('offset 2, limit 3, through a filter', { offset: 2, limit: 3, done: { isNull: false }, orderBy: { count: 'ASC' } }),
  ];
}

/**
 * The single select (an option object, filtered and ordered by its name), the ranges and the location (by their
 * stringified JSON) at their boundaries, also in an inner list; `thorough` takes every edge of each.
 */
export function extraFieldCases(data: Dataset, thorough: boolean): SweepCase[] {
  const pick = (edges: FieldEdge[], wanted: RegExp) => (thorough ? edges : edges.filter((e) => wanted.test(e.label)));
  const kinds = data.items.map((i) => i.kind ?? null);
  const spans = data.items.map((i) => i.span ?? null);
  const windows = data.items.map((i) => i.window ?? null);
  const places = data.items.map((i) => i.place ?? null);
  const quickKind = /isNull true|^kind in .*an empty list|^kind (is|greaterOrEquals) .*\(a present value\)|^kind is .*case variant/;
  const quickSpan = /isNull true|^span (is|lessOrEquals) .*\(a present value\)/;
  return [
    // The single select is an object (`kind { name }`): filtered through its option's name.
    ...fromEdges(pick(scalarEdges('kind', 'text', kinds), quickKind).map((e) => ({ ...e, filter: { kind: { name: e.filter['kind'] } } }))),
    ...fromEdges(pick(scalarEdges('span', 'text', spans), quickSpan)),
    ...fromEdges(pick(scalarEdges('window', 'text', windows), /^window greater .*\(a present value\)|^window in .*a present and an absent value/)),
    ...fromEdges(pick(scalarEdges('place', 'text', places), /isNull false|^place greater .*\(a present value\)/)),
    items('place contains "fullAddress" (only locations with an address)', { place: { contains: '"fullAddress"' } }),
    // The same string forms filter and order an inner list (the Groups' members).
    ...innerStringForms(data, spans, windows),
    ...(thorough
      ? [['kind', 'ASC'], ['kind', 'DESC'], ['span', 'ASC'], ['span', 'DESC'], ['place', 'ASC'], ['place', 'DESC'], ['window', 'ASC'], ['window', 'DESC']]
      : [['kind', 'ASC'], ['span', 'DESC'], ['place', 'ASC'], ['window', 'DESC']]
    ).map(([key, dir]) =>
      items(`orderBy ${key} ${dir}`, { orderBy: { [key as string]: key === 'kind' ? { name: dir } : dir }, limit: data.items.length }),
    ),
  ];
}

/** Inner lists of the Groups filtered by a range's string form and ordered by a location's. */
function innerStringForms(data: Dataset, spans: readonly Scalar[], windows: readonly Scalar[]): SweepCase[] {
  const span = presentValues(spans)[Math.floor(presentValues(spans).length / 2)];
  const window = presentValues(windows)[0];
  if (span === undefined || window === undefined) return [];
  return [
    {
      label: `members filtered by span lessOrEquals ${JSON.stringify(span)} and window greater ${JSON.stringify(window)}, ordered by place`,
      root: 'findGroups',
      args: { limit: data.groups.length },
      inner: {
        bySpan: { field: 'members', args: { span: { lessOrEquals: span }, orderBy: { place: 'DESC' } }, label: `members span lessOrEquals ${JSON.stringify(span)}` },
        byWindow: { field: 'members', args: { window: { greater: window }, orderBy: { window: 'ASC' } }, label: `members window greater ${JSON.stringify(window)}` },
      },
    },
  ];
}
