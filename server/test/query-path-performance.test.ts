// Where-clauses whose path goes through relations (the query compiler's `onPath`): they answer
// what the rows of `links` say, each Entity once, in one statement per query, with every relation
// step a derived table joined once on pg-mem (on PostgreSQL and PGlite, `IN (SELECT ...)`). Not
// `IN (SELECT ...)` on pg-mem: it runs such a sub-select again for
// every row of the outer query (every row of every level when nested), which made a path of two
// steps take minutes on the demo workspace. The shape is asserted here, not the time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { recording, type RecordingDatabase } from '../src/db/recording.js';
import { postCommand, startTestServer, storages } from './storages.js';

interface Link {
  a: string;
  b: string;
}

describe.each(storages)('where-clauses through relations on $name', (storage) => {
  let server: RunningServer;
  let db: RecordingDatabase;
  let tasks: string[];
  /** The related ids of each Entity through a field, read from `links`. */
  const related = new Map<string, Map<string, string[]>>();

  const run = (command: unknown) => postCommand(server, command);

  /** The Tasks `where` selects (svc/id), and the statements the query ran. */
  const query = async (where: unknown) => {
    db.reset();
    const answer = await run({ command: 'svc.entity/query', args: { query: { 'q/from': 'Demo/Tasks', 'q/select': ['svc/id'], 'q/limit': 1000, 'q/where': where } } });
    expect(answer.success, JSON.stringify(answer.result)).toBe(true);
    const ids = (answer.result as Array<{ 'svc/id': string }>).map((r) => r['svc/id']);
    return { ids, statements: db.statements.map((s) => s.text).filter((text) => /\bFROM entities e\b/.test(text)) };
  };

  /** The ids related to `id` through the field `type`/`field`. */
  const follow = (type: string, field: string, id: string): string[] => related.get(`${type} ${field}`)?.get(id) ?? [];

  const readField = async (type: string, field: string) => {
    const { rows } = await db.query<{ relation_id: string; relation_end: string }>(
      'SELECT f.relation_id, f.relation_end FROM fields f JOIN types t ON t.id = f.type_id WHERE t.name = $1 AND f.name = $2',
      [type, field],
    );
    const row = rows[0];
    if (!row) throw new Error(`no field ${type} ${field}`);
    const links = (await db.query<Link>('SELECT a, b FROM links WHERE relation_id = $1', [row.relation_id])).rows;
    const byMine = new Map<string, string[]>();
    for (const link of links) {
      const [mine, theirs] = row.relation_end === 'b' ? [link.b, link.a] : [link.a, link.b];
      byMine.set(mine, [...(byMine.get(mine) ?? []), theirs]);
    }
    related.set(`${type} ${field}`, byMine);
  };

  const sorted = (ids: Iterable<string>) => [...ids].sort();

  beforeAll(async () => {
    server = await startTestServer(storage, { demo: true, instrument: (inner) => (db = recording(inner)) });
    const type = (await db.query<{ id: string }>("SELECT id FROM types WHERE name = 'Demo/Tasks'")).rows[0]?.id;
    tasks = (await db.query<{ id: string }>('SELECT id FROM entities WHERE type_id = $1', [type])).rows.map((r) => r.id);
    await readField('Demo/Tasks', 'Demo/Project');
    await readField('Demo/Projects', 'Demo/Tasks');
    await readField('Demo/Projects', 'Demo/Members');
    await readField('Demo/Tasks', 'Demo/Blocks');
  });
  afterAll(() => server?.close());

  /** The Tasks that reach, through Demo/Project then `field` of the project, some id `test` accepts. */
  const throughProject = (field: string, test: (id: string) => boolean) =>
    tasks.filter((task) => follow('Demo/Tasks', 'Demo/Project', task).some((project) => follow('Demo/Projects', field, project).some(test)));

  it('a to-one relation then a collection back: the Tasks of the same project, and the others for !=', async () => {
    const task = tasks.find((t) => follow('Demo/Tasks', 'Demo/Project', t).length > 0) as string;
    const same = throughProject('Demo/Tasks', (id) => id === task);
    expect(same.length).toBeGreaterThan(1);
    const equal = await query(['=', ['Demo/Project', 'Demo/Tasks'], task]);
    expect(sorted(equal.ids)).toEqual(sorted(same));
    const notEqual = await query(['!=', ['Demo/Project', 'Demo/Tasks'], task]);
    expect(sorted(notEqual.ids)).toEqual(sorted(tasks.filter((t) => !same.includes(t))));
  });

  it('answers each Entity once when the path goes through a collection with several items', async () => {
    // Projects have several members: a Task reaches a user once per member of its project.
    const expected = throughProject('Demo/Members', () => true);
    expect(expected.some((t) => follow('Demo/Projects', 'Demo/Members', follow('Demo/Tasks', 'Demo/Project', t)[0] as string).length > 1)).toBe(true);
    const present = await query(['=', ['q/null?', ['Demo/Project', 'Demo/Members']], false]);
    expect(new Set(present.ids).size).toBe(present.ids.length);
    expect(sorted(present.ids)).toEqual(sorted(expected));
    const absent = await query(['!=', ['q/null?', ['Demo/Project', 'Demo/Members']], false]);
    expect(sorted(absent.ids)).toEqual(sorted(tasks.filter((t) => !expected.includes(t))));
  });

  it('compares the items of a collection: <, q/not-in', async () => {
    const pivot = sorted(tasks)[Math.floor(tasks.length / 2)] as string;
    const below = await query(['<', ['Demo/Blocks'], pivot]);
    expect(sorted(below.ids)).toEqual(sorted(tasks.filter((t) => follow('Demo/Tasks', 'Demo/Blocks', t).some((b) => b < pivot))));
    const blocked = tasks.find((t) => follow('Demo/Tasks', 'Demo/Blocks', t).length > 0) as string;
    const target = follow('Demo/Tasks', 'Demo/Blocks', blocked)[0] as string;
    const notIn = await query(['q/not-in', ['Demo/Blocks'], [target]]);
    expect(sorted(notIn.ids)).toEqual(sorted(tasks.filter((t) => !follow('Demo/Tasks', 'Demo/Blocks', t).includes(target))));
  });

  it('compiles every relation step to a derived table joined once, in one statement, reading entities only before a field', async () => {
    const task = tasks[0] as string;
    const shapes: Array<[unknown, number]> = [
      // [where, how many times the statement reads `entities` besides its own FROM]
      [['=', ['Demo/Project', 'Demo/Tasks'], task], 0],
      [['!=', ['q/null?', ['Demo/Project', 'Demo/Tasks']], true], 0],
      [['<', ['Demo/Blocks'], task], 0],
      [['q/not-in', ['Demo/Blocks'], [task]], 0],
      [['q/contains', ['Demo/Project', 'Demo/Name'], 'Project'], 1],
      [['=', ['Demo/Blocks', 'Demo/Project', 'Demo/Owner', 'user/name'], 'Demo User 1'], 1],
      [['!=', ['svc/created-by', 'user/name'], 'Demo User 1'], 1],
    ];
    for (const [where, entityReads] of shapes) {
      const { statements } = await query(where);
      expect(statements, JSON.stringify(where)).toHaveLength(1);
      const sql = statements[0] as string;
      expect((sql.match(/\bentities\b/g)?.length ?? 0) - 1, `${JSON.stringify(where)}\n${sql}`).toBe(entityReads);
      if (storage.name === 'pg-mem') {
        expect(sql, JSON.stringify(where)).not.toMatch(/\bIN\s*\(\s*SELECT\b/i);
        expect(sql.match(/\bLEFT JOIN \(SELECT\b/g)?.length, JSON.stringify(where)).toBe(1);
      } else {
        // PostgreSQL (and PGlite): the natural form, `e.id IN (SELECT ...)`, nothing grouped (server/src/query/where.ts).
        expect(sql, JSON.stringify(where)).toMatch(/\be\.(id|created_by) IN \(SELECT\b/);
        expect(sql, JSON.stringify(where)).not.toMatch(/\bLEFT JOIN\b|\bGROUP BY\b/);
      }
    }
  });

  it('drops the join of a condition folded away at compile time', async () => {
    // `svc/id` always has a value: the q/or is true whatever its other part, which leaves no join.
    const { statements, ids } = await query(['q/or', ['=', ['Demo/Project', 'Demo/Tasks'], tasks[0]], ['=', ['q/null?', 'svc/id'], false]]);
    expect(sorted(ids)).toEqual(sorted(tasks));
    expect(statements[0]).not.toMatch(/\bJOIN\b/);
  });
});
