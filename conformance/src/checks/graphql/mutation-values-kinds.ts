import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord, type JsonRecord } from '../../shapes.js';
import { run, runBatch, withTestWorkspace, type Command } from '../../workspace.js';
import { expectData, postGraphql } from './lib/client.js';
import { withExtraFields, type ExtraFields } from './lib/extra-fields.js';
import { RESULT, entityIds, expectActionMessage, firstError, mutate, requireMutations, resultOf } from './lib/mutations.js';

/** The GraphQL argument names of the fields written (the test Items and their extra fields). */
const ARGS = ['title', 'count', 'amount', 'done', 'due', 'at', 'span', 'window', 'place', 'kind', 'group', 'tags'] as const;
type Arg = (typeof ARGS)[number];

/**
 * One set of values for every field of an Item: scalars as JSON values, ranges and location as the
 * objects the command API takes (GraphQL takes them stringified), a select as an option name, a
 * to-one relation as a Group name, a collection as Group names; null clears.
 */
type Values = { [K in Arg]: unknown };

const GROUPS = ['g1', 'g2', 'g3'];

/** Edge values of each kind, written with create and then with update (each row in turn updates the Entity of the one before). */
const ROWS: readonly Values[] = [
  {
    title: '',
    count: 0,
    amount: -0.5,
    done: false,
    due: '2024-02-29',
    at: '2024-03-01T10:00:00.000Z',
    span: { start: '2024-01-01', end: '2024-01-31' },
    window: { start: '2024-01-01T00:00:00.000Z', end: '2024-01-02T12:30:00.500Z' },
    place: { longitude: 2.35, latitude: 48.85, fullAddress: 'Paris' },
    kind: 'gamma ray',
    group: 'g2',
    tags: ['g1', 'g3'],
  },
  {
    title: 'ü ✓ "quoted" \\ back',
    count: 2147483647,
    amount: 1000000.25,
    done: true,
    due: '1999-12-31',
    at: '1999-12-31T23:59:59.999Z',
    span: { start: '2030-06-01', end: '2030-06-01' },
    window: { start: '2030-06-01T00:00:00.000Z', end: '2030-06-01T00:00:00.000Z' },
    place: { longitude: -180, latitude: -90 },
    kind: 'Beta',
    group: 'g1',
    tags: ['g2'],
  },
  { title: null, count: -2147483648, amount: null, done: null, due: null, at: null, span: null, window: null, place: null, kind: null, group: null, tags: null },
  { title: 'last', count: null, amount: 0, done: false, due: null, at: null, span: null, window: null, place: null, kind: 'alpha', group: null, tags: [] },
];

/** A GraphQL literal of a JSON value (strings escaped as JSON strings, which GraphQL reads alike). */
function literal(value: unknown): string {
  return JSON.stringify(value);
}

function gqlArgs(v: Values): string {
  return ARGS.map((arg) => {
    const value = v[arg];
    if (value === null) return `${arg}: null`;
    if (arg === 'span' || arg === 'window' || arg === 'place') return `${arg}: ${literal(JSON.stringify(value))}`;
    if (arg === 'kind' || arg === 'group') return `${arg}: {name: {is: ${literal(value)}}}`;
    if (arg === 'tags') return `${arg}: [${(value as string[]).map((g) => `{name: {is: ${literal(g)}}}`).join(', ')}]`;
    return `${arg}: ${literal(value)}`;
  }).join(', ');
}

interface Refs {
  field: Record<Arg, string>;
  group: Map<string, string>;
  option: Map<string, string>;
}

function commandEntity(v: Values, refs: Refs): Record<string, unknown> {
  const entity: Record<string, unknown> = {};
  for (const arg of ARGS) {
    const value = v[arg];
    const name = refs.field[arg];
    if (arg === 'kind') entity[name] = value === null ? null : { 'svc/id': refs.option.get(String(value)) };
    else if (arg === 'group') entity[name] = value === null ? null : { 'svc/id': refs.group.get(String(value)) };
    else if (arg === 'tags') entity[name] = value === null ? [] : (value as string[]).map((g) => ({ 'svc/id': refs.group.get(g) }));
    else entity[name] = value;
  }
  return entity;
}

/** An Entity as read, ids of relations sorted, without its own id. */
function normalized(row: JsonRecord): string {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (key === 'svc/id' || key === 'id') continue;
    out[key] = Array.isArray(value) ? value.map((x) => JSON.stringify(x)).sort() : value;
  }
  return JSON.stringify(out);
}

