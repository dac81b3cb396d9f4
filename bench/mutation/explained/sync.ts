// Equivalent or out-of-reach survivors of sync runs (server/src/integrations/sync/): see index.ts.
import { withReason, type Explanation } from './explanation.js';

export const SYNC: readonly Explanation[] = [
  // integrations/sync/retry.ts: the wait between tryLater answers ends early only when the server shuts down
  ...withReason("the shutdown of the process: the abort signal fires only when the server closes, which no client of it sees (server/test covers a closing server's runs)", [
    ["server/src/integrations/sync/retry.ts", "BlockStatement", "{ return new Promise((resolve, reject) => { if (signal.aborted) { reject(new Failure('int…", "{}"],
    ["server/src/integrations/sync/retry.ts", "BlockStatement", "{ reject(new Failure('integration.error/app-failed', 'The run was stopped: the server is …", "{}"],
    ["server/src/integrations/sync/retry.ts", "ConditionalExpression", "signal.aborted", "false"],
    ["server/src/integrations/sync/retry.ts", "StringLiteral", "'integration.error/app-failed'", "\"\""],
    ["server/src/integrations/sync/retry.ts", "StringLiteral", "'The run was stopped: the server is closing.'", "\"\""],
    ["server/src/integrations/sync/retry.ts", "StringLiteral", "'abort'", "\"\""],
    ["server/src/integrations/sync/retry.ts", "BlockStatement", "{ clearTimeout(timer); reject(new Failure('integration.error/app-failed', 'The run was st…", "{}"],
    ["server/src/integrations/sync/retry.ts", "ObjectLiteral", "{ once: true }", "{}"],
  ]),
  // integrations/sync: equivalent survivors (the sync checks see the same runs, Entities, effects and counts)
  ...withReason(
    "linkedTargets answers only owners with links; an owner missing from current is an Entity deleted by hand, which has no links left",
    [
      ["server/src/integrations/sync/apply-page.ts", "OptionalChaining", "current.get(owner)?.links", "current.get(owner).links"],
    ],
  ),
  // The same text on line 180 (the keys of removed Entities) is killed by sync.delta-differential's edge case.
  {
    file: "server/src/integrations/sync/apply-page.ts",
    line: 181,
    mutator: "ArrowFunction",
    original: "(id) => removals.get(id) as string",
    replacement: "() => undefined",
    reason: "a REMOVE row is a delta row (spec/integrations.md, Runs): the key of an Entity it marks is touched for the sweep at the end of a full run only, and a delta run has none",
  },
  ...withReason(
    "a lookup cache: the same answers within one transaction, only more queries",
    [
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "!found", "true"],
      ["server/src/integrations/sync/apply-page.ts", "StringLiteral", "'option'", "\"\""],
      ["server/src/integrations/sync/apply-page.ts", "StringLiteral", "'people'", "\"\""],
    ],
  ),
  ...withReason(
    "every file reference of a row is in input.files (a failed download fails the run first), a single file value holds at most one file, and an empty file list is stored as null like no value",
    [
      ["server/src/integrations/sync/apply-page.ts", "MethodExpression", "files.files.map((f) => input.files.get(f.key)).filter((f): f is FileValue => f !== undefi\u2026", "files.files.map(f => input.files.get(f.key))"],
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "f !== undefined", "true"],
      ["server/src/integrations/sync/apply-page.ts", "MethodExpression", "stored.slice(0, 1)", "stored"],
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "kept.length > 0", "true"],
      ["server/src/integrations/sync/apply-page.ts", "EqualityOperator", "kept.length > 0", "kept.length >= 0"],
    ],
  ),
  ...withReason(
    "select and people mapping fields always exist with link storage; relation fields carry their key field in values, so loading their links changes no comparison",
    [
      ["server/src/integrations/sync/apply-page.ts", "MethodExpression", "Object.values(mapping.fields) .filter((m) => m.kind === 'select' || m.kind === 'people')", "Object.values(mapping.fields)"],
      ["server/src/integrations/sync/apply-page.ts", "MethodExpression", "Object.values(mapping.fields) .filter((m) => m.kind === 'select' || m.kind === 'people') \u2026", "Object.values(mapping.fields).filter(m => m.kind === 'select' || m.kind === 'people').map\u2026"],
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "m.kind === 'select' || m.kind === 'people'", "true"],
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "f !== undefined && f.storage === 'link'", "true"],
      ["server/src/integrations/sync/apply-page.ts", "LogicalOperator", "f !== undefined && f.storage === 'link'", "f !== undefined || f.storage === 'link'"],
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "f.storage === 'link'", "true"],
    ],
  ),
  ...withReason(
    "an empty list writes nothing: the call with none does no more than skipping it",
    [
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "stale.length > 0", "true"],
      ["server/src/integrations/sync/apply-page.ts", "EqualityOperator", "stale.length > 0", "stale.length >= 0"],
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "removals.size > 0", "true"],
      ["server/src/integrations/sync/apply-page.ts", "EqualityOperator", "removals.size > 0", "removals.size >= 0"],
      ["server/src/integrations/sync/apply-page.ts", "EqualityOperator", "fresh.length > 0", "fresh.length >= 0"],
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "fresh.length > 0", "true"],
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "documents.length > 0", "true"],
      ["server/src/integrations/sync/apply-page.ts", "EqualityOperator", "documents.length > 0", "documents.length >= 0"],
    ],
  ),
  ...withReason(
    "differs only for a row key equal to the mutant's own text \"Stryker was here\"",
    [
      ["server/src/integrations/sync/apply-page.ts", "ArrayDeclaration", "[]", "[\"Stryker was here\"]"],
      ["server/src/integrations/sync/link-pass.ts", "ArrayDeclaration", "[]", "[\"Stryker was here\"]"],
    ],
  ),
  ...withReason(
    "a REMOVE of a key the source never synchronized adds no Entity id; removeOrMark finds no row for it and removes, marks and counts nothing",
    [
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "entityId", "true"],
    ],
  ),
  ...withReason(
    "link and system values never hold a rich text secret key",
    [
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "field.storage === 'value'", "true"],
    ],
  ),
  ...withReason(
    "system fields and link fields have no key in entities.data (its keys are f<N>) and a null relation id, so adding them to either list finds no value and no link",
    [
      ["server/src/integrations/sync/protection.ts", "ConditionalExpression", "f.storage === 'value' && !SYSTEM_FIELD_NAMES.has(f.name)", "true"],
      ["server/src/integrations/sync/protection.ts", "LogicalOperator", "f.storage === 'value' && !SYSTEM_FIELD_NAMES.has(f.name)", "f.storage === 'value' || !SYSTEM_FIELD_NAMES.has(f.name)"],
      ["server/src/integrations/sync/protection.ts", "ConditionalExpression", "f.storage === 'value'", "true"],
      ["server/src/integrations/sync/protection.ts", "LogicalOperator", "f.storage === 'link' && !SYSTEM_FIELD_NAMES.has(f.name) && !own.has(f.name)", "f.storage === 'link' && !SYSTEM_FIELD_NAMES.has(f.name) || !own.has(f.name)"],
      ["server/src/integrations/sync/protection.ts", "ConditionalExpression", "f.storage === 'link' && !SYSTEM_FIELD_NAMES.has(f.name)", "true"],
      ["server/src/integrations/sync/protection.ts", "ConditionalExpression", "f.storage === 'link'", "true"],
    ],
  ),
  ...withReason(
    "the entity writer never stores null: it deletes the key instead",
    [
      ["server/src/integrations/sync/protection.ts", "ConditionalExpression", "data[f.key as string] !== null", "true"],
    ],
  ),
  ...withReason(
    "reading the documents of Entities already kept adds them to the kept set again: the same set",
    [
      ["server/src/integrations/sync/protection.ts", "MethodExpression", "[...secrets].filter(([id]) => !kept.has(id))", "[...secrets]"],
    ],
  ),
  ...withReason(
    "live holds only ids present in existing",
    [
      ["server/src/integrations/sync/protection.ts", "OptionalChaining", "existing.get(id)?.[flag.key as string]", "existing.get(id)[flag.key as string]"],
    ],
  ),
  ...withReason(
    "a null or empty key field falls through to [null] or [\"\"]: no row key is null or empty (MAP-071), so it links nothing either way",
    [
      ["server/src/integrations/sync/link-pass.ts", "ConditionalExpression", "typeof raw !== 'string' || raw === ''", "false"],
      ["server/src/integrations/sync/link-pass.ts", "LogicalOperator", "typeof raw !== 'string' || raw === ''", "typeof raw !== 'string' && raw === ''"],
      ["server/src/integrations/sync/link-pass.ts", "ConditionalExpression", "typeof raw !== 'string'", "false"],
      ["server/src/integrations/sync/link-pass.ts", "ConditionalExpression", "raw === ''", "false"],
      ["server/src/integrations/sync/link-pass.ts", "StringLiteral", "''", "\"Stryker was here!\""],
    ],
  ),
  ...withReason(
    "only an extra query: the mappings that are not relations have no keyField and are skipped below, the ids still come from createdTypes, the keys reloaded in the same transaction are the same",
    [
      ["server/src/integrations/sync/link-pass.ts", "ConditionalExpression", "m.kind === 'relation'", "true"],
      ["server/src/integrations/sync/link-pass.ts", "ConditionalExpression", "relations.length === 0", "false"],
      ["server/src/integrations/sync/link-pass.ts", "ConditionalExpression", "createdTypes.has(relation.targetAppType)", "true"],
      ["server/src/integrations/sync/link-pass.ts", "ConditionalExpression", "!targets", "true"],
    ],
  ),
  ...withReason(
    "entities.data is jsonb NOT NULL",
    [
      ["server/src/integrations/sync/link-pass.ts", "OptionalChaining", "row.data?.[keyField.key as string]", "row.data[keyField.key as string]"],
    ],
  ),
  ...withReason(
    "the count answered is not used (run.ts linkPass ignores it)",
    [
      ["server/src/integrations/sync/link-pass.ts", "AssignmentOperator", "changed += 1", "changed -= 1"],
    ],
  ),
  ...withReason(
    "no caller passes an empty list",
    [
      ["server/src/integrations/sync/linked-targets.ts", "ConditionalExpression", "ids.length === 0", "false"],
    ],
  ),
  ...withReason(
    "both consumers compare through sameTargets, which sorts both lists",
    [
      ["server/src/integrations/sync/linked-targets.ts", "MethodExpression", "rows.sort((x, y) => Number(x.position) - Number(y.position))", "rows"],
      ["server/src/integrations/sync/linked-targets.ts", "ArrowFunction", "(x, y) => Number(x.position) - Number(y.position)", "() => undefined"],
      ["server/src/integrations/sync/linked-targets.ts", "ArithmeticOperator", "Number(x.position) - Number(y.position)", "Number(x.position) + Number(y.position)"],
    ],
  ),
  ...withReason(
    "the request validator fills in the schema default keepUnsynced: false first",
    [
      ["server/src/integrations/sync/source-setup.ts", "BooleanLiteral", "false", "true"],
    ],
  ),
  ...withReason(
    "materializeMapping sets the mapping before the source is stored, and a failure discards the record",
    [
      ["server/src/integrations/sync/source-setup.ts", "ObjectLiteral", "{ types: {} }", "{}"],
    ],
  ),
  ...withReason(
    "the id column is a uuid, whose input is case-insensitive",
    [
      ["server/src/integrations/sync/source-store.ts", "MethodExpression", "id.toLowerCase()", "id.toUpperCase()"],
    ],
  ),
  // integrations/sync/engine.ts and run-lease.ts (full profile, by file): the engine's timing and the leases of several processes
  ...withReason(
    "equivalent: the loop sets woken to false before its first pause, so its first value is never read",
    [
      ["server/src/integrations/sync/engine.ts", "BooleanLiteral", "false", "true"],
    ],
  ),
  ...withReason(
    "a second claiming loop in the same process: the loops claim in turn (a source's lease row is taken in a transaction, so it is claimed once) and the same runs run once and end alike; only the idle polls multiply",
    [
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "this.loop || this.stopped", "false"],
      ["server/src/integrations/sync/engine.ts", "LogicalOperator", "this.loop || this.stopped", "this.loop && this.stopped"],
    ],
  ),
  ...withReason(
    "the server always gives the engine its storage (server/src/index.ts); the mutant polls through the context's database, the same storage behind the statement counter only benchmarks and tests install",
    [
      ["server/src/integrations/sync/engine.ts", "LogicalOperator", "this.deps.storage ?? this.context.db", "this.deps.storage && this.context.db"],
    ],
  ),
  ...withReason(
    "timing only: a run made while the loop was claiming (or an event's run) is claimed at the next poll, at most pollMs (1 s) later, instead of at once; it runs and ends alike (the spec promises no start time, and runs of a source still go in the order they were made)",
    [
      ["server/src/integrations/sync/engine.ts", "BooleanLiteral", "true", "false"],
      ["server/src/integrations/sync/engine.ts", "ArrowFunction", "() => this.kick()", "() => undefined"],
      ["server/src/integrations/sync/run-lease.ts", "MethodExpression", "Math.max(1, Math.floor(limit))", "Math.min(1, Math.floor(limit))"],
    ],
  ),
  ...withReason(
    "reached only by a run that outlasts the 120 s bound of wait=true, longer than any check holds a run (server/test/sync-wait-bound.test.ts covers the bound with a 300 ms one: the answer is 202 and the run goes on); Math.max waits for the end of a run this process runs either way, woken by it at once",
    [
      ["server/src/integrations/sync/engine.ts", "ArithmeticOperator", "deadline - Date.now()", "deadline + Date.now()"],
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "left <= 0 || this.stopped", "false"],
      ["server/src/integrations/sync/engine.ts", "LogicalOperator", "left <= 0 || this.stopped", "left <= 0 && this.stopped"],
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "left <= 0", "false"],
      ["server/src/integrations/sync/engine.ts", "EqualityOperator", "left <= 0", "left < 0"],
      ["server/src/integrations/sync/engine.ts", "MethodExpression", "Math.min(left, this.context.integrationSettings.pollMs)", "Math.max(left, this.context.integrationSettings.pollMs)"],
    ],
  ),
  ...withReason(
    "out of reach for a client of one process: a lease is lost only when it ran out (its holder renews it every 5 s of its 15) and another process claimed the source; server/test/sync-leases.test.ts covers the refusal (LeaseLost) and sync-two-servers.test.ts the takeover on PostgreSQL",
    [
      ["server/src/integrations/sync/run-lease.ts", "StringLiteral", "`the lease of source ${sourceId} was lost`", "``"],
      ["server/src/integrations/sync/run-lease.ts", "ConditionalExpression", "rows.length > 0", "true"],
      ["server/src/integrations/sync/run-lease.ts", "EqualityOperator", "rows.length > 0", "rows.length >= 0"],
      ["server/src/integrations/sync/run-lease.ts", "BlockStatement", "{ if (!(await renewLease(tx, lease))) throw new LeaseLost(lease.sourceId); }", "{}"],
      ["server/src/integrations/sync/run-lease.ts", "ConditionalExpression", "!(await renewLease(tx, lease))", "false"],
    ],
  ),
  ...withReason(
    "equivalent: an optimization; without the look first, the claiming transaction finds the same no rows",
    [
      ["server/src/integrations/sync/run-lease.ts", "ConditionalExpression", "candidates.length === 0", "false"],
    ],
  ),
  ...withReason(
    "a lease that names no source: serving it finds no run of it (or its query fails into the server log) and hands it back; every real source is claimed and run as before",
    [
      ["server/src/integrations/sync/run-lease.ts", "ArrayDeclaration", "[]", "[\"Stryker was here\"]"],
    ],
  ),
  ...withReason(
    "timing only: a wait=true start is woken by the end of the run (or polls) a little later or without pausing, and answers at the same moment with the same run; the waiter map's bookkeeping keeps no answer",
    [
      ["server/src/integrations/sync/engine.ts", "BlockStatement", "{ return new Promise<void>((resolve) => { const listeners = this.endListeners.get(runId) …", "{}"],
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "listeners.size === 0 && this.endListeners.get(runId) === listeners", "true"],
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "listeners.size === 0 && this.endListeners.get(runId) === listeners", "false"],
      ["server/src/integrations/sync/engine.ts", "LogicalOperator", "listeners.size === 0 && this.endListeners.get(runId) === listeners", "listeners.size === 0 || this.endListeners.get(runId) === listeners"],
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "listeners.size === 0", "true"],
      ["server/src/integrations/sync/engine.ts", "EqualityOperator", "listeners.size === 0", "listeners.size !== 0"],
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "this.endListeners.get(runId) === listeners", "true"],
      ["server/src/integrations/sync/engine.ts", "EqualityOperator", "this.endListeners.get(runId) === listeners", "this.endListeners.get(runId) !== listeners"],
    ],
  ),
  ...withReason(
    "the shutdown of the process: stop runs only when the server closes, which no client of it sees (server/test/sync-two-servers.test.ts covers a stopped process handing its runs over)",
    [
      ["server/src/integrations/sync/engine.ts", "BlockStatement", "{ this.stopped = true; this.shutdown.abort(); this.kick(); await this.loop; await Promise…", "{}"],
      ["server/src/integrations/sync/engine.ts", "ArrayDeclaration", "[...this.tasks]", "[]"],
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "this.stopped", "false"],
      ["server/src/integrations/sync/engine.ts", "LogicalOperator", "this.woken || this.stopped", "this.woken && this.stopped"],
    ],
  ),
  ...withReason(
    "timing only: the loop pauses a poll (1 s) after a claim even when a run was made meanwhile, which is then claimed at the next poll; it runs and ends alike",
    [
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "this.woken || this.stopped", "false"],
    ],
  ),
  ...withReason(
    "a bound of the process's load, not of an answer: more than 8 sources run at once (a check would need 9 sources with runs under way at the same time), and every run ends alike",
    [
      ["server/src/integrations/sync/engine.ts", "ArithmeticOperator", "MAX_SOURCES - this.served.size", "MAX_SOURCES + this.served.size"],
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "free > 0", "true"],
      ["server/src/integrations/sync/engine.ts", "EqualityOperator", "free > 0", "free >= 0"],
    ],
  ),
  ...withReason(
    "server log only: claiming fails only when the database does, and the text goes to context.log, which no client reads",
    [
      ["server/src/integrations/sync/engine.ts", "BlockStatement", "{ if (!this.stopped) this.context.log(`sync engine: claiming runs failed: ${describe(erro…", "{}"],
      ["server/src/integrations/sync/engine.ts", "BooleanLiteral", "!this.stopped", "this.stopped"],
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "!this.stopped", "true"],
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "!this.stopped", "false"],
      ["server/src/integrations/sync/engine.ts", "StringLiteral", "`sync engine: claiming runs failed: ${describe(error)}`", "``"],
    ],
  ),
  // integrations/sync/run.ts (full profile, by file)
  ...withReason(
    "out of reach for a client of one running server: the signal aborts only when the process stops or its lease was taken over by another process, and then the run goes on elsewhere",
    [
      ["server/src/integrations/sync/run.ts", "StringLiteral", "'integration.error/app-failed'", "\"\""],
      ["server/src/integrations/sync/run.ts", "StringLiteral", "'The run was stopped in this process; it goes on from its last committed page.'", "\"\""],
      ["server/src/integrations/sync/run.ts", "ConditionalExpression", "env.signal.aborted", "false"],
    ],
  ).map((e) => ({ ...e, line: 64 })),
  ...withReason(
    "reached only by a step whose transaction fails, which no check makes: rows are converted and refused (row-invalid) before their step begins, so a step fails only on a database fault or a lost lease (another process); its counts then go back to the last checkpoint's",
    [
      ["server/src/integrations/sync/run.ts", "ObjectLiteral", "{ ...env.stats }", "{}"],
      ["server/src/integrations/sync/run.ts", "BlockStatement", "{ Object.assign(env.stats, stats); throw error; }", "{}"],
    ],
  ),
  ...withReason(
    "out of reach for a client of one running server: a run's checkpoint (and the types it created, kept in it) is read only when the run goes on after its process stopped (a restart, or another process: server/test/sync-two-servers.test.ts); the running process keeps the created types in memory",
    [
      ["server/src/integrations/sync/run.ts", "BlockStatement", "{ return { ...at, createdTypes: [...new Set([...createdTypes, ...(created ? [appType] : […", "{}"],
      ["server/src/integrations/sync/run.ts", "ObjectLiteral", "{ ...at, createdTypes: [...new Set([...createdTypes, ...(created ? [appType] : [])])] }", "{}"],
      ["server/src/integrations/sync/run.ts", "ArrayDeclaration", "[...new Set([...createdTypes, ...(created ? [appType] : [])])]", "[]"],
      ["server/src/integrations/sync/run.ts", "ArrayDeclaration", "[...createdTypes, ...(created ? [appType] : [])]", "[]"],
      ["server/src/integrations/sync/run.ts", "ArrayDeclaration", "[appType]", "[]"],
      ["server/src/integrations/sync/run.ts", "ArrowFunction", "() => checkpoint(created)", "() => undefined"],
    ],
  ),
  {
    file: "server/src/integrations/sync/run.ts",
    line: 85,
    mutator: "ArrayDeclaration",
    original: "[]",
    replacement: "[\"Stryker was here\"]",
    reason: "out of reach for a client of one running server: the types a run created are read from its checkpoint only when the run goes on after its process stopped (server/test/sync-two-servers.test.ts)",
  },
  // Where a run goes on after each page of a type (run.ts lines 177-182): the checkpoint, read only when a run goes on after its process stopped.
  ...withReason(
    "out of reach for a client of one running server: where the run goes on after a page (the next page, the removal step or the next type) is kept in its checkpoint, which is read only when the run goes on after its process stopped (a restart, or another process: server/test/sync-two-servers.test.ts); the running process goes on from its loop",
    [
      ["server/src/integrations/sync/run.ts", "ObjectLiteral", "{ type: at.type, step: 'pages', page: page + 1, pagination: next, allFull }", "{}"],
      ["server/src/integrations/sync/run.ts", "StringLiteral", "'pages'", "\"\""],
      ["server/src/integrations/sync/run.ts", "ConditionalExpression", "allFull && !source.keepUnsynced", "true"],
      ["server/src/integrations/sync/run.ts", "ConditionalExpression", "allFull && !source.keepUnsynced", "false"],
      ["server/src/integrations/sync/run.ts", "LogicalOperator", "allFull && !source.keepUnsynced", "allFull || !source.keepUnsynced"],
      ["server/src/integrations/sync/run.ts", "BooleanLiteral", "!source.keepUnsynced", "source.keepUnsynced"],
      ["server/src/integrations/sync/run.ts", "ObjectLiteral", "{ type: at.type, step: 'remove', page: 0, allFull }", "{}"],
      ["server/src/integrations/sync/run.ts", "StringLiteral", "'remove'", "\"\""],
      ["server/src/integrations/sync/run.ts", "ObjectLiteral", "{ type: at.type + 1, step: 'pages', page: 0, allFull: true }", "{}"],
      ["server/src/integrations/sync/run.ts", "ArithmeticOperator", "at.type + 1", "at.type - 1"],
      ["server/src/integrations/sync/run.ts", "ArrowFunction", "(created) => withCreated(after, createdTypes, mapping.appType, created)", "() => undefined"],
    ],
  ),
  ...[
    { line: 178, mutator: "ArithmeticOperator", original: "page + 1", replacement: "page - 1" },
    { line: 181, mutator: "BooleanLiteral", original: "true", replacement: "false" },
  ].map((m) => ({
    file: "server/src/integrations/sync/run.ts",
    ...m,
    reason: "out of reach for a client of one running server: a part of the checkpoint, read only when the run goes on after its process stopped (server/test/sync-two-servers.test.ts)",
  })),
  // engine.ts range 3 (serve): the tasks kept for the shutdown, the heartbeat between pages, the runs in a row
  ...withReason(
    "the shutdown of the process: the tasks set is what stop waits for, and the shutdown signal aborts only when the server closes, which no client of it sees; the lost-lease signal aborts only when another process took the source over",
    [
      ["server/src/integrations/sync/engine.ts", "BlockStatement", "{ const tracked = task.finally(() => this.tasks.delete(tracked)); this.tasks.add(tracked)…", "{}"],
      ["server/src/integrations/sync/engine.ts", "ArrowFunction", "() => this.tasks.delete(tracked)", "() => undefined"],
      ["server/src/integrations/sync/engine.ts", "ArrayDeclaration", "[this.shutdown.signal, lost.signal]", "[]"],
    ],
  ),
  ...withReason(
    "out of reach for a client of one running server: the heartbeat keeps the lease while one app call takes longer than the lease (15 s; every page's step renews it too), and without it the lease can be lost only to a claim, which in one process means the same run taken up again from its checkpoint with the same result (server/test/sync-leases.test.ts and sync-two-servers.test.ts cover leases)",
    [
      ["server/src/integrations/sync/engine.ts", "BlockStatement", "{ renewLease(this.background, lease).then( (held) => { if (!held) lost.abort(); }, () => …", "{}"],
      ["server/src/integrations/sync/engine.ts", "BlockStatement", "{ if (!held) lost.abort(); }", "{}"],
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "!held", "false"],
      ["server/src/integrations/sync/engine.ts", "MethodExpression", "Math.max(10, Math.floor(lease.leaseMs / 3))", "Math.min(10, Math.floor(lease.leaseMs / 3))"],
      ["server/src/integrations/sync/engine.ts", "ArithmeticOperator", "lease.leaseMs / 3", "lease.leaseMs * 3"],
    ],
  ),
  ...withReason(
    "fairness between sources only: a process serves up to 8 sources at once, each running its runs one at a time in the order they were made; without the bound of 20 in a row a source keeps its lease longer, and every run ends alike",
    [
      ["server/src/integrations/sync/engine.ts", "LogicalOperator", "n < MAX_RUNS_IN_A_ROW && !signal.aborted", "n < MAX_RUNS_IN_A_ROW || !signal.aborted"],
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "n < MAX_RUNS_IN_A_ROW", "true"],
      ["server/src/integrations/sync/engine.ts", "EqualityOperator", "n < MAX_RUNS_IN_A_ROW", "n <= MAX_RUNS_IN_A_ROW"],
      ["server/src/integrations/sync/engine.ts", "UpdateOperator", "n++", "n--"],
    ],
  ),
  ...withReason(
    "equivalent for clients: with no run left the engine tries to load run undefined (up to 20 times), which fails and is recorded on no row; every real run is run as before",
    [
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "runId === undefined", "false"],
    ],
  ),
  ...withReason(
    "timing only: after serving a source the loop is woken at once, or not (the next poll, 1 s later, claims a run made while the source was handed back); runs end alike, and a stopped engine's loop does not start again",
    [
      ["server/src/integrations/sync/engine.ts", "BooleanLiteral", "false", "true"],
      ["server/src/integrations/sync/engine.ts", "BooleanLiteral", "!signal.aborted", "signal.aborted"],
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "done && !this.stopped", "true"],
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "done && !this.stopped", "false"],
      ["server/src/integrations/sync/engine.ts", "LogicalOperator", "done && !this.stopped", "done || !this.stopped"],
      ["server/src/integrations/sync/engine.ts", "BooleanLiteral", "!this.stopped", "this.stopped"],
    ],
  ).map((e) => ({ ...e, line: e.original === "false" ? 184 : e.original === "!signal.aborted" ? 191 : 200 })),
  ...withReason(
    "server log only: the text goes to context.log, which no client reads (serving fails only when the database does: execute records every run's failure itself)",
    [
      ["server/src/integrations/sync/engine.ts", "BlockStatement", "{ if (!signal.aborted) this.context.log(`sync engine: source ${lease.sourceId}: ${describ…", "{}"],
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "!signal.aborted", "true"],
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "!signal.aborted", "false"],
      ["server/src/integrations/sync/engine.ts", "StringLiteral", "`sync engine: source ${lease.sourceId}: ${describe(error)}`", "``"],
    ],
  ).map((e) => ({ ...e, line: e.mutator === "BlockStatement" ? 192 : 193 })),
  {
    file: "server/src/integrations/sync/engine.ts",
    line: 193,
    mutator: "BooleanLiteral",
    original: "!signal.aborted",
    replacement: "signal.aborted",
    reason: "server log only: whether a failed serve is logged, which no client reads",
  },
  // run.ts range 3: the checkpoints of the removal step and the link pass
  ...withReason(
    "out of reach for a client of one running server: the checkpoint after the removal step or the link pass, read only when the run goes on after its process stopped (server/test/sync-two-servers.test.ts)",
    [
      ["server/src/integrations/sync/run.ts", "ArrowFunction", "() => ({ type: typeIndex + 1, step: 'pages', page: 0, allFull: true, createdTypes: [...cr…", "() => undefined"],
      ["server/src/integrations/sync/run.ts", "ObjectLiteral", "{ type: typeIndex + 1, step: 'pages', page: 0, allFull: true, createdTypes: [...createdTy…", "{}"],
      ["server/src/integrations/sync/run.ts", "ArithmeticOperator", "typeIndex + 1", "typeIndex - 1"],
      ["server/src/integrations/sync/run.ts", "ArrayDeclaration", "[...createdTypes]", "[]"],
      ["server/src/integrations/sync/run.ts", "ArrowFunction", "() => ({ type: source.types.length, step: 'pages', page: 0, allFull: true, createdTypes: …", "() => undefined"],
      ["server/src/integrations/sync/run.ts", "ObjectLiteral", "{ type: source.types.length, step: 'pages', page: 0, allFull: true, createdTypes: [...cre…", "{}"],
    ],
  ),
  ...[206, 216].map((line) => ({
    file: "server/src/integrations/sync/run.ts",
    line,
    mutator: "BooleanLiteral",
    original: "true",
    replacement: "false",
    reason: "out of reach for a client of one running server: a part of the checkpoint, read only when the run goes on after its process stopped (server/test/sync-two-servers.test.ts)",
  })),
  // run.ts range 4 (runSync, runEvent)
  ...withReason(
    "out of reach for the suite: a run has warnings only from a deviation of the app contract that the service tolerates (a one-to-many relation, APP-085), which the suite's apps do not make (server/test/integrations-deviations.test.ts covers the warnings)",
    [
      ["server/src/integrations/sync/run.ts", "BooleanLiteral", "!env.warnings.includes(warning)", "env.warnings.includes(warning)"],
      ["server/src/integrations/sync/run.ts", "ConditionalExpression", "!env.warnings.includes(warning)", "true"],
      ["server/src/integrations/sync/run.ts", "ConditionalExpression", "!env.warnings.includes(warning)", "false"],
    ],
  ),
  ...withReason(
    "equivalent: without a checkpoint, new Set(undefined) is as empty as new Set([]), and a created type named \"Stryker was here\" is the target of no relation, so the link pass links alike",
    [
      ["server/src/integrations/sync/run.ts", "LogicalOperator", "from?.createdTypes ?? []", "from?.createdTypes && []"],
    ],
  ),
  ...[247, 270].map((line) => ({
    file: "server/src/integrations/sync/run.ts",
    line,
    mutator: "ArrayDeclaration",
    original: "[]",
    replacement: "[\"Stryker was here\"]",
    reason: "equivalent: a created type named \"Stryker was here\" is the target of no relation, so the link pass links alike",
  })),
  ...withReason(
    "equivalent: one more turn of the loop finds no type at index types.length (no mapping, no rows) and goes on",
    [
      ["server/src/integrations/sync/run.ts", "EqualityOperator", "type < source.types.length", "type <= source.types.length"],
    ],
  ),
  ...withReason(
    "out of reach for a client of one running server: a run has a checkpoint to go on from only when it goes on after its process stopped (a restart, or another process: server/test/sync-two-servers.test.ts)",
    [
      ["server/src/integrations/sync/run.ts", "ConditionalExpression", "from.type === type", "true"],
      ["server/src/integrations/sync/run.ts", "EqualityOperator", "from.type === type", "from.type !== type"],
      ["server/src/integrations/sync/run.ts", "ConditionalExpression", "from && from.type === type", "true"],
      ["server/src/integrations/sync/run.ts", "ConditionalExpression", "from && from.type === type", "false"],
      ["server/src/integrations/sync/run.ts", "ObjectLiteral", "{ from: here }", "{}"],
      ["server/src/integrations/sync/run.ts", "ConditionalExpression", "here?.step === 'remove'", "false"],
      ["server/src/integrations/sync/run.ts", "ArrowFunction", "(created) => withCreated(after, createdTypes, appType, created)", "() => undefined"],
    ],
  ),
  {
    file: "server/src/integrations/sync/run.ts",
    line: 253,
    mutator: "StringLiteral",
    original: "'remove'",
    replacement: "\"\"",
    reason: "out of reach for a client of one running server: a run has a checkpoint to go on from only when it goes on after its process stopped (server/test/sync-two-servers.test.ts)",
  },
  // engine.ts range 4 (execute, finish)
  ...withReason(
    "unreachable: an event run is made with its event (receiveEvent keeps it in the run's row), so it always has one",
    [
      ["server/src/integrations/sync/engine.ts", "StringLiteral", "'The inbound event of this run was not kept, so it cannot be applied.'", "\"\""],
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "!state.event", "false"],
    ],
  ),
  ...withReason(
    "out of reach for a client of one running server: a run stops on the abort signal or LeaseLost only when its process stops or another process took its source over (then the run goes on there; server/test/sync-two-servers.test.ts)",
    [
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "signal.aborted || error instanceof LeaseLost", "false"],
      ["server/src/integrations/sync/engine.ts", "LogicalOperator", "signal.aborted || error instanceof LeaseLost", "signal.aborted && error instanceof LeaseLost"],
      ["server/src/integrations/sync/engine.ts", "BlockStatement", "{ if (!(error instanceof LeaseLost)) throw error; }", "{}"],
      ["server/src/integrations/sync/engine.ts", "BooleanLiteral", "!(error instanceof LeaseLost)", "error instanceof LeaseLost"],
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "!(error instanceof LeaseLost)", "true"],
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "!(error instanceof LeaseLost)", "false"],
    ],
  ),
  ...withReason(
    "server log only: the text or the call goes to context.log, which no client reads (a run's failure is recorded on the run first)",
    [
      ["server/src/integrations/sync/engine.ts", "StringLiteral", "`sync run ${runId}: ${error instanceof Error ? (error.stack ?? error.message) : String(er…", "``"],
      ["server/src/integrations/sync/engine.ts", "StringLiteral", "`sync run ${runId}: cannot record the failure: ${String(e)}`", "``"],
      ["server/src/integrations/sync/engine.ts", "ArrowFunction", "(e: unknown) => this.context.log(`sync run ${runId}: cannot record the failure: ${String(…", "() => undefined"],
      ["server/src/integrations/sync/engine.ts", "BlockStatement", "{ return error instanceof Error ? error.message : String(error); }", "{}"],
    ],
  ),
  {
    file: "server/src/integrations/sync/engine.ts",
    line: 244,
    mutator: "ArrayDeclaration",
    original: "[]",
    replacement: "[\"Stryker was here\"]",
    reason: "timing only: with no waiter of the run, calling the string throws after the run's end was recorded; the source is handed back (the error goes to the log) and its next run is claimed at the next poll, 1 s later",
  },
  // integrations/sync/run-store.ts (full profile, by file)
  ...withReason(
    "equivalent: every caller of updateRun passes status and nextAttemptAt (run.ts's retry hooks, the engine's finish), and none passes an empty update",
    [
      ["server/src/integrations/sync/run-store.ts", "ConditionalExpression", "update.status !== undefined", "true"],
      ["server/src/integrations/sync/run-store.ts", "ConditionalExpression", "update.nextAttemptAt !== undefined", "true"],
      ["server/src/integrations/sync/run-store.ts", "ConditionalExpression", "sets.length === 0", "false"],
    ],
  ),
  ...withReason(
    "equivalent: every step saves the counts with its checkpoint (saveProgress), and a failed step restores them to those, so the counts the end of a run writes again are the ones saved",
    [
      ["server/src/integrations/sync/run-store.ts", "ConditionalExpression", "update.stats !== undefined", "false"],
    ],
  ),
  ...withReason(
    "equivalent: a run's error is written only when it fails, which ends it; until then it reads null, which the mutant writes again",
    [
      ["server/src/integrations/sync/run-store.ts", "ConditionalExpression", "update.error !== undefined", "true"],
    ],
  ),
  ...withReason(
    "out of reach for the suite: a run has warnings only from a deviation of the app contract that the service tolerates (a one-to-many relation, APP-085), which the suite's apps do not make; each step saves them with its checkpoint, so only a run failing before its first step would lose them (server/test/integrations-deviations.test.ts covers the warnings)",
    [
      ["server/src/integrations/sync/run-store.ts", "ConditionalExpression", "update.warnings !== undefined", "false"],
    ],
  ),
  // loadRunState's not-found (line 143); loadRun's (the same text, line 107) is killed by sync.one-run-at-a-time.
  ...withReason(
    "reached only when a run is deleted (its source deleted) between the engine choosing it and loading it, or while a wait=true start waits for it: a race of two clients no check stages; the source and its runs are gone either way",
    [
      ["server/src/integrations/sync/run-store.ts", "StringLiteral", "'integration.error/sync-not-found'", "\"\""],
      ["server/src/integrations/sync/run-store.ts", "StringLiteral", "`There is no sync run ${id}.`", "``"],
      ["server/src/integrations/sync/run-store.ts", "ObjectLiteral", "{ id }", "{}"],
      ["server/src/integrations/sync/run-store.ts", "ConditionalExpression", "!row", "false"],
    ],
  ).map((e) => ({ ...e, line: 143 })),
  ...withReason(
    "reached only when a run is deleted (its source deleted) while a wait=true start waits for it: a race of two clients no check stages",
    [
      ["server/src/integrations/sync/run-store.ts", "OptionalChaining", "rows[0]?.status", "rows[0].status"],
    ],
  ),
  ...withReason(
    "out of reach for a client of one running server: a run starts with the warnings it has only when it goes on after its process stopped (a restart, or another process taking the source over; server/test/sync-two-servers.test.ts); a run's warnings are never null",
    [
      ["server/src/integrations/sync/run-store.ts", "ArrayDeclaration", "[...(run.warnings ?? [])]", "[]"],
      ["server/src/integrations/sync/run-store.ts", "LogicalOperator", "run.warnings ?? []", "run.warnings && []"],
      ["server/src/integrations/sync/run-store.ts", "ArrayDeclaration", "[]", "[\"Stryker was here\"]"],
    ],
  ),
  // integrations/sync (run.ts, engine.ts, run-store.ts, retry.ts, link-pass.ts, linked-targets.ts, protection.ts, apply-page.ts): the rest of the quick-profile survivors no client can tell
  ...withReason(
    "reached only when an administrator deleted a Database or field the source created and an inbound event comes before the next run (a run recreates them first); the spec states nothing of that case",
    [
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "!field", "false"],
      ["server/src/integrations/sync/link-pass.ts", "ConditionalExpression", "!type", "false"],
      ["server/src/integrations/sync/link-pass.ts", "LogicalOperator", "!field || !keyField || field.storage !== 'link' || !mapping.types[relation.targetAppType]", "(!field || !keyField || field.storage !== 'link') && !mapping.types[relation.targetAppTyp…"],
      ["server/src/integrations/sync/link-pass.ts", "ConditionalExpression", "!field || !keyField || field.storage !== 'link'", "false"],
    ],
  ),
  ...withReason(
    "every rich text field of a written Entity has a secret (insertEntities gives new ones one, updated rows get one first), unless an administrator deleted the field and an event comes before the next run, a case the spec does not state",
    [
      ["server/src/integrations/sync/apply-page.ts", "ConditionalExpression", "typeof secret === 'string'", "true"],
    ],
  ),
  ...withReason(
    "server log only: the text or the call goes to context.log, which no client reads",
    [
      ["server/src/integrations/sync/engine.ts", "LogicalOperator", "error.stack ?? error.message", "error.stack && error.message"],
      ["server/src/integrations/sync/engine.ts", "BooleanLiteral", "!(error instanceof Failure)", "error instanceof Failure"],
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "!(error instanceof Failure)", "true"],
      ["server/src/integrations/sync/engine.ts", "ConditionalExpression", "!(error instanceof Failure)", "false"],
    ],
  ),
  ...withReason(
    "the server always gives the engine onDeliveries (server/src/index.ts)",
    [
      ["server/src/integrations/sync/engine.ts", "OptionalChaining", "this.deps.onDeliveries?.()", "this.deps.onDeliveries()"],
    ],
  ),
  ...withReason(
    "timing only: onDeliveries wakes the webhook worker at once; without it the worker's 500 ms poll sends the same deliveries",
    [
      ["server/src/integrations/sync/engine.ts", "ArrowFunction", "() => this.deps.onDeliveries?.()", "() => undefined"],
    ],
  ),
  ...withReason(
    "reached only by a fault that is not a Failure (a server bug or a lost database); every failure a run meets from an app, a row or a bound is a Failure",
    [
      ["server/src/integrations/sync/engine.ts", "StringLiteral", "'integration.error/app-failed'", "\"\""],
      ["server/src/integrations/sync/engine.ts", "StringLiteral", "'The run stopped on an unexpected fault of the server; nothing of the page it was on was …", "\"\""],
    ],
  ),
  ...withReason(
    "server log only: the text or the call goes to context.log, which no client reads (launch fails only when the database does)",
    [
      ["server/src/integrations/sync/engine.ts", "ArrowFunction", "(error: unknown) => this.context.log(`sync engine: event for source ${sourceId} not appli…", "() => undefined"],
      ["server/src/integrations/sync/engine.ts", "StringLiteral", "`sync engine: event for source ${sourceId} not applied: ${String(error)}`", "``"],
    ],
  ),
  ...withReason(
    "a relation field the sync created has the target Database as its type, so its storage is always link",
    [
      ["server/src/integrations/sync/link-pass.ts", "ConditionalExpression", "field.storage !== 'link'", "false"],
    ],
  ),
  ...withReason(
    "a relation field that is not a collection has multi false, and keysOf then answers at most one key",
    [
      ["server/src/integrations/sync/link-pass.ts", "MethodExpression", "wanted.slice(0, 1)", "wanted"],
    ],
  ),
  ...withReason(
    "every link field a sync compares (its relation, select and people fields) is created first on a new relation, so it is end a",
    [
      ["server/src/integrations/sync/linked-targets.ts", "StringLiteral", "'b'", "\"\""],
      ["server/src/integrations/sync/linked-targets.ts", "ConditionalExpression", "field.relationEnd === 'b'", "false"],
      ["server/src/integrations/sync/linked-targets.ts", "StringLiteral", "'a'", "\"\""],
      ["server/src/integrations/sync/linked-targets.ts", "ConditionalExpression", "mine === 'a'", "true"],
    ],
  ),
  ...withReason(
    "value fields have a null relation id: taken as link fields they find no link",
    [
      ["server/src/integrations/sync/protection.ts", "LogicalOperator", "f.storage === 'link' && !SYSTEM_FIELD_NAMES.has(f.name)", "f.storage === 'link' || !SYSTEM_FIELD_NAMES.has(f.name)"],
    ],
  ),
  ...withReason(
    "timing only, and random: the wait moves from 0.8-1.2 to 0.83-1.25 of its step; it leaves the 20% band only for about 1 draw in 12, by at most 4% of the step",
    [
      ["server/src/integrations/sync/retry.ts", "ArithmeticOperator", "base * (0.8 + 0.4 * random())", "base / (0.8 + 0.4 * random())"],
    ],
  ),
  ...withReason(
    "the abort listener is removed when the timer fires, and abort fires at most once (server shutdown)",
    [
      ["server/src/integrations/sync/retry.ts", "BooleanLiteral", "true", "false"],
    ],
  ),
  ...withReason(
    "onResumed sets status running and nextAttemptAt null, which a run that never waited already has",
    [
      ["server/src/integrations/sync/retry.ts", "BooleanLiteral", "false", "true"],
      ["server/src/integrations/sync/retry.ts", "ConditionalExpression", "waited", "true"],
    ],
  ),
  ...withReason(
    "beyond limits no run reaches: a ninth tryLater answer comes only after about 3 minutes of waits (1+2+4+...+60 s), longer than any check waits",
    [
      ["server/src/integrations/sync/retry.ts", "ConditionalExpression", "tries >= retry.attempts", "false"],
      ["server/src/integrations/sync/retry.ts", "EqualityOperator", "tries >= retry.attempts", "tries > retry.attempts"],
    ],
  ),
  ...withReason(
    "every selected column is present in a row: the database answers null, never undefined",
    [
      ["server/src/integrations/sync/run-store.ts", "ConditionalExpression", "value === undefined", "false"],
    ],
  ),
  ...withReason(
    "every update made while a run waits (retrying) sets nextAttemptAt itself; the others come when it is null already, so setting it null again changes nothing",
    [
      ["server/src/integrations/sync/run-store.ts", "ConditionalExpression", "update.nextAttemptAt !== undefined", "true"],
    ],
  ),
  ...withReason(
    "error is null until the final update sets it; setting it null in the earlier updates changes nothing",
    [
      ["server/src/integrations/sync/run-store.ts", "ConditionalExpression", "update.error !== undefined", "true"],
    ],
  ),
  ...withReason(
    "no caller passes an empty update",
    [
      ["server/src/integrations/sync/run-store.ts", "ConditionalExpression", "sets.length === 0", "false"],
    ],
  ),
  ...withReason(
    "rowInvalid is called only from lines disabled as out of reach (a row that is not an object, a transform data.<type> that is not an array): the app client refuses those answers first",
    [
      ["server/src/integrations/sync/run.ts", "BlockStatement", "{ return new Failure('integration.error/row-invalid', message, data, 422); }", "{}"],
      ["server/src/integrations/sync/run.ts", "StringLiteral", "'integration.error/row-invalid'", "\"\""],
    ],
  ),
  ...withReason(
    "timing only: onDeliveries wakes the webhook worker at once; without it the worker's 500 ms poll sends the same deliveries, and an extra wake-up with none due sends nothing",
    [
      ["server/src/integrations/sync/run.ts", "ConditionalExpression", "deliveries > 0", "false"],
      ["server/src/integrations/sync/run.ts", "ConditionalExpression", "deliveries > 0", "true"],
      ["server/src/integrations/sync/run.ts", "EqualityOperator", "deliveries > 0", "deliveries >= 0"],
      ["server/src/integrations/sync/run.ts", "EqualityOperator", "deliveries > 0", "deliveries <= 0"],
    ],
  ),
  ...withReason(
    "an empty list: prepareFiles of no references prepares and downloads nothing and answers []",
    [
      ["server/src/integrations/sync/run.ts", "ConditionalExpression", "refs.length > 0", "true"],
      ["server/src/integrations/sync/run.ts", "EqualityOperator", "refs.length > 0", "refs.length >= 0"],
    ],
  ),
  ...withReason(
    "the entry \"Stryker was here\" has no key, url or downloaded flag: saveFiles' UPDATE ... file_key = NULL matches no row, the files map gets an undefined key no row reference asks for, and it counts no download",
    [
      ["server/src/integrations/sync/run.ts", "ArrayDeclaration", "[]", "[\"Stryker was here\"]"],
    ],
  ).map((e) => ({ ...e, line: 106 })),
  ...withReason(
    "created is always assigned in the transaction before it is read; if the transaction throws, applyRows throws and the value is never read",
    [
      ["server/src/integrations/sync/run.ts", "BooleanLiteral", "false", "true"],
    ],
  ),
  ...withReason(
    "saveFiles answers one value per prepared file, so prepared[i] is always defined",
    [
      ["server/src/integrations/sync/run.ts", "ConditionalExpression", "ref", "true"],
    ],
  ),
  ...withReason(
    "createdTypes only widens the link pass to every Entity of a type: the links it finds already right are left as they are (sameTargets), so the same links result",
    [
      ["server/src/integrations/sync/run.ts", "ConditionalExpression", "env.stats.created > before", "true"],
      ["server/src/integrations/sync/run.ts", "EqualityOperator", "env.stats.created > before", "env.stats.created >= before"],
    ],
  ),
  ...withReason(
    "only a page of exactly 10,000 rows (the limit) tells > from >=; applying one takes pg-mem about 25 s a run, so no check makes one (sync.huge-page sends 12,000)",
    [
      ["server/src/integrations/sync/run.ts", "EqualityOperator", "answer.items.length > settings.maxRowsPerPage", "answer.items.length >= settings.maxRowsPerPage"],
    ],
  ),
  ...withReason(
    "on the first page pagination is undefined and stableJson(undefined) is undefined, never equal to the text of nextPageConfig",
    [
      ["server/src/integrations/sync/run.ts", "ConditionalExpression", "pagination !== undefined", "true"],
    ],
  ),
  ...withReason(
    "wording only: the page number in the message, which the spec does not state",
    [
      ["server/src/integrations/sync/run.ts", "ArithmeticOperator", "page + 1", "page - 1"],
    ],
  ).map((e) => ({ ...e, line: 185 })),
  ...withReason(
    "an empty list: removeOrMark and deleteKeys of no Entities remove, mark, delete and count nothing",
    [
      ["server/src/integrations/sync/run.ts", "ConditionalExpression", "gone.length === 0", "false"],
    ],
  ),
  ...withReason(
    "source-setup materializes a mapping for every type when the source is added, and a source's types never change afterwards, so types[id] always exists",
    [
      ["server/src/integrations/sync/run.ts", "OptionalChaining", "source.mapping.types[id]?.database", "source.mapping.types[id].database"],
    ],
  ),
  ...withReason(
    "source-setup materializes a mapping for every type when the source is added, and a source's types never change afterwards, so mapping always exists",
    [
      ["server/src/integrations/sync/run.ts", "ConditionalExpression", "!mapping", "false"],
    ],
  ),
  ...withReason(
    "only a transform of exactly 10,000 rows of a type (the limit) tells > from >=; applying one takes pg-mem about 25 s, so no check makes one",
    [
      ["server/src/integrations/sync/run.ts", "EqualityOperator", "rows.length > env.context.integrationSettings.maxRowsPerPage", "rows.length >= env.context.integrationSettings.maxRowsPerPage"],
    ],
  ),
  ...withReason(
    "out of reach: retention of sync runs deletes only finished runs older than the retention age (7 days by default) beyond the latest 50 of a source, in a background pass; no suite can wait for that on any server (as WH-044 for webhooks), and the pass finds nothing to delete on a fresh server. server/test/retention.test.ts covers the pruning of sync runs",
    [
      ["server/src/integrations/sync/run-retention.ts", "StringLiteral", "\"status IN ('succeeded', 'failed')\"", "\"\""],
      ["server/src/integrations/sync/run-retention.ts", "BlockStatement", "{ let runs = 0; let after = ''; for (;;) { // Every source that has runs, a page at a tim…", "{}"],
      ["server/src/integrations/sync/run-retention.ts", "StringLiteral", "''", "\"Stryker was here!\""],
      ["server/src/integrations/sync/run-retention.ts", "ConditionalExpression", "for (;;) { // Every source that has runs, a page at a time (the loop ends: `after` grows)…", "for (; false;) { // Every source that has runs, a page at a time (the loop ends: `after` …"],
      ["server/src/integrations/sync/run-retention.ts", "StringLiteral", "`SELECT DISTINCT source_id FROM integration_runs WHERE source_id > $1 ORDER BY source_id …", "``"],
      ["server/src/integrations/sync/run-retention.ts", "ArrayDeclaration", "[after || '00000000-0000-0000-0000-000000000000']", "[]"],
      ["server/src/integrations/sync/run-retention.ts", "ConditionalExpression", "after || '00000000-0000-0000-0000-000000000000'", "true"],
      ["server/src/integrations/sync/run-retention.ts", "ConditionalExpression", "after || '00000000-0000-0000-0000-000000000000'", "false"],
      ["server/src/integrations/sync/run-retention.ts", "LogicalOperator", "after || '00000000-0000-0000-0000-000000000000'", "after && '00000000-0000-0000-0000-000000000000'"],
      ["server/src/integrations/sync/run-retention.ts", "StringLiteral", "'00000000-0000-0000-0000-000000000000'", "\"\""],
      ["server/src/integrations/sync/run-retention.ts", "ConditionalExpression", "rows.length === 0", "true"],
      ["server/src/integrations/sync/run-retention.ts", "ConditionalExpression", "rows.length === 0", "false"],
      ["server/src/integrations/sync/run-retention.ts", "EqualityOperator", "rows.length === 0", "rows.length !== 0"],
      ["server/src/integrations/sync/run-retention.ts", "ObjectLiteral", "{ runs, more: false }", "{}"],
      ["server/src/integrations/sync/run-retention.ts", "BooleanLiteral", "false", "true"],
      ["server/src/integrations/sync/run-retention.ts", "BlockStatement", "{ if (options.budget.left <= 0) return { runs, more: true }; runs += await pruneSource(db…", "{}"],
      ["server/src/integrations/sync/run-retention.ts", "ObjectLiteral", "{ runs, more: true }", "{}"],
      ["server/src/integrations/sync/run-retention.ts", "BooleanLiteral", "true", "false"],
      ["server/src/integrations/sync/run-retention.ts", "ConditionalExpression", "options.budget.left <= 0", "true"],
      ["server/src/integrations/sync/run-retention.ts", "ConditionalExpression", "options.budget.left <= 0", "false"],
      ["server/src/integrations/sync/run-retention.ts", "EqualityOperator", "options.budget.left <= 0", "options.budget.left < 0"],
      ["server/src/integrations/sync/run-retention.ts", "EqualityOperator", "options.budget.left <= 0", "options.budget.left > 0"],
      ["server/src/integrations/sync/run-retention.ts", "AssignmentOperator", "runs += await pruneSource(db, sourceId, options)", "runs -= await pruneSource(db, sourceId, options)"],
      ["server/src/integrations/sync/run-retention.ts", "BlockStatement", "{ // The newest run not among the latest `keep` (of any status): it and older finished on…", "{}"],
      ["server/src/integrations/sync/run-retention.ts", "StringLiteral", "`SELECT id FROM integration_runs WHERE source_id = $1 ORDER BY id DESC OFFSET ${options.k…", "``"],
      ["server/src/integrations/sync/run-retention.ts", "ArrayDeclaration", "[ sourceId, ]", "[]"],
      ["server/src/integrations/sync/run-retention.ts", "BooleanLiteral", "!newest", "newest"],
      ["server/src/integrations/sync/run-retention.ts", "ConditionalExpression", "!newest", "true"],
      ["server/src/integrations/sync/run-retention.ts", "ConditionalExpression", "!newest", "false"],
      ["server/src/integrations/sync/run-retention.ts", "StringLiteral", "`SELECT id FROM integration_runs WHERE source_id = $1 AND ${FINISHED} AND id <= $2 AND fi…", "``"],
      ["server/src/integrations/sync/run-retention.ts", "ArrayDeclaration", "[sourceId, Number(newest.id), options.cutoff.toISOString()]", "[]"],
      ["server/src/integrations/sync/run-retention.ts", "ConditionalExpression", "rows.length === 0", "true"],
      ["server/src/integrations/sync/run-retention.ts", "ConditionalExpression", "rows.length === 0", "false"],
      ["server/src/integrations/sync/run-retention.ts", "EqualityOperator", "rows.length === 0", "rows.length !== 0"],
      ["server/src/integrations/sync/run-retention.ts", "ArrowFunction", "(r) => Number(r.id)", "() => undefined"],
      ["server/src/integrations/sync/run-retention.ts", "StringLiteral", "`DELETE FROM integration_runs WHERE source_id = $1 AND ${FINISHED} AND id IN (${placehold…", "``"],
      ["server/src/integrations/sync/run-retention.ts", "ArrayDeclaration", "[sourceId, ...ids]", "[]"],
    ],
  ),
];
