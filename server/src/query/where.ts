// `q/where` to SQL. Every predicate is two-valued (never SQL NULL): a missing value makes a
// comparison false, and the negative operators (`!=`, `q/not-in`, `q/not-contains`) are the
// negation of their positive forms. A path through a collection matches when any item does.
//
// Relation steps become uncorrelated derived tables (`SELECT ... AS id ... GROUP BY`, each id
// that matches once), LEFT JOINed to the Entity they test (`ctx.joins`, for the FROM of the
// statement that holds the alias); the condition is then `m.id IS NOT NULL`, which negates and
// ORs like any other. That form is pg-mem's (the storage's SqlDialect, server/src/db/database.ts):
// not `alias.id IN (SELECT ...)`, because pg-mem evaluates such a sub-select again for every outer
// row (and a nested one for every row of every level), so a path of two steps took minutes on the
// demo workspace; a derived table in FROM is read once. Every derived table groups by its id,
// even where the ids are unique anyway: pg-mem looks a derived table that is not grouped up
// through the index of the column it selects, and answers a DISTINCT one's id once per row of
// `links` (duplicating the Entities of the outer query); a grouped one it reads once and keeps.
// PostgreSQL (and PGlite) get the natural SQL instead: `key IN (SELECT ...)` with no GROUP BY,
// which its planner turns into a semi-join (or a hashed sub-plan under NOT and OR) and may stop
// early under a LIMIT; the grouped LEFT JOIN made it aggregate every matching link first, 2 to 6
// times slower on paths that match many Entities (bench/results/storage.md). Deeper link steps
// join the next step's ids straight onto `links`, without reading `entities`; only the step
// before a field read joins `entities`.
import { excerpt } from '../api/excerpt.js';
import { Failure } from '../api/failure.js';
import type { Catalog, FieldDef, TypeDef } from '../model/catalog.js';
import { USER_TYPE } from '../model/field-types.js';
import { coerce, resolveOperand, type QueryParams } from './operands.js';
import { linkEnds, rangePartSql, rangePartType, resolvePath, textFormSql, valueKind, valueSql, type ResolvedPath, type Step, type ValueKind } from './paths.js';
import { Aliases, Params } from './sql.js';
import type { SqlDialect } from '../db/database.js';

export interface WhereContext {
  catalog: Catalog;
  params: Params;
  queryParams: QueryParams;
  aliases: Aliases;
  /**
   * Compare ranges and locations as text, on their string form (the GraphQL read API; off for the
   * command API, where they take only `q/null?`).
   */
  textForms?: boolean;
  /**
   * Joins the compiled conditions need, added by the compiler: the caller puts `joinsUsed(joins,
   * condition)` into the FROM of the statement holding the alias, after that alias.
   */
  joins: Join[];
  /** The SQL of the storage (the query's `tx.dialect`): `postgres` gets the natural forms (see the header); absent: pg-mem's. */
  dialect?: SqlDialect;
}

/** A `LEFT JOIN` of a derived table aliased `alias`, which conditions read as `<alias>.id`. */
export interface Join {
  alias: string;
  sql: string;
}

/**
 * The joins of `joins` that `text` reads (a condition folded away at compile time leaves its join
 * unread; it is dropped rather than computed for nothing), as FROM text.
 */
export function joinsUsed(joins: readonly Join[], text: string): string {
  // Stryker disable next-line MethodExpression,StringLiteral: an optimization: each join is a LEFT JOIN of distinct ids, so keeping an unread one selects the same rows
  const read = joins.filter((j) => new RegExp(`\\b${j.alias}\\.id\\b`).test(text));
  return read.map((j) => j.sql).join(' ');
}

/** A context for a nested statement: same parameters and aliases, joins of its own. */
function nested(ctx: WhereContext): WhereContext {
  // Stryker disable next-line ArrayDeclaration: an entry that is not a Join has no alias, so joinsUsed never reads it
  return { ...ctx, joins: [] };
}

/**
 * Holds when `key` (a column of the statement's Entity) is among the ids `set` selects: on
 * PostgreSQL `key IN (set)`; on pg-mem the set is LEFT JOINed once (see the header), the condition
 * tests the join.
 */
