// Runs commands of the command API. Every top-level command runs in its own transaction, so a
// failing command leaves no trace; `svc.command/batch` runs its inner commands in one. The
// changes a command makes are captured and written to the webhook outbox in that transaction.
import type { Command, CommandResponse } from '../api/spec-types.js';
import { Failure } from '../api/failure.js';
import { allows, commandAccess, forbidden } from '../auth/access-levels.js';
import type { Database } from '../db/database.js';
import { loadCatalog, type Catalog, type CatalogCache } from '../model/catalog.js';
import { ChangeLog } from '../webhooks/effects.js';
import { correlationOf, writeOutbox } from '../webhooks/outbox.js';
import type { Caller, CommandContext } from './context.js';
import { handlers } from './handlers.js';

export interface CommandRunner {
  run(command: Command, caller: Caller): Promise<CommandResponse>;
}

export interface CommandRunnerOptions {
  /** Called after a command committed that wrote webhook deliveries (wakes the delivery worker). */
  onDeliveries?: () => void;
}

export function createCommandRunner(db: Database, cache: CatalogCache, options: CommandRunnerOptions = {}): CommandRunner {
  return {
    async run(command, caller) {
      // The one place the command API checks access levels (a batch: the highest of its commands).
      const needed = commandAccess(command);
      if (!allows(caller.accessLevel, needed)) {
        return { success: false, result: forbidden(needed, caller.accessLevel, `The command "${command.command}"`, command.command).toResult() } as CommandResponse;
      }
      try {
        let deliveries = 0;
        // A command a Reader may run only reads (the access levels follow what a command does):
        // it runs as read-only work, which on pg-mem holds the storage a statement at a time.
        const unit = needed === 'reader' ? db.read.bind(db) : db.transaction.bind(db);
        const result = await unit(async (tx) => {
          // Inside a transaction the catalog is read through it, so schema changes made earlier in
          // the same transaction are seen.
          let dirty = false;
          let current: Catalog | undefined;
          const changes = new ChangeLog();
          const ctx: CommandContext = {
            tx,
            caller,
            // One catalog read per transaction, unless a schema command changed it.
            catalog: async () => (dirty ? loadCatalog(tx) : (current ??= await cache.get(tx))),
            changes,
          };
          const markDirty = () => (dirty = true);
          const value = await execute(ctx, command, markDirty);
          // One delivery per (top-level command, Database, webhook), in the command's transaction.
          deliveries = await writeOutbox(tx, changes, { authorId: caller.userId, correlationId: correlationOf(command) });
          return value;
        });
        if (deliveries > 0) options.onDeliveries?.();
        return { success: true, result } as CommandResponse;
      } catch (error) {
        if (error instanceof Failure) return { success: false, result: error.toResult() };
        throw error;
      }
    },
  };
}

/** Runs one command in the given context; throws a Failure when it cannot be carried out. */
export async function execute(ctx: CommandContext, command: Command, markSchemaChanged: () => void): Promise<unknown> {
  const handler = handlers[command.command];
  if (!handler) {
    throw new Failure('command.error/unknown-command', `The command "${command.command}" is not supported by this server.`, {
      command: command.command,
      field: 'command',
    });
  }
  return handler(ctx, command, markSchemaChanged);
}
