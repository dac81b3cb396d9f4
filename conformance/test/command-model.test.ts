// Unit tests of the in-memory workspace model (conformance/src/model), hand-written from
// spec/query-semantics.md, so that a model bug cannot hide a server bug.
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { SchemaShapes, queryTemplate, scenario, wherePaths } from '../src/model/arbitraries.js';
import type { CheckContext } from '../src/check.js';
import { HttpClient } from '../src/http.js';
import { ModelDriver, derivedUuid, exactDifference, unordered } from '../src/model/driver.js';
import { QueryEvaluator, evaluateQuery } from '../src/model/query.js';
import { createOperations, deleteOperations, testNames, testSchema, type TestNames } from '../src/model/schema.js';
import { sweepData, sweepQueries } from '../src/model/sweep.js';
import { beyondContractOperators } from '../src/support.js';
import { ModelError, canonicalJson, compareCodePoints, coerceOperand, type Json, type JsonObject } from '../src/model/values.js';
import { WorkspaceModel, type SystemValues } from '../src/model/workspace-model.js';

const n: TestNames = testNames('T');
const AUTHOR = '00000000-0000-4000-8000-0000000000aa';
// Ids chosen so that id order differs from creation order.
const G1 = '10000000-0000-4000-8000-000000000001';
const G2 = '20000000-0000-4000-8000-000000000002';
const I1 = 'c0000000-0000-4000-8000-000000000001';
const I2 = 'a0000000-0000-4000-8000-000000000002';
const I3 = 'b0000000-0000-4000-8000-000000000003';
const I4 = 'd0000000-0000-4000-8000-000000000004';

let clock = 0;
function system(id: string, at?: string): SystemValues {
  clock += 1;
  const date = at ?? new Date(Date.UTC(2026, 0, 1, 0, 0, 0, clock)).toISOString();
  return { id, publicId: String(clock), creationDate: date, modificationDate: date, createdBy: AUTHOR };
}

function ids(model: WorkspaceModel, from: string, extra: JsonObject = {}, params: JsonObject = {}): string[] {
  return evaluateQuery(model, { 'q/from': from, 'q/select': ['svc/id'], 'q/no-limit': true, ...extra }, params).map((r) => String(r['svc/id']));
}

function where(model: WorkspaceModel, expr: Json, params: JsonObject = {}, from = n.items): string[] {
  return ids(model, from, { 'q/where': expr }, params);
}

/**
 * G1 "Alpha" rank 1, G2 (no name) rank 2.
 * I1 "apple"  count 3  amount 1.5  done  due 2024-01-02 at 10:00Z  group G1  tags [G1, G2]
 * I2 "Banana" count 10 (no amount) not done  (no due)   at 09:00Z   group G1  tags []
 * I3 (no title, no count, no amount, no done, no due, no at) no group, tags [G2]
 * I4 "a%b"    count -1 amount 0                                      group G2  tags []
 * Created in this order; I2 and I3 share one creation date.
 */
function fixture(): WorkspaceModel {
  clock = 0;
  const model = new WorkspaceModel(testSchema(n, { group: 'rel-group', tags: 'rel-tags' }));
  model.create(n.groups, { 'svc/id': G1, [n.name]: 'Alpha', [n.rank]: 1 }, system(G1));
  model.create(n.groups, { 'svc/id': G2, [n.rank]: 2 }, system(G2));
  model.create(
    n.items,
    { 'svc/id': I1, [n.title]: 'apple', [n.count]: 3, [n.amount]: 1.5, [n.done]: true, [n.due]: '2024-01-02', [n.at]: '2024-01-01T12:00:00+02:00', [n.group]: { 'svc/id': G1 }, [n.tags]: [{ 'svc/id': G1 }, { 'svc/id': G2 }] },
    system(I1),
  );
  const shared = new Date(Date.UTC(2026, 0, 1, 0, 0, 1)).toISOString();
  model.create(n.items, { 'svc/id': I2, [n.title]: 'Banana', [n.count]: 10, [n.done]: false, [n.at]: '2024-01-01T09:00:00.000Z', [n.group]: { 'svc/id': G1 } }, system(I2, shared));
  model.create(n.items, { 'svc/id': I3, [n.tags]: [{ 'svc/id': G2 }] }, system(I3, shared));
  model.create(n.items, { 'svc/id': I4, [n.title]: 'a%b', [n.count]: -1, [n.amount]: 0, [n.group]: G2 }, system(I4, '2026-01-01T00:00:02.000Z'));
  return model;
}

