// `svc.command/batch`: inner commands in order, in the caller's transaction. The first failure
// aborts the batch (so the transaction rolls back) with `command.error/batch-failed`.
// Consecutive `svc.entity/create` of one Database are written together, in a few statements
// instead of a few per Entity, when none of them can fail (insertEntitiesIfValid); otherwise they
// run one by one, so a failure is the one the first failing create gives.
import type { Command, CommandResponse, CreateCommand } from '../api/spec-types.js';
import { Failure } from '../api/failure.js';
import { insertEntitiesIfValid } from '../model/entity-writer.js';
import { execute } from './dispatch.js';
import type { Handler } from './handlers.js';

type BatchCommand = Extract<Command, { command: 'svc.command/batch' }>;

/** The `svc.entity/create` commands of one Database from `from` on (none when the command there is another). */
function createRun(commands: readonly Command[], from: number): CreateCommand[] {
  const run: CreateCommand[] = [];
  for (let i = from; i < commands.length; i++) {
    const command = commands[i] as Command;
    if (command.command !== 'svc.entity/create') break;
    const create = command as CreateCommand;
    if (run.length > 0 && create.args.type !== (run[0] as CreateCommand).args.type) break;
    run.push(create);
  }
  return run;
}

export const commandBatch: Handler = async (ctx, command, markSchemaChanged) => {
  const { args } = command as BatchCommand;
  const results: CommandResponse[] = [];
  const runOne = async (index: number, inner: Command): Promise<void> => {
    try {
      results.push({ success: true, result: await execute(ctx, inner, markSchemaChanged) } as CommandResponse);
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      throw new Failure(
        'command.error/batch-failed',
        `Inner command ${index} (${inner.command}) failed, so nothing of the batch was applied: ${error.message}`,
        { index, error: error.toResult(), field: `/args/commands/${index}` },
      );
    }
  };
  let index = 0;
  while (index < args.commands.length) {
    const run = createRun(args.commands, index);
    if (run.length > 1) {
      const type = (run[0] as CreateCommand).args.type;
      const created = await insertEntitiesIfValid(ctx.tx, await ctx.catalog(), type, run.map((c) => c.args.entity), ctx.caller.userId, ctx.changes);
      if (created) {
        for (const entity of created) results.push({ success: true, result: entity } as CommandResponse);
      } else {
        for (const [k, inner] of run.entries()) await runOne(index + k, inner);
      }
      index += run.length;
      continue;
    }
    await runOne(index, args.commands[index] as Command);
    index += 1;
  }
  return results;
};
