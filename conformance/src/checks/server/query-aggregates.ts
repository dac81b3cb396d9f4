/**
 * Select aggregates of the public API: `q/sum`, `q/avg`, `q/min`, `q/max` over a collection, in the
 * list form and the alias map, for Projects with several Tasks (decimals whose float sum is not
 * exact, negatives, nulls among the values, ties), one Task, only null values, and no Tasks.
 */
import { randomUUID } from 'node:crypto';
import { expectCommandError, expectSuccess, fail } from '../../assert.js';
import { CheckUnsupported, defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { isUnknownOperator } from '../../support.js';
import { dropTypes, run, schemaBatch, uniqueSpaceName } from '../../workspace.js';

type Aggregate = 'q/sum' | 'q/avg' | 'q/min' | 'q/max';
type Task = { hours: number | null; count: number | null; due: string | null; at: string | null };

/** Hours have at most two decimals, so cents add exactly; 0.1 + 0.2 is where a float sum is off. */
const PROJECTS: Array<{ name: string; tasks: Task[] }> = [
  {
    name: 'many',
    tasks: [
      { hours: 0.1, count: 3, due: '2026-03-01', at: '2026-01-01T10:00:00.000Z' },
      { hours: 0.2, count: -4, due: '2026-01-15', at: '2026-01-01T09:59:59.999Z' },
      { hours: null, count: 3, due: null, at: '2026-02-01T00:00:00.000Z' },
      { hours: -1.25, count: null, due: '2026-01-15', at: null },
    ],
  },
  { name: 'one', tasks: [{ hours: 2.5, count: 7, due: '2026-05-05', at: '2026-05-05T05:05:05.005Z' }] },
  // A negative sum below 0.1 (its digits need padding), and numbers JavaScript prints with an exponent.
  { name: 'small', tasks: [{ hours: 0.02, count: 0, due: '2026-01-01', at: '2026-01-01T00:00:00.000Z' }, { hours: -0.07, count: 0, due: '2025-12-31', at: '2025-12-31T23:59:59.999Z' }] },
  { name: 'tiny', tasks: [{ hours: 1e-7, count: 1, due: null, at: null }, { hours: 2e-7, count: 1, due: null, at: null }] },
  { name: 'nulls', tasks: [{ hours: null, count: null, due: null, at: null }] },
  { name: 'empty', tasks: [] },
];

type Key = keyof Task;
const CASES: Array<{ op: Aggregate; key: Key }> = [
  ...(['q/sum', 'q/avg', 'q/min', 'q/max'] as const).flatMap((op) => (['hours', 'count'] as const).map((key) => ({ op, key }))),
  ...(['q/min', 'q/max'] as const).flatMap((op) => (['due', 'at'] as const).map((key) => ({ op, key }))),
];

/** Sums of values JavaScript prints with an exponent, where cents do not reach: written out exactly. */
const EXACT_SUMS: ReadonlyMap<string, number> = new Map([['1e-7,2e-7', 3e-7]]);

function expected(op: Aggregate, values: Array<number | string>): unknown {
  const exact = EXACT_SUMS.get(values.join());
  if (exact !== undefined && (op === 'q/sum' || op === 'q/avg')) return op === 'q/sum' ? exact : exact / values.length;
  if (op === 'q/sum' || op === 'q/avg') {
    const cents = (values as number[]).reduce((sum, v) => sum + Math.round(v * 100), 0);
    if (op === 'q/sum') return cents / 100;
    return values.length === 0 ? null : cents / 100 / values.length;
  }
  if (values.length === 0) return null;
  const at = (v: number | string) => (typeof v === 'number' ? v : Date.parse(v));
  return values.reduce((best, v) => ((op === 'q/min' ? at(v) < at(best) : at(v) > at(best)) ? v : best));
}

export default defineCheck({
  id: 'query.aggregates',
  name:
    'Select aggregates q/sum, q/avg, q/min and q/max of [<collection>, <field>] (integer and decimal; q/min and q/max also date and date-time), in the list form and the alias map, ' +
    'answer the exact sum (0.1 + 0.2 is 0.3), the mean, the least and the greatest of the non-null values, 0 and null without values; on a field of another kind or a path through no relation ' +
    'they are refused with entity.error/query-operator-invalid naming the operator',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'query',
  requirements: ['QUERY-038'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const [projects, tasks] = [`${space}/Projects`, `${space}/Tasks`];
    const f = { budget: `${space}/Budget`, name: `${space}/Name`, tasks: `${space}/Tasks`, project: `${space}/Project`, hours: `${space}/Hours`, count: `${space}/Count`, due: `${space}/Due`, at: `${space}/At`, note: `${space}/Note` };
    const relation = randomUUID();
    try {
      expectSuccess(
        await schemaBatch(ctx, [
          { command: 'schema.type/create', args: { 'svc/name': projects, 'svc/fields': [{ 'svc/name': f.name, 'svc/type': 'svc/text' }, { 'svc/name': f.budget, 'svc/type': 'svc/decimal' }] } },
          {
            command: 'schema.type/create',
            args: {
              'svc/name': tasks,
              'svc/fields': [
                { 'svc/name': f.hours, 'svc/type': 'svc/decimal' },
                { 'svc/name': f.count, 'svc/type': 'svc/integer' },
                { 'svc/name': f.due, 'svc/type': 'svc/date' },
                { 'svc/name': f.at, 'svc/type': 'svc/date-time' },
                { 'svc/name': f.note, 'svc/type': 'svc/text' },
              ],
            },
          },
          { command: 'schema.field/create', args: { 'svc/holder-type': projects, 'svc/name': f.tasks, 'svc/type': tasks, 'svc/meta': { 'svc/relation': relation, 'svc/collection?': true } } },
          { command: 'schema.field/create', args: { 'svc/holder-type': tasks, 'svc/name': f.project, 'svc/type': projects, 'svc/meta': { 'svc/relation': relation } } },
        ]),
        `creating ${projects} with a collection of ${tasks}`,
      );
      for (const project of PROJECTS) {
        const ids: string[] = [];
        for (const task of project.tasks) {
          const id = randomUUID();
          ids.push(id);
          await run(ctx, { command: 'svc.entity/create', args: { type: tasks, entity: { 'svc/id': id, [f.hours]: task.hours, [f.count]: task.count, [f.due]: task.due, [f.at]: task.at } } }, `creating a Task of ${project.name}`);
        }
        await run(ctx, { command: 'svc.entity/create', args: { type: projects, entity: { [f.name]: project.name, [f.tasks]: ids.map((id) => ({ 'svc/id': id })) } } }, `creating the Project ${project.name}`);
      }
      const field = (key: Key) => f[key];
      const aliasOf = (i: number) => `agg${i}`;
      const listSelect = [f.name, Object.fromEntries(CASES.map((c, i) => [aliasOf(i), [c.op, [f.tasks, field(c.key)]]]))];
      const probe = await ctx.http.command({ command: 'svc.entity/query', args: { query: { 'q/from': projects, 'q/select': [f.name, { s: ['q/sum', [f.tasks, f.hours]] }], 'q/limit': 1 } } });
      if (isUnknownOperator(probe, 'q/sum') || probe.status === 400) throw new CheckUnsupported(['q/sum', 'q/avg', 'q/min', 'q/max'], `the target refused a q/sum select: ${probe.text.slice(0, 200)}`);

      const forms = [
        { form: 'the list form', select: listSelect, name: f.name },
        { form: 'the alias map', select: { n: f.name, ...Object.fromEntries(CASES.map((c, i) => [aliasOf(i), [c.op, [f.tasks, field(c.key)]]])) }, name: 'n' },
      ];
      for (const { form, select, name } of forms) {
        const rows = expectSuccess(
          await ctx.http.command({ command: 'svc.entity/query', args: { query: { 'q/from': projects, 'q/select': select, 'q/limit': 10 } } }),
          `the aggregates of ${projects} in ${form}`,
        );
        for (const project of PROJECTS) {
          const row = Array.isArray(rows) ? rows.find((r) => isRecord(r) && r[name] === project.name) : undefined;
          if (!isRecord(row)) fail(`the aggregates of ${projects} in ${form} have no row for ${project.name}: ${JSON.stringify(rows).slice(0, 300)}`, ctx.http.lastExchange?.response);
          CASES.forEach((c, i) => {
            const values = project.tasks.map((t) => t[c.key]).filter((v): v is number | string => v !== null);
            const want = expected(c.op, values);
            if (row[aliasOf(i)] !== want) {
              fail(`${c.op} of [${f.tasks}, ${field(c.key)}] for ${project.name} (values ${JSON.stringify(values)}) in ${form} answered ${JSON.stringify(row[aliasOf(i)])}, expected ${JSON.stringify(want)}`, ctx.http.lastExchange?.response);
            }
          });
        }
      }

      const refused: Array<{ op: Aggregate; path: string[]; why: string }> = [
        { op: 'q/sum', path: [f.tasks, f.due], why: 'a date field' },
        { op: 'q/avg', path: [f.tasks, f.at], why: 'a date-time field' },
        { op: 'q/max', path: [f.tasks, f.note], why: 'a text field' },
        { op: 'q/min', path: [f.name], why: 'a text field of the Entity itself' },
        { op: 'q/sum', path: [f.budget], why: 'a decimal field of the Entity itself (a path through no relation)' },
      ];
      for (const r of refused) {
        const res = await ctx.http.command({ command: 'svc.entity/query', args: { query: { 'q/from': projects, 'q/select': [f.name, { x: [r.op, r.path] }], 'q/limit': 1 } } });
        const error = expectCommandError(res, `${r.op} of ${r.why}`);
        if (error.name !== 'entity.error/query-operator-invalid' || error.data['operator'] !== r.op) {
          fail(`${r.op} of ${r.why} (${JSON.stringify(r.path)}): expected entity.error/query-operator-invalid naming ${r.op}, got ${error.name} ${JSON.stringify(error.data)}`, res);
        }
      }
    } finally {
      await dropTypes(ctx, [projects, tasks]);
    }
  },
});