function inSet(ctx: WhereContext, set: string, key: string): string {
  // Stryker disable next-line ConditionalExpression,BlockStatement: PostgreSQL only; the mutation runs on pg-mem (server/test runs both forms: query-path-performance.test.ts)
  if (ctx.dialect === 'postgres') return `${key} IN (${set})`;
  const m = ctx.aliases.next('m');
  ctx.joins.push({ alias: m, sql: `LEFT JOIN (${set}) ${m} ON ${m}.id = ${key}` });
  return `${m}.id IS NOT NULL`;
}

/**
 * ` GROUP BY column`, which makes each id of a derived set once on pg-mem (see the header); nothing
 * on PostgreSQL, where every set is read through `IN`, which needs no unique ids.
 */
function groupIds(ctx: WhereContext, column: string): string {
  // Stryker disable next-line ConditionalExpression,StringLiteral: PostgreSQL only; the mutation runs on pg-mem (server/test runs both forms)
  return ctx.dialect === 'postgres' ? '' : ` GROUP BY ${column}`;
}

/** How `field` compares under `ctx` (ranges and locations as text when `textForms` is on). */
function kindOf(ctx: WhereContext, field: FieldDef): ValueKind {
  // Stryker disable next-line StringLiteral: only whether a text form exists is asked; the alias is not read
  return ctx.textForms && textFormSql('t', field) !== undefined ? 'text' : valueKind(field);
}

/** SQL reading `field` of `alias` under `ctx`. */
function accessOf(ctx: WhereContext, alias: string, field: FieldDef): string {
  return (ctx.textForms ? textFormSql(alias, field) : undefined) ?? valueSql(alias, field);
}

/** `coerce`, with the string form of ranges and locations taking a string when `textForms` is on. */
function coerceFor(ctx: WhereContext, field: FieldDef, value: unknown, where: string): unknown {
  if (kindOf(ctx, field) !== 'text' || valueKind(field) !== 'json') return coerce(field, value, where);
  // Stryker disable all: unreachable: text forms are GraphQL's, whose input coercion makes every range or location operand a String
  if (typeof value !== 'string') {
    throw new Failure('entity.error/query-value-invalid', `In ${where}, "${field.name}" is compared with ${excerpt(value)}, but it needs a string.`, {
      field: field.name,
      value: value as never,
      expected: 'a string',
    });
  }
  // Stryker restore all
  return value;
}

type Predicate = (access: string) => string;

/**
 * Columns that are never NULL: comparisons on them need no `coalesce`, and must not have one, or
 * PostgreSQL cannot use them as index conditions (the cursor rule's `svc/id > $last` would scan).
 */
// Stryker disable next-line Regex: coalesce(x, false) and x IS NOT NULL are no-ops on a NOT NULL column: matching more or fewer columns selects the same rows
const NOT_NULL = /^[a-z][a-z0-9]*\.(id|public_id|created_at|modified_at|a|b)$/;

/** `expr` over `access`, false (not NULL) when the value is missing. */
function nullSafe(access: string, expr: string): string {
  return NOT_NULL.test(access) ? expr : `coalesce(${expr}, false)`;
}

/** Whether `access` has a value (constant TRUE on NOT NULL columns). */
function present(access: string): string {
  return NOT_NULL.test(access) ? SQL_TRUE : `${access} IS NOT NULL`;
}

/**
 * Constant conditions are folded away at compile time rather than sent as `TRUE` / `FALSE`: they
 * are pointless work, and pg-mem fails on a constant condition beside joins.
 */
// Folding is an optimization: the unfolded SQL selects the same rows. Mutants that only fold less
// (or fold constants whose text is never sent) are equivalent; the block also leaves out the
// mutants here that fold wrongly, which the run kills (leaving them out lowers the score, never
// raises it).
// Stryker disable StringLiteral,ConditionalExpression,MethodExpression: constant folding: folding less selects the same rows (the block also leaves out wrong folds, which are killed)
export const SQL_TRUE = 'TRUE';
export const SQL_FALSE = 'FALSE';

