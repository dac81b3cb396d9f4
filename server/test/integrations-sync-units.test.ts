// Pieces of the sync engine on their own: the tryLater back-off, the key index, and the
// protection rule (which Entities a removal keeps and marks `deleted in source`).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Failure } from '../src/api/failure.js';
import { bootstrap } from '../src/bootstrap.js';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { docFromMarkdown } from '../src/documents/markdown.js';
import { writeDocuments } from '../src/documents/store.js';
import { loadCatalog } from '../src/model/catalog.js';
import { insertEntity } from '../src/model/entity-writer.js';
import { createField, createType } from '../src/model/schema-writer.js';
import { allKeys, deleteKeys, entitiesOfKeys, insertKeys, touchKeys, undeliveredKeys } from '../src/integrations/sync/key-store.js';
import { removeOrMark } from '../src/integrations/sync/protection.js';
import { sleep, tryLaterDelay, withTryLater } from '../src/integrations/sync/retry.js';
import type { TypeMapping } from '../src/integrations/types.js';
import { ChangeLog } from '../src/webhooks/effects.js';
import { openDatabase, storages } from './storages.js';

const RETRY = { baseMs: 10, maxMs: 80, attempts: 3 };

function tryLater(message = 'rate limited'): Failure {
  return Object.assign(new Failure('integration.error/app-failed', message, { operation: 'data' }, 422), { tryLater: true });
}

describe('tryLater back-off', () => {
  it('APP-ERR-005 doubles from the base up to the cap, within 20% jitter', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), (attempt, r) => {
        const plain = Math.min(RETRY.maxMs, RETRY.baseMs * 2 ** (attempt - 1));
        const delay = tryLaterDelay(RETRY, attempt, () => r);
        expect(delay).toBeGreaterThanOrEqual(Math.floor(plain * 0.8));
        expect(delay).toBeLessThanOrEqual(Math.ceil(plain * 1.2));
      }),
    );
  });

  it('APP-ERR-005 asks again after tryLater answers, counting them, then answers', async () => {
    let calls = 0;
    const retries: number[] = [];
    const state = { attempts: 0 };
    const answer = await withTryLater(
      async () => {
        calls += 1;
        if (calls < 3) throw tryLater();
        return 'page';
      },
      RETRY,
      new AbortController().signal,
      state,
      { onRetry: async (n) => void retries.push(n), onResumed: async () => undefined },
    );
    expect(answer).toBe('page');
    expect(calls).toBe(3);
    expect(state.attempts).toBe(2);
    expect(retries).toEqual([1, 2]);
  });

  it('APP-ERR-005 gives up after the last attempt with the app error; other errors are not retried', async () => {
    const hooks = { onRetry: async () => undefined, onResumed: async () => undefined };
    let calls = 0;
    await expect(
      withTryLater(async () => {
        calls += 1;
        throw tryLater('still busy');
      }, RETRY, new AbortController().signal, { attempts: 0 }, hooks),
    ).rejects.toThrow('still busy');
    expect(calls).toBe(RETRY.attempts + 1);
    calls = 0;
    await expect(
      withTryLater(async () => {
        calls += 1;
        throw new Failure('integration.error/app-failed', 'broken', {}, 422);
      }, RETRY, new AbortController().signal, { attempts: 0 }, hooks),
    ).rejects.toThrow('broken');
    expect(calls).toBe(1);
  });

  it('SYNC-015 asks again at the recorded nextAttemptAt, however long recording the wait takes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const retry = { baseMs: 1_000, maxMs: 8_000, attempts: 3 };
      for (const recordMs of [0, 500, 3_000]) {
        const asked: number[] = [];
        const due: number[] = [];
        const done = withTryLater(
          async () => {
            asked.push(Date.now());
            if (asked.length < 3) throw tryLater();
            return 'page';
          },
          retry,
          new AbortController().signal,
          { attempts: 0 },
          {
            onRetry: async (_n, nextAttemptAt) => {
              due.push(nextAttemptAt.getTime());
              if (recordMs > 0) await new Promise((resolve) => setTimeout(resolve, recordMs));
            },
            onResumed: async () => undefined,
          },
        );
        await vi.advanceTimersByTimeAsync(20_000);
        await expect(done).resolves.toBe('page');
        expect(asked, `recording takes ${recordMs} ms`).toEqual([asked[0], Math.max(due[0]!, asked[0]! + recordMs), Math.max(due[1]!, asked[1]! + recordMs)]);
        if (recordMs < 800) expect(asked.slice(1)).toEqual(due);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops waiting when the run is aborted', async () => {
    const abort = new AbortController();
    const waiting = sleep(60_000, abort.signal);
    abort.abort();
    await expect(waiting).rejects.toThrow(/closing/);
  });
});