describe('values', () => {
  it('compares text by code point and ids as lowercase text', () => {
    expect(compareCodePoints('B', 'a')).toBe(-1);
    expect(compareCodePoints('a', 'ab')).toBe(-1);
    expect(compareCodePoints('ab', 'ab')).toBe(0);
    expect(coerceOperand('uuid', { 'svc/id': I1.toUpperCase() })).toBe(I1);
  });

  it('normalises date-time operands and refuses values of the wrong type', () => {
    expect(coerceOperand('date-time', '2024-01-01T12:00:00+02:00')).toBe('2024-01-01T10:00:00.000Z');
    expect(coerceOperand('public-id', '12')).toBe(12);
    expect(() => coerceOperand('integer', 'abc')).toThrow(ModelError);
    expect(() => coerceOperand('uuid', 'not-a-uuid')).toThrow(ModelError);
    expect(() => coerceOperand('text', 5)).toThrow(ModelError);
  });

  it('canonical JSON ignores key order, not array order', () => {
    expect(canonicalJson({ a: 1, b: [1, 2] })).toBe(canonicalJson({ b: [1, 2], a: 1 }));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });
});

describe('q/where', () => {
  let model: WorkspaceModel;
  beforeEach(() => {
    model = fixture();
  });

  it('= and != are exact complements; a missing value matches != only', () => {
    expect(where(model, ['=', [n.title], 'apple'])).toEqual([I1]);
    expect(where(model, ['!=', [n.title], 'apple'])).toEqual([I2, I3, I4]);
    expect(where(model, ['=', [n.done], false])).toEqual([I2]);
    expect(where(model, ['!=', [n.done], false])).toEqual([I1, I3, I4]);
  });

  it('<, <=, >, >= are false for a missing value and compare numbers as numbers, text by code point', () => {
    expect(where(model, ['<', [n.count], 3])).toEqual([I4]);
    expect(where(model, ['<=', [n.count], 3])).toEqual([I1, I4]);
    expect(where(model, ['>', [n.count], 3])).toEqual([I2]);
    expect(where(model, ['>=', [n.count], -1])).toEqual([I1, I2, I4]);
    expect(where(model, ['<', [n.title], 'a'])).toEqual([I2]); // "Banana" < "a": upper case first
    expect(where(model, ['>', [n.amount], 0])).toEqual([I1]);
  });

  it('compares date-times as instants, whatever offset the operand is written with', () => {
    expect(where(model, ['=', [n.at], '2024-01-01T10:00:00.000Z'])).toEqual([I1]);
    expect(where(model, ['=', [n.at], '$t'], { $t: '2024-01-01T12:00:00+02:00' })).toEqual([I1]);
    expect(where(model, ['>', [n.at], '2024-01-01T09:30:00Z'])).toEqual([I1]);
    expect(where(model, ['<', [n.due], '2024-01-03'])).toEqual([I1]);
  });

  it('= null and q/null? test for no value; != null and q/null? false for a value', () => {
    expect(where(model, ['=', [n.title], null])).toEqual([I3]);
    expect(where(model, ['!=', [n.title], null])).toEqual([I1, I2, I4]);
    expect(where(model, ['=', ['q/null?', [n.amount]], true])).toEqual([I2, I3]);
    expect(where(model, ['=', ['q/null?', [n.amount]], false])).toEqual([I1, I4]);
    expect(where(model, ['!=', ['q/null?', [n.amount]], true])).toEqual([I1, I4]);
    expect(where(model, ['=', ['q/null?', [n.tags]], true])).toEqual([I2, I4]);
    expect(where(model, ['=', ['q/null?', [n.group, n.name]], true])).toEqual([I3, I4]);
    expect(where(model, ['=', ['q/null?', ['svc/id']], false])).toEqual([I1, I2, I3, I4]);
  });

  it('q/in and q/not-in: any value in the list; an empty list matches nothing / everything', () => {
    expect(where(model, ['q/in', [n.count], [3, 10, 99]])).toEqual([I1, I2]);
    expect(where(model, ['q/not-in', [n.count], [3, 10, 99]])).toEqual([I3, I4]);
    expect(where(model, ['q/in', [n.count], []])).toEqual([]);
    expect(where(model, ['q/not-in', [n.count], '$none'], { $none: [] })).toEqual([I1, I2, I3, I4]);
    expect(where(model, ['q/in', [n.tags], '$parents'], { $parents: [G2] })).toEqual([I1, I3]);
  });

  it('q/contains on text is a case-sensitive substring, with no wildcards; q/not-contains is its complement', () => {
    expect(where(model, ['q/contains', [n.title], 'an'])).toEqual([I2]);
    expect(where(model, ['q/contains', [n.title], 'A'])).toEqual([]);
    expect(where(model, ['q/contains', [n.title], '%'])).toEqual([I4]);
    expect(where(model, ['q/not-contains', [n.title], 'an'])).toEqual([I1, I3, I4]);
  });

  it('q/contains on a relation or collection path tests for an Entity (a UUID or {svc/id})', () => {
    expect(where(model, ['q/contains', [n.tags], G2])).toEqual([I1, I3]);
    expect(where(model, ['q/contains', [n.tags], '$g'], { $g: { 'svc/id': G1 } })).toEqual([I1]);
    expect(where(model, ['q/not-contains', [n.tags], G2])).toEqual([I2, I4]);
    expect(where(model, ['q/contains', [n.group], G1])).toEqual([I1, I2]);
  });

  it('the -ignoring-case? operators compare lower-cased text, literally', () => {
    expect(where(model, ['q/starts-with-ignoring-case?', [n.title], 'A'])).toEqual([I1, I4]);
    expect(where(model, ['q/ends-with-ignoring-case?', [n.title], 'NA'])).toEqual([I2]);
    expect(where(model, ['q/equals-ignoring-case?', [n.title], 'BANANA'])).toEqual([I2]);
    expect(where(model, ['q/starts-with-ignoring-case?', [n.title], '_'])).toEqual([]);
    expect(where(model, ['q/ends-with-ignoring-case?', [n.title], ''])).toEqual([I1, I2, I4]);
  });

  it('paths through a to-one relation, a collection ("any" value) and bare strings', () => {
    expect(where(model, ['=', [n.group, n.name], 'Alpha'])).toEqual([I1, I2]);
    expect(where(model, ['=', [n.group, 'svc/id'], G2])).toEqual([I4]);
    expect(where(model, ['=', [n.group], G2])).toEqual([I4]);
    expect(where(model, ['=', [n.tags, n.rank], 2])).toEqual([I1, I3]);
    expect(where(model, ['!=', [n.tags, n.rank], 2])).toEqual([I2, I4]);
    expect(where(model, ['=', n.title, 'apple'])).toEqual([I1]);
    expect(where(model, ['=', [n.members, n.title], 'Banana'], {}, n.groups)).toEqual([G1]);
    expect(where(model, ['=', [n.group, n.members, n.title], 'Banana'])).toEqual([I1, I2]);
  });

  it('q/count compares the number of items with all six operators', () => {
    expect(where(model, ['=', ['q/count', [n.tags, 'svc/id']], 0])).toEqual([I2, I4]);
    expect(where(model, ['>', ['q/count', [n.tags, 'svc/id']], 1])).toEqual([I1]);
    expect(where(model, ['!=', ['q/count', [n.members, 'svc/id']], 2], {}, n.groups)).toEqual([G2]);
    expect(where(model, ['<=', ['q/count', [n.tagged, 'svc/id']], 1], {}, n.groups)).toEqual([G1]);
  });

  it('q/and and q/or take one or more expressions', () => {
    expect(where(model, ['q/and', ['>', [n.count], 0]])).toEqual([I1, I2]);
    expect(where(model, ['q/and', ['>', [n.count], 0], ['=', [n.done], true]])).toEqual([I1]);
    expect(where(model, ['q/or', ['=', [n.title], null], ['<', [n.count], 0]])).toEqual([I3, I4]);
  });

  it('refuses unknown operators, wrong arity, missing params, wrong value types and paths through primitives', () => {
    const name = (f: () => unknown): string | undefined => {
      try {
        f();
        return undefined;
      } catch (error) {
        return error instanceof ModelError ? error.errorName : String(error);
      }
    };
    expect(name(() => where(model, ['q/nope', [n.title], 'a']))).toBe('entity.error/query-operator-invalid');
    expect(name(() => where(model, ['=', [n.title]]))).toBe('entity.error/query-operator-invalid');
    expect(name(() => where(model, ['=', [n.title], '$x']))).toBe('entity.error/query-param-not-found');
    expect(name(() => where(model, ['=', [n.count], 'abc']))).toBe('entity.error/query-value-invalid');
    expect(name(() => where(model, ['=', [n.title, 'svc/id'], I1]))).toBe('entity.error/query-primitive-field-expr-invalid');
    expect(name(() => where(model, ['=', ['T/Nope'], 1]))).toBe('entity.error/schema-field-not-found');
    expect(name(() => ids(model, n.items, { 'q/order-by': [[[n.tags, n.rank], 'q/asc']] }))).toBe('entity.error/query-operator-invalid');
    expect(name(() => evaluateQuery(model, { 'q/from': n.items, 'q/select': ['svc/id'] }))).toBe('entity.error/query-limit-expr-not-found');
  });
});