export function not(condition: string): string {
  if (condition === SQL_TRUE) return SQL_FALSE;
  if (condition === SQL_FALSE) return SQL_TRUE;
  return `NOT (${condition})`;
}

export function and(conditions: string[]): string {
  if (conditions.includes(SQL_FALSE)) return SQL_FALSE;
  const rest = conditions.filter((c) => c !== SQL_TRUE);
  return rest.length === 0 ? SQL_TRUE : rest.length === 1 ? (rest[0] as string) : `(${rest.join(' AND ')})`;
}

export function or(conditions: string[]): string {
  if (conditions.includes(SQL_TRUE)) return SQL_TRUE;
  const rest = conditions.filter((c) => c !== SQL_FALSE);
  return rest.length === 0 ? SQL_FALSE : rest.length === 1 ? (rest[0] as string) : `(${rest.join(' OR ')})`;
}
// Stryker restore StringLiteral,ConditionalExpression,MethodExpression

/**
 * `test` where only rows it holds for are kept (the WHERE of a set, ANDed, never negated): NULL
 * and false alike drop a row, so on PostgreSQL the `coalesce(x, false)` of an equality (`=`, an IN
 * list) is taken off. It changes no answer, but PostgreSQL, which has no statistics on values in
 * `data`, takes a bare equality to keep few rows (it reads the set first) and a coalesce to keep
 * half (it walks every Entity in order hoping to stop early: 7 times slower on a path to one
 * project, bench/results/storage.md). Other tests (ranges, prefixes, contains) keep it: they
 * match many rows more often, where the walk in order is what is fast.
 */
