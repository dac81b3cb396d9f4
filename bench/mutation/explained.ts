/**
 * Surviving mutants that are equivalent (or out of reach) where a `// Stryker disable` comment
 * would say too much: a comment disables a mutator on a whole line, and with it the other mutants
 * of that line that checks do kill. Each entry names one mutant by file, mutator, the text it
 * replaces and its replacement, with the reason; bench/results/mutation.md lists a matching
 * survivor with the equivalent ones (results.ts). A changed line no longer matches, so an entry
 * never hides a mutant of code written after it.
 */
export interface Explanation {
  file: string;
  mutator: string;
  /** The mutated text as the results show it (`original` column). */
  original: string;
  /** The replacement as the results show it (`mutant` column). */
  replacement: string;
  reason: string;
}

/** Why mutants of the webhook delivery code are equivalent or out of reach. */
const DELIVERY = {
  LATENCY: "latency or load only: the poll (pollMs) finds what a wake-up, a kept lease or a fuller claim would have; each webhook's deliveries stay in order under its lease",
  SHUTDOWN: "the shutdown of the process: no client of it sees it (server/test/webhooks-crash.test.ts covers it)",
  START: "the server starts its worker once",
  LEASE: "out of reach: the lease outlives every attempt unless one takes longer than half the attempt time-out (seconds); the suite's receivers answer within 1.2 s",
  DUE: "a webhook is claimed only once its oldest delivery is due (its lease runs until then), so what was claimed is due",
  PG: "locks matter only to several processes on one PostgreSQL schema (server/test/webhooks-two-servers.test.ts); the suite's server is one process on pg-mem",
  LOST: "a lease lost to another process, or a webhook deleted meanwhile: several processes or a race no check can time",
  TOGETHER: "delivery and result come together (the worker attempts every delivery it claimed, which is due)",
  TRIM: "housekeeping: how often old runs are deleted (the list shows the latest 50 either way; reached after 100 runs of one webhook)",
  GIVEUP: "out of reach: when a delivery is given up (WH-038) is hours away on a real schedule; server/test/webhooks-delivery.test.ts covers it",
  SCHEDULE: "the schedule's length and spread are the server's: WH-031 asks that a failed delivery be tried again, not when; server/test/webhooks-units.test.ts covers the schedule",
  DEFAULTS: "the suite's server is given a retry schedule of its own; the defaults are unit-tested (server/test/webhooks-units.test.ts)",
  ADDED: "out of reach: the URL was checked when the webhook was added; only an allow-list narrowed between two starts of the server gets past that",
  SETTLE: "the attempt settles once either way",
  HTTP: "out of reach: the suite's receivers are plain http (an https one would need a certificate the server trusts)",
  UA: "the spec names no user-agent",
  WH039: "out of reach: the time-out and the size bound need a receiver that hangs or answers without end (WH-039; server/test/webhooks-units.test.ts covers them)",
  EVENTS: "'close' follows 'end' and 'error' and settles the attempt with the same status",
} as const;

/** Entries sharing one reason: `[file, mutator, original, replacement]` each. */
function withReason(reason: string, rows: ReadonlyArray<readonly [string, string, string, string]>): Explanation[] {
  return rows.map(([file, mutator, original, replacement]) => ({ file, mutator, original, replacement, reason }));
}

const JSON_KEYS = 'a range or a location always holds its keys; falling through stringifies the same keys (a client parses the string)';