describe.each(storages)('key index and protection on $name', (storage) => {
  let db: Database;
  let authorId: string;
  const space = 'Units';
  const mapping: TypeMapping = {
    appType: 'issue',
    database: `${space}/Issue`,
    keyField: 'id',
    deletedInSourceField: `${space}/deleted in source`,
    fields: {
      id: { kind: 'value', field: `${space}/Id`, value: 'text' },
      name: { kind: 'value', field: `${space}/Name`, value: 'text' },
      notes: { kind: 'rich-text', field: `${space}/Notes`, format: 'md' },
    },
    ownFields: [`${space}/Id`, `${space}/Name`, `${space}/Notes`, `${space}/deleted in source`],
  };

  beforeAll(async () => {
    db = await openDatabase(storage);
    await migrate(db);
    authorId = (await bootstrap(db)).adminUserId;
    await db.transaction(async (tx) => {
      await createType(tx, {
        name: mapping.database,
        fields: [
          { name: `${space}/Id`, type: 'svc/text' },
          { name: `${space}/Name`, type: 'svc/text', meta: { 'ui/title?': true } },
          { name: `${space}/Notes`, type: 'Collaboration~Documents/Document' },
          { name: `${space}/deleted in source`, type: 'svc/text' },
        ],
      });
      // Added by an administrator after the sync created the Database.
      await createField(tx, mapping.database, { name: `${space}/Triage note`, type: 'svc/text' });
    });
  });
  afterAll(async () => db?.close());

  it('finds Entities by key, records the delivering run, lists what a run did not deliver', async () => {
    const source = '6f1c2b9e-3d4a-4f5b-8c6d-7e8f9a0b1c2d';
    const ids = ['0b6c7d8e-1f2a-4b3c-9d4e-5f6a7b8c9d01', '0b6c7d8e-1f2a-4b3c-9d4e-5f6a7b8c9d02', '0b6c7d8e-1f2a-4b3c-9d4e-5f6a7b8c9d03'];
    await insertKeys(db, source, 'issue', 1, [
      { key: 'a', entityId: ids[0] as string },
      { key: 'b', entityId: ids[1] as string },
      { key: 'c', entityId: ids[2] as string },
    ]);
    expect(await entitiesOfKeys(db, source, 'issue', ['a', 'c', 'zz'])).toEqual(new Map([['a', ids[0]], ['c', ids[2]]]));
    expect(await entitiesOfKeys(db, source, 'project', ['a'])).toEqual(new Map());
    await touchKeys(db, source, 'issue', 2, ['a', 'b']);
    expect((await undeliveredKeys(db, source, 'issue', 2)).map((k) => k.key)).toEqual(['c']);
    await deleteKeys(db, source, 'issue', ['c']);
    expect([...(await allKeys(db, source, 'issue')).keys()].sort()).toEqual(['a', 'b']);
  });

  it('SYNC-004 SYNC-005 SYNC-006 removes plain Entities; keeps and marks those with an administrator value or rich text', async () => {
    const created = await db.transaction(async (tx) => {
      const catalog = await loadCatalog(tx);
      const plain = await insertEntity(tx, catalog, mapping.database, { [`${space}/Name`]: 'plain', [`${space}/deleted in source`]: 'no' }, authorId);
      const admin = await insertEntity(tx, catalog, mapping.database, { [`${space}/Name`]: 'admin', [`${space}/Triage note`]: 'keep me' }, authorId);
      const rich = await insertEntity(tx, catalog, mapping.database, { [`${space}/Name`]: 'rich' }, authorId);
      const emptyRich = await insertEntity(tx, catalog, mapping.database, { [`${space}/Name`]: 'empty rich' }, authorId);
      const secret = (rich[`${space}/Notes`] as Record<string, string>)['Collaboration~Documents/secret'] as string;
      await writeDocuments(tx, [{ secret, doc: docFromMarkdown('Reviewed by **Ada**') }]);
      return [plain, admin, rich, emptyRich].map((e) => e['svc/id'] as string);
    });
    const [plain, admin, rich, emptyRich] = created as [string, string, string, string];
    const changes = new ChangeLog();
    const result = await db.transaction(async (tx) => removeOrMark(tx, await loadCatalog(tx), mapping, created, changes));
    expect(result.removed.sort()).toEqual([plain, emptyRich].sort());
    expect(result.marked.sort()).toEqual([admin, rich].sort());
    const { rows } = await db.query<{ id: string; data: Record<string, unknown> }>(`SELECT id, data FROM entities WHERE id IN ($1, $2, $3, $4)`, created);
    expect(rows.map((r) => r.id).sort()).toEqual([admin, rich].sort());
    const catalog = await loadCatalog(db);
    const flag = catalog.field(catalog.type(mapping.database), mapping.deletedInSourceField);
    for (const row of rows) expect(row.data[flag.key as string]).toBe('yes');
    // The removals and the marks are reported to webhooks like any other change.
    const kinds = changes.effects(catalog.type(mapping.database).id).map((e) => e.effect);
    expect(kinds.filter((k) => k === 'svc.entity/delete')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'svc.entity/update')).toHaveLength(2);
  });
});