function filterOnly(ctx: WhereContext, test: string): string {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: PostgreSQL only; the mutation runs on pg-mem, and the bare test keeps the same rows
  if (ctx.dialect !== 'postgres' || !test.startsWith('coalesce(') || !test.endsWith(', false)')) return test;
  const inner = test.slice('coalesce('.length, -', false)'.length);
  // Stryker disable next-line all: PostgreSQL only (above)
  if (!/ = | IN \(/.test(inner) || / [<>]=? /.test(inner)) return test;
  // The whole of `test` is one coalesce only when the parentheses of `inner` balance.
  let depth = 0;
  for (const ch of inner) {
    depth += ch === '(' ? 1 : ch === ')' ? -1 : 0;
    // Stryker disable next-line all: the compiler's tests are each one coalesce; this guards against a future one that is not
    if (depth < 0) return test;
  }
  // Stryker disable next-line all: as above
  return depth === 0 ? inner : test;
}

/** A parameter as the column compares it (pg-mem compares timestamps with text wrongly in `IN`). */
function placeholder(params: Params, value: unknown, kind: ValueKind): string {
  const p = params.add(value);
  return kind === 'timestamp' ? `${p}::timestamptz` : p;
}

/** The SQL condition that holds when some value at `path` (from the Entity `alias`) satisfies `pred`. */
export function onPath(ctx: WhereContext, alias: string, path: ResolvedPath, pred: Predicate, from = 0): string {
  const step = path.steps[from];
  if (!step) {
    const test = pred(path.part ? rangePartSql(alias, path.last, path.part) : accessOf(ctx, alias, path.last));
    // Past the first step the test is ANDed into the WHERE of a set, never negated there.
    return from > 0 ? filterOnly(ctx, test) : test;
  }
  // Stryker disable next-line ConditionalExpression: a shortcut (the column holds the user's id); the general way selects the same rows
  if (step.viaColumn && endsOnId(path, from)) return pred(`${alias}.created_by`);
  return inSet(ctx, matchingIds(ctx, path, pred, from), step.viaColumn ? `${alias}.created_by` : `${alias}.id`);
}

/**
 * Whether step `from` is the last one and the path reads the related Entity's `svc/id`: then the
 * link (or column) has the answer. Only shortcuts ask it; the general way selects the same rows.
 */
// Stryker disable next-line all: shortcuts only (above): turning them off is equivalent; the wrong ones also left out here are killed
function endsOnId(path: ResolvedPath, from: number): boolean {
  // Stryker disable next-line all: shortcuts only (above): turning them off is equivalent; the wrong ones also left out here are killed
  return from === path.steps.length - 1 && path.last.name === 'svc/id';
}

/**
 * A SELECT of the `id`s (each once) that match the path from step `from` on: for a link step, the
 * Entities at the step's near end with a related Entity that satisfies the rest; for
 * `svc/created-by`, the users that do. SQL_FALSE when nothing can match.
 */
function matchingIds(ctx: WhereContext, path: ResolvedPath, pred: Predicate, from: number): string {
  const step = path.steps[from] as Step;
  if (step.viaColumn) {
    const t = ctx.aliases.next();
    const inner = nested(ctx);
    const deeper = onPath(inner, t, path, pred, from + 1);
    // Stryker disable next-line ArrayDeclaration: ids are unique across Databases: the users' ids only match users
    const where = and([`${t}.type_id = ${ctx.params.add(ctx.catalog.type(USER_TYPE).id)}`, deeper]);
    return `SELECT ${t}.id AS id FROM entities ${t} ${joinsUsed(inner.joins, where)} WHERE ${where}${groupIds(ctx, `${t}.id`)}`;
  }
  const [mine, theirs] = linkEnds(step.field);
  const l = ctx.aliases.next('l');
  const relation = `${l}.relation_id = ${ctx.params.add(step.field.relationId)}`;
  // Stryker disable next-line ConditionalExpression,BlockStatement: a shortcut (the link holds the related id); the general way selects the same rows
  if (endsOnId(path, from)) {
    const condition = pred(`${l}.${theirs}`);
    return `SELECT ${l}.${mine} AS id FROM links ${l} WHERE ${and([relation, condition])}${groupIds(ctx, `${l}.${mine}`)}`;
  }
  const next = path.steps[from + 1];
  // Stryker disable next-line ConditionalExpression,BlockStatement: a shortcut (the link holds the related id); the general way selects the same rows
  if (next && !next.viaColumn) {
    // The next step is again a link step: it needs the related Entity's id only, which the link has.
    const set = matchingIds(ctx, path, pred, from + 1);
    // Stryker disable next-line ConditionalExpression,BlockStatement: PostgreSQL only; the mutation runs on pg-mem (server/test runs both forms)
    if (ctx.dialect === 'postgres') return `SELECT ${l}.${mine} AS id FROM links ${l} WHERE ${relation} AND ${l}.${theirs} IN (${set})`;
    const m = ctx.aliases.next('m');
    return `SELECT ${l}.${mine} AS id FROM links ${l} JOIN (${set}) ${m} ON ${m}.id = ${l}.${theirs} WHERE ${relation} GROUP BY ${l}.${mine}`;
  }
  const t = ctx.aliases.next();
  const inner = nested(ctx);
  const deeper = onPath(inner, t, path, pred, from + 1);
  const where = and([relation, deeper]);
  return `SELECT ${l}.${mine} AS id FROM links ${l} JOIN entities ${t} ON ${t}.id = ${l}.${theirs} ${joinsUsed(inner.joins, where)} WHERE ${where}${groupIds(ctx, `${l}.${mine}`)}`;
}

function operatorError(op: unknown, expr: unknown, where: string, why: string): Failure {
  return new Failure('entity.error/query-operator-invalid', `In ${where}: ${why}`, {
    // Stryker disable next-line ConditionalExpression: an operator that is no string is named by itself or by its JSON text alike
    operator: typeof op === 'string' ? op : JSON.stringify(op),
    expr: expr as never,
    field: where,
  });
}

const COMPARISON: Record<string, string> = { '=': '=', '!=': '=', '<': '<', '<=': '<=', '>': '>', '>=': '>=' };

function isFunctionCall(subject: unknown, name: string): subject is [string, unknown] {
  return Array.isArray(subject) && subject[0] === name;
}

function compareNumbers(op: string, a: number, b: number): boolean {
  switch (op) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    default:
      return a >= b;
  }
}

/**
 * `['=' | '!=', ['q/null?' | 'q/null-or-empty?', path], <boolean>]`: whether the path has no value
 * (`q/null-or-empty?`: no value or the empty text).
 */