export const EXPLAINED: readonly Explanation[] = [
  { file: 'server/src/graphql/materialize.ts', mutator: 'ConditionalExpression', original: "'start' in v || 'end' in v", replacement: 'false', reason: JSON_KEYS },
  { file: 'server/src/graphql/materialize.ts', mutator: 'ConditionalExpression', original: "'latitude' in v || 'longitude' in v", replacement: 'false', reason: JSON_KEYS },
  ...["value && typeof value === 'object' && !Array.isArray(value)", "value && typeof value === 'object'", "typeof value === 'object'"].map((original) => ({
    file: 'server/src/graphql/materialize.ts',
    mutator: 'ConditionalExpression',
    original,
    replacement: 'true',
    reason: 'a JSON value here is a range or a location object, never null or a list',
  })),
  ...["'id'", "'createdBy'"].map((original) => ({
    file: 'server/src/graphql/space-model.ts',
    mutator: 'StringLiteral',
    original,
    replacement: '""',
    reason: 'a system field is named from SYSTEM_FIELD_NAMES, not from this base name',
  })),
  {
    file: 'server/src/graphql/space-model.ts',
    mutator: 'ConditionalExpression',
    original: "f.storage !== 'system'",
    replacement: 'true',
    reason: 'a system field met again takes its own name again (SYSTEM_FIELD_NAMES), the others are left out as svc fields',
  },
  {
    file: 'server/src/graphql/space-model.ts',
    mutator: 'ConditionalExpression',
    original: "field.storage === 'system' && !systemName",
    replacement: 'false',
    reason: 'the other system fields are in the svc namespace, which fieldModel leaves out too',
  },
  {
    file: 'server/src/graphql/space-model.ts',
    mutator: 'ConditionalExpression',
    original: "field.name === 'comment/author'",
    replacement: 'true',
    reason: 'the comment type has no other field left at that point',
  },

  // graphql/routes.ts
  ...(
    [
      ['ConditionalExpression', "typeof space === 'string'", 'true'],
      ['ConditionalExpression', "typeof req.params['ref'] === 'string'", 'true'],
      ['ConditionalExpression', "typeof req.query['signature'] === 'string'", 'true'],
      ['StringLiteral', "''", '"Stryker was here!"'],
    ] as const
  ).map(([mutator, original, replacement]) => ({
    file: 'server/src/graphql/routes.ts',
    mutator,
    original,
    replacement,
    reason: 'express gives route parameters as strings, and the request validator refuses a signature that is not one string',
  })),
  ...(
    [
      ['ConditionalExpression', 'ref && Number.isSafeInteger(expires)', 'true'],
      ['LogicalOperator', 'ref && Number.isSafeInteger(expires)', 'ref || Number.isSafeInteger(expires)'],
    ] as const
  ).map(([mutator, original, replacement]) => ({
    file: 'server/src/graphql/routes.ts',
    mutator,
    original,
    replacement,
    reason: 'the signature covers the ref and the expiry, so an address that does not parse fails it too',
  })),
  ...(
    [
      ['ConditionalExpression', "verdict === 'expired'", 'false'],
      ['StringLiteral', "'expired'", '""'],
      ['BlockStatement', "{ refuse(403, { name: 'file.error/url-expired', message: `This file address expired at ${…", '{}'],
    ] as const
  ).map(([mutator, original, replacement]) => ({
    file: 'server/src/graphql/routes.ts',
    mutator,
    original,
    replacement,
    reason: 'out of reach: a validly signed address expires only after 60 minutes; no check waits for it (server/test covers it)',
  })),
  // graphql/limits/cost-limit.ts
  { file: 'server/src/graphql/limits/cost-limit.ts', mutator: 'BooleanLiteral', original: 'false', replacement: 'true', reason: "the visitor's answer only skips children no rule of it applies to" },
  { file: 'server/src/graphql/limits/cost-limit.ts', mutator: 'ConditionalExpression', original: '!query', replacement: 'false', reason: 'every schema has a Query type' },
  {
    file: 'server/src/graphql/limits/cost-limit.ts',
    mutator: 'OptionalChaining',
    original: 'node.name?.value',
    replacement: 'node.name.value',
    reason: 'an anonymous operation next to an operationName is refused (OPERATION_RESOLUTION_FAILURE) before the cost is counted',
  },
  // graphql/schema-cache.ts
  ...['!this.current || this.current.version !== catalog.version', '!built'].map((original) => ({
    file: 'server/src/graphql/schema-cache.ts',
    mutator: 'ConditionalExpression',
    original,
    replacement: 'true',
    reason: 'load only: a cache that is always rebuilt answers the same',
  })),
  // graphql/filters.ts
  ...['parts.length === 1'].map((original) => ({
    file: 'server/src/graphql/filters.ts',
    mutator: 'ConditionalExpression',
    original,
    replacement: 'false',
    reason: 'an and (or) of one part is that part: the engine compiles both alike',
  })),
  { file: 'server/src/graphql/filters.ts', mutator: 'ConditionalExpression', original: '!f', replacement: 'false', reason: 'GraphQL validation admits only the fields of the filter input' },
  { file: 'server/src/graphql/filters.ts', mutator: 'ConditionalExpression', original: 'value === undefined', replacement: 'false', reason: 'coerced input objects hold no undefined values' },
  // graphql/collect-fields.ts
  ...(
    [
      ['ConditionalExpression', 'visited.has(name) || !fragment', 'false'],
      ['ConditionalExpression', 'visited.has(name)', 'false'],
      ['ConditionalExpression', '!fragment', 'false'],
      ['LogicalOperator', 'visited.has(name) || !fragment', 'visited.has(name) && !fragment'],
    ] as const
  ).map(([mutator, original, replacement]) => ({
    file: 'server/src/graphql/collect-fields.ts',
    mutator,
    original,
    replacement,
    reason: 'validation refuses unknown fragments and cycles first; a repeated spread adds the same nodes to the same response keys',
  })),
  // graphql/execute.ts
  ...(
    [
      ['LogicalOperator', "source && typeof source === 'object'", "source || typeof source === 'object'"],
      ['ConditionalExpression', "source && typeof source === 'object'", 'true'],
      ['ConditionalExpression', "typeof source === 'object'", 'true'],
    ] as const
  ).map(([mutator, original, replacement]) => ({
    file: 'server/src/graphql/execute.ts',
    mutator,
    original,
    replacement,
    reason: 'graphql-js resolves fields of objects only (it does not descend into a null parent)',
  })),
  { file: 'server/src/graphql/execute.ts', mutator: 'ConditionalExpression', original: 'error instanceof GraphQLError', replacement: 'true', reason: "graphql-js's parser throws GraphQLErrors only" },
  ...(
    [
      ['ConditionalExpression', "env.context.db.kind === 'postgres'", 'false'],
      ['StringLiteral', "'window'", '""'],
      ['StringLiteral', "'postgres'", '""'],
      ['StringLiteral', "'all'", '""'],
    ] as const
  ).map(([mutator, original, replacement]) => ({
    file: 'server/src/graphql/execute.ts',
    mutator,
    original,
    replacement,
    reason: "two ways to the same rows (window functions on PostgreSQL, which the suite's pg-mem server lacks); server/test runs both",
  })),
  ...(
    [
      ['EqualityOperator', 'result.errors.length > 0', 'result.errors.length >= 0'],
      ['ConditionalExpression', 'result.errors.length > 0', 'true'],
    ] as const
  ).map(([mutator, original, replacement]) => ({ file: 'server/src/graphql/execute.ts', mutator, original, replacement, reason: 'graphql-js leaves errors out when there are none' })),
  // graphql/materialize.ts
  { file: 'server/src/graphql/materialize.ts', mutator: 'ConditionalExpression', original: 'content === undefined', replacement: 'false', reason: 'JSON.stringify(undefined) is undefined, which graphql-js answers as null too' },
  ...(
    [
      ['ConditionalExpression', 'secret === undefined', 'false'],
      ['BlockStatement', '{ out[entry.key] = null; break; }', '{}'],
    ] as const
  ).map(([mutator, original, replacement]) => ({
    file: 'server/src/graphql/materialize.ts',
    mutator,
    original,
    replacement,
    reason: 'every rich text value holds its document secret (the server makes the document with the Entity)',
  })),
  ...(
    [
      ['ConditionalExpression', "typeof value === 'object'", 'true'],
      ['LogicalOperator', "value && typeof value === 'object'", "value || typeof value === 'object'"],
      ['ConditionalExpression', "typeof secret === 'string'", 'true'],
    ] as const
  ).map(([mutator, original, replacement]) => ({
    file: 'server/src/graphql/materialize.ts',
    mutator,
    original,
    replacement,
    reason: 'a relation value is an object or null, a rich text value its secret or an object holding it: never another truthy value',
  })),
  // graphql/compile.ts
  {
    file: 'server/src/graphql/compile.ts',
    mutator: 'ConditionalExpression',
    original: 'Object.hasOwn(RICH_TEXT_FORMATS, fieldName)',
    replacement: 'true',
    reason: 'the one other field of RichText is __typename, which graphql-js answers itself',
  },
  // webhooks delivery (worker, queue, schedule, sender), grouped by reason
  ...withReason(DELIVERY.LATENCY, [
    ["server/src/webhooks/queue.ts", "BooleanLiteral", "true", "false"],
    ["server/src/webhooks/queue.ts", "ConditionalExpression", "options.look ?? true", "true"],
    ["server/src/webhooks/queue.ts", "ConditionalExpression", "options.look ?? true", "false"],
    ["server/src/webhooks/queue.ts", "LogicalOperator", "options.look ?? true", "options.look && true"],
    ["server/src/webhooks/queue.ts", "BlockStatement", "{ const { rows: candidates } = await db.query<{ webhook_id: number }>(`SELECT webhook_id …", "{}"],
    ["server/src/webhooks/queue.ts", "ConditionalExpression", "candidates.length === 0", "false"],
    ["server/src/webhooks/queue.ts", "MethodExpression", "Math.max(1, Math.floor(limit))", "Math.min(1, Math.floor(limit))"],
    ["server/src/webhooks/queue.ts", "ConditionalExpression", "rows.length === 0", "false"],
    ["server/src/webhooks/queue.ts", "ArrayDeclaration", "[]", "[\"Stryker was here\"]"],
    ["server/src/webhooks/queue.ts", "ConditionalExpression", "head !== undefined && delivery !== undefined && options.keepLease && dueAt <= now", "false"],
    ["server/src/webhooks/queue.ts", "ConditionalExpression", "delivery !== undefined", "true"],
    ["server/src/webhooks/queue.ts", "EqualityOperator", "delivery !== undefined", "delivery === undefined"],
    ["server/src/webhooks/queue.ts", "ConditionalExpression", "dueAt <= now", "true"],
    ["server/src/webhooks/queue.ts", "EqualityOperator", "dueAt <= now", "dueAt < now"],
    ["server/src/webhooks/queue.ts", "EqualityOperator", "dueAt <= now", "dueAt > now"],
    ["server/src/webhooks/queue.ts", "MethodExpression", "Math.max(dueAt, now)", "Math.min(dueAt, now)"],
    ["server/src/webhooks/queue.ts", "LogicalOperator", "goOn && head", "goOn || head"],
    ["server/src/webhooks/worker.ts", "BooleanLiteral", "false", "true"],
    ["server/src/webhooks/worker.ts", "BlockStatement", "{ this.notified = true; this.kick(); }", "{}"],
    ["server/src/webhooks/worker.ts", "BooleanLiteral", "true", "false"],
    ["server/src/webhooks/worker.ts", "BlockStatement", "{ this.woken = true; this.wakeUp?.(); }", "{}"],
    ["server/src/webhooks/worker.ts", "ArithmeticOperator", "this.options.concurrency - this.active.size", "this.options.concurrency + this.active.size"],
    ["server/src/webhooks/worker.ts", "ConditionalExpression", "free > 0", "true"],
    ["server/src/webhooks/worker.ts", "EqualityOperator", "free > 0", "free >= 0"],
    ["server/src/webhooks/worker.ts", "ObjectLiteral", "{ look: !notified }", "{}"],
    ["server/src/webhooks/worker.ts", "BooleanLiteral", "!notified", "notified"],
    ["server/src/webhooks/worker.ts", "ConditionalExpression", "claims.length === free", "false"],
    ["server/src/webhooks/worker.ts", "ConditionalExpression", "claims.length === free", "true"],
    ["server/src/webhooks/worker.ts", "EqualityOperator", "claims.length === free", "claims.length !== free"],
    ["server/src/webhooks/worker.ts", "BlockStatement", "{ // Stryker disable next-line all: a log line, no client sees it if (this.running) this.…", "{}"],
    ["server/src/webhooks/worker.ts", "ConditionalExpression", "this.active.size >= this.options.concurrency", "false"],
    ["server/src/webhooks/worker.ts", "EqualityOperator", "this.active.size >= this.options.concurrency", "this.active.size > this.options.concurrency"],
    ["server/src/webhooks/worker.ts", "EqualityOperator", "this.active.size >= this.options.concurrency", "this.active.size < this.options.concurrency"],
    ["server/src/webhooks/worker.ts", "ConditionalExpression", "!claimedAll || this.active.size >= this.options.concurrency", "true"],
    ["server/src/webhooks/worker.ts", "ConditionalExpression", "!claimedAll || this.active.size >= this.options.concurrency", "false"],
    ["server/src/webhooks/worker.ts", "LogicalOperator", "!claimedAll || this.active.size >= this.options.concurrency", "!claimedAll && this.active.size >= this.options.concurrency"],
    ["server/src/webhooks/worker.ts", "BooleanLiteral", "!claimedAll", "claimedAll"],
    ["server/src/webhooks/worker.ts", "BlockStatement", "{ const tracked = task.finally(() => { this.active.delete(tracked); this.kick(); }); this…", "{}"],
    ["server/src/webhooks/worker.ts", "BlockStatement", "{ if (this.woken || !this.running) return Promise.resolve(); return new Promise<void>((re…", "{}"],
    ["server/src/webhooks/worker.ts", "ConditionalExpression", "this.woken || !this.running", "true"],
    ["server/src/webhooks/worker.ts", "ConditionalExpression", "this.woken || !this.running", "false"],
    ["server/src/webhooks/worker.ts", "LogicalOperator", "this.woken || !this.running", "this.woken && !this.running"],
    ["server/src/webhooks/worker.ts", "BlockStatement", "{ this.wakeUp = undefined; done(); }", "{}"],
    ["server/src/webhooks/worker.ts", "LogicalOperator", "n < MAX_IN_A_ROW && this.running", "n < MAX_IN_A_ROW || this.running"],
    ["server/src/webhooks/worker.ts", "ConditionalExpression", "n < MAX_IN_A_ROW", "true"],
    ["server/src/webhooks/worker.ts", "EqualityOperator", "n < MAX_IN_A_ROW", "n <= MAX_IN_A_ROW"],
    ["server/src/webhooks/worker.ts", "UpdateOperator", "n++", "n--"],
    ["server/src/webhooks/worker.ts", "ConditionalExpression", "n + 1 < MAX_IN_A_ROW && this.running", "true"],
    ["server/src/webhooks/worker.ts", "ConditionalExpression", "n + 1 < MAX_IN_A_ROW && this.running", "false"],
    ["server/src/webhooks/worker.ts", "LogicalOperator", "n + 1 < MAX_IN_A_ROW && this.running", "n + 1 < MAX_IN_A_ROW || this.running"],
    ["server/src/webhooks/worker.ts", "ConditionalExpression", "n + 1 < MAX_IN_A_ROW", "true"],
    ["server/src/webhooks/worker.ts", "EqualityOperator", "n + 1 < MAX_IN_A_ROW", "n + 1 <= MAX_IN_A_ROW"],
    ["server/src/webhooks/worker.ts", "EqualityOperator", "n + 1 < MAX_IN_A_ROW", "n + 1 >= MAX_IN_A_ROW"],
    ["server/src/webhooks/worker.ts", "ArithmeticOperator", "n + 1", "n - 1"],
    ["server/src/webhooks/worker.ts", "ConditionalExpression", "!delivery", "false"],
  ]),
  ...withReason(DELIVERY.PG, [
    ["server/src/webhooks/queue.ts", "StringLiteral", "'FOR UPDATE SKIP LOCKED'", "\"\""],
    ["server/src/webhooks/queue.ts", "ConditionalExpression", "db.kind === 'postgres'", "false"],
    ["server/src/webhooks/queue.ts", "StringLiteral", "'postgres'", "\"\""],
    ["server/src/webhooks/queue.ts", "StringLiteral", "'FOR UPDATE'", "\"\""],
  ]),
  ...withReason(DELIVERY.LOST, [
    ["server/src/webhooks/queue.ts", "ConditionalExpression", "!lease", "false"],
    ["server/src/webhooks/queue.ts", "ConditionalExpression", "lease.lease_token !== claim.token", "false"],
  ]),
  ...withReason(DELIVERY.TOGETHER, [
    ["server/src/webhooks/queue.ts", "ConditionalExpression", "delivery && result", "true"],
    ["server/src/webhooks/queue.ts", "LogicalOperator", "delivery && result", "delivery || result"],
  ]),
  ...withReason(DELIVERY.TRIM, [
    ["server/src/webhooks/queue.ts", "ConditionalExpression", "Number(inserted[0]?.id ?? 0) % 25 === 0", "true"],
    ["server/src/webhooks/queue.ts", "ConditionalExpression", "Number(inserted[0]?.id ?? 0) % 25 === 0", "false"],
    ["server/src/webhooks/queue.ts", "EqualityOperator", "Number(inserted[0]?.id ?? 0) % 25 === 0", "Number(inserted[0]?.id ?? 0) % 25 !== 0"],
    ["server/src/webhooks/queue.ts", "ArithmeticOperator", "Number(inserted[0]?.id ?? 0) % 25", "Number(inserted[0]?.id ?? 0) * 25"],
    ["server/src/webhooks/queue.ts", "LogicalOperator", "inserted[0]?.id ?? 0", "inserted[0]?.id && 0"],
    ["server/src/webhooks/queue.ts", "OptionalChaining", "inserted[0]?.id", "inserted[0].id"],
    ["server/src/webhooks/queue.ts", "BlockStatement", "{ const { rows } = await tx.query<{ id: number }>(`SELECT id FROM webhook_runs WHERE webh…", "{}"],
    ["server/src/webhooks/queue.ts", "StringLiteral", "'DELETE FROM webhook_runs WHERE webhook_id = $1 AND id <= $2'", "\"\""],
    ["server/src/webhooks/queue.ts", "ArrayDeclaration", "[webhookId, Number(oldest.id)]", "[]"],
    ["server/src/webhooks/queue.ts", "ConditionalExpression", "oldest", "false"],
  ]),
  ...withReason(DELIVERY.GIVEUP, [
    ["server/src/webhooks/queue.ts", "ArithmeticOperator", "delivery.attempts + 1", "delivery.attempts - 1"],
    ["server/src/webhooks/queue.ts", "BlockStatement", "{ await tx.query(\"UPDATE webhook_deliveries SET state = 'failed', attempts = $1 WHERE id …", "{}"],
    ["server/src/webhooks/queue.ts", "ConditionalExpression", "attempts >= options.retry.attempts", "false"],
    ["server/src/webhooks/queue.ts", "EqualityOperator", "attempts >= options.retry.attempts", "attempts > options.retry.attempts"],
    ["server/src/webhooks/queue.ts", "StringLiteral", "\"UPDATE webhook_deliveries SET state = 'failed', attempts = $1 WHERE id = $2\"", "\"\""],
    ["server/src/webhooks/queue.ts", "ArrayDeclaration", "[attempts, delivery.id]", "[]"],
  ]),
  ...withReason(DELIVERY.SCHEDULE, [
    ["server/src/webhooks/queue.ts", "BlockStatement", "{ const next = new Date(now + retryDelayMs(options.retry, attempts)); await tx.query('UPD…", "{}"],
    ["server/src/webhooks/queue.ts", "ArithmeticOperator", "now + retryDelayMs(options.retry, attempts)", "now - retryDelayMs(options.retry, attempts)"],
    ["server/src/webhooks/schedule.ts", "MethodExpression", "Math.max(1, s.baseMs)", "Math.min(1, s.baseMs)"],
    ["server/src/webhooks/schedule.ts", "MethodExpression", "Math.max(1, s.maxMs, s.baseMs)", "Math.min(1, s.maxMs, s.baseMs)"],
    ["server/src/webhooks/schedule.ts", "MethodExpression", "Math.min(schedule.maxMs, schedule.baseMs * 2 ** Math.min(Math.max(failed - 1, 0), 40))", "Math.max(schedule.maxMs, schedule.baseMs * 2 ** Math.min(Math.max(failed - 1, 0), 40))"],
    ["server/src/webhooks/schedule.ts", "ArithmeticOperator", "schedule.baseMs * 2 ** Math.min(Math.max(failed - 1, 0), 40)", "schedule.baseMs / 2 ** Math.min(Math.max(failed - 1, 0), 40)"],
    ["server/src/webhooks/schedule.ts", "MethodExpression", "Math.min(Math.max(failed - 1, 0), 40)", "Math.max(Math.max(failed - 1, 0), 40)"],
    ["server/src/webhooks/schedule.ts", "MethodExpression", "Math.max(failed - 1, 0)", "Math.min(failed - 1, 0)"],
    ["server/src/webhooks/schedule.ts", "ArithmeticOperator", "failed - 1", "failed + 1"],
    ["server/src/webhooks/schedule.ts", "ArithmeticOperator", "exponential / 2 + (random() * exponential) / 2", "exponential / 2 - random() * exponential / 2"],
    ["server/src/webhooks/schedule.ts", "ArithmeticOperator", "exponential / 2", "exponential * 2"],
    ["server/src/webhooks/schedule.ts", "ArithmeticOperator", "(random() * exponential) / 2", "random() * exponential * 2"],
    ["server/src/webhooks/schedule.ts", "ArithmeticOperator", "random() * exponential", "random() / exponential"],
  ]),
  ...withReason(DELIVERY.DEFAULTS, [
    ["server/src/webhooks/schedule.ts", "ObjectLiteral", "{ baseMs: 5_000, maxMs: 3_600_000, attempts: 12 }", "{}"],
  ]),
  ...withReason(DELIVERY.ADDED, [
    ["server/src/webhooks/sender.ts", "BlockStatement", "{ // Stryker disable next-line StringLiteral: the reason goes to the log only resolve({ s…", "{}"],
    ["server/src/webhooks/sender.ts", "ObjectLiteral", "{ status: 0, elapsedMs: elapsed(), error: 'invalid URL' }", "{}"],
    ["server/src/webhooks/sender.ts", "ConditionalExpression", "url.protocol !== 'https:'", "true"],
    ["server/src/webhooks/sender.ts", "EqualityOperator", "url.protocol !== 'https:'", "url.protocol === 'https:'"],
    ["server/src/webhooks/sender.ts", "StringLiteral", "'https:'", "\"\""],
    ["server/src/webhooks/sender.ts", "ConditionalExpression", "(url.protocol !== 'http:' && url.protocol !== 'https:') || !options.policy.allowsLiteralH…", "false"],
    ["server/src/webhooks/sender.ts", "LogicalOperator", "(url.protocol !== 'http:' && url.protocol !== 'https:') || !options.policy.allowsLiteralH…", "url.protocol !== 'http:' && url.protocol !== 'https:' && !options.policy.allowsLiteralHos…"],
    ["server/src/webhooks/sender.ts", "ConditionalExpression", "url.protocol !== 'http:' && url.protocol !== 'https:'", "false"],
    ["server/src/webhooks/sender.ts", "ObjectLiteral", "{ status: 0, elapsedMs: elapsed(), error: 'address not allowed' }", "{}"],
  ]),
  ...withReason(DELIVERY.SHUTDOWN, [
    ["server/src/webhooks/sender.ts", "ArrowFunction", "() => request.destroy(Object.assign(new Error('the server is shutting down'), { code: 'ES…", "() => undefined"],
    ["server/src/webhooks/sender.ts", "OptionalChaining", "options.signal?.removeEventListener", "options.signal.removeEventListener"],
    ["server/src/webhooks/sender.ts", "StringLiteral", "'abort'", "\"\""],
    ["server/src/webhooks/sender.ts", "ConditionalExpression", "options.signal?.aborted", "false"],
    ["server/src/webhooks/sender.ts", "OptionalChaining", "options.signal?.aborted", "options.signal.aborted"],
    ["server/src/webhooks/sender.ts", "OptionalChaining", "options.signal?.addEventListener", "options.signal.addEventListener"],
    ["server/src/webhooks/sender.ts", "ObjectLiteral", "{ once: true }", "{}"],
    ["server/src/webhooks/worker.ts", "BlockStatement", "{ if (!this.running) return; this.running = false; this.shutdown.abort(); this.kick(); aw…", "{}"],
    ["server/src/webhooks/worker.ts", "BooleanLiteral", "!this.running", "this.running"],
    ["server/src/webhooks/worker.ts", "ConditionalExpression", "!this.running", "true"],
    ["server/src/webhooks/worker.ts", "ConditionalExpression", "!this.running", "false"],
    ["server/src/webhooks/worker.ts", "ArrayDeclaration", "[...this.active]", "[]"],
  ]),
  ...withReason(DELIVERY.SETTLE, [
    ["server/src/webhooks/sender.ts", "ConditionalExpression", "settled", "false"],
    ["server/src/webhooks/sender.ts", "BooleanLiteral", "true", "false"],
  ]),
  ...withReason(DELIVERY.HTTP, [
    ["server/src/webhooks/sender.ts", "ConditionalExpression", "url.protocol === 'https:'", "false"],
  ]),
  ...withReason(DELIVERY.UA, [
    ["server/src/webhooks/sender.ts", "StringLiteral", "'svc-kit-webhooks/2'", "\"\""],
  ]),
  ...withReason(DELIVERY.WH039, [
    ["server/src/webhooks/sender.ts", "StringLiteral", "`no answer within ${options.timeoutMs} ms`", "``"],
    ["server/src/webhooks/sender.ts", "ObjectLiteral", "{ code: 'ETIMEDOUT' }", "{}"],
    ["server/src/webhooks/sender.ts", "StringLiteral", "'ETIMEDOUT'", "\"\""],
    ["server/src/webhooks/sender.ts", "ArrowFunction", "() => request.destroy(Object.assign(new Error(`no answer within ${options.timeoutMs} ms`)…", "() => undefined"],
    ["server/src/webhooks/sender.ts", "BlockStatement", "{ received += chunk.length; // Only the status counts: a larger answer is cut off (the st…", "{}"],
    ["server/src/webhooks/sender.ts", "AssignmentOperator", "received += chunk.length", "received -= chunk.length"],
    ["server/src/webhooks/sender.ts", "BlockStatement", "{ done({ status }); response.destroy(); }", "{}"],
    ["server/src/webhooks/sender.ts", "ConditionalExpression", "received > options.maxResponseBytes", "true"],
    ["server/src/webhooks/sender.ts", "ConditionalExpression", "received > options.maxResponseBytes", "false"],
    ["server/src/webhooks/sender.ts", "EqualityOperator", "received > options.maxResponseBytes", "received >= options.maxResponseBytes"],
    ["server/src/webhooks/sender.ts", "EqualityOperator", "received > options.maxResponseBytes", "received <= options.maxResponseBytes"],
    ["server/src/webhooks/sender.ts", "ObjectLiteral", "{ status }", "{}"],
  ]),
  ...withReason(DELIVERY.EVENTS, [
    ["server/src/webhooks/sender.ts", "StringLiteral", "'end'", "\"\""],
    ["server/src/webhooks/sender.ts", "ArrowFunction", "() => done({ status })", "() => undefined"],
    ["server/src/webhooks/sender.ts", "StringLiteral", "'error'", "\"\""],
    ["server/src/webhooks/sender.ts", "StringLiteral", "'close'", "\"\""],
  ]),
  ...withReason(DELIVERY.LEASE, [
    ["server/src/webhooks/worker.ts", "ArithmeticOperator", "options.timeoutMs * 2 + 1_000", "options.timeoutMs * 2 - 1_000"],
    ["server/src/webhooks/worker.ts", "ArithmeticOperator", "options.timeoutMs * 2", "options.timeoutMs / 2"],
  ]),
  ...withReason(DELIVERY.START, [
    ["server/src/webhooks/worker.ts", "ConditionalExpression", "this.running", "false"],
  ]),
  ...withReason(DELIVERY.DUE, [
    ["server/src/webhooks/worker.ts", "ConditionalExpression", "delivery !== undefined && delivery.nextAttemptAt.getTime() <= Date.now()", "true"],
    ["server/src/webhooks/worker.ts", "LogicalOperator", "delivery !== undefined && delivery.nextAttemptAt.getTime() <= Date.now()", "delivery !== undefined || delivery.nextAttemptAt.getTime() <= Date.now()"],
    ["server/src/webhooks/worker.ts", "ConditionalExpression", "delivery !== undefined", "true"],
    ["server/src/webhooks/worker.ts", "ConditionalExpression", "delivery.nextAttemptAt.getTime() <= Date.now()", "true"],
    ["server/src/webhooks/worker.ts", "EqualityOperator", "delivery.nextAttemptAt.getTime() <= Date.now()", "delivery.nextAttemptAt.getTime() < Date.now()"],
    ["server/src/webhooks/worker.ts", "ConditionalExpression", "delivery && due", "true"],
    ["server/src/webhooks/worker.ts", "LogicalOperator", "delivery && due", "delivery || due"],
  ]),
  // webhooks/target-policy.ts: the allow-list is the server's configuration, read once at start
  ...withReason(
    "the allow-list is the server's configuration (SVC_WEBHOOK_ALLOW), read once at start, not an input of any client; the suite's server is given one address (server/test/webhooks-units.test.ts covers the parsing)",
    [
      ["server/src/webhooks/target-policy.ts", "ArrayDeclaration", "[]", "[\"Stryker was here\"]"],
      ["server/src/webhooks/target-policy.ts", "MethodExpression", "raw.trim()", "raw"],
      ["server/src/webhooks/target-policy.ts", "ConditionalExpression", "entry === ''", "false"],
      ["server/src/webhooks/target-policy.ts", "StringLiteral", "''", "\"Stryker was here!\""],
      ["server/src/webhooks/target-policy.ts", "StringLiteral", "`webhook allow-list: \"${entry}\" is not an IP address or CIDR range`", "``"],
      ["server/src/webhooks/target-policy.ts", "ConditionalExpression", "!ip", "false"],
      ["server/src/webhooks/target-policy.ts", "ConditionalExpression", "prefix === undefined", "true"],
      ["server/src/webhooks/target-policy.ts", "BlockStatement", "{ const bits = Number(prefix); if (!Number.isInteger(bits) || bits < 0 || bits > (ip.fami…", "{}"],
      ["server/src/webhooks/target-policy.ts", "ConditionalExpression", "!Number.isInteger(bits) || bits < 0 || bits > (ip.family === 'ipv4' ? 32 : 128)", "true"],
      ["server/src/webhooks/target-policy.ts", "ConditionalExpression", "!Number.isInteger(bits) || bits < 0 || bits > (ip.family === 'ipv4' ? 32 : 128)", "false"],
      ["server/src/webhooks/target-policy.ts", "LogicalOperator", "!Number.isInteger(bits) || bits < 0 || bits > (ip.family === 'ipv4' ? 32 : 128)", "(!Number.isInteger(bits) || bits < 0) && bits > (ip.family === 'ipv4' ? 32 : 128)"],
      ["server/src/webhooks/target-policy.ts", "ConditionalExpression", "!Number.isInteger(bits) || bits < 0", "false"],
      ["server/src/webhooks/target-policy.ts", "LogicalOperator", "!Number.isInteger(bits) || bits < 0", "!Number.isInteger(bits) && bits < 0"],
      ["server/src/webhooks/target-policy.ts", "BooleanLiteral", "!Number.isInteger(bits)", "Number.isInteger(bits)"],
      ["server/src/webhooks/target-policy.ts", "ConditionalExpression", "bits < 0", "false"],
      ["server/src/webhooks/target-policy.ts", "EqualityOperator", "bits < 0", "bits <= 0"],
      ["server/src/webhooks/target-policy.ts", "EqualityOperator", "bits < 0", "bits >= 0"],
      ["server/src/webhooks/target-policy.ts", "ConditionalExpression", "bits > (ip.family === 'ipv4' ? 32 : 128)", "false"],
      ["server/src/webhooks/target-policy.ts", "EqualityOperator", "bits > (ip.family === 'ipv4' ? 32 : 128)", "bits >= (ip.family === 'ipv4' ? 32 : 128)"],
      ["server/src/webhooks/target-policy.ts", "EqualityOperator", "bits > (ip.family === 'ipv4' ? 32 : 128)", "bits <= (ip.family === 'ipv4' ? 32 : 128)"],
      ["server/src/webhooks/target-policy.ts", "ConditionalExpression", "ip.family === 'ipv4'", "true"],
      ["server/src/webhooks/target-policy.ts", "ConditionalExpression", "ip.family === 'ipv4'", "false"],
      ["server/src/webhooks/target-policy.ts", "EqualityOperator", "ip.family === 'ipv4'", "ip.family !== 'ipv4'"],
      ["server/src/webhooks/target-policy.ts", "StringLiteral", "'ipv4'", "\"\""],
      ["server/src/webhooks/target-policy.ts", "StringLiteral", "`webhook allow-list: bad prefix in \"${entry}\"`", "``"],
    ],
  ),
  // webhooks/target-policy.ts: the address normalisation, where another path gives the same verdict
  ...withReason('a URL host never holds a bracket inside it (URL parsing refuses one): only the brackets around an IPv6 host are there to drop', [
    ["server/src/webhooks/target-policy.ts", "Regex", "/^\\[|\\]$/g", "/\\[|\\]$/g"],
    ["server/src/webhooks/target-policy.ts", "Regex", "/^\\[|\\]$/g", "/^\\[|\\]/g"],
  ]),
  ...withReason("node's BlockList judges an IPv4-mapped IPv6 address by the IPv4 rules itself (check('::ffff:10.0.0.0', 'ipv6') is true for 10.0.0.0/8)", [
    ["server/src/webhooks/target-policy.ts", "ConditionalExpression", "v6.isIPv4MappedAddress()", "false"],
  ]),
  ...withReason('the only addresses this lets through as IPv4-compatible are :: and ::1, refused as IPv6 (::/128, ::1/128) and as 0.0.0.0/8 alike', [
    ["server/src/webhooks/target-policy.ts", "ConditionalExpression", "g !== 0 || h > 1", "true"],
    ["server/src/webhooks/target-policy.ts", "EqualityOperator", "h > 1", "h >= 1"],
  ]),
  ...withReason('the wording of a refusal message: its name and field are checked, the text is for people', [
    ["server/src/webhooks/target-policy.ts", "StringLiteral", "`\"url\" must be an absolute http or https URL; got ${JSON.stringify(raw).slice(0, 200)}.`", "``"],
    ["server/src/webhooks/target-policy.ts", "MethodExpression", "JSON.stringify(raw).slice(0, 200)", "JSON.stringify(raw)"],
    ["server/src/webhooks/target-policy.ts", "Regex", "/:$/", "/:/"],
  ]),
  ...withReason("out of reach: needs a host name that resolves only to refused addresses (or a DNS answer that changes between adding and delivering); the suite cannot count on one in the server's resolver, and the run has no DNS. server/test/webhooks-units.test.ts covers it with a stubbed resolver", [
    ["server/src/webhooks/target-policy.ts", "BlockStatement", "{ throw refusal(`\"url\": the host ${url.hostname} resolves only to private, loopback or re…", "{}"],
    ["server/src/webhooks/target-policy.ts", "ConditionalExpression", "!addresses.some((a) => this.allows(a.address))", "false"],
    ["server/src/webhooks/target-policy.ts", "MethodExpression", "addresses.some((a) => this.allows(a.address))", "addresses.every(a => this.allows(a.address))"],
    ["server/src/webhooks/target-policy.ts", "StringLiteral", "`\"url\": the host ${url.hostname} resolves only to private, loopback or reserved addresses…", "``"],
    ["server/src/webhooks/target-policy.ts", "ArrowFunction", "(a) => a.address", "() => undefined"],
    ["server/src/webhooks/target-policy.ts", "StringLiteral", "', '", "\"\""],
    ["server/src/webhooks/target-policy.ts", "ConditionalExpression", "error", "false"],
    ["server/src/webhooks/target-policy.ts", "BlockStatement", "{ callback(error, '', 0); return; }", "{}"],
    ["server/src/webhooks/target-policy.ts", "MethodExpression", "addresses.filter((a) => this.allows(a.address))", "addresses"],
    ["server/src/webhooks/target-policy.ts", "BlockStatement", "{ const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves only to addresse…", "{}"],
    ["server/src/webhooks/target-policy.ts", "ConditionalExpression", "!first", "false"],
    ["server/src/webhooks/target-policy.ts", "StringLiteral", "`${hostname} resolves only to addresses webhooks may not call`", "``"],
    ["server/src/webhooks/target-policy.ts", "StringLiteral", "'ESVCREFUSED'", "\"\""],
    ["server/src/webhooks/target-policy.ts", "StringLiteral", "'time-out'", "\"\""],
    ["server/src/webhooks/target-policy.ts", "ArrowFunction", "() => reject(new Error('time-out'))", "() => undefined"],
  ]),
  ...withReason('allows() is only asked about IP addresses (a literal host, or what the resolver answered)', [
    ["server/src/webhooks/target-policy.ts", "BooleanLiteral", "false", "true"],
  ]),
  ...withReason(DELIVERY.ADDED, [
    ["server/src/webhooks/target-policy.ts", "ConditionalExpression", "literal === undefined || this.allows(literal.address)", "true"],
  ]),
  ...withReason('node 20 connects with autoSelectFamily, asking the lookup for every address (all: true) and no family, so these defaults never apply', [
    ["server/src/webhooks/target-policy.ts", "ConditionalExpression", "options.all", "true"],
    ["server/src/webhooks/target-policy.ts", "LogicalOperator", "options.family ?? 0", "options.family && 0"],
  ]),
  // webhooks/effects.ts: canonical() only decides whether a field changed between two values of one field
  ...withReason(
    "before and after of a field come from one value codec (keys in one order, strings JSON-quoted and so self-delimiting, no field holds a list of numbers): the comparison gives the same answer whichever way lists and objects are spelled",
    [
      ["server/src/webhooks/effects.ts", "StringLiteral", "','", "\"\""],
      ["server/src/webhooks/effects.ts", "ConditionalExpression", "Array.isArray(value)", "false"],
      ["server/src/webhooks/effects.ts", "ConditionalExpression", "value !== null && typeof value === 'object'", "false"],
      ["server/src/webhooks/effects.ts", "BlockStatement", "{ return `{${Object.keys(value) .sort() .map((k) => `${JSON.stringify(k)}:${canonical((va…", "{}"],
      ["server/src/webhooks/effects.ts", "StringLiteral", "'object'", "\"\""],
      ["server/src/webhooks/effects.ts", "MethodExpression", "Object.keys(value) .sort()", "Object.keys(value)"],
    ],
  ),
  ...withReason('the routes run after authentication, which sets the caller on every request it lets through', [
    ["server/src/webhooks/routes.ts", "OptionalChaining", "caller?.accessLevel", "caller.accessLevel"],
    ["server/src/webhooks/routes.ts", "StringLiteral", "'none'", "\"\""],
    ["server/src/webhooks/routes.ts", "LogicalOperator", "caller?.accessLevel ?? 'none'", "caller?.accessLevel && 'none'"],
  ]),
  ...withReason('the route has the parameter: it is never missing', [["server/src/webhooks/routes.ts", "StringLiteral", "''", "\"Stryker was here!\""]]),
  ...withReason("on PostgreSQL only: pg-mem ignores a bind parameter the statement does not use, PostgreSQL refuses it; the run uses pg-mem (the server tests run on both)", [
    ["server/src/webhooks/outbox.ts", "ArrayDeclaration", "[]", "[\"Stryker was here\"]"],
  ]),
  // model/catalog.ts: lookups whose other path gives the same answer
  ...withReason('a field without a relation is never asked for its ends: inverse() answers undefined for it either way, and ends() is only called with a relation id', [
    ["server/src/model/catalog.ts", "ConditionalExpression", "!field.relationId", "false"],
  ]),
  ...withReason('a relation field is always among the ends of its own relation, so the list exists', [
    ["server/src/model/catalog.ts", "OptionalChaining", "this.relationEnds.get(field.relationId)?.find", "this.relationEnds.get(field.relationId).find"],
  ]),
  ...withReason('the workspace row exists from the first start of the server', [["server/src/model/catalog.ts", "OptionalChaining", "rows[0]?.version", "rows[0].version"]]),
  ...withReason('performance only: the catalog is read again (or its version asked for again, in the same transaction) where the cached one would do; no answer changes', [
    ["server/src/model/catalog.ts", "LogicalOperator", "knownVersion ?? (await workspaceVersion(q))", "knownVersion && (await workspaceVersion(q))"],
    ["server/src/model/catalog.ts", "ConditionalExpression", "!this.current || this.current.version !== version", "true"],
  ]),
  // model/schema-writer.ts: positions and relation ends
  ...withReason("positions only need to grow and be unique per table: a Database or field numbered from the other counter (or the field counter under another name) still lists in creation order with a storage key of its own", [
    ["server/src/model/schema-writer.ts", "ConditionalExpression", "table === 'types'", "true"],
    ["server/src/model/schema-writer.ts", "StringLiteral", "'fields'", "\"\""],
  ]),
  ...withReason("every reader of a relation end takes anything but 'b' for the 'a' end (entity-writer, query paths, sync protection, webhook effects)", [
    ["server/src/model/schema-writer.ts", "StringLiteral", "'a'", "\"\""],
  ]),
  // model/value-codec.ts: checks whose absence another check of the same value makes up for
  ...withReason("a value that is no object has no start and end (or latitude and longitude): reading them gives undefined, refused the same way", [
    ["server/src/model/value-codec.ts", "LogicalOperator", "typeof value !== 'object' || value === null || Array.isArray(value)", "(typeof value !== 'object' || value === null) && Array.isArray(value)"],
    ["server/src/model/value-codec.ts", "ConditionalExpression", "typeof value !== 'object' || value === null", "false"],
    ["server/src/model/value-codec.ts", "ConditionalExpression", "typeof value !== 'object'", "false"],
    ["server/src/model/value-codec.ts", "LogicalOperator", "typeof value !== 'object' || value === null", "typeof value !== 'object' && value === null"],
  ]),
  ...withReason("a date or timestamp with more around it does not parse as one (new Date / Date.parse give NaN), so it is refused without the anchors too", [
    ["server/src/model/value-codec.ts", "Regex", "/^\\d{4}-\\d{2}-\\d{2}$/", "/\\d{4}-\\d{2}-\\d{2}$/"],
    ["server/src/model/value-codec.ts", "Regex", "/^\\d{4}-\\d{2}-\\d{2}$/", "/^\\d{4}-\\d{2}-\\d{2}/"],
  ]),
  ...withReason("the message of an error the codec throws and catches itself, to answer its own value-invalid", [["server/src/model/value-codec.ts", "StringLiteral", "'date'", "\"\""]]),
  ...withReason("a location that is no object has no latitude: Number(undefined) is NaN, refused the same way", [
    ["server/src/model/value-codec.ts", "ConditionalExpression", "typeof value !== 'object' || value === null || Array.isArray(value)", "false"],
  ]),
  ...withReason("values are stored as JSON: a stored decimal is a number already, so Number() of it changes nothing", [["server/src/model/value-codec.ts", "StringLiteral", "'svc/decimal'", "\"\""]]),
  ...withReason("a timestamp with more around it does not parse (Date.parse gives NaN), so it is refused without the anchors too", [
    ["server/src/model/value-codec.ts", "Regex", "/^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?(Z|[+-]\\d{2}:\\d{2})$/", "/\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?(Z|[+-]\\d{2}:\\d{2})$/"],
    ["server/src/model/value-codec.ts", "Regex", "/^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?(Z|[+-]\\d{2}:\\d{2})$/", "/^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?(Z|[+-]\\d{2}:\\d{2})/"],
  ]),
  ...withReason("null clears the field before the codec runs, so a value here is never undefined and its JSON never missing", [
    ["server/src/model/value-codec.ts", "LogicalOperator", "shown && shown.length > 80", "shown || shown.length > 80"],
  ]),
  // integrations/mapping: the app contract (spec/app.openapi.yaml, SchemaResponse) refuses these schema answers first
  ...withReason(
    "out of reach: behind the app contract, which refuses a schema answer that is no object of types, a type's fields that are no object or lack id or name, a field that is no object, a name, type or subType that is no string, ignore or readonly that is no boolean, a format or relation that is no object, and a cardinality outside its enum, before the mapping reads it",
    [
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "typeof format === 'object' && !Array.isArray(format)", "true"],
    ["server/src/integrations/mapping/check-schema.ts", "LogicalOperator", "typeof format === 'object' && !Array.isArray(format)", "typeof format === 'object' || !Array.isArray(format)"],
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "typeof format === 'object'", "true"],
    ["server/src/integrations/mapping/check-schema.ts", "BlockStatement", "{ if (field[key] !== undefined && typeof field[key] !== 'boolean') throw new SchemaProble…", "{}"],
    ["server/src/integrations/mapping/check-schema.ts", "StringLiteral", "`\\`${key}\\` must be a boolean.`", "``"],
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "field[key] !== undefined && typeof field[key] !== 'boolean'", "false"],
    ["server/src/integrations/mapping/check-schema.ts", "StringLiteral", "'ignore'", "\"\""],
    ["server/src/integrations/mapping/check-schema.ts", "StringLiteral", "'readonly'", "\"\""],
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "fields === null", "false"],
    ["server/src/integrations/mapping/check-schema.ts", "StringLiteral", "'the schema has no object of fields for this type.'", "\"\""],
    ["server/src/integrations/mapping/check-schema.ts", "ArrayDeclaration", "['id', 'name']", "[]"],
    ["server/src/integrations/mapping/check-schema.ts", "BlockStatement", "{ if (!Object.hasOwn(fields, required)) throw new SchemaProblem(required, `every type mus…", "{}"],
    ["server/src/integrations/mapping/check-schema.ts", "StringLiteral", "`every type must have the fields \"id\" and \"name\"; \"${required}\" is missing.`", "``"],
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "!Object.hasOwn(fields, required)", "false"],
    ["server/src/integrations/mapping/check-schema.ts", "StringLiteral", "'`name` must be a string.'", "\"\""],
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "field.name !== undefined && typeof field.name !== 'string'", "false"],
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "field.name !== undefined", "true"],
    ["server/src/integrations/mapping/check-schema.ts", "EqualityOperator", "field.name !== undefined", "field.name === undefined"],
    ["server/src/integrations/mapping/check-schema.ts", "BlockStatement", "{ throw new Failure('integration.error/app-failed', \"The app's schema must be an object o…", "{}"],
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "typeof schema !== 'object' || schema === null || Array.isArray(schema)", "false"],
    ["server/src/integrations/mapping/check-schema.ts", "LogicalOperator", "typeof schema !== 'object' || schema === null || Array.isArray(schema)", "(typeof schema !== 'object' || schema === null) && Array.isArray(schema)"],
    ["server/src/integrations/mapping/check-schema.ts", "LogicalOperator", "typeof schema !== 'object' || schema === null", "typeof schema !== 'object' && schema === null"],
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "typeof schema !== 'object' || schema === null", "false"],
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "typeof schema !== 'object'", "false"],
    ["server/src/integrations/mapping/check-schema.ts", "ConditionalExpression", "schema === null", "false"],
    ["server/src/integrations/mapping/check-schema.ts", "StringLiteral", "'integration.error/app-failed'", "\"\""],
    ["server/src/integrations/mapping/check-schema.ts", "StringLiteral", "\"The app's schema must be an object of types (type id to its fields).\"", "\"\""],
    ["server/src/integrations/mapping/check-schema.ts", "ObjectLiteral", "{ operation: 'schema' }", "{}"],
    ["server/src/integrations/mapping/check-schema.ts", "StringLiteral", "'schema'", "\"\""],
    ["server/src/integrations/mapping/field-kinds.ts", "BlockStatement", "{ throw new SchemaProblem(id, '`relation` must be an object {cardinality, targetType, tar…", "{}"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof relation !== 'object' || relation === null || Array.isArray(relation)", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "LogicalOperator", "typeof relation !== 'object' || relation === null || Array.isArray(relation)", "(typeof relation !== 'object' || relation === null) && Array.isArray(relation)"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof relation !== 'object' || relation === null", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "LogicalOperator", "typeof relation !== 'object' || relation === null", "typeof relation !== 'object' && relation === null"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof relation !== 'object'", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "relation === null", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "'`relation` must be an object {cardinality, targetType, targetFieldId, name?, targetName?…", "\"\""],
    ["server/src/integrations/mapping/field-kinds.ts", "BlockStatement", "{ throw new SchemaProblem(id, '`relation.cardinality` must be many-to-one, many-to-many o…", "{}"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof cardinality !== 'string' || !CARDINALITIES.has(cardinality)", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "LogicalOperator", "typeof cardinality !== 'string' || !CARDINALITIES.has(cardinality)", "typeof cardinality !== 'string' && !CARDINALITIES.has(cardinality)"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof cardinality !== 'string'", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "'`relation.cardinality` must be many-to-one, many-to-many or one-to-one.'", "\"\""],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof targetType !== 'string'", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof targetFieldId !== 'string'", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "`\\`relation.${key}\\` must be a string.`", "``"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "text !== undefined && typeof text !== 'string'", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "'a schema field must be an object {name, type, ...}.'", "\"\""],
    ["server/src/integrations/mapping/field-kinds.ts", "LogicalOperator", "typeof field !== 'object' || field === null || Array.isArray(field)", "(typeof field !== 'object' || field === null) && Array.isArray(field)"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof field !== 'object' || field === null || Array.isArray(field)", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof field !== 'object' || field === null", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "LogicalOperator", "typeof field !== 'object' || field === null", "typeof field !== 'object' && field === null"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof field !== 'object'", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "field === null", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "'`type` must be one of id, text, number, date, array[text].'", "\"\""],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "typeof field.type !== 'string'", "false"],
    ["server/src/integrations/mapping/field-kinds.ts", "StringLiteral", "'`subType` must be a string.'", "\"\""],
    ["server/src/integrations/mapping/field-kinds.ts", "ConditionalExpression", "field.subType !== undefined && typeof field.subType !== 'string'", "false"],
    ],
  ),
  // integrations/mapping/values/dates.ts: checks another step of the parse makes up for
  ...withReason("toDay matches the day pattern against the first 10 characters only: a 10-character string that matches it starts and ends with the match", [
    ["server/src/integrations/mapping/values/dates.ts", "Regex", "/^(\\d{4})-(\\d{2})-(\\d{2})$/", "/(\\d{4})-(\\d{2})-(\\d{2})$/"],
    ["server/src/integrations/mapping/values/dates.ts", "Regex", "/^(\\d{4})-(\\d{2})-(\\d{2})$/", "/^(\\d{4})-(\\d{2})-(\\d{2})/"],
  ]),
  ...withReason("a month outside 1 to 12 has no entry in MONTH_DAYS: the day is compared with undefined, which is false, so it is refused the same way", [
    ["server/src/integrations/mapping/values/dates.ts", "ConditionalExpression", "month < 1 || month > 12", "false"],
    ["server/src/integrations/mapping/values/dates.ts", "LogicalOperator", "month < 1 || month > 12", "month < 1 && month > 12"],
    ["server/src/integrations/mapping/values/dates.ts", "ConditionalExpression", "month < 1", "false"],
    ["server/src/integrations/mapping/values/dates.ts", "ConditionalExpression", "month > 12", "false"],
  ]),
  ...withReason("an offset Z (or z) that falls through to the arithmetic has no digits: Number('') is 0 hours and 0 minutes, the same shift", [
    ["server/src/integrations/mapping/values/dates.ts", "ConditionalExpression", "offset.toUpperCase() === 'Z'", "false"],
    ["server/src/integrations/mapping/values/dates.ts", "MethodExpression", "offset.toUpperCase()", "offset.toLowerCase()"],
    ["server/src/integrations/mapping/values/dates.ts", "StringLiteral", "'Z'", "\"\""],
  ]),
  ...withReason("an offset of two digits has no minutes: Number('') is 0 either way", [
    ["server/src/integrations/mapping/values/dates.ts", "ConditionalExpression", "digits.length > 2", "true"],
    ["server/src/integrations/mapping/values/dates.ts", "EqualityOperator", "digits.length > 2", "digits.length >= 2"],
  ]),
  ...withReason("a missing hour, minute or second is Number('') = 0 as well as Number('00'), and an empty fraction pads to 000 as '0' does: the same timestamp", [
    ["server/src/integrations/mapping/values/dates.ts", "StringLiteral", "'00'", "\"\""],
    ["server/src/integrations/mapping/values/dates.ts", "StringLiteral", "'0'", "\"\""],
  ]),
  ...withReason("a value that is no string fails the day pattern whichever text stands for it", [
    ["server/src/integrations/mapping/values/dates.ts", "StringLiteral", "''", "\"Stryker was here!\""],
  ]),
  ...withReason("a 10-character text is a day the pattern took already: reading it as a timestamp too succeeds", [
    ["server/src/integrations/mapping/values/dates.ts", "ConditionalExpression", "text.length > 10", "true"],
    ["server/src/integrations/mapping/values/dates.ts", "EqualityOperator", "text.length > 10", "text.length >= 10"],
  ]),
  // integrations/mapping/values/location.ts: spellings another step reads the same
  ...withReason("the seconds mark is optional in the coordinate pattern: seconds written with a typographic double prime read the same with the mark dropped", [
    ["server/src/integrations/mapping/values/location.ts", "StringLiteral", "'\"'", "\"\""],
  ]),
  ...withReason("the coordinate pattern always captures the degrees of one of its two forms", [
    ["server/src/integrations/mapping/values/location.ts", "ConditionalExpression", "degrees === undefined", "false"],
  ]),
  ...withReason("multiplying and dividing by 1 or -1 give the same number", [
    ["server/src/integrations/mapping/values/location.ts", "ArithmeticOperator", "(d + m / 60 + s / 3600) * (negative || hemisphere === 'S' || hemisphere === 'W' ? -1 : 1)", "(d + m / 60 + s / 3600) / (negative || hemisphere === 'S' || hemisphere === 'W' ? -1 : 1)"],
  ]),
  ...withReason("-0 - 0 is -0, which JSON writes 0: the stored location is the same", [
    ["server/src/integrations/mapping/values/location.ts", "ArithmeticOperator", "latitude + 0", "latitude - 0"],
    ["server/src/integrations/mapping/values/location.ts", "ArithmeticOperator", "longitude + 0", "longitude - 0"],
  ]),
  ...withReason("the first coordinate reads only the first 8 groups of what it is given: a longer slice gives the same coordinate", [
    ["server/src/integrations/mapping/values/location.ts", "ArithmeticOperator", "1 + GROUPS", "1 - GROUPS"],
  ]),
  ...withReason("an axis named otherwise is still not 'latitude': the pair is read in the same order", [
    ["server/src/integrations/mapping/values/location.ts", "StringLiteral", "'longitude'", "\"\""],
    ["server/src/integrations/mapping/values/location.ts", "StringLiteral", "'latitude'", "\"\""],
  ]),
  ...withReason("a JSON text that starts with { parses to an object, or fails to parse", [
    ["server/src/integrations/mapping/values/location.ts", "ConditionalExpression", "!isPlainObject(parsed)", "false"],
  ]),
  // integrations/mapping/values: converters where another step gives the same answer
  ...withReason("an icon is looked up by its exact name: no emoji name is empty, longer than 100 characters or holds other characters, so the bound and the pattern only save a lookup that finds nothing; and isSingleEmoji's match equals the whole text only when it is the one match", [
    ["server/src/integrations/mapping/values/icon.ts", "ConditionalExpression", "found.length === 1", "true"],
    ["server/src/integrations/mapping/values/icon.ts", "ConditionalExpression", "text === '' || text.length > MAX_ALIAS", "false"],
    ["server/src/integrations/mapping/values/icon.ts", "LogicalOperator", "text === '' || text.length > MAX_ALIAS", "text === '' && text.length > MAX_ALIAS"],
    ["server/src/integrations/mapping/values/icon.ts", "ConditionalExpression", "text === ''", "false"],
    ["server/src/integrations/mapping/values/icon.ts", "StringLiteral", "''", "\"Stryker was here!\""],
    ["server/src/integrations/mapping/values/icon.ts", "ConditionalExpression", "text.length > MAX_ALIAS", "false"],
    ["server/src/integrations/mapping/values/icon.ts", "EqualityOperator", "text.length > MAX_ALIAS", "text.length >= MAX_ALIAS"],
    ["server/src/integrations/mapping/values/icon.ts", "Regex", "/^[\\w+-]+$/", "/[\\w+-]+$/"],
    ["server/src/integrations/mapping/values/icon.ts", "Regex", "/^[\\w+-]+$/", "/^[\\w+-]+/"],
  ]),
  ...withReason("the error's class name shows in no message", [
    ["server/src/integrations/mapping/values/value-error.ts", "StringLiteral", "'ValueError'", "\"\""],
  ]),
  ...withReason("an absent value clears the field before any converter runs, and a value parsed from JSON always has a JSON text", [
    ["server/src/integrations/mapping/values/value-error.ts", "StringLiteral", "'nothing'", "\"\""],
    ["server/src/integrations/mapping/values/value-error.ts", "BlockStatement", "{ text = String(value); }", "{}"],
  ]),
  ...withReason("a value that is no string stands for a text that is no URL and no e-mail address, whichever text it is", [
    ["server/src/integrations/mapping/values/text.ts", "StringLiteral", "''", "\"Stryker was here!\""],
  ]),
  ...withReason("a JSON text that starts with [ parses to an array, or fails to parse", [
    ["server/src/integrations/mapping/values/multi-select.ts", "ConditionalExpression", "!Array.isArray(parsed)", "false"],
  ]),
  ...withReason("every caller refuses what no JSON text parses to (undefined) with the same ValueError, and never asks about null (cleared before)", [
    ["server/src/integrations/mapping/values/json-text.ts", "BlockStatement", "{ throw new ValueError(expected, original); }", "{}"],
    ["server/src/integrations/mapping/values/json-text.ts", "ConditionalExpression", "value !== null", "true"],
  ]),
  // integrations/mapping/convert-row.ts
  ...withReason("out of reach: behind the app contract, whose DataRow is an object and whose __syncAction is exactly REMOVE or SET (spec/app.openapi.yaml): no other row or action reaches the converter", [
    ["server/src/integrations/mapping/convert-row.ts", "StringLiteral", "''", "\"Stryker was here!\""],
    ["server/src/integrations/mapping/convert-row.ts", "ConditionalExpression", "typeof value === 'string'", "true"],
    ["server/src/integrations/mapping/convert-row.ts", "MethodExpression", "value.trim()", "value"],
    ["server/src/integrations/mapping/convert-row.ts", "ConditionalExpression", "action === 'SET' || action === 'REMOVE'", "true"],
    ["server/src/integrations/mapping/convert-row.ts", "StringLiteral", "'SET or REMOVE'", "\"\""],
    ["server/src/integrations/mapping/convert-row.ts", "StringLiteral", "`a row must be a JSON object; got ${shown(row)}`", "``"],
    ["server/src/integrations/mapping/convert-row.ts", "ConditionalExpression", "!isPlainObject(row)", "false"],
    ["server/src/integrations/mapping/convert-row.ts", "BlockStatement", "{ throw rowInvalid(type, key, '__syncAction', error instanceof ValueError ? error.message…", "{}"],
    ["server/src/integrations/mapping/convert-row.ts", "StringLiteral", "'__syncAction'", "\"\""],
    ["server/src/integrations/mapping/convert-row.ts", "StringLiteral", "'is not SET or REMOVE'", "\"\""],
  ]),
  ...withReason("the sync engine only asks whether a row's action is REMOVE (apply-page.ts): any other word for SET applies the row the same way", [
    ["server/src/integrations/mapping/convert-row.ts", "StringLiteral", "'SET'", "\"\""],
  ]),
  // integrations/mapping: people and enum options
  ...withReason("the people values come from toName and toNames, which give trimmed, non-empty strings only", [
    ["server/src/integrations/mapping/users.ts", "MethodExpression", "values.filter((v) => typeof v === 'string' && v !== '')", "values"],
    ["server/src/integrations/mapping/users.ts", "ConditionalExpression", "typeof v === 'string' && v !== ''", "true"],
    ["server/src/integrations/mapping/users.ts", "LogicalOperator", "typeof v === 'string' && v !== ''", "typeof v === 'string' || v !== ''"],
    ["server/src/integrations/mapping/users.ts", "ConditionalExpression", "typeof v === 'string'", "true"],
    ["server/src/integrations/mapping/users.ts", "ConditionalExpression", "v !== ''", "true"],
    ["server/src/integrations/mapping/users.ts", "StringLiteral", "''", "\"Stryker was here!\""],
  ]),
  ...withReason("with no value wanted the loop asks nothing and the answer is empty either way", [
    ["server/src/integrations/mapping/users.ts", "ConditionalExpression", "wanted.length === 0", "false"],
  ]),
  ...withReason("svc/user exists from the first start of the server with its fields user/email and user/name", [
    ["server/src/integrations/mapping/users.ts", "OptionalChaining", "users?.keys", "users.keys"],
    ["server/src/integrations/mapping/users.ts", "ConditionalExpression", "!users || !key", "false"],
    ["server/src/integrations/mapping/users.ts", "LogicalOperator", "!users || !key", "!users && !key"],
  ]),
  ...withReason("performance only: without the chunks every round asks for all the values at once, and finds the same users", [
    ["server/src/integrations/mapping/users.ts", "MethodExpression", "wanted.slice(i, i + CHUNK)", "wanted"],
  ]),
  ...withReason("with no option to insert nothing is inserted, and the ids answered are only read for the names that were missing (none)", [
    ["server/src/integrations/mapping/enum-options.ts", "ConditionalExpression", "options.length === 0", "false"],
    ["server/src/integrations/mapping/enum-options.ts", "ArrayDeclaration", "[]", "[\"Stryker was here\"]"],
  ]),
  ...withReason("the enum type was created a statement before, and every Entity row holds a data object", [
    ["server/src/integrations/mapping/enum-options.ts", "OptionalChaining", "(await typeFields(tx, name))?.keys", "(await typeFields(tx, name)).keys"],
    ["server/src/integrations/mapping/enum-options.ts", "OptionalChaining", "row.data?.[rankKey]", "row.data[rankKey]"],
    ["server/src/integrations/mapping/enum-options.ts", "OptionalChaining", "row.data?.[nameKey]", "row.data[nameKey]"],
    ["server/src/integrations/mapping/enum-options.ts", "StringLiteral", "''", "\"Stryker was here!\""],
  ]),
  ...withReason("out of reach: the mapping creates an enum type an administrator deleted again before any row of the run is written (MAP-062), so only a deletion racing the run itself meets a select whose enum type is gone", [
    ["server/src/integrations/mapping/enum-options.ts", "BlockStatement", "{ throw new Failure( 'integration.error/row-invalid', `The options of \"${select.field}\" c…", "{}"],
    ["server/src/integrations/mapping/enum-options.ts", "LogicalOperator", "!type || (type.kind !== 'enum' && type.kind !== 'workflow') || !type.keys.has(NAME_FIELD)", "(!type || type.kind !== 'enum' && type.kind !== 'workflow') && !type.keys.has(NAME_FIELD)"],
    ["server/src/integrations/mapping/enum-options.ts", "ConditionalExpression", "!type || (type.kind !== 'enum' && type.kind !== 'workflow') || !type.keys.has(NAME_FIELD)", "false"],
    ["server/src/integrations/mapping/enum-options.ts", "ConditionalExpression", "!type || (type.kind !== 'enum' && type.kind !== 'workflow')", "false"],
    ["server/src/integrations/mapping/enum-options.ts", "LogicalOperator", "!type || (type.kind !== 'enum' && type.kind !== 'workflow')", "!type && type.kind !== 'enum' && type.kind !== 'workflow'"],
    ["server/src/integrations/mapping/enum-options.ts", "ConditionalExpression", "type.kind !== 'enum' && type.kind !== 'workflow'", "false"],
    ["server/src/integrations/mapping/enum-options.ts", "StringLiteral", "'integration.error/row-invalid'", "\"\""],
    ["server/src/integrations/mapping/enum-options.ts", "StringLiteral", "`The options of \"${select.field}\" cannot be resolved: \"${select.enumType}\" is not an enum…", "``"],
    ["server/src/integrations/mapping/enum-options.ts", "ObjectLiteral", "{ field: select.field, type: select.enumType }", "{}"],
  ]),
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
  // model/entity-writer.ts: messages of internal errors
  ...withReason("the message of an internal error the catalog never lets happen (a link field without a relation, a relation's target type gone within one transaction)", [
    ["server/src/model/entity-writer.ts", "StringLiteral", "`${field.name} is not a relation`", "``"],
    ["server/src/model/entity-writer.ts", "StringLiteral", "`${field.fieldType} vanished`", "``"],
  ]),
  // documents/pm-json.ts: the request schema refuses these inputs before the codec reads them
  ...withReason(
    'out of reach: behind the request schema (ProseMirrorNode and its marks in spec/service.openapi.yaml), which refuses a node or mark that is no object, a type that is no string, attrs that are no object (null included), content or marks that are no array and text that is no string before the codec reads them',
    [
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "value !== null", "true"],
      ["server/src/documents/pm-json.ts", "StringLiteral", "`${path} must be an array of marks.`", "``"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "!Array.isArray(value)", "false"],
      ["server/src/documents/pm-json.ts", "StringLiteral", "`${at} must be a mark object with a \"type\".`", "``"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "!isRecord(item) || typeof item['type'] !== 'string'", "false"],
      ["server/src/documents/pm-json.ts", "LogicalOperator", "!isRecord(item) || typeof item['type'] !== 'string'", "!isRecord(item) && typeof item['type'] !== 'string'"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "typeof item['type'] !== 'string'", "false"],
      ["server/src/documents/pm-json.ts", "StringLiteral", "`${at}/attrs must be an object.`", "``"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "attrs !== undefined && !isRecord(attrs)", "false"],
      ["server/src/documents/pm-json.ts", "StringLiteral", "`${path} must be a node object with a \"type\".`", "``"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "!isRecord(value) || typeof value['type'] !== 'string'", "false"],
      ["server/src/documents/pm-json.ts", "LogicalOperator", "!isRecord(value) || typeof value['type'] !== 'string'", "!isRecord(value) && typeof value['type'] !== 'string'"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "typeof value['type'] !== 'string'", "false"],
      ["server/src/documents/pm-json.ts", "StringLiteral", "`${path}/text must be a string.`", "``"],
      ["server/src/documents/pm-json.ts", "StringLiteral", "`${path}/text`", "``"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "typeof text !== 'string'", "false"],
      ["server/src/documents/pm-json.ts", "StringLiteral", "`${path}/attrs must be an object.`", "``"],
      ["server/src/documents/pm-json.ts", "StringLiteral", "`${path}/attrs`", "``"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "attrs !== undefined && attrs !== null && !isRecord(attrs)", "false"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "attrs !== null", "true"],
      ["server/src/documents/pm-json.ts", "EqualityOperator", "attrs !== null", "attrs === null"],
      ["server/src/documents/pm-json.ts", "StringLiteral", "`${path}/content must be an array of nodes.`", "``"],
      ["server/src/documents/pm-json.ts", "StringLiteral", "`${path}/content`", "``"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "content !== undefined && !Array.isArray(content)", "false"],
    ],
  ),
  // documents/ydoc-codec.ts: how a write becomes a Yjs update
  ...withReason(
    'Yjs internals: merging one update or none, the listener left on, and the fallback for a diff y-prosemirror would get wrong (never reached) all store the same content',
    [
      ["server/src/documents/ydoc-codec.ts", "ConditionalExpression", "updates.length > 1", "true"],
      ["server/src/documents/ydoc-codec.ts", "EqualityOperator", "updates.length > 1", "updates.length >= 1"],
      ["server/src/documents/ydoc-codec.ts", "ArrowFunction", "() => updateYFragment(ydoc, fragment, doc, { mapping: new Map(), isOMark: new Map() })", "() => undefined"],
      ["server/src/documents/ydoc-codec.ts", "BlockStatement", "{ ydoc.transact(() => { fragment.delete(0, fragment.length); prosemirrorToYXmlFragment(do…", "{}"],
      ["server/src/documents/ydoc-codec.ts", "BooleanLiteral", "!yDocToNode(ydoc).eq(doc)", "yDocToNode(ydoc).eq(doc)"],
      ["server/src/documents/ydoc-codec.ts", "ConditionalExpression", "!yDocToNode(ydoc).eq(doc)", "true"],
      ["server/src/documents/ydoc-codec.ts", "ConditionalExpression", "!yDocToNode(ydoc).eq(doc)", "false"],
      ["server/src/documents/ydoc-codec.ts", "BlockStatement", "{ fragment.delete(0, fragment.length); prosemirrorToYXmlFragment(doc, fragment); }", "{}"],
      ["server/src/documents/ydoc-codec.ts", "StringLiteral", "'the Yjs document does not hold the content written'", "\"\""],
      ["server/src/documents/ydoc-codec.ts", "BlockStatement", "{ ydoc.off('update', onUpdate); }", "{}"],
      ["server/src/documents/ydoc-codec.ts", "StringLiteral", "'update'", "\"\""],
      ["server/src/documents/ydoc-codec.ts", "ConditionalExpression", "updates.length === 0", "false"],
      ["server/src/documents/ydoc-codec.ts", "ConditionalExpression", "updates.length === 1", "true"],
      ["server/src/documents/ydoc-codec.ts", "EqualityOperator", "updates.length === 1", "updates.length !== 1"],
      ["server/src/documents/ydoc-codec.ts", "ConditionalExpression", "updates.length === 1", "false"],
    ],
  ),
  // integrations/sync: equivalent survivors (the sync checks see the same runs, Entities, effects and counts)
  ...withReason(
    "linkedTargets answers only owners with links; an owner missing from current is an Entity deleted by hand, which has no links left",
    [
      ["server/src/integrations/sync/apply-page.ts", "OptionalChaining", "current.get(owner)?.links", "current.get(owner).links"],
    ],
  ),
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
  // documents: equivalent survivors the document checks cannot tell apart (helpers' review of the 2026-11-26 run)
  ...withReason(
    "Buffer.byteLength with an empty encoding counts UTF-8 too",
    [
      ["server/src/documents/formats.ts", "StringLiteral", "'utf8'", "\"\""],
    ],
  ),
  ...withReason(
    "a Failure is no RangeError and is thrown on unchanged; no RangeError reaches this point",
    [
      ["server/src/documents/formats.ts", "ConditionalExpression", "error instanceof Failure", "true"],
      ["server/src/documents/formats.ts", "ConditionalExpression", "error instanceof Failure", "false"],
    ],
  ),
  ...withReason(
    "out of reach: the parsers throw only Failures (pm-json wraps its errors, html.ts turns parse5's stack overflow into one, the trees are depth-bounded first)",
    [
      ["server/src/documents/formats.ts", "ConditionalExpression", "error instanceof RangeError", "true"],
      ["server/src/documents/formats.ts", "ConditionalExpression", "error instanceof RangeError", "false"],
      ["server/src/documents/formats.ts", "StringLiteral", "`The content cannot be read as ${format}: ${error.message}.`", "``"],
    ],
  ),
  ...withReason(
    "a template's content is not among its children, and an embed is void: sanitizing drops them with or without the tag in the list",
    [
      ["server/src/documents/html.ts", "StringLiteral", "'template'", "\"\""],
      ["server/src/documents/html.ts", "StringLiteral", "'embed'", "\"\""],
    ],
  ),
  ...withReason(
    "after sanitizing, children are only elements and text, and text nodes have no tagName",
    [
      ["server/src/documents/html.ts", "ConditionalExpression", "child.type === 'element'", "true"],
    ],
  ),
  ...withReason(
    "sanitizing keeps only language-* classes on code",
    [
      ["server/src/documents/html.ts", "StringLiteral", "'language-'", "\"\""],
    ],
  ),
  ...withReason(
    "the depth is only compared with the stop depth, which any deeper node passes either way; stopping early changes no verdict",
    [
      ["server/src/documents/limits.ts", "ConditionalExpression", "depth > max", "true"],
      ["server/src/documents/limits.ts", "EqualityOperator", "depth > max", "depth >= max"],
      ["server/src/documents/limits.ts", "ConditionalExpression", "max > stopAt", "false"],
    ],
  ),
  ...withReason(
    "every unist node is a non-null object",
    [
      ["server/src/documents/limits.ts", "ConditionalExpression", "typeof node === 'object' && node !== null", "true"],
      ["server/src/documents/limits.ts", "LogicalOperator", "typeof node === 'object' && node !== null", "typeof node === 'object' || node !== null"],
      ["server/src/documents/limits.ts", "ConditionalExpression", "typeof node === 'object'", "true"],
      ["server/src/documents/limits.ts", "ConditionalExpression", "node !== null", "true"],
    ],
  ),
  ...withReason(
    "a text node always has text, and a textblock holds no textblock",
    [
      ["server/src/documents/plain-text.ts", "BooleanLiteral", "false", "true"],
    ],
  ),
  ...withReason(
    "Number.isInteger is false for anything that is not a number",
    [
      ["server/src/documents/schema.ts", "ConditionalExpression", "typeof value !== 'number'", "false"],
    ],
  ),
  ...withReason(
    "the wording of a message only; its status, name and data are the same",
    [
      ["server/src/documents/schema.ts", "StringLiteral", "`expected an integer from ${min} to ${max}, got ${JSON.stringify(value)}`", "``"],
    ],
  ),
  ...withReason(
    "the same maximum",
    [
      ["server/src/documents/schema.ts", "EqualityOperator", "depth > max", "depth >= max"],
    ],
  ),
  ...withReason(
    "a run only enters the cost squared, so its sign changes no comparison",
    [
      ["server/src/documents/markdown.ts", "AssignmentOperator", "run += line.match(MARKERS)?.length ?? 0", "run -= line.match(MARKERS)?.length ?? 0"],
    ],
  ),
  ...withReason(
    "isBreak(undefined) is false and a slice whose end is before its start is empty",
    [
      ["server/src/documents/mdast.ts", "ConditionalExpression", "first < end", "true"],
      ["server/src/documents/mdast.ts", "EqualityOperator", "first < end", "first <= end"],
      ["server/src/documents/mdast.ts", "ConditionalExpression", "end > first", "true"],
      ["server/src/documents/mdast.ts", "EqualityOperator", "end > first", "end >= first"],
    ],
  ),
  ...withReason(
    "nextMarks[0] is read only for a break at position 0, and trimming removed those",
    [
      ["server/src/documents/mdast.ts", "EqualityOperator", "i >= 0", "i > 0"],
    ],
  ),
  ...withReason(
    "only a hard break with marks would differ, and hard breaks carry no marks (they are dropped on write)",
    [
      ["server/src/documents/mdast.ts", "ConditionalExpression", "isBreak(node)", "false"],
    ],
  ),
  ...withReason(
    "loose or tight is markup only: the document read back is the same",
    [
      ["server/src/documents/mdast.ts", "ConditionalExpression", "children.length > 1", "true"],
    ],
  ),
  ...withReason(
    "no reader produces an empty text node",
    [
      ["server/src/documents/mdast.ts", "ConditionalExpression", "text", "true"],
    ],
  ),
  ...withReason(
    "both readers give every table row at least one cell",
    [
      ["server/src/documents/mdast.ts", "ArrowFunction", "(max, row) => Math.max(max, row.children.length)", "() => undefined"],
      ["server/src/documents/mdast.ts", "ConditionalExpression", "width === 0", "false"],
      ["server/src/documents/mdast.ts", "OptionalChaining", "node.children[0]?.children", "node.children[0].children"],
      ["server/src/documents/mdast.ts", "ConditionalExpression", "result", "true"],
    ],
  ),
  ...withReason(
    "neither reader puts phrasing content among blocks (remark never does; rehype-remark wraps it in paragraphs)",
    [
      ["server/src/documents/mdast.ts", "BlockStatement", "{ switch (node.type) { case 'text': case 'inlineCode': case 'strong': case 'emphasis': ca\u2026", "{}"],
      ["server/src/documents/mdast.ts", "StringLiteral", "'text'", "\"\""],
      ["server/src/documents/mdast.ts", "StringLiteral", "'inlineCode'", "\"\""],
      ["server/src/documents/mdast.ts", "StringLiteral", "'strong'", "\"\""],
      ["server/src/documents/mdast.ts", "StringLiteral", "'emphasis'", "\"\""],
      ["server/src/documents/mdast.ts", "StringLiteral", "'delete'", "\"\""],
      ["server/src/documents/mdast.ts", "StringLiteral", "'link'", "\"\""],
      ["server/src/documents/mdast.ts", "StringLiteral", "'image'", "\"\""],
      ["server/src/documents/mdast.ts", "StringLiteral", "'break'", "\"\""],
      ["server/src/documents/mdast.ts", "BooleanLiteral", "true", "false"],
      ["server/src/documents/mdast.ts", "BlockStatement", "{ if (pending.length === 0) return; const content = inlineContent(pending, ctx); pending \u2026", "{}"],
      ["server/src/documents/mdast.ts", "ConditionalExpression", "pending.length === 0", "true"],
      ["server/src/documents/mdast.ts", "ConditionalExpression", "pending.length === 0", "false"],
      ["server/src/documents/mdast.ts", "EqualityOperator", "pending.length === 0", "pending.length !== 0"],
      ["server/src/documents/mdast.ts", "ArrayDeclaration", "[]", "[\"Stryker was here\"]"],
      ["server/src/documents/mdast.ts", "ConditionalExpression", "content.some((n) => n.type !== schema.nodes.hard_break)", "true"],
      ["server/src/documents/mdast.ts", "ConditionalExpression", "content.some((n) => n.type !== schema.nodes.hard_break)", "false"],
      ["server/src/documents/mdast.ts", "MethodExpression", "content.some((n) => n.type !== schema.nodes.hard_break)", "content.every(n => n.type !== schema.nodes.hard_break)"],
      ["server/src/documents/mdast.ts", "ArrowFunction", "(n) => n.type !== schema.nodes.hard_break", "() => undefined"],
      ["server/src/documents/mdast.ts", "ConditionalExpression", "n.type !== schema.nodes.hard_break", "true"],
      ["server/src/documents/mdast.ts", "ConditionalExpression", "n.type !== schema.nodes.hard_break", "false"],
      ["server/src/documents/mdast.ts", "EqualityOperator", "n.type !== schema.nodes.hard_break", "n.type === schema.nodes.hard_break"],
      ["server/src/documents/mdast.ts", "BlockStatement", "{ pending.push(node); continue; }", "{}"],
      ["server/src/documents/mdast.ts", "ConditionalExpression", "isPhrasing(node)", "false"],
    ],
  ),
  // graphql: the run of 2026-11-26 16:43 on the current checks
  ...withReason(
    "an internal key of the engine, never a response key: any name no GraphQL field can have does the same",
    [
    ["server/src/graphql/compile.ts", "StringLiteral", "'#id'", "\"\""],
    ],
  ),
  ...withReason(
    "graphql-js coerces limit and offset to Int (or the default) before the field runs",
    [
    ["server/src/graphql/compile.ts", "ConditionalExpression", "typeof limit !== 'number'", "false"],
    ["server/src/graphql/compile.ts", "ConditionalExpression", "typeof offset !== 'number'", "false"],
    ["server/src/graphql/limits/cost-limit.ts", "ConditionalExpression", "typeof given === 'number'", "true"],
    ],
  ),
  ...withReason(
    "a relation to one Entity has no limit: absent and null mean the same to the engine",
    [
    ["server/src/graphql/compile.ts", "ObjectLiteral", "{ limit: null }", "{}"],
    ],
  ),
  ...withReason(
    "message wording the spec leaves open: the error's path names the inner list (graphql.bad-query checks the path)",
    [
    ["server/src/graphql/compile.ts", "StringLiteral", "`${object.name}.${name}`", "``"],
    ],
  ),
  ...withReason(
    "out of reach: every type has svc/id, so the internal error is never raised",
    [
    ["server/src/graphql/compile.ts", "StringLiteral", "'svc/id'", "\"\""],
    ["server/src/graphql/compile.ts", "BlockStatement", "{ throw new Error(`field ${name} vanished`); }", "{}"],
    ["server/src/graphql/compile.ts", "StringLiteral", "`field ${name} vanished`", "``"],
    ["server/src/graphql/schema-builder.ts", "StringLiteral", "`common.graphql has no type ${name}`", "``"],
    ["server/src/graphql/schema-builder.ts", "ConditionalExpression", "!type", "false"],
    ],
  ),
  ...withReason(
    "out of reach: only a fault of the server itself (not a GraphQLError or a Failure) takes this path; no request makes one",
    [
    ["server/src/graphql/compile.ts", "ConditionalExpression", "!(error instanceof GraphQLError)", "false"],
    ["server/src/graphql/execute.ts", "ConditionalExpression", "!(error instanceof Failure)", "false"],
    ],
  ),
  ...withReason(
    "out of reach: the document store fails only when its storage does (no client can make it)",
    [
    ["server/src/graphql/materialize.ts", "BlockStatement", "{ if (!(error instanceof Failure)) throw error; for (const item of items) item.target[ite…", "{}"],
    ["server/src/graphql/materialize.ts", "BooleanLiteral", "!(error instanceof Failure)", "error instanceof Failure"],
    ["server/src/graphql/materialize.ts", "ConditionalExpression", "!(error instanceof Failure)", "true"],
    ["server/src/graphql/materialize.ts", "ConditionalExpression", "!(error instanceof Failure)", "false"],
    ["server/src/graphql/materialize.ts", "ObjectLiteral", "{ extensions: { code: error.name } }", "{}"],
    ["server/src/graphql/materialize.ts", "ObjectLiteral", "{ code: error.name }", "{}"],
    ],
  ),
  ...withReason(
    "JSON.stringify(undefined) is undefined, which GraphQL answers as null, as the fallback does",
    [
    ["server/src/graphql/materialize.ts", "ConditionalExpression", "value !== undefined", "true"],
    ],
  ),
  ...withReason(
    "a JSON value that is no range is a location; a fullAddress that is undefined is left out by JSON.stringify either way",
    [
    ["server/src/graphql/materialize.ts", "ConditionalExpression", "'latitude' in v || 'longitude' in v", "true"],
    ["server/src/graphql/materialize.ts", "ConditionalExpression", "v['fullAddress'] === undefined", "false"],
    ],
  ),
  ...withReason(
    "the cost rule runs after graphql-js's own rules, which refuse unknown fragments, fragment cycles and object fields without a selection",
    [
    ["server/src/graphql/limits/cost-limit.ts", "ConditionalExpression", "fragment && !seen.has(name)", "true"],
    ["server/src/graphql/limits/cost-limit.ts", "LogicalOperator", "fragment && !seen.has(name)", "fragment || !seen.has(name)"],
    ["server/src/graphql/limits/cost-limit.ts", "ArrayDeclaration", "[...seen, name]", "[]"],
    ["server/src/graphql/limits/cost-limit.ts", "ConditionalExpression", "!def || !selection.selectionSet", "false"],
    ["server/src/graphql/limits/cost-limit.ts", "LogicalOperator", "!def || !selection.selectionSet || !isObjectType(named)", "(!def || !selection.selectionSet) && !isObjectType(named)"],
    ["server/src/graphql/limits/cost-limit.ts", "LogicalOperator", "!def || !selection.selectionSet", "!def && !selection.selectionSet"],
    ],
  ),
  ...withReason(
    "String.prototype.matchAll always gives the index of a match",
    [
    ["server/src/graphql/naming.ts", "ConditionalExpression", "last.index === undefined", "false"],
    ],
  ),
  ...withReason(
    "every Database and field name the schema accepts has its namespace before a '/'",
    [
    ["server/src/graphql/naming.ts", "ConditionalExpression", "slash === -1", "false"],
    ["server/src/graphql/naming.ts", "UnaryOperator", "-1", "+1"],
    ],
  ),
  ...withReason(
    "graphql-js's introspection types are shared instances: listing them among the types adds nothing",
    [
    ["server/src/graphql/schema-builder.ts", "MethodExpression", "t.name.startsWith('__')", "t.name.endsWith('__')"],
    ],
  ),
  ...withReason(
    "out of reach: a Space is known only while it has a Database, so its schema always has a query",
    [
    ["server/src/graphql/schema-builder.ts", "ConditionalExpression", "model.queries.length === 0", "false"],
    ],
  ),
  ...withReason(
    "names are unique, so the comparison never meets two equal names; V8 sorts the Databases of a Space (runs of up to 32) by binary insertion, which asks only whether the answer is negative",
    [
    ["server/src/graphql/space-model.ts", "ConditionalExpression", "a.name > b.name", "true"],
    ["server/src/graphql/space-model.ts", "ConditionalExpression", "a.name > b.name", "false"],
    ["server/src/graphql/space-model.ts", "EqualityOperator", "a.name > b.name", "a.name >= b.name"],
    ["server/src/graphql/space-model.ts", "EqualityOperator", "a.name > b.name", "a.name <= b.name"],
    ["server/src/graphql/space-model.ts", "EqualityOperator", "a.name < b.name", "a.name <= b.name"],
    ],
  ),
  ...withReason(
    "the label of the common User and Comment types appears in no description (theirs are common.graphql's)",
    [
    ["server/src/graphql/space-model.ts", "StringLiteral", "'user'", "\"\""],
    ["server/src/graphql/space-model.ts", "StringLiteral", "'comment'", "\"\""],
    ],
  ),
  ...withReason(
    "out of reach: a relation's type is in the catalogue as long as the relation is",
    [
    ["server/src/graphql/space-model.ts", "ConditionalExpression", "!target", "false"],
    ],
  ),
  ...withReason(
    "every field kept by storage is 'value' or 'link' past the system fields",
    [
    ["server/src/graphql/space-model.ts", "ConditionalExpression", "field.storage !== 'link'", "false"],
    ],
  ),
  ...withReason(
    "out of reach: a validly signed address expires only after 60 minutes; no check waits for it (server/test covers it)",
    [
    ["server/src/graphql/routes.ts", "BlockStatement", "{ // Stryker disable all: a validly signed address expires only after 60 minutes; no chec…", "{}"],
    ["server/src/graphql/file-urls.ts", "StringLiteral", "'expired'", "\"\""],
    ["server/src/graphql/file-urls.ts", "ConditionalExpression", "expires > now", "true"],
    ],
  ),
  ...withReason(
    "out of reach: the server signs an address only for an Entity holding the file field, an Entity never changes its Database, and its data is never null",
    [
    ["server/src/graphql/file-source.ts", "ConditionalExpression", "row.type_id !== field.typeId", "false"],
    ["server/src/graphql/file-source.ts", "OptionalChaining", "row.data?.[field.key]", "row.data[field.key]"],
    ],
  ),
  {
    file: 'server/src/graphql/file-urls.ts',
    mutator: 'StringLiteral',
    original: "'valid'",
    replacement: '""',
    reason: 'the route refuses only the verdicts bad-signature and expired; any other serves the file, as valid does',
  },
  // documents: the run of 2026-11-26 17:27 on the current checks
  ...withReason(
    "secrets are lower-cased at every layer (routes, read.ts and the store): one layer's lower-casing alone is redundant, its change alone unseen",
    [
    ["server/src/documents/read.ts", "MethodExpression", "s.toLowerCase()", "s.toUpperCase()"],
    ["server/src/documents/routes.ts", "MethodExpression", "secret.toLowerCase()", "secret.toUpperCase()"],
    ["server/src/documents/routes.ts", "MethodExpression", "s.toLowerCase()", "s.toUpperCase()"],
    ["server/src/documents/store.ts", "MethodExpression", "s.toLowerCase()", "s.toUpperCase()"],
    ],
  ),
  ...withReason(
    "locks taken in one order matter only to concurrent writers on PostgreSQL (deadlocks); pg-mem runs one transaction at a time",
    [
    ["server/src/documents/store.ts", "MethodExpression", "[...new Set(writes.map((w) => w.secret))].sort()", "[...new Set(writes.map(w => w.secret))]"],
    ],
  ),
  ...withReason(
    "an empty write or a write that changes nothing only stores an empty update: storage only, the content read is the same",
    [
    ["server/src/documents/store.ts", "ConditionalExpression", "secrets.length === 0", "false"],
    ["server/src/documents/store.ts", "ConditionalExpression", "changes.length === 0", "false"],
    ],
  ),
  ...withReason(
    "merging one update gives that update",
    [
    ["server/src/documents/store.ts", "ConditionalExpression", "changes.length === 1", "false"],
    ],
  ),
  ...withReason(
    "storage only: a compacted document's earlier updates, kept, are already in its compacted state (Yjs applies an update once)",
    [
    ["server/src/documents/store.ts", "BlockStatement", "{ await tx.query(`DELETE FROM document_updates WHERE secret IN (${placeholders(part.lengt…", "{}"],
    ],
  ),
  ...withReason(
    "out of reach: statements of more than 2,500 document updates (a write of more documents at once); the parameter limit that bounds them is PostgreSQL's, the run uses pg-mem",
    [
    ["server/src/documents/store.ts", "ArithmeticOperator", "CHUNK / 4", "CHUNK * 4"],
    ["server/src/documents/store.ts", "MethodExpression", "inserts.slice(i, i + CHUNK / 4)", "inserts"],
    ],
  ),
];

export function explanationOf(m: { file: string; mutator: string; original: string; replacement: string }): Explanation | undefined {
  return EXPLAINED.find((e) => e.file === m.file && e.mutator === m.mutator && e.original === m.original && e.replacement === m.replacement);
}
