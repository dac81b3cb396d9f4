// `q/select` as a map from alias (the public API's form; spec AliasSelect): the forms the
// conformance check query.alias-select does not reach on its test Databases (a rich text's secret
// by path), and the errors of a wrong map, on both storages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { postCommand, startTestServer, storages } from './storages.js';

describe.each(storages)('q/select as a map of aliases on $name', (storage) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(storage, { demo: true });
  });
  afterAll(async () => {
    await server?.close();
  });
  const query = (select: unknown) =>
    postCommand(server, { command: 'svc.entity/query', args: { query: { 'q/from': 'Demo/Projects', 'q/select': select, 'q/order-by': [[['svc/id'], 'q/asc']], 'q/limit': 3 } } });

  it('answers [<rich text>, "Collaboration~Documents/secret"] as the secret itself', async () => {
    const map = await query({ id: 'svc/id', brief: ['Demo/Brief', 'Collaboration~Documents/secret'] });
    const list = await query(['svc/id', { 'Demo/Brief': ['Collaboration~Documents/secret'] }]);
    expect(map.success && list.success).toBe(true);
    const expected = (list.result as Array<Record<string, { 'Collaboration~Documents/secret': string }>>).map((r) => ({ id: r['svc/id'], brief: r['Demo/Brief']?.['Collaboration~Documents/secret'] }));
    expect(map.result).toEqual(expected);
    expect(expected.every((r) => typeof r.brief === 'string')).toBe(true);
  });

  it.each([
    [{ title: 'Demo/Nmae' }, 'entity.error/schema-field-not-found', 'Demo/Nmae'],
    [{ tasks: { 'q/from': 'Demo/Name', 'q/select': { t: 'Demo/Title' }, 'q/limit': 1 } }, 'entity.error/query-primitive-field-expr-invalid', 'Demo/Name'],
    [{ tasks: { 'q/from': ['Demo/Tasks', 'Demo/Title'], 'q/select': ['svc/id'], 'q/limit': 1 } }, 'entity.error/query-operator-invalid', 'q/from'],
    [{ tasks: { 'q/from': 'Demo/Tasks', 'q/select': ['svc/id'] } }, 'entity.error/query-limit-expr-not-found', 'q/limit'],
    [{ n: [1, 2] }, 'entity.error/query-operator-invalid', 'q/select.n'],
  ])('refuses %j with %s naming the bad part', async (select, name, named) => {
    const answer = await query(select);
    expect(answer.success).toBe(false);
    const error = answer.result as { name: string; message: string };
    expect(error.name).toBe(name);
    expect(error.message).toContain(named);
  });
});
