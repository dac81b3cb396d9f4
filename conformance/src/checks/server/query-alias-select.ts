import fc from 'fast-check';
import { expectCommandError, expectSuccess, fail } from '../../assert.js';
import { CheckUnsupported, defineCheck } from '../../check.js';
import type { TestNames } from '../../model/schema.js';
import { checkProperty } from '../../property.js';
import { isRecord } from '../../shapes.js';
import { isRefusedKey } from '../../support.js';
import { run, runBatch, schemaBatch, withTestWorkspace, type Command } from '../../workspace.js';

type Json = unknown;

/**
 * One form of the alias map (`q/select` as an object), with the list-form select that answers the
 * same thing and how to read it from a list-form row. The check asks both and compares.
 */
interface AliasForm {
  name: string;
  /** Forms of an Items query or of a Groups query. */
  from: 'items' | 'groups';
  alias: (n: TestNames) => Json;
  list: (n: TestNames, key: string) => Json;
  /** The value the alias-map answer holds, from a row of the list-form answer. */
  expected: (row: Record<string, unknown>, n: TestNames, key: string) => unknown;
}

const byTitle = (n: TestNames) => [[[n.title], 'q/asc']];
/** The rich text field the check adds to Items. */
const notesOf = (n: TestNames) => `${n.space}/Notes`;
const SECRET = 'Collaboration~Documents/secret';

const FORMS: AliasForm[] = [
  { name: 'a field name', from: 'items', alias: (n) => n.title, list: (n) => n.title, expected: (r, n) => r[n.title] },
  { name: 'a one-field path', from: 'items', alias: (n) => [n.count], list: (n) => n.count, expected: (r, n) => r[n.count] },
  { name: 'svc/id', from: 'items', alias: () => 'svc/id', list: () => 'svc/id', expected: (r) => r['svc/id'] },
  { name: 'a to-one relation by name', from: 'items', alias: (n) => n.group, list: (n) => n.group, expected: (r, n) => r[n.group] },
  { name: 'a path through the to-one relation', from: 'items', alias: (n) => [n.group, n.name], list: (_n, key) => ({ [key]: [_n.group, _n.name] }), expected: (r, _n, key) => r[key] },
  {
    name: 'a map without q/from (an object read from the same Entity)',
    from: 'items',
    alias: (n) => ({ id: [n.group, 'svc/id'], name: [n.group, n.name] }),
    list: (n, key) => [{ [`${key}-id`]: [n.group, 'svc/id'] }, { [`${key}-name`]: [n.group, n.name] }],
    expected: (r, _n, key) => ({ id: r[`${key}-id`], name: r[`${key}-name`] }),
  },
  {
    name: "a rich text's secret by path",
    from: 'items',
    alias: (n) => [notesOf(n), SECRET],
    list: (n) => ({ [notesOf(n)]: [SECRET] }),
    expected: (r, n) => {
      const value = r[notesOf(n)];
      return isRecord(value) ? value[SECRET] : null;
    },
  },
  { name: 'a rich text field by name', from: 'items', alias: (n) => notesOf(n), list: (n) => notesOf(n), expected: (r, n) => r[notesOf(n)] },
  { name: 'a count', from: 'groups', alias: (n) => ['q/count', [n.members, 'svc/id']], list: (n, key) => ({ [key]: ['q/count', [n.members, 'svc/id']] }), expected: (r, _n, key) => r[key] },
  {
    name: 'a sub-query with q/from as a list, q/limit and q/offset',
    from: 'groups',
    alias: (n) => ({ 'q/from': [n.members], 'q/select': { t: [n.title] }, 'q/order-by': byTitle(n), 'q/limit': 2, 'q/offset': 1 }),
    // The list form of the next form too (a list select names a field once).
    list: (n) => ({ [n.members]: { 'q/select': [n.title, 'svc/id'], 'q/order-by': byTitle(n), 'q/no-limit': true } }),
    expected: (r, n) => (Array.isArray(r[n.members]) ? (r[n.members] as unknown[]).slice(1, 3).map((m) => ({ t: isRecord(m) ? m[n.title] : undefined })) : undefined),
  },
  {
    name: 'a sub-query with q/from as a name and "q/limit": "q/no-limit", its select a list',
    from: 'groups',
    alias: (n) => ({ 'q/from': n.members, 'q/select': [n.title, 'svc/id'], 'q/order-by': byTitle(n), 'q/limit': 'q/no-limit' }),
    list: (n) => ({ [n.members]: { 'q/select': [n.title, 'svc/id'], 'q/order-by': byTitle(n), 'q/no-limit': true } }),
    expected: (r, n) => r[n.members],
  },
  {
    name: 'a sub-query with q/where',
    from: 'groups',
    alias: (n) => ({ 'q/from': n.members, 'q/select': { t: n.title }, 'q/where': ['!=', [n.title], 'beta'], 'q/order-by': byTitle(n), 'q/limit': 10 }),
    list: (n) => ({ [n.members]: { 'q/select': [n.title, 'svc/id'], 'q/order-by': byTitle(n), 'q/no-limit': true } }),
    expected: (r, n) => (Array.isArray(r[n.members]) ? (r[n.members] as unknown[]).filter((m) => isRecord(m) && m[n.title] !== 'beta').map((m) => ({ t: isRecord(m) ? m[n.title] : undefined })) : undefined),
  },
];