function nullTest(ctx: WhereContext, alias: string, type: TypeDef, expr: unknown[], value: unknown, where: string): string {
  const [op, subject] = expr as [string, [string, unknown]];
  const fn = subject[0];
  if (op !== '=' && op !== '!=') throw operatorError(op, expr, where, `${fn} is compared with = or != only.`);
  if (typeof value !== 'boolean') {
    throw new Failure('entity.error/query-value-invalid', `In ${where}, ${fn} is compared with true or false; got ${excerpt(value)}.`, { field: where, value: value as never, expected: 'true or false' });
  }
  const hasValue = filled(ctx, alias, type, subject, where);
  return value !== (op === '!=') ? not(hasValue) : hasValue;
}

/** Whether the path of `['q/null?' | 'q/null-or-empty?', path]` has a value (for the latter, text other than ""). */
function filled(ctx: WhereContext, alias: string, type: TypeDef, subject: [string, unknown], where: string): string {
  const path = resolvePath(ctx.catalog, type, subject[1], where);
  const nonEmptyText = subject[0] === 'q/null-or-empty?' && kindOf(ctx, path.last) === 'text';
  return onPath(ctx, alias, path, nonEmptyText ? (access) => `(${access} IS NOT NULL AND ${access} <> '')` : present);
}

/** `['q/null-or-empty?', path]` alone: the path has no value, or the empty text. */
function nullOrEmpty(ctx: WhereContext, alias: string, type: TypeDef, expr: unknown[], where: string): string {
  if (expr.length !== 2) throw operatorError(expr[0], expr, where, 'q/null-or-empty? alone takes a field: ["q/null-or-empty?", [<field>]].');
  return not(filled(ctx, alias, type, expr as [string, unknown], where));
}

/** `[<op>, ['q/count', [<collection>, 'svc/id']], <integer>]`: the number of items compared. */
function countTest(ctx: WhereContext, alias: string, type: TypeDef, expr: unknown[], value: unknown, where: string): string {
  const [op, subject] = expr as [string, [string, unknown]];
  const path = resolvePath(ctx.catalog, type, subject[1], where);
  const step = path.steps[0];
  if (!step || step.viaColumn || path.steps.length !== 1 || path.last.name !== 'svc/id') {
    throw operatorError(op, expr, where, `q/count counts the items of one relation or collection field, written [<collection>, "svc/id"]; ${path.text} is not one.`);
  }
  if (!Number.isSafeInteger(value)) {
    throw new Failure('entity.error/query-value-invalid', `In ${where}, q/count is compared with an integer (of at most 2^53 - 1 in size); got ${excerpt(value)}.`, { field: where, value: value as never, expected: 'an integer' });
  }
  const [mine] = linkEnds(step.field);
  // Stryker disable next-line ArrayDeclaration: the aliases of one derived table need only differ from the statement's others, which have letters and numbers of their own
  const [c, l, l2] = [ctx.aliases.next('c'), ctx.aliases.next('l'), ctx.aliases.next('l')];
  const relation = ctx.params.add(step.field.relationId);
  const groups = `SELECT ${l}.${mine} AS e, count(*) AS n FROM links ${l} WHERE ${l}.relation_id = ${relation} GROUP BY ${l}.${mine}`;
  const counted = inSet(ctx, `SELECT ${c}.e AS id FROM (${groups}) ${c} WHERE ${c}.n ${op} ${ctx.params.add(value)}`, `${alias}.id`);
  // Entities without items have no group: they match when 0 satisfies the comparison.
  if (!compareNumbers(op, 0, value as number)) return counted;
  return or([counted, not(inSet(ctx, `SELECT ${l2}.${mine} AS id FROM links ${l2} WHERE ${l2}.relation_id = ${relation}${groupIds(ctx, `${l2}.${mine}`)}`, `${alias}.id`))]);
}

/**
 * `['q/start' | 'q/end', path]` as a comparison's subject: the path to a range field, read at one
 * end as a value of the end's own type (a date or a date-time), so operands coerce as for such a field.
 */
