import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.js';
import type { Database } from '../src/db/database.js';
import { openDatabase, storages } from './storages.js';

describe.each(storages)('storage on $name', (storage) => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase(storage);
    await migrate(db);
    await db.query('CREATE TABLE IF NOT EXISTS probe (id integer PRIMARY KEY, v text NOT NULL)');
  });
  afterAll(() => db.close());

  it('runs each migration once', async () => {
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
    expect(rows.map((r) => r.name)).toContain('001_workspace.sql');
  });

  it('keeps what a transaction wrote when it resolves', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO probe (id, v) VALUES (1, $1)', ['kept']);
    });
    expect((await db.query('SELECT v FROM probe WHERE id = 1')).rows).toEqual([{ v: 'kept' }]);
  });

  it('rolls back everything a transaction wrote when it throws', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO probe (id, v) VALUES (2, $1)', ['lost']);
        await tx.query('UPDATE probe SET v = $1 WHERE id = 1', ['changed']);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await db.query('SELECT id, v FROM probe ORDER BY id')).rows).toEqual([{ id: 1, v: 'kept' }]);
  });

  it('does not show a transaction’s writes to other readers before it commits', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const tx = db.transaction(async (t) => {
      await t.query('UPDATE probe SET v = $1 WHERE id = 1', ['uncommitted']);
      inside();
      await gate;
      throw new Error('roll back');
    });
    await started;
    const read = db.query<{ v: string }>('SELECT v FROM probe WHERE id = 1');
    release();
    await expect(tx).rejects.toThrow('roll back');
    expect((await read).rows[0]?.v).toBe('kept');
  });
});
