/**
 * Test Databases for the checks that write: each check builds its own Databases with
 * `svc.schema/batch` under a Space name unique to the run (`Conf<seed>x<random hex>`), and
 * deletes them afterwards with `schema.type/delete`, so a check can run against any server
 * without touching data it did not create.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { components } from '../../generated/service/types.js';
import { describeRequest, expectSuccess, fail } from './assert.js';
import type { CheckContext } from './check.js';
import type { HttpResponse } from './http.js';
import { isRecord } from './shapes.js';
import {
  createOperations,
  deleteOperations,
  testNames,
  testSchema,
  typeDelete,
  type CreateOptions,
  type ModelSchema,
  type RelationIds,
  type SchemaOperation,
  type TestNames,
} from './model/schema.js';

export type Command = components['schemas']['Command'];

/** A Space name no other run uses: `Conf<seed>x<8 random hex digits>`. */
export function uniqueSpaceName(ctx: CheckContext): string {
  return `Conf${ctx.fastCheck.seed}x${randomBytes(4).toString('hex')}`;
}

export interface TestWorkspace {
  names: TestNames;
  relations: RelationIds;
  schema: ModelSchema;
  /** Deletes the Databases; never throws (a failed tear-down is logged). Safe to call twice. */
  dispose(): Promise<void>;
}

/** Runs one `svc.schema/batch`; answers the HTTP response (success not checked). */
export function schemaBatch(ctx: CheckContext, commands: SchemaOperation[]): Promise<HttpResponse> {
  const command: Command = { command: 'svc.schema/batch', args: { commands } };
  return ctx.http.command(command);
}

/** Tear-down: deletes these types one by one; never throws (a failure is logged). */
export async function dropTypes(ctx: CheckContext, names: readonly string[]): Promise<void> {
  for (const name of names) {
    const out = await schemaBatch(ctx, [typeDelete(name)]).catch(() => undefined);
    const body = out?.json as { success?: unknown } | undefined;
    if (!out || out.status !== 200 || body?.success !== true) ctx.log(`tear-down of ${name} failed${out ? `: answered ${out.status}: ${out.text.slice(0, 200)}` : ''}`);
  }
}

/**
 * Creates the test Databases (`<Space>/Items` with text, integer, decimal, bool, date and
 * date-time fields, `<Space>/Groups`, a many-to-one relation Items.Group / Groups.Members and a
 * many-to-many relation Items.Tags / Groups.Tagged). Fails the check when the service refuses.
 */
export async function createTestWorkspace(ctx: CheckContext, options: CreateOptions & { space?: string } = {}): Promise<TestWorkspace> {
  const names = testNames(options.space ?? uniqueSpaceName(ctx));
  const relations: RelationIds = { group: randomUUID(), tags: randomUUID() };
  const schema = testSchema(names, relations);
  const res = await schemaBatch(ctx, createOperations(schema, options));
  expectSuccess(res, `setting up the test Databases ${names.items} and ${names.groups} with svc.schema/batch`);
  let disposed = false;
  return {
    names,
    relations,
    schema,
    async dispose() {
      if (disposed) return;
      disposed = true;
      try {
        const out = await schemaBatch(ctx, deleteOperations(schema));
        const body = out.json as { success?: unknown } | undefined;
        if (out.status !== 200 || body?.success !== true) ctx.log(`tear-down: ${describeRequest(out)} answered ${out.status}: ${out.text.slice(0, 200)}`);
      } catch (error) {
        ctx.log(`tear-down failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}

/** Creates the test Databases, runs `body`, and deletes them whatever happens. */
export async function withTestWorkspace<T>(ctx: CheckContext, body: (workspace: TestWorkspace) => Promise<T>, options: CreateOptions = {}): Promise<T> {
  const workspace = await createTestWorkspace(ctx, options);
  try {
    return await body(workspace);
  } finally {
    await workspace.dispose();
  }
}

/** Sends one command; answers its `result` after checking `{success: true}`. */
export async function run(ctx: CheckContext, command: Command, what: string): Promise<unknown> {
  const res = await ctx.http.command(command);
  return expectSuccess(res, what);
}

/** Sends a batch of commands; answers the inner results after checking every one succeeded. */
export async function runBatch(ctx: CheckContext, commands: Command[], what: string): Promise<unknown[]> {
  const res = await ctx.http.command({ command: 'svc.command/batch', args: { commands } } satisfies Command);
  const result = expectSuccess(res, what);
  if (!Array.isArray(result) || result.length !== commands.length) {
    fail(`${what}: svc.command/batch of ${commands.length} commands answered ${Array.isArray(result) ? `${result.length} results` : 'no array'}`, res);
  }
  return result.map((inner: unknown, index: number) => {
    const record = inner as { success?: unknown; result?: unknown } | null;
    if (record === null || typeof record !== 'object' || record.success !== true) {
      fail(`${what}: inner command ${index} (${commands[index]?.command}) of the batch did not succeed: ${JSON.stringify(inner)?.slice(0, 300)}`, res);
    }
    return record.result;
  });
}

/** Creates one Group and two Items in a test workspace; answers their ids. */
export async function createGroupAndTwoItems(ctx: CheckContext, n: TestWorkspace['names']): Promise<{ group: string; items: [string, string] }> {
  const created = await runBatch(
    ctx,
    [
      { command: 'svc.entity/create', args: { type: n.groups, entity: { [n.name]: 'parent' } } },
      { command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: 'one' } } },
      { command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: 'two' } } },
    ],
    'creating a Group and two Items',
  );
  const [group, a, b] = created.map((e) => (isRecord(e) ? String(e['svc/id']) : '')) as [string, string, string];
  return { group, items: [a, b] };
}

/** A `svc.command/batch` of one `svc.entity/create` of `type` per entity, in order. */
export function batchOfCreates(type: string, entities: Array<Record<string, unknown>>): Command {
  return { command: 'svc.command/batch', args: { commands: entities.map((entity) => ({ command: 'svc.entity/create', args: { type, entity } })) } };
}