export default defineCheck({
  id: 'graphql.mutation-values-kinds',
  name:
    'A server with GraphQL mutations writes every kind of value with create and update as the command API writes the same values (text, numbers at their bounds, bool, ' +
    'dates, ranges and location as stringified JSON, a select and relations given as filters; null clears each, a relation included), and refuses a range that is not JSON',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-049', 'GQL-050', 'GQL-053', 'GQL-072'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async (workspace) => {
      const n = workspace.names;
      await requireMutations(ctx, n.space);
      await withExtraFields(ctx, workspace, async (extra: ExtraFields) => {
        const made = await mutate(ctx, n.space, `mutation { groups { createBatch(data: [${GROUPS.map((g) => `{name: "${g}"}`).join(', ')}]) ${RESULT} } }`, 'groups', 'creating the Groups');
        const groupIds = entityIds(resultOf(made.res, made.ops, 'createBatch', 'createBatch'));
        const refs: Refs = {
          field: { title: n.title, count: n.count, amount: n.amount, done: n.done, due: n.due, at: n.at, span: extra.span, window: extra.window, place: extra.place, kind: extra.kind, group: n.group, tags: n.tags },
          group: new Map(GROUPS.map((g, i) => [g, groupIds[i] ?? ''])),
          option: new Map(extra.options.map((o) => [o.name, o.id])),
        };
        const select = ['svc/id', n.title, n.count, n.amount, n.done, n.due, n.at, extra.span, extra.window, extra.place, { [extra.kind]: ['svc/id'] }, { [n.group]: ['svc/id'] }, { [n.tags]: ['svc/id'] }];
        const read = async (ids: string[]): Promise<Map<string, JsonRecord>> => {
          const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': select, 'q/where': ['q/in', ['svc/id'], '$ids'], 'q/limit': 100 }, params: { $ids: ids } } } as Command, 'reading the Items with svc.entity/query');
          return new Map((Array.isArray(rows) ? rows : []).filter(isRecord).map((r) => [String(r['svc/id']), r]));
        };
        const gqlRead = async (ids: string[]): Promise<Map<string, string>> => {
          const fields = `id ${ARGS.filter((a) => a !== 'kind' && a !== 'group' && a !== 'tags').join(' ')} kind { name } group { name } tags(orderBy: {name: ASC}) { name }`;
          const res = await postGraphql(ctx, n.space, { query: `{ findItems(id: {in: ${JSON.stringify(ids)}}) { ${fields} } }` });
          const rows = expectData(res, 'findItems of the Items written')['findItems'];
          return new Map((Array.isArray(rows) ? rows : []).filter(isRecord).map((r) => [String(r['id']), JSON.stringify({ ...r, id: undefined })]));
        };
        const compare = async (pairs: Array<[string, string]>, what: (i: number) => string): Promise<void> => {
          const rows = await read(pairs.flat());
          const viaGql = await gqlRead(pairs.flat());
          for (const [i, [viaGraphql, viaCommand]] of pairs.entries()) {
            const a = rows.get(viaGraphql);
            const b = rows.get(viaCommand);
            if (!a || !b || normalized(a) !== normalized(b)) fail(`${what(i)}: svc.entity/query reads the Entity the mutation wrote as ${JSON.stringify(a)}, and the one the command API wrote with the same values as ${JSON.stringify(b)}`);
            const [ga, gb] = [viaGql.get(viaGraphql), viaGql.get(viaCommand)];
            if (ga === undefined || ga !== gb) fail(`${what(i)}: findItems reads the Entity the mutation wrote as ${ga}, and the one the command API wrote with the same values as ${gb}`);
          }
        };
        // create: one Entity per row through GraphQL (one mutation field), the same through the command API.
        const created = await mutate(ctx, n.space, `mutation { items { ${ROWS.map((v, i) => `c${i}: create(${gqlArgs(v)}) ${RESULT}`).join(' ')} } }`, 'items', 'create with each row of edge values');
        const viaGraphql = ROWS.map((_, i) => entityIds(resultOf(created.res, created.ops, `c${i}`, `create ${i}`))[0] ?? '');
        const outs = await runBatch(ctx, ROWS.map((v) => ({ command: 'svc.entity/create', args: { type: n.items, entity: commandEntity(v, refs) } }) as Command), 'svc.entity/create with the same values');
        const viaCommand = outs.map((out) => (isRecord(out) ? String(out['svc/id']) : ''));
        const pairs = ROWS.map((_, i): [string, string] => [viaGraphql[i] ?? '', viaCommand[i] ?? '']);
        await compare(pairs, (i) => `create(${gqlArgs(ROWS[i] as Values)})`);
        // update: each Entity takes the values of the next row (null clears, a relation included), one mutation field each.
        const nextOf = (i: number): Values => ROWS[(i + 1) % ROWS.length] as Values;
        const updates = pairs.map(([g], i) => `u${i}: items(id: {is: "${g}"}) { update(${gqlArgs(nextOf(i))}) ${RESULT} }`).join(' ');
        const updated = await postGraphql(ctx, n.space, { query: `mutation { ${updates} } ` });
        const data = expectData(updated, 'update of each Entity with the values of the next row');
        pairs.forEach((_, i) => {
          if (!isRecord(data[`u${i}`])) fail(`update(${gqlArgs(nextOf(i))}) answered ${JSON.stringify(data[`u${i}`])}`, updated);
        });
        await runBatch(ctx, pairs.map(([, c], i) => ({ command: 'svc.entity/update', args: { type: n.items, entity: { ...commandEntity(nextOf(i), refs), 'svc/id': c } } }) as Command), 'svc.entity/update with the same values');
        await compare(pairs, (i) => `update(${gqlArgs(nextOf(i))}) of an Entity created with row ${i}`);
        // A range that is not JSON.
        const bad = await postGraphql(ctx, n.space, { query: `mutation { items(id: {is: "${viaGraphql[0]}"}) { update(title: "kept", span: "not json") { message } } }` });
        const error = firstError(bad, 'items', 'update(span: "not json")');
        if (error.extensions['code'] !== 'entity.error/value-invalid' || error.extensions['field'] !== extra.span) {
          fail(`update(span: "not json") should be refused with extensions.code entity.error/value-invalid and extensions.field ${extra.span}, got ${JSON.stringify(error)}`, bad);
        }
        expectActionMessage(bad, error.message, 'items.update', 'update(span: "not json")');
        const after = await read([viaGraphql[0] ?? '']);
        if (after.get(viaGraphql[0] ?? '')?.[n.title] === 'kept') fail('the refused update(title: "kept", span: "not json") wrote its title', bad);
      });
    });
  },
});
