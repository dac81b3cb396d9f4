// One command judged by the schema of the command it names (server/src/http/command-validation.ts),
// and the "did you mean" of names near a known one (server/src/api/near-names.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance, nearestName } from '../src/api/near-names.js';
import { commandIssues } from '../src/http/command-validation.js';

describe('near names', () => {
  it.each([
    ['q/limt', ['q/limit', 'q/select', 'q/from'], 'q/limit'],
    ['entty', ['type', 'entity'], 'entity'],
    ['svc.entity/qery', ['svc.entity/query', 'svc.entity/create'], 'svc.entity/query'],
    ['Q/LIMIT', ['q/limit'], 'q/limit'],
    ['q/lmiit', ['q/limit'], 'q/limit'],
    ['zzz', ['q/limit', 'q/select'], undefined],
    ['ab', ['xy'], undefined],
  ])('nearestName(%s) is %s', (name, candidates, expected) => {
    expect(nearestName(name, candidates)).toBe(expected);
  });

  it('edit distance is a metric on strings: zero on itself, symmetric, at most the longer length', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        expect(editDistance(a, a)).toBe(0);
        expect(editDistance(a, b)).toBe(editDistance(b, a));
        expect(editDistance(a, b)).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
      { seed: 3, numRuns: 200 },
    );
  });
});

describe('commandIssues', () => {
  const query = { command: 'svc.entity/query', args: { query: { 'q/from': 'Demo/Tasks', 'q/select': ['svc/id'], 'q/limit': 3 } } };

  it('finds nothing wrong in a well formed command', () => {
    expect(commandIssues(query)).toEqual([]);
    expect(commandIssues({ command: 'svc.command/batch', args: { commands: [query, { command: 'svc.schema/query' }] } })).toEqual([]);
  });

  it('names an unknown key at its path, with the known name it is near', () => {
    const issues = commandIssues({ ...query, args: { query: { 'q/from': 'Demo/Tasks', 'q/select': ['svc/id'], 'q/limt': 3 } } });
    expect(issues).toContainEqual({ path: '/body/args/query/q/limt', message: 'must NOT have additional properties (did you mean "q/limit"?)' });
  });

  it('names a missing argument at its own path', () => {
    expect(commandIssues({ command: 'svc.entity/create' })).toContainEqual({ path: '/body/args', message: "must have required property 'args'" });
  });

  it('judges the commands of a batch each by its own schema, at their paths', () => {
    const issues = commandIssues({ command: 'svc.command/batch', args: { commands: [query, { command: 'svc.entity/create', args: { type: 'X/Y', entty: {} } }] } });
    expect(issues).toContainEqual({ path: '/body/args/commands/1/args/entty', message: 'must NOT have additional properties (did you mean "entity"?)' });
    expect(issues.every((i) => (i.path ?? '').startsWith('/body/args/commands/1/'))).toBe(true);
  });

  it('names an unknown command with the known commands and the near one', () => {
    const [issue] = commandIssues({ command: 'svc.entity/qery', args: {} });
    expect(issue?.path).toBe('/body/command');
    expect(issue?.message).toMatch(/^must be one of .*svc\.entity\/query.* \(did you mean "svc\.entity\/query"\?\)$/);
  });

  it('refuses what is no object', () => {
    for (const value of [null, 1, 'x', []]) expect(commandIssues(value)).toEqual([{ path: '/body', message: 'must be object' }]);
  });
});
