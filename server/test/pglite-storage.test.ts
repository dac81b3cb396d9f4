// The PGlite storage (server/src/db/pglite.ts) keeps the Database contract the server relies on:
// a transaction keeps all or nothing, transactions take turns on the one connection, values come
// back as on PostgreSQL, errors carry PostgreSQL's codes. And SVC_STORAGE chooses a storage or
// names what is wrong. The server's own behaviour on PGlite: SVC_TEST_STORAGES=pglite with any
// server test (server/test/storages.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { createPgliteDatabase } from '../src/db/pglite.js';
import { storageSetting } from '../src/db/storage-setting.js';
import { startServer } from '../src/index.js';

describe('the PGlite storage', () => {
  let db: Database;

  beforeAll(async () => {
    db = await createPgliteDatabase();
    await db.query('CREATE TABLE t (id int PRIMARY KEY, n bigint, d date, v numeric, j jsonb, at timestamptz)');
  });
  afterAll(() => db?.close());

  it('is PostgreSQL: the natural SQL dialect, and the server version says so', async () => {
    expect(db.kind).toBe('pglite');
    expect(db.dialect).toBe('postgres');
    const { rows } = await db.query<{ v: number }>("SELECT current_setting('server_version_num')::int AS v");
    expect(rows[0]?.v).toBeGreaterThanOrEqual(150_000);
  });

  it('sends parameters and parses values as node-postgres does on PostgreSQL', async () => {
    await db.query('INSERT INTO t (id, n, d, v, j, at) VALUES ($1, $2, $3, $4, $5, $6)', [1, 9007199254740991, '2024-02-29', '12.5', { a: [1, 'x'] }, new Date('2024-01-02T03:04:05.000Z')]);
    const { rows } = await db.query('SELECT n, d, v, j, at FROM t WHERE id = ANY($1::int[])', [[1, 2]]);
    expect(rows).toEqual([{ n: 9007199254740991, d: '2024-02-29', v: 12.5, j: { a: [1, 'x'] }, at: new Date('2024-01-02T03:04:05.000Z') }]);
  });

  it('keeps all of a transaction that resolves and nothing of one that throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id) VALUES (10)');
      await tx.query('INSERT INTO t (id) VALUES (11)');
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id) VALUES (12)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await db.query<{ id: number }>('SELECT id FROM t WHERE id >= 10 ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual([10, 11]);
  });

  it('reports PostgreSQL error codes, and the transaction after a failed one starts clean', async () => {
    const failure = await db.transaction((tx) => tx.query('INSERT INTO t (id) VALUES (10)')).catch((error: unknown) => error);
    expect((failure as { code?: string }).code).toBe('23505');
    await db.transaction((tx) => tx.query('INSERT INTO t (id) VALUES (13)'));
    expect((await db.query('SELECT 1 FROM t WHERE id = 13')).rowCount).toBe(1);
  });

  it('runs transactions one at a time: no statement of another lands inside one', async () => {
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = db.transaction(async (tx) => {
      order.push('first begins');
      await tx.query('INSERT INTO t (id) VALUES (20)');
      await gate;
      order.push('first ends');
    });
    const outside = db.query('SELECT count(*) AS n FROM t WHERE id = 20').then((r) => {
      order.push(`outside sees ${String(r.rows[0]?.n)}`);
    });
    const second = db.transaction(async () => {
      order.push('second begins');
    });
    // Let every queued turn try to run; none may until the first transaction ends.
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['first begins']);
    release();
    await Promise.all([first, outside, second]);
    expect(order).toEqual(['first begins', 'first ends', 'outside sees 1', 'second begins']);
  });

  it('has what the server uses beyond pg-mem: SKIP LOCKED, window functions, advisory locks', async () => {
    const locked = await db.transaction((tx) => tx.query('SELECT id FROM t WHERE id = 10 FOR UPDATE SKIP LOCKED'));
    expect(locked.rowCount).toBe(1);
    const numbered = await db.query<{ k: string }>('SELECT row_number() OVER (ORDER BY id) AS k FROM t WHERE id IN (10, 11)');
    expect(numbered.rows.map((r) => Number(r.k))).toEqual([1, 2]);
    await db.transaction((tx) => tx.query("SELECT pg_advisory_xact_lock(hashtext('svc-kit test'))"));
  });

  it('closes once; a second close does nothing', async () => {
    const other = await createPgliteDatabase();
    await other.close();
    await other.close();
  });
});

describe('SVC_STORAGE', () => {
  const url = 'postgres://u@127.0.0.1:5432/db';

  it('defaults to pg-mem, or to postgres when DATABASE_URL is set', () => {
    expect(storageSetting(undefined, undefined)).toBe('pg-mem');
    expect(storageSetting('', undefined)).toBe('pg-mem');
    expect(storageSetting(undefined, url)).toBe('postgres');
  });

  it('chooses each storage by name', () => {
    expect(storageSetting('pglite', undefined)).toBe('pglite');
    expect(storageSetting(' pg-mem ', undefined)).toBe('pg-mem');
    expect(storageSetting('postgres', url)).toBe('postgres');
  });

  it('names what is wrong: an unknown storage, postgres without a URL, an embedded one with a URL', () => {
    expect(() => storageSetting('sqlite', undefined)).toThrow(/SVC_STORAGE must be one of pg-mem, pglite, postgres; got "sqlite"/);
    expect(() => storageSetting('postgres', undefined)).toThrow(/needs DATABASE_URL/);
    expect(() => storageSetting('pglite', url)).toThrow(/takes no DATABASE_URL/);
  });

  it('the server refuses a storage that disagrees with its database URL', async () => {
    await expect(startServer({ storage: 'postgres', log: () => undefined })).rejects.toThrow(/needs a database URL/);
    await expect(startServer({ storage: 'pglite', databaseUrl: url, log: () => undefined })).rejects.toThrow(/takes no database URL/);
  });
});