const ITEMS = ['alpha', 'beta', 'gamma', 'delta'];

/**
 * Maps that are not well formed (on Groups, or on Items where said): the error each gets, every
 * part its message names, and the part `data.field` names where the spec gives one.
 */
const REFUSED: Array<{ what: string; alias: string; value: (n: TestNames) => Json; error: string | string[]; names: (n: TestNames) => string[]; on?: 'items'; dataField?: string }> = [
  { what: 'a path of a number', alias: 'bad-path', value: () => ['svc/id', 7], error: 'entity.error/query-operator-invalid', names: () => ['bad-path'] },
  { what: 'an empty path', alias: 'empty-path', value: () => [], error: 'entity.error/query-operator-invalid', names: () => ['empty-path'] },
  // The request schema may refuse this one first (400, naming the alias).
  { what: 'a number', alias: 'a-number', value: () => 7, error: ['entity.error/query-operator-invalid', 'request.error/invalid-body'], names: () => ['a-number'] },
  { what: 'q/from of two fields', alias: 'two-froms', value: (n) => ({ 'q/from': [n.members, n.tagged], 'q/select': ['svc/id'], 'q/limit': 1 }), error: 'entity.error/query-operator-invalid', names: () => ['two-froms', 'q/from'], dataField: 'two-froms/q/from' },
  { what: 'q/from of a number', alias: 'number-from', value: () => ({ 'q/from': 3, 'q/select': ['svc/id'], 'q/limit': 1 }), error: 'entity.error/query-operator-invalid', names: () => ['number-from', 'q/from'], dataField: 'number-from/q/from' },
  { what: 'q/from of a text field', alias: 'text-from', value: (n) => ({ 'q/from': n.name, 'q/select': ['svc/id'], 'q/limit': 1 }), error: 'entity.error/query-primitive-field-expr-invalid', names: (n) => [n.name, 'text-from'] },
  { what: "a relation's field through a rich text's secret", alias: 'not-rich', value: (n) => [n.group, SECRET], error: ['entity.error/schema-field-not-found', 'entity.error/query-operator-invalid', 'entity.error/query-primitive-field-expr-invalid'], names: () => [SECRET], on: 'items' },
  { what: 'a field of a rich text other than its secret', alias: 'rich-id', value: (n) => [notesOf(n), 'svc/id'], error: ['entity.error/query-primitive-field-expr-invalid', 'entity.error/schema-field-not-found', 'entity.error/query-operator-invalid'], names: (n) => [notesOf(n)], on: 'items' },
  { what: "a path on past a rich text's secret", alias: 'rich-deep', value: (n) => [notesOf(n), SECRET, 'svc/id'], error: ['entity.error/query-primitive-field-expr-invalid', 'entity.error/schema-field-not-found', 'entity.error/query-operator-invalid'], names: (n) => [notesOf(n)], on: 'items' },
  { what: 'q/from of an unknown field', alias: 'unknown-from', value: (n) => ({ 'q/from': `${n.space}/Nope`, 'q/select': ['svc/id'], 'q/limit': 1 }), error: 'entity.error/schema-field-not-found', names: (n) => [`${n.space}/Nope`] },
  { what: 'an unknown field', alias: 'unknown-field', value: (n) => `${n.space}/Nope`, error: 'entity.error/schema-field-not-found', names: (n) => [`${n.space}/Nope`] },
  { what: 'a sub-query without q/limit', alias: 'no-limit', value: (n) => ({ 'q/from': n.members, 'q/select': ['svc/id'] }), error: 'entity.error/query-limit-expr-not-found', names: () => ['q/limit'] },
];