describe('q/order-by, limits and the default order', () => {
  let model: WorkspaceModel;
  beforeEach(() => {
    model = fixture();
  });

  it('without q/order-by: creation order, then svc/id', () => {
    // I2 and I3 share a creation date: I2 (a...) before I3 (b...).
    expect(ids(model, n.items)).toEqual([I1, I2, I3, I4]);
  });

  it('missing values sort last ascending and first descending; ties fall back to creation date, then svc/id', () => {
    expect(ids(model, n.items, { 'q/order-by': [[[n.amount], 'q/asc']] })).toEqual([I4, I1, I2, I3]);
    expect(ids(model, n.items, { 'q/order-by': [[[n.amount], 'q/desc']] })).toEqual([I2, I3, I1, I4]);
    expect(ids(model, n.items, { 'q/order-by': [[[n.title], 'q/asc']] })).toEqual([I2, I4, I1, I3]);
  });

  it('orders through the to-one relation (no relation: a missing value) and by two keys', () => {
    expect(ids(model, n.items, { 'q/order-by': [[[n.group, n.rank], 'q/desc']] })).toEqual([I3, I4, I1, I2]);
    expect(ids(model, n.items, { 'q/order-by': [[[n.group, n.name], 'q/asc'], [['svc/id'], 'q/desc']] })).toEqual([I1, I2, I4, I3]);
    expect(ids(model, n.items, { 'q/order-by': [[['svc/id'], 'q/asc']] })).toEqual([I2, I3, I1, I4]);
  });

  it('q/limit takes the first Entities of the order; q/limit 0 none', () => {
    // Descending: the missing count (I3) comes first.
    expect(evaluateQuery(model, { 'q/from': n.items, 'q/select': ['svc/id'], 'q/order-by': [[[n.count], 'q/desc']], 'q/limit': 2 })).toEqual([{ 'svc/id': I3 }, { 'svc/id': I2 }]);
    expect(evaluateQuery(model, { 'q/from': n.items, 'q/select': ['svc/id'], 'q/limit': 0 })).toEqual([]);
  });
});

