// `svc.command/batch`: inner commands in order, in the caller's transaction. The first failure
// aborts the batch (so the transaction rolls back) with `command.error/batch-failed`.
import type { Command, CommandResponse } from '../api/spec-types.js';
import { Failure } from '../api/failure.js';
import { execute } from './dispatch.js';
import type { Handler } from './handlers.js';

type BatchCommand = Extract<Command, { command: 'svc.command/batch' }>;

export const commandBatch: Handler = async (ctx, command, markSchemaChanged) => {
  const { args } = command as BatchCommand;
  const results: CommandResponse[] = [];
  for (const [index, inner] of args.commands.entries()) {
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
  }
  return results;
};
