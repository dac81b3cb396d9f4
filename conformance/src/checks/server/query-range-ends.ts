/**
 * `q/start` / `q/end` of the public API: every comparison operator on both ends of a date and a
 * date-time range field, with operands taken from the ends present (equal, the nearest above and
 * below), answers the Entities whose end satisfies it (an Entity without a range only for `!=`);
 * on a field that is no range the operator is refused by name.
 */
import { randomUUID } from 'node:crypto';
import { expectCommandError, expectSuccess, fail } from '../../assert.js';
import { CheckUnsupported, defineCheck, type CheckContext } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { isUnknownOperator } from '../../support.js';
import { dropTypes, run, runBatch, schemaBatch, uniqueSpaceName, type Command } from '../../workspace.js';

type Op = '=' | '!=' | '<' | '<=' | '>' | '>=';
const OPS: Op[] = ['=', '!=', '<', '<=', '>', '>='];
type Part = 'q/start' | 'q/end';
const PARTS: Part[] = ['q/start', 'q/end'];

/** The rows: a name, a date range and a date-time range (either may be missing). Ends shared across rows make ties. */
const ROWS: Array<{ name: string; span?: [string, string]; when?: [string, string] }> = [
  { name: 'a', span: ['2026-01-01', '2026-01-31'], when: ['2026-01-01T10:00:00.000Z', '2026-01-01T12:00:00.000Z'] },
  { name: 'b', span: ['2026-01-31', '2026-03-01'], when: ['2026-01-01T12:00:00.000Z', '2026-01-01T12:00:00.000Z'] },
  { name: 'c', span: ['2026-01-01', '2026-01-01'], when: ['2026-01-01T09:59:59.999Z', '2026-01-01T10:00:00.000Z'] },
  { name: 'none' },
];

function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function shiftTime(time: string, ms: number): string {
  return new Date(Date.parse(time) + ms).toISOString();
}

function holds(op: Op, a: number, b: number): boolean {
  return op === '=' ? a === b : op === '!=' ? a !== b : op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : a >= b;
}

/** The names the model answers: an Entity without the range only for `!=`. */
function expected(op: Op, part: Part, key: 'span' | 'when', operand: string): string[] {
  const at = (v: string) => Date.parse(key === 'span' ? `${v}T00:00:00.000Z` : v);
  return ROWS.filter((row) => {
    const range = row[key];
    if (!range) return op === '!=';
    return holds(op, at(part === 'q/start' ? range[0] : range[1]), at(operand));
  })
    .map((r) => r.name)
    .sort();
}

async function names(ctx: CheckContext, type: string, name: string, where: unknown, operand: string, what: string): Promise<string[]> {
  const res = await ctx.http.command({ command: 'svc.entity/query', args: { query: { 'q/from': type, 'q/select': [name], 'q/where': where, 'q/limit': 100 }, params: { $v: operand } } });
  const rows = expectSuccess(res, what);
  return (Array.isArray(rows) ? rows.map((r) => (isRecord(r) ? String(r[name]) : '')) : []).sort();
}

