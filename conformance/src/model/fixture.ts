/**
 * A small fixed data set in the test Databases (2 Groups, 3 Items with every kind of value and
 * relation), for checks that need existing Entities but no random data, and a dump of the
 * Databases to tell whether a command changed anything.
 */
import { expectSuccess } from '../assert.js';
import type { CheckContext } from '../check.js';
import type { HttpResponse } from '../http.js';
import { isRecord } from '../shapes.js';
import type { TestWorkspace } from '../workspace.js';
import type { Command, ModelDriver } from './driver.js';
import { canonicalJson, type JsonObject } from './values.js';

export interface Fixture {
  groups: [string, string];
  items: [string, string, string];
}

/** Creates the fixture through `driver` (so its model knows it). */
export async function createFixture(driver: ModelDriver, workspace: TestWorkspace): Promise<Fixture> {
  const n = workspace.names;
  driver.beginRun(1);
  const groups: [string, string] = [driver.nextId(), driver.nextId()];
  const items: [string, string, string] = [driver.nextId(), driver.nextId(), driver.nextId()];
  const commands: Command[] = [
    { command: 'svc.entity/create', args: { type: n.groups, entity: { 'svc/id': groups[0], [n.name]: 'first', [n.rank]: 1 } } },
    { command: 'svc.entity/create', args: { type: n.groups, entity: { 'svc/id': groups[1], [n.name]: 'second', [n.rank]: 2 } } },
    {
      command: 'svc.entity/create',
      args: {
        type: n.items,
        entity: {
          'svc/id': items[0],
          [n.title]: 'alpha',
          [n.count]: 1,
          [n.amount]: 1.5,
          [n.done]: true,
          [n.due]: '2024-01-01',
          [n.at]: '2024-01-01T10:00:00.000Z',
          [n.group]: { 'svc/id': groups[0] },
          [n.tags]: [{ 'svc/id': groups[0] }, { 'svc/id': groups[1] }],
        },
      },
    },
    { command: 'svc.entity/create', args: { type: n.items, entity: { 'svc/id': items[1], [n.title]: 'beta', [n.count]: 2, [n.group]: { 'svc/id': groups[0] } } } },
    { command: 'svc.entity/create', args: { type: n.items, entity: { 'svc/id': items[2], [n.title]: 'gamma' } } },
  ];
  await driver.batchCommands(commands);
  return { groups, items };
}

/** Queries of every field of every Entity of the test Databases (svc/modification-date included). */
export function dumpCommands(workspace: TestWorkspace): Command[] {
  return workspace.schema.types.map((type) => ({
    command: 'svc.entity/query',
    args: { query: { 'q/from': type.name, 'q/select': type.fields.map((f) => f.name), 'q/limit': 10_000 } },
  }));
}

/** The results of `dumpCommands` inside a svc.command/batch, as canonical JSON. */
export function dumpText(results: unknown): string {
  const rows = Array.isArray(results) ? results.map((inner: unknown) => (isRecord(inner) && 'success' in inner ? inner['result'] : inner)) : results;
  return canonicalJson(rows as JsonObject[]);
}

/** A full dump of the test Databases, as canonical JSON. */
export async function dump(ctx: CheckContext, workspace: TestWorkspace): Promise<{ text: string; res: HttpResponse }> {
  const res = await ctx.http.command({ command: 'svc.command/batch', args: { commands: dumpCommands(workspace) } } satisfies Command);
  const result = expectSuccess(res, 'a full dump of the test Databases');
  return { text: dumpText(result), res };
}