function rangePartPath(ctx: WhereContext, type: TypeDef, expr: unknown[], where: string): ResolvedPath {
  const [op, subject] = expr as [string, [string, unknown]];
  // Stryker disable next-line all: unreachable: the request schema (RangePartExpr) gives q/start and q/end exactly one path
  if (subject.length !== 2) throw operatorError(subject[0], expr, where, `${subject[0]} takes a range field: ["${subject[0]}", [<range field>]].`);
  const path = resolvePath(ctx.catalog, type, subject[1], where);
  const endType = rangePartType(path.last);
  if (!endType) throw operatorError(subject[0], expr, where, `${subject[0]} reads an end of a date or date-time range field; ${path.text} is a ${path.last.fieldType} field (in "${op}").`);
  return { ...path, last: { ...path.last, fieldType: endType }, part: subject[0] === 'q/start' ? 'start' : 'end' };
}

function comparison(ctx: WhereContext, alias: string, type: TypeDef, expr: unknown[], where: string): string {
  const [op, subject, operand] = expr as [string, unknown, unknown];
  if (expr.length !== 3) throw operatorError(op, expr, where, `"${op}" takes a field and a value: [${JSON.stringify(op)}, [<field>], <value or $param>].`);
  const value = resolveOperand(operand, ctx.queryParams, where);
  if (isFunctionCall(subject, 'q/null?') || isFunctionCall(subject, 'q/null-or-empty?')) return nullTest(ctx, alias, type, expr, value, where);
  if (isFunctionCall(subject, 'q/count')) return countTest(ctx, alias, type, expr, value, where);

  const path = isFunctionCall(subject, 'q/start') || isFunctionCall(subject, 'q/end') ? rangePartPath(ctx, type, expr, where) : resolvePath(ctx.catalog, type, subject, where);
  const negate = op === '!=';
  if (value === null) {
    if (op !== '=' && op !== '!=') throw operatorError(op, expr, where, `"${op}" cannot compare with null; use ['=', ['q/null?', ${path.text}], true].`);
    const hasValue = onPath(ctx, alias, path, present);
    return negate ? hasValue : not(hasValue);
  }
  if (op !== '=' && op !== '!=' && kindOf(ctx, path.last) === 'boolean') throw operatorError(op, expr, where, `"${op}" does not apply to the bool field ${path.text}.`);
  const p = placeholder(ctx.params, coerceFor(ctx, path.last, value, where), kindOf(ctx, path.last));
  const positive = onPath(ctx, alias, path, (access) => nullSafe(access, `${access} ${COMPARISON[op]} ${p}`));
  return negate ? not(positive) : positive;
}

function membership(ctx: WhereContext, alias: string, type: TypeDef, expr: unknown[], where: string): string {
  const [op, subject, operand] = expr as [string, unknown, unknown];
  if (expr.length !== 3) throw operatorError(op, expr, where, `"${op}" takes a field and a list: [${JSON.stringify(op)}, [<field>], <$param holding a list>].`);
  const value = resolveOperand(operand, ctx.queryParams, where);
  if (!Array.isArray(value)) {
    throw new Failure('entity.error/query-value-invalid', `In ${where}, "${op}" needs a list of values; got ${excerpt(value)}.`, { field: where, value: value as never, expected: 'a list of values' });
  }
  if (value.length > 10_000) {
    throw new Failure('entity.error/query-value-invalid', `In ${where}, a list holds at most 10000 values; got ${value.length}.`, { field: where, value: excerpt(value), expected: 'a list of at most 10000 values' });
  }
  const path = resolvePath(ctx.catalog, type, subject, where);
  const kind = kindOf(ctx, path.last);
  // Duplicates dropped: pg-mem answers a row once per repeated value of an IN list.
  const list = [...new Set(value.map((v) => coerceFor(ctx, path.last, v, where)))];
  const positive =
    list.length === 0 ? SQL_FALSE : onPath(ctx, alias, path, (access) => nullSafe(access, `${access} IN (${list.map((v) => placeholder(ctx.params, v, kind)).join(', ')})`));
  return op === 'q/not-in' ? not(positive) : positive;
}

