import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { recording, type RecordingDatabase } from '../src/db/recording.js';
import { postCommand, startTestServer, storages } from './storages.js';

describe.each(storages)('query engine on $name', (storage) => {
  let server: RunningServer;
  let db: RecordingDatabase;
  const run = (command: unknown) => postCommand(server, command);
  const typeId = async (name: string) => (await db.query<{ id: string }>('SELECT id FROM types WHERE name = $1', [name])).rows[0]?.id as string;

  beforeAll(async () => {
    server = await startTestServer(storage, { demo: true, instrument: (inner) => (db = recording(inner)) });
  });
  afterAll(() => server.close());

  it('runs one statement per select level, however many rows the page has', async () => {
    const count = async (limit: number) => {
      db.reset();
      const answer = await run({
        command: 'svc.entity/query',
        args: {
          query: {
            'q/from': 'Demo/Projects',
            'q/select': [
              'Demo/Name',
              { 'Demo/Tasks': { 'q/select': ['Demo/Title', { 'Demo/Priority': ['enum/name'] }, { 'comments/comments': ['svc/id'] }], 'q/limit': 100 } },
              { 'Demo/Owner': ['user/name'] },
              { n: ['q/count', ['Demo/Tasks', 'svc/id']] },
            ],
            'q/limit': limit,
          },
        },
      });
      expect(answer.success).toBe(true);
      expect((answer.result as unknown[]).length).toBe(limit);
      if (process.env.DEBUG_SQL) console.log(limit, db.statements.map((s) => s.text.slice(0, 90)));
      return db.statements.length;
    };
    await count(1); // loads the catalog once
    const few = await count(2);
    const many = await count(20);
    expect(many).toBe(few);
    // token, catalog version, top level, Demo/Tasks, their Priority and comments, Owner, the count.
    expect(few).toBe(8);
  });

  it('applies a sub-query limit per parent for pages of many parents (past the UNION ALL branch cap)', async () => {
    const query = (limit: number | undefined) => ({
      command: 'svc.entity/query',
      args: {
        query: {
          'q/from': 'Demo/Tasks',
          'q/select': ['svc/id', { 'Demo/Blocks': { 'q/select': ['svc/id'], ...(limit === undefined ? { 'q/no-limit': true } : { 'q/limit': limit }) } }],
          'q/limit': 1000,
        },
      },
    });
    const limited = await run(query(1));
    const full = await run(query(undefined));
    expect(limited.success, JSON.stringify(limited.result)).toBe(true);
    expect(full.success).toBe(true);
    type Row = { 'svc/id': string; 'Demo/Blocks': Array<{ 'svc/id': string }> };
    const rows = limited.result as Row[];
    expect(rows.length).toBeGreaterThan(200);
    const fullById = new Map((full.result as Row[]).map((r) => [r['svc/id'], r['Demo/Blocks']]));
    for (const row of rows) expect(row['Demo/Blocks']).toEqual(fullById.get(row['svc/id'])?.slice(0, 1));
  });

  it('pages by the cursor rule: every Entity once, in svc/id order (byte order of the UUID text)', async () => {
    const total = storage.name === 'postgres' ? 100_000 : 5_000;
    await run({
      command: 'svc.schema/batch',
      args: { commands: [{ command: 'schema.type/create', args: { 'svc/name': 'Paging/Rows', 'svc/fields': [{ 'svc/name': 'Paging/N', 'svc/type': 'svc/integer' }] } }] },
    });
    const type = await typeId('Paging/Rows');
    const ids: string[] = [];
    for (let start = 0; start < total; start += 1000) {
      const values: string[] = [];
      const params: unknown[] = [];
      for (let i = start; i < Math.min(total, start + 1000); i++) {
        const id = randomUUID();
        ids.push(id);
        params.push(id, type, i + 1, '{}');
        const p = params.length;
        values.push(`($${p - 3}, $${p - 2}, $${p - 1}, now(), now(), NULL, $${p})`);
      }
      await db.query(`INSERT INTO entities (id, type_id, public_id, created_at, modified_at, created_by, data) VALUES ${values.join(', ')}`, params);
    }
    const seen: string[] = [];
    let last: string | undefined;
    for (let page = 0; page < total / 1000 + 2; page++) {
      const query = {
        'q/from': 'Paging/Rows',
        'q/select': ['svc/id'],
        'q/order-by': [[['svc/id'], 'q/asc']],
        'q/limit': 1001,
        ...(last ? { 'q/where': ['>', ['svc/id'], '$last-seen-id'] } : {}),
      };
      const answer = await run({ command: 'svc.entity/query', args: { query, params: last ? { '$last-seen-id': last } : {} } });
      const rows = (answer.result as Array<{ 'svc/id': string }>).map((r) => r['svc/id']);
      seen.push(...rows.slice(0, 1000));
      if (rows.length <= 1000) break;
      last = rows[999];
    }
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual([...ids].sort());
  });
});