describe('q/select', () => {
  let model: WorkspaceModel;
  beforeEach(() => {
    model = fixture();
  });

  it('plain fields: values or null, relations as {svc/id} or null, collections as arrays in creation order, [] when empty', () => {
    const rows = evaluateQuery(model, { 'q/from': n.items, 'q/select': ['svc/id', n.title, n.at, n.group, n.tags, 'svc/created-by'], 'q/where': ['q/in', ['svc/id'], [I1, I3]], 'q/limit': 10 });
    expect(rows).toEqual([
      { 'svc/id': I1, [n.title]: 'apple', [n.at]: '2024-01-01T10:00:00.000Z', [n.group]: { 'svc/id': G1 }, [n.tags]: [{ 'svc/id': G1 }, { 'svc/id': G2 }], 'svc/created-by': { 'svc/id': AUTHOR } },
      { 'svc/id': I3, [n.title]: null, [n.at]: null, [n.group]: null, [n.tags]: [{ 'svc/id': G2 }], 'svc/created-by': { 'svc/id': AUTHOR } },
    ]);
  });

  it('sub-fields of relations and collections, and sub-queries with q/where, q/order-by and q/limit per parent', () => {
    const rows = evaluateQuery(model, {
      'q/from': n.groups,
      'q/select': [
        'svc/id',
        { [n.members]: { 'q/select': ['svc/id', n.count], 'q/where': ['>', [n.count], 0], 'q/order-by': [[[n.count], 'q/desc']], 'q/limit': 1 } },
        { [n.tagged]: ['svc/id', { [n.group]: [n.name] }] },
      ],
      'q/limit': 10,
    });
    expect(rows).toEqual([
      { 'svc/id': G1, [n.members]: [{ 'svc/id': I2, [n.count]: 10 }], [n.tagged]: [{ 'svc/id': I1, [n.group]: { [n.name]: 'Alpha' } }] },
      { 'svc/id': G2, [n.members]: [], [n.tagged]: [{ 'svc/id': I1, [n.group]: { [n.name]: 'Alpha' } }, { 'svc/id': I3, [n.group]: null }] },
    ]);
  });

  it('alias paths (a value or null; an array through a collection, missing values left out) and q/count aliases', () => {
    const rows = evaluateQuery(model, {
      'q/from': n.items,
      'q/select': ['svc/id', { 'group-name': [n.group, n.name], 'group-id': [n.group], 'tag-names': [n.tags, n.name], 'tag-count': ['q/count', [n.tags, 'svc/id']] }],
      'q/where': ['q/in', ['svc/id'], [I1, I3]],
      'q/limit': 10,
    });
    expect(rows).toEqual([
      { 'svc/id': I1, 'group-name': 'Alpha', 'group-id': G1, 'tag-names': ['Alpha'], 'tag-count': 2 },
      { 'svc/id': I3, 'group-name': null, 'group-id': null, 'tag-names': [], 'tag-count': 1 },
    ]);
  });
});