export default defineCheck({
  id: 'query.range-ends',
  name:
    "['q/start' | 'q/end', <range>] compared with =, !=, <, <=, >, >= reads the start or end of a date and a date-time range (operands equal to the ends present and their nearest neighbours, " +
    'ties across Entities; an Entity without a range matches only !=), and on a field that is no range is refused with entity.error/query-operator-invalid naming the operator',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'query',
  requirements: ['QUERY-037'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const type = `${space}/Spans`;
    const f = { name: `${space}/Name`, span: `${space}/Span`, when: `${space}/When` };
    try {
      expectSuccess(
        await schemaBatch(ctx, [
          {
            command: 'schema.type/create',
            args: {
              'svc/name': type,
              'svc/fields': [
                { 'svc/name': f.name, 'svc/type': 'svc/text' },
                { 'svc/name': f.span, 'svc/type': 'svc/date-range' },
                { 'svc/name': f.when, 'svc/type': 'svc/date-time-range' },
              ],
            },
          },
        ]),
        `creating ${type} with a date range and a date-time range`,
      );
      for (const row of ROWS) {
        const entity: Record<string, unknown> = { 'svc/id': randomUUID(), [f.name]: row.name };
        if (row.span) entity[f.span] = { start: row.span[0], end: row.span[1] };
        if (row.when) entity[f.when] = { start: row.when[0], end: row.when[1] };
        await run(ctx, { command: 'svc.entity/create', args: { type, entity } }, `creating the Entity ${row.name} of ${type}`);
      }
      const probe = await ctx.http.command({ command: 'svc.entity/query', args: { query: { 'q/from': type, 'q/select': [f.name], 'q/where': ['<', ['q/start', [f.span]], '$v'], 'q/limit': 1 }, params: { $v: '2026-01-01' } } });
      if (isUnknownOperator(probe, 'q/start') || (probe.status === 400 && !isRecord(probe.json))) throw new CheckUnsupported(['q/start', 'q/end'], 'the target refused q/start on a date range');
      if (probe.status === 400) throw new CheckUnsupported(['q/start', 'q/end'], `the target refused q/start on a date range with 400: ${probe.text.slice(0, 200)}`);

      for (const key of ['span', 'when'] as const) {
        const ends = [...new Set(ROWS.flatMap((r) => r[key] ?? []))];
        const operands = [...new Set(ends.flatMap((e) => (key === 'span' ? [e, shiftDate(e, -1), shiftDate(e, 1)] : [e, shiftTime(e, -1), shiftTime(e, 1)])))];
        for (const part of PARTS) {
          // One request per range end: a batch of every (operator, operand) query.
          const cases = OPS.flatMap((op) => operands.map((operand) => ({ op, operand, where: [op, [part, [f[key]]], '$v'] })));
          const answers = await runBatch(
            ctx,
            cases.map((c): Command => ({ command: 'svc.entity/query', args: { query: { 'q/from': type, 'q/select': [f.name], 'q/where': c.where, 'q/limit': 100 }, params: { $v: c.operand } } })),
            `the comparisons of ${part} of ${f[key]}`,
          );
          cases.forEach((c, i) => {
            const rows = answers[i];
            const got = (Array.isArray(rows) ? rows.map((r) => (isRecord(r) ? String(r[f.name]) : '')) : []).sort();
            const want = expected(c.op, part, key, c.operand);
            if (got.join() !== want.join()) fail(`${JSON.stringify(c.where)} with $v = ${c.operand} answered the Entities [${got.join(', ')}], expected [${want.join(', ')}]`, ctx.http.lastExchange?.response);
          });
        }
      }
      // An operand of the date-time range given with an offset compares as the same instant.
      const offset = await names(ctx, type, f.name, ['=', ['q/end', [f.when]], '$v'], '2026-01-01T13:00:00+01:00', 'q/end of the date-time range = a timestamp written with an offset');
      if (offset.join() !== 'a,b') fail(`["=", ["q/end", [${f.when}]], "2026-01-01T13:00:00+01:00"] answered [${offset.join(', ')}], expected [a, b] (their end is the same instant, 12:00Z)`, ctx.http.lastExchange?.response);

      for (const part of PARTS) {
        const res = await ctx.http.command({ command: 'svc.entity/query', args: { query: { 'q/from': type, 'q/select': [f.name], 'q/where': ['<', [part, [f.name]], '$v'], 'q/limit': 1 }, params: { $v: 'x' } } });
        const error = expectCommandError(res, `${part} of the text field ${f.name}`);
        if (error.name !== 'entity.error/query-operator-invalid' || error.data['operator'] !== part) {
          fail(`${part} of the text field ${f.name}: expected entity.error/query-operator-invalid naming ${part}, got ${error.name} ${JSON.stringify(error.data)}`, res);
        }
        if (!error.message.includes(f.name)) fail(`${part} of the text field ${f.name}: the message ${JSON.stringify(error.message)} does not name the field`, res);
      }
    } finally {
      await dropTypes(ctx, [type]);
    }
  },
});
