// Statements parsed once with their `$n` placeholders give what pg-mem's own adapter gives for the
// same values (it writes each value into the text as a literal and parses the whole statement).
import { newDb, replaceQueryArgs$ } from 'pg-mem';
import { describe, expect, it } from 'vitest';
import { PreparedStatements, StatementCache } from '../src/db/pg-mem-statements.js';

const VALUES: Array<[string, unknown[]]> = [
  ['plain text', ['a', 1, true]],
  ['quotes and new lines', ["it's \"quoted\"\nline", -2.5, false]],
  ['null and undefined', [null, undefined, null]],
  ['a JSON object, keys in any order', [JSON.stringify({ b: 1, a: [1, 'x'] }), 0, true]],
  ['big and small numbers', ['9007199254740993', 1e-7, true]],
  ['a date', [new Date('2026-01-02T03:04:05.678Z').toISOString(), 3, true]],
];

function database() {
  const mem = newDb();
  mem.public.none('CREATE TABLE t (s text, n double precision, b boolean, j jsonb, d timestamptz, l text[])');
  return mem;
}

describe('StatementCache on pg-mem', () => {
  for (const [what, [s, n, b]] of VALUES) {
    it(`binds ${what} as the adapter's literals do`, () => {
      const insert = 'INSERT INTO t (s, n, b, j, d, l) VALUES ($1, $2, $3, $4, $5, $6)';
      const params = [s, n, b, { z: s, a: [n, null] }, new Date('2026-01-02T03:04:05.678Z'), ['x', "y'z"]];
      const ours = database();
      const theirs = database();
      const cache = new StatementCache();
      ours.public.query(cache.bind(insert, params));
      theirs.public.query(replaceQueryArgs$(insert, params));
      const select = 'SELECT * FROM t WHERE (s = $1 OR s IS NULL) AND (n = $2 OR n IS NULL) AND l = $3';
      const args = [s, n, ['x', "y'z"]];
      expect(ours.public.query(cache.bind(select, args)).rows).toEqual(theirs.public.query(replaceQueryArgs$(select, args)).rows);
      expect(ours.public.query('SELECT * FROM t').rows).toEqual(theirs.public.query('SELECT * FROM t').rows);
    });
  }

  it('keeps backslashes as they are (the adapter\'s E-strings do not parse in pg-mem)', () => {
    const mem = database();
    const cache = new StatementCache();
    const text = 'a\\b \\n \\\\ it\'s';
    mem.public.query(cache.bind('INSERT INTO t (s, j) VALUES ($1, $2)', [text, { z: text }]));
    expect(mem.public.query(cache.bind('SELECT s, j FROM t WHERE s = $1', [text])).rows).toEqual([{ s: text, j: { z: text } }]);
  });

  it('parses a statement once and binds new values to a fresh copy each time', () => {
    const cache = new StatementCache();
    const mem = database();
    const sql = 'SELECT $1::text AS v';
    expect(mem.public.query(cache.bind(sql, ['one'])).rows).toEqual([{ v: 'one' }]);
    expect(mem.public.query(cache.bind(sql, ['two'])).rows).toEqual([{ v: 'two' }]);
    expect(mem.public.query(cache.bind(sql, [[]])).rows).toEqual([{ v: '{}' }]);
  });

  it('refuses a placeholder without a value', () => {
    expect(() => new StatementCache().bind('SELECT $2::text', ['only one'])).toThrow(/\$2/);
  });
});

describe('PreparedStatements on pg-mem', () => {
  function tables() {
    const mem = newDb();
    mem.public.none('CREATE TABLE t (id text PRIMARY KEY, s text, n double precision, b boolean, j jsonb, d timestamptz, l text[])');
    return mem;
  }
  const insert = 'INSERT INTO t (id, s, n, b, j, d, l) VALUES ($1, $2, $3, $4, $5, $6, $7)';

  for (const [what, [s, n, b]] of VALUES) {
    it(`answers as the literal path does for ${what}`, () => {
      const ours = tables();
      const theirs = tables();
      const prepared = new PreparedStatements(ours);
      const cache = new StatementCache();
      const params = ['1', s, n, b, { z: s, a: [n, null] }, new Date('2026-01-02T03:04:05.678Z'), ['x', "y'z", 'back\\slash "q"']];
      prepared.query(insert, params);
      theirs.public.query(cache.bind(insert, params));
      expect(ours.public.query('SELECT * FROM t').rows).toEqual(theirs.public.query('SELECT * FROM t').rows);
      // A statement pg-mem compiles with parameters (no index on s or n), run twice with other values.
      const select = 'SELECT id FROM t WHERE (s = $1 OR s IS NULL) AND (n = $2 OR n IS NULL)';
      expect(prepared.query(select, [s, n]).rows).toEqual(theirs.public.query(cache.bind(select, [s, n])).rows);
      expect(prepared.query(select, ['not there', 42]).rows).toEqual(theirs.public.query(cache.bind(select, ['not there', 42])).rows);
    });
  }

  it('runs the statements pg-mem cannot compile with parameters (an index lookup, an IN list) with their values written in', () => {
    const prepared = new PreparedStatements(tables());
    prepared.query(insert, ['a', 'x', 1, true, null, null, null]);
    prepared.query(insert, ['b', 'y', 2, false, null, null, null]);
    expect(prepared.query('SELECT s FROM t WHERE id = $1', ['b']).rows).toEqual([{ s: 'y' }]);
    expect(prepared.query('SELECT s FROM t WHERE id = $1', ['a']).rows).toEqual([{ s: 'x' }]);
    expect(prepared.query('SELECT id FROM t WHERE id IN ($1, $2) ORDER BY id', ['a', 'b']).rows).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(prepared.query('SELECT id FROM t WHERE s = ANY($1) ORDER BY id', [['y']]).rows).toEqual([{ id: 'b' }]);
    // An array with a null: pg-mem would read the parameter's NULL as text, so its values are written in.
    prepared.query('UPDATE t SET l = $2 WHERE s = $1', ['y', ['p', null]]);
    expect(prepared.query('SELECT l FROM t WHERE s = $1', ['y']).rows).toEqual([{ l: ['p', null] }]);
  });

  it('a plan is not kept across a change of tables', () => {
    const mem = tables();
    const prepared = new PreparedStatements(mem);
    const select = 'SELECT * FROM t WHERE s = $1';
    prepared.query(insert, ['a', 'x', 1, true, null, null, null]);
    expect(Object.keys(prepared.query(select, ['x']).rows[0] as object)).not.toContain('extra');
    prepared.query('ALTER TABLE t ADD COLUMN extra text');
    expect(prepared.query(select, ['x']).rows[0]).toMatchObject({ id: 'a', extra: null });
  });

  it('a failing statement writes nothing and fails as it would with literals', () => {
    const mem = tables();
    const prepared = new PreparedStatements(mem);
    const update = 'UPDATE t SET n = $2 WHERE s = $1';
    prepared.query(insert, ['a', 'x', 1, true, null, null, null]);
    prepared.query(insert, ['b', 'x', 2, true, null, null, null]);
    expect(() => prepared.query('UPDATE t SET id = $2 WHERE s = $1', ['x', 'same'])).toThrow(/duplicate key/);
    expect(prepared.query('SELECT id FROM t ORDER BY id').rows).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(() => prepared.query(update, ['x', 'not a number'])).toThrow(/invalid input syntax/);
    expect(prepared.query('SELECT n FROM t ORDER BY id').rows).toEqual([{ n: 1 }, { n: 2 }]);
  });
});