describe('writes', () => {
  let model: WorkspaceModel;
  beforeEach(() => {
    model = fixture();
  });

  it('update changes only the given fields; null clears; a relation value replaces the items', () => {
    model.update(n.items, { 'svc/id': I1, [n.count]: 4, [n.title]: null, [n.tags]: [{ 'svc/id': G2 }] }, '2026-02-01T00:00:00.000Z');
    const [row] = evaluateQuery(model, { 'q/from': n.items, 'q/select': [n.title, n.count, n.amount, n.tags, 'svc/modification-date'], 'q/where': ['=', ['svc/id'], I1], 'q/limit': 1 });
    expect(row).toEqual({ [n.title]: null, [n.count]: 4, [n.amount]: 1.5, [n.tags]: [{ 'svc/id': G2 }], 'svc/modification-date': '2026-02-01T00:00:00.000Z' });
    model.update(n.items, { 'svc/id': I1, 'svc/modification-date': '2020-01-01T00:00:00Z' });
    expect(model.entity(I1)?.modificationDate).toBe('2020-01-01T00:00:00.000Z');
  });

  it('adding an item to a one-to-many collection moves it from its previous parent; adding twice or removing a stranger changes nothing', () => {
    model.collectionItems(true, n.groups, G2, n.members, [{ 'svc/id': I1 }, { 'svc/id': I1 }]);
    expect(where(model, ['=', [n.group], G2])).toEqual([I1, I4]);
    expect(where(model, ['=', [n.group], G1])).toEqual([I2]);
    model.collectionItems(false, n.groups, G1, n.members, [{ 'svc/id': I4 }]);
    expect(where(model, ['=', [n.group], G2])).toEqual([I1, I4]);
    model.collectionItems(true, n.items, I2, n.tags, [{ 'svc/id': G2 }]);
    expect(where(model, ['q/contains', [n.tagged], I2], {}, n.groups)).toEqual([G2]);
    model.collectionItems(false, n.groups, G2, n.tagged, [{ 'svc/id': I2 }]);
    expect(where(model, ['q/contains', [n.tagged], I2], {}, n.groups)).toEqual([]);
  });

  it('setting the to-one end replaces its value; setting a collection whose other end is to-one moves the items', () => {
    model.update(n.items, { 'svc/id': I2, [n.group]: { 'svc/id': G2 } });
    expect(where(model, ['=', [n.group], G2])).toEqual([I2, I4]);
    model.update(n.groups, { 'svc/id': G1, [n.members]: [{ 'svc/id': I4 }, { 'svc/id': I3 }] });
    expect(where(model, ['=', [n.group], G1])).toEqual([I3, I4]);
    expect(where(model, ['=', [n.group], G2])).toEqual([I2]);
  });

  it('delete removes the Entity and every relation value to or from it', () => {
    model.delete(n.groups, G1);
    expect(ids(model, n.groups)).toEqual([G2]);
    expect(where(model, ['=', ['q/null?', [n.group]], true])).toEqual([I1, I2, I3]);
    expect(evaluateQuery(model, { 'q/from': n.items, 'q/select': [n.tags], 'q/where': ['=', ['svc/id'], I1], 'q/limit': 1 })).toEqual([{ [n.tags]: [{ 'svc/id': G2 }] }]);
  });

  it('refuses duplicate ids, missing Entities, unknown fields, wrong value types and collection commands on other fields, without changing anything', () => {
    const before = canonicalJson(evaluateQuery(model, { 'q/from': n.items, 'q/select': ['svc/id', n.title, n.group, n.tags], 'q/limit': 100 }));
    const errorOf = (f: () => unknown): string | undefined => {
      try {
        f();
        return undefined;
      } catch (error) {
        return error instanceof ModelError ? error.errorName : String(error);
      }
    };
    expect(errorOf(() => model.create(n.items, { 'svc/id': G1 }, system(G1)))).toBe('entity.error/duplicate-id');
    expect(errorOf(() => model.update(n.items, { 'svc/id': G1, [n.title]: 'x' }))).toBe('entity.error/entity-not-found');
    expect(errorOf(() => model.update(n.items, { 'svc/id': I1, [n.title]: 'x', [n.count]: 'many' }))).toBe('entity.error/value-invalid');
    expect(errorOf(() => model.create(n.items, { 'T/Nope': 1 }, system('e0000000-0000-4000-8000-000000000005')))).toBe('entity.error/schema-field-not-found');
    expect(errorOf(() => model.create(n.items, { [n.group]: { 'svc/id': I2 } }, system('e0000000-0000-4000-8000-000000000006')))).toBe('entity.error/entity-not-found');
    expect(errorOf(() => model.collectionItems(true, n.items, I1, n.group, [{ 'svc/id': G2 }]))).toBe('entity.error/not-a-collection');
    expect(errorOf(() => model.delete(n.groups, I1))).toBe('entity.error/entity-not-found');
    expect(canonicalJson(evaluateQuery(model, { 'q/from': n.items, 'q/select': ['svc/id', n.title, n.group, n.tags], 'q/limit': 100 }))).toBe(before);
  });

  it('clone and adopt: a batch applied to a clone is all or nothing', () => {
    const work = model.clone();
    work.delete(n.items, I1);
    expect(ids(model, n.items)).toContain(I1);
    model.adopt(work);
    expect(ids(model, n.items)).not.toContain(I1);
  });
});