const TEXT_OPS: Record<string, (access: string, p: string) => string> = {
  'q/contains': (a, p) => `coalesce(strpos(${a}, ${p}) > 0, false)`,
  'q/not-contains': (a, p) => `coalesce(strpos(${a}, ${p}) > 0, false)`,
  'q/starts-with-ignoring-case?': (a, p) => `coalesce(starts_with(lower(${a}), lower(${p})), false)`,
  'q/ends-with-ignoring-case?': (a, p) => `coalesce(right(lower(${a}), length(${p})) = lower(${p}), false)`,
  'q/equals-ignoring-case?': (a, p) => `coalesce(lower(${a}) = lower(${p}), false)`,
  'q/not-equals-ignoring-case?': (a, p) => `coalesce(lower(${a}) = lower(${p}), false)`,
};

/** Text operators that hold where the operator they negate does not (its SQL above is the positive one). */
const NEGATED_TEXT_OPS: ReadonlySet<string> = new Set(['q/not-contains', 'q/not-equals-ignoring-case?']);

function text(ctx: WhereContext, alias: string, type: TypeDef, expr: unknown[], where: string): string {
  const [op, subject, operand] = expr as [string, unknown, unknown];
  if (expr.length !== 3) throw operatorError(op, expr, where, `"${op}" takes a field and a value: [${JSON.stringify(op)}, [<field>], <value or $param>].`);
  const value = resolveOperand(operand, ctx.queryParams, where);
  const path = resolvePath(ctx.catalog, type, subject, where);
  const kind = kindOf(ctx, path.last);
  let positive: string;
  if ((op === 'q/contains' || op === 'q/not-contains') && kind === 'uuid') {
    // A collection (or relation) contains an Entity.
    const p = placeholder(ctx.params, coerceFor(ctx, path.last, value, where), kind);
    positive = onPath(ctx, alias, path, (access) => nullSafe(access, `${access} = ${p}`));
  } else {
    if (kind !== 'text') throw operatorError(op, expr, where, `"${op}" applies to text fields; ${path.text} is ${path.last.fieldType}.`);
    if (typeof value !== 'string') {
      throw new Failure('entity.error/query-value-invalid', `In ${where}, "${op}" needs a string; got ${excerpt(value)}.`, { field: path.last.name, value: value as never, expected: 'a string' });
    }
    const p = ctx.params.add(value);
    const build = TEXT_OPS[op] as (a: string, p: string) => string;
    positive = onPath(ctx, alias, path, (access) => build(access, p));
  }
  return NEGATED_TEXT_OPS.has(op) ? not(positive) : positive;
}

function logical(ctx: WhereContext, alias: string, type: TypeDef, expr: unknown[], where: string): string {
  const [op, ...operands] = expr;
  if (operands.length === 0) throw operatorError(op, expr, where, `"${String(op)}" needs at least one expression.`);
  const parts = operands.map((e, i) => compileWhere(ctx, alias, type, e, `${where}[${i + 1}]`));
  return op === 'q/and' ? and(parts) : or(parts);
}

const OPERATORS: Record<string, (ctx: WhereContext, alias: string, type: TypeDef, expr: unknown[], where: string) => string> = {
  '=': comparison,
  '!=': comparison,
  '<': comparison,
  '<=': comparison,
  '>': comparison,
  '>=': comparison,
  'q/in': membership,
  'q/not-in': membership,
  'q/and': logical,
  'q/or': logical,
  'q/null-or-empty?': nullOrEmpty,
  ...Object.fromEntries(Object.keys(TEXT_OPS).map((op) => [op, text])),
};

export const WHERE_OPERATORS = Object.keys(OPERATORS);

export function compileWhere(ctx: WhereContext, alias: string, type: TypeDef, expr: unknown, where = 'q/where'): string {
  if (!Array.isArray(expr) || expr.length === 0) {
    throw operatorError(expr, expr, where, `an expression is an array [<operator>, ...]; got ${excerpt(expr)}.`);
  }
  const op = expr[0];
  // Own keys only: an operator named `constructor` or `toString` is as unknown as any other.
  // Stryker disable next-line ConditionalExpression: Object.hasOwn is false for an operator that is no string too
  const compile = typeof op === 'string' && Object.hasOwn(OPERATORS, op) ? OPERATORS[op] : undefined;
  if (!compile) throw operatorError(op, expr, where, `unknown operator ${excerpt(op)}; known: ${WHERE_OPERATORS.join(', ')}.`);
  return compile(ctx, alias, type, expr, where);
}

