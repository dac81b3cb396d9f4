// The data state of the mock app: pagination reaches every row exactly once, and a delta holds
// exactly the rows changed since a time (SET) and the rows deleted since (REMOVE).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChangeError, DataState, paginate } from '../src/state.js';

describe('pagination', () => {
  it('APP-059 following nextOffset from 0 yields every item once, in order, in pages of at most pageSize', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 60 }), fc.integer({ min: 1, max: 12 }), (items, pageSize) => {
        const seen: number[] = [];
        let offset = 0;
        for (let guard = 0; guard <= items.length + 1; guard++) {
          const page = paginate(items, offset, pageSize);
          expect(page.items.length).toBeLessThanOrEqual(pageSize);
          seen.push(...page.items);
          if (!page.hasNext) break;
          expect(page.items.length).toBe(pageSize);
          offset = page.nextOffset;
        }
        expect(seen).toEqual(items);
      }),
    );
  });
});

type Op = { kind: 'create' | 'update' | 'delete'; key: string };

const opArbitrary: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom<Op['kind']>('create', 'update', 'delete'),
  key: fc.constantFrom<string>('k0', 'k1', 'k2', 'k3', 'k4', 'k5'),
});

describe('DataState', () => {
  it('a delta since a time holds exactly the rows changed since (SET) and those deleted since (REMOVE); rows() follows the model', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom<string>('k0', 'k1', 'k2', 'k3'), { maxLength: 4 }), fc.array(opArbitrary, { maxLength: 25 }), (initial, ops) => {
        let clock = 0;
        const state = new DataState({ keyFields: { t: 'id' }, rows: { t: initial.map((id) => ({ id, v: 0 })) }, now: () => clock });
        const model = new Map(initial.map((id) => [id, { id, v: 0 }]));
        const touched = new Set<string>();
        clock = 10;
        ops.forEach((op, i) => {
          const exists = model.has(op.key);
          const valid = op.kind === 'create' ? !exists : exists;
          const apply = () =>
            state.change({ t: op.kind === 'delete' ? { delete: [op.key] } : { [op.kind]: [{ id: op.key, v: i + 1 }] } });
          if (!valid) {
            expect(apply).toThrow(ChangeError);
            return;
          }
          apply();
          touched.add(op.key);
          if (op.kind === 'delete') model.delete(op.key);
          else model.set(op.key, { id: op.key, v: i + 1 });
        });
        expect(state.rows('t')).toEqual([...model.values()]);
        const delta = state.changedSince('t', 10);
        const set = delta.filter((r) => r.__syncAction === 'SET').map((r) => r.id);
        const removed = delta.filter((r) => r.__syncAction === 'REMOVE');
        expect(new Set(set)).toEqual(new Set([...touched].filter((k) => model.has(k))));
        expect(new Set(removed.map((r) => r.id))).toEqual(new Set([...touched].filter((k) => !model.has(k))));
        expect(removed.every((r) => Object.keys(r).sort().join() === '__syncAction,id')).toBe(true);
        expect(state.changedSince('t', 11)).toEqual([]);
        expect(state.changedSince('t', 0).filter((r) => r.__syncAction === 'SET')).toHaveLength(model.size);
      }),
    );
  });

  it('a change that cannot apply names its path and applies nothing', () => {
    const state = new DataState({ keyFields: { t: 'id' }, rows: { t: [{ id: 'a', v: 1 }] } });
    expect(() => state.change({ t: { create: [{ id: 'b' }], update: [{ id: 'zz', v: 2 }] } })).toThrow('/t/update/0/id: there is no row "zz" to update');
    expect(() => state.change({ t: { create: [{ v: 2 }] } })).toThrow('/t/create/0/id: a created row needs its key');
    expect(() => state.change({ t: { delete: ['a', 'a'] } })).toThrow('/t/delete/1: there is no row "a" to delete');
    expect(state.rows('t')).toEqual([{ id: 'a', v: 1 }]);
  });

  it('numeric keys keep their type in REMOVE rows; __syncAction is never stored', () => {
    let clock = 0;
    const state = new DataState({ keyFields: { t: 'key' }, rows: { t: [{ key: 7, v: 1, __syncAction: 'SET' }] }, now: () => clock });
    expect(state.rows('t')).toEqual([{ key: 7, v: 1 }]);
    clock = 5;
    state.applySyncRows({ t: [{ key: 7, __syncAction: 'REMOVE' }, { key: 8, v: 2, __syncAction: 'SET' }] });
    expect(state.changedSince('t', 5)).toEqual([
      { key: 8, v: 2, __syncAction: 'SET' },
      { key: 7, __syncAction: 'REMOVE' },
    ]);
  });
});