describe('generators', () => {
  const schema = testSchema(n, { group: 'rel-group', tags: 'rel-tags' });
  const shapes = new SchemaShapes(schema);

  it('creates the test Databases with value fields first, then both ends of each relation sharing its svc/relation', () => {
    const ops = createOperations(schema);
    expect(ops.map((o) => o.command)).toEqual(['schema.type/create', 'schema.type/create', 'schema.field/create', 'schema.field/create', 'schema.field/create', 'schema.field/create']);
    const ends = ops.filter((o) => o.command === 'schema.field/create').map((o) => (o.command === 'schema.field/create' ? [o.args['svc/name'], o.args['svc/meta']] : []));
    expect(ends).toEqual([
      [n.group, { 'svc/relation': 'rel-group' }],
      [n.tags, { 'svc/relation': 'rel-tags', 'svc/collection?': true }],
      [n.members, { 'svc/relation': 'rel-group', 'svc/collection?': true }],
      [n.tagged, { 'svc/relation': 'rel-tags', 'svc/collection?': true }],
    ]);
    expect(deleteOperations(schema)).toEqual([
      { command: 'schema.type/delete', args: { name: n.items, 'delete-entities?': true, 'delete-related-fields?': true } },
      { command: 'schema.type/delete', args: { name: n.groups, 'delete-entities?': true, 'delete-related-fields?': true } },
    ]);
  });

  it('contract paths never go through a collection; full paths do', () => {
    expect(wherePaths(shapes, 0, 'contract').some((p) => p.many)).toBe(false);
    expect(wherePaths(shapes, 0, 'full').some((p) => p.many)).toBe(true);
  });

  it('every generated query, its placeholders filled and operands moved to params as the driver does, is one the model answers', () => {
    const ctx: CheckContext = {
      baseUrl: 'http://127.0.0.1:9',
      token: 'unused',
      http: new HttpClient({ baseUrl: 'http://127.0.0.1:9', token: 'unused' }),
      fastCheck: { seed: 1, numRuns: 1 },
      profile: 'full',
      deadline: Number.POSITIVE_INFINITY,
      log: () => undefined,
    };
    for (const profile of ['contract', 'full'] as const) {
      const driver = new ModelDriver(ctx, schema, 'unit', profile);
      const model = fixture();
      fc.assert(
        fc.property(queryTemplate(shapes, profile), (template) => {
          const { query, params } = driver.resolveQuery(template, model);
          new QueryEvaluator(model, params).run(query);
          if (profile === 'contract') expect(JSON.stringify(query)).not.toMatch(/q\/(or|not-in|contains|null\?|count|desc)"/);
        }),
        { numRuns: 300, seed: 42 },
      );
    }
  });

  it('scenarios and the sweep are generated for both profiles', () => {
    for (const profile of ['contract', 'full'] as const) {
      const [s] = fc.sample(scenario(shapes, { profile, maxSteps: 8, initial: [7, 4] }), { numRuns: 1, seed: 3 });
      expect(s?.initial.length).toBeGreaterThan(0);
      expect(sweepQueries(shapes, profile).length).toBeGreaterThan(40);
      expect(sweepData(shapes, profile)).toHaveLength(11);
    }
  });

  it('the boundary sweep reaches every edge in every run: each operator against a pivot with ties and neighbours, nulls, empty lists, case variants, counts of empty collections, both directions through relations', () => {
    const full = sweepQueries(shapes, 'full').map((t) => t.query);
    const text = JSON.stringify(full);
    const wheres = full.map((q) => q['q/where']).filter((w): w is Json[] => Array.isArray(w));
    const uses = (op: string, path: string[], operand?: (o: Json) => boolean): boolean =>
      wheres.some((w) => w[0] === op && JSON.stringify(w[1]) === JSON.stringify(path) && (operand === undefined || operand(w[2] as Json)));
    for (const field of [n.title, n.count, n.amount, n.due, n.at, 'svc/public-id', 'svc/creation-date', 'svc/id']) {
      for (const op of ['=', '!=', '<', '<=', '>', '>=']) expect(uses(op, [field]), `${op} ${field}`).toBe(true);
    }
    for (const op of ['=', '!=', '<', '<=', '>', '>=']) expect(uses(op, [n.group, n.rank]), `${op} through the relation`).toBe(true);
    for (const op of ['=', '!=', '<', '<=', '>', '>=']) for (const k of [0, 1]) expect(uses(op, ['q/count', [n.tags, 'svc/id']] as unknown as string[], (o) => o === k), `q/count ${op} ${k}`).toBe(true);
    for (const op of ['=', '<=', '>', '>=']) expect(uses(op, ['q/count', [n.tags, 'svc/id']] as unknown as string[], (o) => o === -1), `q/count ${op} -1`).toBe(true);
    // Through svc/created-by to the author's fields, only when the driver knows the authors.
    const withAuthors = JSON.stringify(sweepQueries(shapes, 'full', true).map((t) => t.query));
    for (const part of ['["=",["svc/created-by","user/email"],"@user:user/email"]', '[["svc/created-by","user/name"],"q/desc"]', '"author-email":["svc/created-by","user/email"]']) expect(withAuthors).toContain(part);
    expect(text).not.toContain('user/email');
    expect(uses('q/in', [n.title], (o) => Array.isArray(o) && o.length === 0)).toBe(true);
    expect(uses('q/not-in', [n.count], (o) => Array.isArray(o) && o.length === 0)).toBe(true);
    expect(uses('=', [n.amount], (o) => o === null)).toBe(true);
    for (const op of ['q/starts-with-ignoring-case?', 'q/ends-with-ignoring-case?', 'q/equals-ignoring-case?', 'q/contains', 'q/not-contains']) {
      expect(uses(op, [n.title], (o) => o === 'AB'), `${op} with a case variant`).toBe(true);
      expect(uses(op, [n.title], (o) => o === '%'), `${op} with a wildcard`).toBe(true);
    }
    for (const dir of ['q/asc', 'q/desc']) {
      for (const key of [[n.title], [n.at], [n.group, n.name], [n.group, n.rank]]) expect(text, `order by ${key.join('.')} ${dir}`).toContain(JSON.stringify([[key, dir]]));
    }
    // The data: the pivot is tied, its neighbours and a missing value are there, and the collections hold 0 to 3 items.
    const data = sweepData(shapes, 'full').flatMap((op) => (op.op === 'create' && op.type === 0 ? [op] : []));
    const counts = data.map((op) => op.values[n.count]);
    expect(counts.filter((c) => c === counts[0])).toHaveLength(2);
    expect(counts).toContain((counts[0] as number) - 1);
    expect(counts).toContain((counts[0] as number) + 1);
    expect(counts).toContain(undefined);
    expect(new Set(data.map((op) => (Array.isArray(op.values[n.tags]) ? (op.values[n.tags] as Json[]).length : 0)))).toEqual(new Set([0, 1, 2, 3]));
    // The contract sweep keeps to the contract's forms and values.
    const contract = JSON.stringify(sweepQueries(shapes, 'contract').map((t) => t.query));
    expect(contract).not.toMatch(/"(q\/or|q\/not-in|q\/contains|q\/null\?|q\/count|q\/desc|!=|<|<=|>=)"/);
    expect(sweepData(shapes, 'contract').every((op) => op.op === 'create' && Object.values(op.values).every((v) => v !== null))).toBe(true);
  });

  it('knows which operators and forms are beyond the contract', () => {
    const used = beyondContractOperators({ 'q/where': ['q/and', ['=', ['a'], 1], ['q/or', ['!=', ['b'], 2]], ['>', ['c'], 3]], 'q/order-by': [[['a'], 'q/desc']], 'q/select': [{ n: ['q/count', ['t', 'svc/id']] }] });
    expect([...used].sort()).toEqual(['!=', 'q/count', 'q/desc', 'q/or']);
  });

  it('derived ids are UUIDs, stable for the same inputs and distinct otherwise', () => {
    const a = derivedUuid(1, 'x', 2);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(derivedUuid(1, 'x', 2)).toBe(a);
    expect(derivedUuid(1, 'x', 3)).not.toBe(a);
  });

  it('exactDifference names the first differing row; unordered ignores the order of Entities in collections', () => {
    expect(exactDifference([{ a: 1 }], [{ a: 1 }])).toBeUndefined();
    expect(exactDifference([{ a: 1 }, { a: 2 }], [{ a: 2 }, { a: 1 }])).toMatch(/row 0 differs in "a"/);
    expect(canonicalJson(unordered({ c: [{ 'svc/id': 'b' }, { 'svc/id': 'a' }] }))).toBe(canonicalJson({ c: [{ 'svc/id': 'a' }, { 'svc/id': 'b' }] }));
  });
});