// ---------------------------------------------------------------------------------------------
// Conditions built by code (the GraphQL filters compile to them) rather than read from `q/where`.
// Their leaves are `q/where` expressions, so every comparison keeps the command API's semantics;
// `some` adds what `q/where` cannot say: one related Entity matching several tests at once.

export type Condition =
  /** A `q/where` expression; `where` names it in error messages. */
  | { kind: 'expr'; expr: unknown; where: string }
  | { kind: 'and'; parts: Condition[] }
  | { kind: 'or'; parts: Condition[] }
  | { kind: 'not'; part: Condition }
  /** Some Entity related through `field` (a link field or `svc/created-by`) satisfies `where`. */
  | { kind: 'some'; field: FieldDef; where: Condition };

export const ALWAYS: Condition = { kind: 'and', parts: [] };

export function compileCondition(ctx: WhereContext, alias: string, type: TypeDef, condition: Condition): string {
  switch (condition.kind) {
    case 'expr':
      return compileWhere(ctx, alias, type, condition.expr, condition.where);
    case 'and':
      return and(condition.parts.map((part) => compileCondition(ctx, alias, type, part)));
    case 'or':
      return or(condition.parts.map((part) => compileCondition(ctx, alias, type, part)));
    case 'not':
      return not(compileCondition(ctx, alias, type, condition.part));
    case 'some':
      return someRelated(ctx, alias, condition.field, (scope, t, target) => compileCondition(scope, t, target, condition.where));
  }
}

/** Holds when some Entity related to `alias` through `field` satisfies `inner` (an uncorrelated derived table). */
function someRelated(ctx: WhereContext, alias: string, field: FieldDef, inner: (ctx: WhereContext, alias: string, target: TypeDef) => string): string {
  const target = ctx.catalog.byName.get(field.fieldType);
  // Stryker disable next-line all: unreachable: the catalogue holds the target of every relation it holds
  if (!target) throw new Error(`relation target ${field.fieldType} vanished`);
  const t = ctx.aliases.next();
  const scope = nested(ctx);
  if (field.storage !== 'link') {
    // svc/created-by: a column of the Entity.
    const condition = inner(scope, t, target);
    // Stryker disable next-line ConditionalExpression: constant folding; the unfolded SQL selects the same rows
    if (condition === SQL_FALSE) return SQL_FALSE;
    // Stryker disable next-line ArrayDeclaration: ids are unique across Databases: the users' ids only match users
    const where = and([`${t}.type_id = ${ctx.params.add(target.id)}`, condition]);
    return inSet(ctx, `SELECT ${t}.id AS id FROM entities ${t} ${joinsUsed(scope.joins, where)} WHERE ${where}${groupIds(ctx, `${t}.id`)}`, `${alias}.created_by`);
  }
  const [mine, theirs] = linkEnds(field);
  const l = ctx.aliases.next('l');
  const relation = `${l}.relation_id = ${ctx.params.add(field.relationId)}`;
  const condition = inner(scope, t, target);
  // Stryker disable next-line ConditionalExpression: constant folding; the unfolded SQL selects the same rows
  if (condition === SQL_FALSE) return SQL_FALSE;
  // Stryker disable next-line ConditionalExpression: constant folding; the unfolded SQL selects the same rows
  if (condition === SQL_TRUE) return inSet(ctx, `SELECT ${l}.${mine} AS id FROM links ${l} WHERE ${relation}${groupIds(ctx, `${l}.${mine}`)}`, `${alias}.id`);
  const where = and([relation, condition]);
  return inSet(ctx, `SELECT ${l}.${mine} AS id FROM links ${l} JOIN entities ${t} ON ${t}.id = ${l}.${theirs} ${joinsUsed(scope.joins, where)} WHERE ${where}${groupIds(ctx, `${l}.${mine}`)}`, `${alias}.id`);
}