export default defineCheck({
  id: 'query.alias-select',
  name:
    'q/select as a map from alias (the public API form) answers, under each alias, what the list form answers: a field, a path, an object of paths (no q/from), ' +
    'a count, a sub-query (q/from a name or a list, q/limit, q/no-limit, q/offset); any mix of them',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'query',
  requirements: ['QUERY-036'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      expectSuccess(await schemaBatch(ctx, [{ command: 'schema.field/create', args: { 'svc/holder-type': n.items, 'svc/name': notesOf(n), 'svc/type': 'Collaboration~Documents/Document' } }]), `adding the rich text field ${notesOf(n)}`);
      const [group, other] = (await runBatch(
        ctx,
        [
          { command: 'svc.entity/create', args: { type: n.groups, entity: { [n.name]: 'first' } } },
          { command: 'svc.entity/create', args: { type: n.groups, entity: { [n.name]: 'second' } } },
        ],
        'creating two Groups',
      )) as Array<Record<string, unknown>>;
      const items = await runBatch(
        ctx,
        ITEMS.map((title, i) => ({ command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: title, [n.count]: i, [n.group]: { 'svc/id': (i === 0 ? other : group)?.['svc/id'] } } } })),
        'creating Items: one in the second Group, three in the first',
      );
      // An Item in no Group: its paths through the relation are null.
      await run(ctx, { command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: 'epsilon' } } }, 'creating an Item in no Group');
      void items;
      // The answers of the list form, by Database: what every alias form must match.
      const listAnswer = async (from: 'items' | 'groups', forms: AliasForm[]): Promise<Array<Record<string, unknown>>> => {
        const select = ['svc/id', ...forms.flatMap((f, i) => {
          const item = f.list(n, `k${i}`);
          return Array.isArray(item) && item.every((x) => isRecord(x)) ? item : [item];
        })];
        const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': from === 'items' ? n.items : n.groups, 'q/select': select, 'q/order-by': [[['svc/id'], 'q/asc']], 'q/limit': 10 } } } as Command, `the list-form select of ${forms.map((f) => f.name).join(', ')}`);
        return Array.isArray(rows) ? rows.filter(isRecord) : [];
      };
      const pick = fc.uniqueArray(fc.integer({ min: 0, max: FORMS.length - 1 }), { minLength: 1, maxLength: FORMS.length });
      await checkProperty(
        ctx,
        fc.tuple(fc.constantFrom<'items' | 'groups'>('items', 'groups'), pick),
        async ([from, indexes]) => {
          const forms = indexes.map((i) => FORMS[i] as AliasForm).filter((f) => f.from === from);
          if (forms.length === 0) return;
          const expectedRows = await listAnswer(from, forms);
          const select: Record<string, Json> = { id: 'svc/id' };
          forms.forEach((f, i) => (select[`k${i}`] = f.alias(n)));
          const what = `q/select as the map ${JSON.stringify(select)}`;
          const res = await ctx.http.command({ command: 'svc.entity/query', args: { query: { 'q/from': from === 'items' ? n.items : n.groups, 'q/select': select, 'q/order-by': [[['svc/id'], 'q/asc']], 'q/limit': 10 } } } as unknown as Command);
          if (isRefusedKey(res, 'q/select')) throw new CheckUnsupported(['q/select as a map of aliases'], `the target refused ${what}`);
          const rows = expectSuccess(res, what);
          if (!Array.isArray(rows) || rows.length !== expectedRows.length) fail(`${what}: expected ${expectedRows.length} Entities as the list form answers, got ${JSON.stringify(rows)?.slice(0, 300)}`, res);
          rows.forEach((row: unknown, r: number) => {
            const listRow = expectedRows[r] as Record<string, unknown>;
            const expected: Record<string, unknown> = { id: listRow['svc/id'] };
            forms.forEach((f, i) => (expected[`k${i}`] = f.expected(listRow, n, `k${i}`)));
            if (JSON.stringify(sortKeys(row)) !== JSON.stringify(sortKeys(expected))) {
              fail(`${what}: Entity ${String(listRow['svc/id'])} answered ${JSON.stringify(row)}, expected ${JSON.stringify(expected)} (what the list form answers, keyed by alias)`, res);
            }
          });
        },
        { examples: (['items', 'groups'] as const).map((from): [typeof from, number[]] => [from, FORMS.map((_, i) => i)]) },
      );
      // Malformed maps: refused with the error of the list form's kind, naming the alias.
      for (const bad of REFUSED) {
        const select = { id: 'svc/id', [bad.alias]: bad.value(n) };
        const what = `q/select as the map ${JSON.stringify(select)} (${bad.what})`;
        const res = await ctx.http.command({ command: 'svc.entity/query', args: { query: { 'q/from': bad.on === 'items' ? n.items : n.groups, 'q/select': select, 'q/limit': 1 } } } as unknown as Command);
        const error = expectCommandError(res, what);
        const expected = Array.isArray(bad.error) ? bad.error : [bad.error];
        if (!expected.includes(error.name)) fail(`${what}: expected ${expected.join(' or ')}, got ${error.name}: ${error.message}`, res);
        const missing = bad.names(n).filter((part) => !error.message.includes(part));
        if (missing.length > 0) fail(`${what}: the message should name ${missing.join(' and ')}: ${error.message}`, res);
        const field = error.data['field'];
        if (bad.dataField && !(typeof field === 'string' && field.includes(bad.dataField))) fail(`${what}: data.field should name ${bad.dataField}, got ${JSON.stringify(field)}`, res);
      }
    });
  },
});

/** The value with the keys of its objects sorted (an answer's key order is not part of it). */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (isRecord(value)) return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys(value[k])]));
  return value;
}
