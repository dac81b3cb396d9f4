import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { exactSum } from '../src/query/aggregates.js';
import { postCommand, startTestServer, storages } from './storages.js';

describe('exactSum', () => {
  it('adds decimals exactly, in any notation JavaScript prints', () => {
    expect(exactSum([0.1, 0.2])).toBe(0.3);
    expect(exactSum([])).toBe(0);
    expect(exactSum([-1.5, 0.25])).toBe(-1.25);
    expect(exactSum([1e-7, 2e-7])).toBe(3e-7);
    expect(exactSum([1e21, 1])).toBe(1e21 + 1);
    expect(exactSum([-0.001, 0.001])).toBe(0);
  });
});

describe.each(storages)('select aggregates and range ends on $name', (storage) => {
  let server: RunningServer;
  const run = (command: unknown) => postCommand(server, command);
  const query = async (q: Record<string, unknown>, params?: Record<string, unknown>) => run({ command: 'svc.entity/query', args: { query: { 'q/limit': 10, ...q }, ...(params ? { params } : {}) } });

  beforeAll(async () => {
    server = await startTestServer(storage);
    const relation = 'a5c5a3e0-0000-4000-8000-000000000001';
    const ok = await run({
      command: 'svc.schema/batch',
      args: {
        commands: [
          { command: 'schema.type/create', args: { 'svc/name': 'Agg/Projects', 'svc/fields': [{ 'svc/name': 'Agg/Name', 'svc/type': 'svc/text' }, { 'svc/name': 'Agg/Span', 'svc/type': 'svc/date-range' }, { 'svc/name': 'Agg/When', 'svc/type': 'svc/date-time-range' }] } },
          { command: 'schema.type/create', args: { 'svc/name': 'Agg/Tasks', 'svc/fields': [{ 'svc/name': 'Agg/Hours', 'svc/type': 'svc/decimal' }, { 'svc/name': 'Agg/Count', 'svc/type': 'svc/integer' }, { 'svc/name': 'Agg/Due', 'svc/type': 'svc/date' }, { 'svc/name': 'Agg/Note', 'svc/type': 'svc/text' }] } },
          { command: 'schema.field/create', args: { 'svc/holder-type': 'Agg/Projects', 'svc/name': 'Agg/Tasks', 'svc/type': 'Agg/Tasks', 'svc/meta': { 'svc/relation': relation, 'svc/collection?': true } } },
          { command: 'schema.field/create', args: { 'svc/holder-type': 'Agg/Tasks', 'svc/name': 'Agg/Project', 'svc/type': 'Agg/Projects', 'svc/meta': { 'svc/relation': relation } } },
        ],
      },
    });
    expect(ok.success).toBe(true);
    const task = async (hours: number | null, count: number, due: string) =>
      ((await run({ command: 'svc.entity/create', args: { type: 'Agg/Tasks', entity: { 'Agg/Hours': hours, 'Agg/Count': count, 'Agg/Due': due } } })).result as { 'svc/id': string })['svc/id'];
    const t = [await task(0.1, 2, '2026-03-01'), await task(0.2, 5, '2026-01-15'), await task(null, -1, '2026-02-01')];
    await run({ command: 'svc.entity/create', args: { type: 'Agg/Projects', entity: { 'Agg/Name': 'full', 'Agg/Span': { start: '2026-01-01', end: '2026-01-31' }, 'Agg/When': { start: '2026-01-01T10:00:00.000Z', end: '2026-01-01T12:00:00.000Z' }, 'Agg/Tasks': t.map((id) => ({ 'svc/id': id })) } } });
    await run({ command: 'svc.entity/create', args: { type: 'Agg/Projects', entity: { 'Agg/Name': 'empty', 'Agg/Span': { start: '2026-02-01', end: '2026-02-28' } } } });
  });
  afterAll(() => server.close());

  it('answers q/sum, q/avg, q/min and q/max of a collection, in both select forms; no values: 0 and null', async () => {
    const list = await query({
      'q/from': 'Agg/Projects',
      'q/select': ['Agg/Name', { sum: ['q/sum', ['Agg/Tasks', 'Agg/Hours']], avg: ['q/avg', ['Agg/Tasks', 'Agg/Count']], min: ['q/min', ['Agg/Tasks', 'Agg/Due']], max: ['q/max', ['Agg/Tasks', 'Agg/Count']] }],
      'q/order-by': [[['Agg/Name'], 'q/desc']],
    });
    expect(list.result).toEqual([
      { 'Agg/Name': 'full', sum: 0.3, avg: 2, min: '2026-01-15', max: 5 },
      { 'Agg/Name': 'empty', sum: 0, avg: null, min: null, max: null },
    ]);
    const map = await query({ 'q/from': 'Agg/Projects', 'q/select': { name: 'Agg/Name', hours: ['q/avg', ['Agg/Tasks', 'Agg/Hours']] }, 'q/where': ['=', ['Agg/Name'], 'full'] });
    expect(map.result).toEqual([{ name: 'full', hours: 0.15 }]);
  });

  it('refuses an aggregate of a field of another kind, or of a path through no relation, naming the operator', async () => {
    for (const [op, path] of [['q/sum', ['Agg/Tasks', 'Agg/Due']], ['q/max', ['Agg/Tasks', 'Agg/Note']], ['q/sum', ['Agg/Name']]] as const) {
      const answer = await query({ 'q/from': 'Agg/Projects', 'q/select': ['Agg/Name', { x: [op, path] }] });
      expect(answer).toMatchObject({ success: false, result: { name: 'entity.error/query-operator-invalid', data: { operator: op } } });
    }
  });

  it('compares the start and end of date and date-time ranges with q/start and q/end', async () => {
    const names = async (where: unknown, params?: Record<string, unknown>) =>
      ((await query({ 'q/from': 'Agg/Projects', 'q/select': ['Agg/Name'], 'q/where': where, 'q/order-by': [[['Agg/Name'], 'q/asc']] }, params)).result as Array<{ 'Agg/Name': string }>).map((r) => r['Agg/Name']);
    expect(await names(['<', ['q/start', ['Agg/Span']], '$d'], { $d: '2026-02-01' })).toEqual(['full']);
    expect(await names(['<=', ['q/start', ['Agg/Span']], '$d'], { $d: '2026-02-01' })).toEqual(['empty', 'full']);
    expect(await names(['=', ['q/end', ['Agg/Span']], '$d'], { $d: '2026-01-31' })).toEqual(['full']);
    expect(await names(['>', ['q/end', ['Agg/When']], '$d'], { $d: '2026-01-01T11:00:00+00:00' })).toEqual(['full']);
    expect(await names(['!=', ['q/end', ['Agg/When']], '$d'], { $d: '2026-01-01T12:00:00Z' })).toEqual(['empty']);
    const bad = await query({ 'q/from': 'Agg/Projects', 'q/select': ['Agg/Name'], 'q/where': ['<', ['q/start', ['Agg/Name']], '$d'] }, { $d: '2026-01-01' });
    expect(bad).toMatchObject({ success: false, result: { name: 'entity.error/query-operator-invalid', data: { operator: 'q/start' } } });
    const value = await query({ 'q/from': 'Agg/Projects', 'q/select': ['Agg/Name'], 'q/where': ['<', ['q/start', ['Agg/Span']], '$d'] }, { $d: 'soon' });
    expect(value).toMatchObject({ success: false, result: { name: 'entity.error/query-value-invalid' } });
  });
});
