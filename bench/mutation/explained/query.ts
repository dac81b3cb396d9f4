// Equivalent or out-of-reach survivors of the query compiler (server/src/query/): see index.ts.
import { withReason, type Explanation } from './explanation.js';

/** Why mutants of the query compiler are equivalent or out of reach. */
const QUERY_REASON = {
  WHERE:
    'where in the request an error sits, for its message and data.field only: both still name the field, operator or q/limit at fault, and the spec fixes no form for data.field',
  EXPECTED: "the words for what a field takes, in the message and in data.expected: the spec gives query-value-invalid the data {field, value}, and the message still names the field and the value",
  OPERATORS: 'the list of known operators in the message of an unknown operator (its wording; the name, data.operator and data.expr stay)',
  IDS_ONLY: 'a shortcut: without it the related Entities are read whole, with the same ids',
  WINDOW:
    "PostgreSQL only: GraphQL asks for `window` on PostgreSQL and `all` on pg-mem (graphql/execute.ts), the command API for `union`; the mutation runs on pg-mem, server/test/graphql-api.test.ts runs `window` on PostgreSQL (the disable comment above trails the previous branch, so Stryker does not apply it)",
  RICH_TEXT:
    'rich text compares with nothing but q/null? (spec/query-semantics.md, Values), which reads the same under either kind; comparing or ordering by the document secret is beyond the spec',
  DEFAULT: 'the function ends right after the switch: falling out of it returns undefined as well',
  PATH_STEPS: 'a path of the map select with a step that is no name is refused by resolvePath instead, with the same error name, naming the same alias',
  DIALECT:
    "the SQL form for PostgreSQL and PGlite (dialect 'postgres'), chosen for speed: the pg-mem form, which the mutation run uses, answers the same rows on every storage; server/test/query-path-performance.test.ts checks each storage gets its form and the query tests run both",
  NOT_A_JOIN: 'an entry that is not a Join has no alias, so joinsUsed never reads it',
  NO_LIMIT_SUB: 'without `limit: null` the steps of a path are read per parent, each up to 100001 rows: the same rows below 100000 Entities, more than a conformance run creates',
  RANGE_STORAGE: 'a range field (svc/date-range, svc/date-time-range) is always a value field',
} as const;

const WHERE_TS = 'server/src/query/where.ts';
const COALESCE_SCAN = "depth += ch === '(' ? 1 : ch === ')' ? -1 : 0";

export const QUERY: readonly Explanation[] = [
  ...withReason(QUERY_REASON.DIALECT, [
    ['server/src/query/execute.ts', 'ObjectLiteral', '{ dialect: tx.dialect }', '{}'],
    ['server/src/query/execute.ts', 'ObjectLiteral', '{ dialect: ctx.tx.dialect }', '{}'],
    [WHERE_TS, 'StringLiteral', '`${key} IN (${set})`', '``'],
    [WHERE_TS, 'EqualityOperator', "ctx.dialect === 'postgres'", "ctx.dialect !== 'postgres'"],
    [WHERE_TS, 'StringLiteral', "'postgres'", '""'],
    [WHERE_TS, 'BooleanLiteral', "!test.startsWith('coalesce(')", "test.startsWith('coalesce(')"],
    [WHERE_TS, 'MethodExpression', "test.startsWith('coalesce(')", "test.endsWith('coalesce(')"],
    [WHERE_TS, 'StringLiteral', "'coalesce('", '""'],
    [WHERE_TS, 'BooleanLiteral', "!test.endsWith(', false)')", "test.endsWith(', false)')"],
    [WHERE_TS, 'MethodExpression', "test.endsWith(', false)')", "test.startsWith(', false)')"],
    [WHERE_TS, 'StringLiteral', "', false)'", '""'],
    [WHERE_TS, 'EqualityOperator', "ctx.dialect !== 'postgres'", "ctx.dialect === 'postgres'"],
    [WHERE_TS, 'MethodExpression', "test.slice('coalesce('.length, -', false)'.length)", 'test'],
    [WHERE_TS, 'UnaryOperator', "-', false)'.length", "+', false)'.length"],
    [WHERE_TS, 'AssignmentOperator', COALESCE_SCAN, "depth -= ch === '(' ? 1 : ch === ')' ? -1 : 0"],
    [WHERE_TS, 'ConditionalExpression', "ch === '('", 'true'],
    [WHERE_TS, 'ConditionalExpression', "ch === '('", 'false'],
    [WHERE_TS, 'EqualityOperator', "ch === '('", "ch !== '('"],
    [WHERE_TS, 'StringLiteral', "'('", '""'],
    [WHERE_TS, 'ConditionalExpression', "ch === ')'", 'true'],
    [WHERE_TS, 'ConditionalExpression', "ch === ')'", 'false'],
    [WHERE_TS, 'EqualityOperator', "ch === ')'", "ch !== ')'"],
    [WHERE_TS, 'StringLiteral', "')'", '""'],
    [WHERE_TS, 'UnaryOperator', '-1', '+1'],
    [WHERE_TS, 'BlockStatement', "{ depth += ch === '(' ? 1 : ch === ')' ? -1 : 0; // Stryker disable next-line all: the co…", '{}'],
    [WHERE_TS, 'StringLiteral', '`SELECT ${l}.${mine} AS id FROM links ${l} WHERE ${relation} AND ${l}.${theirs} IN (${set…', '``'],
    [WHERE_TS, 'ConditionalExpression', 'from > 0', 'true'],
    [WHERE_TS, 'ConditionalExpression', 'from > 0', 'false'],
    [WHERE_TS, 'EqualityOperator', 'from > 0', 'from >= 0'],
    [WHERE_TS, 'EqualityOperator', 'from > 0', 'from <= 0'],
  ]),
  ...withReason(QUERY_REASON.NOT_A_JOIN, [['server/src/query/execute.ts', 'ArrayDeclaration', '[]', '["Stryker was here"]']]),
  ...withReason(QUERY_REASON.NO_LIMIT_SUB, [['server/src/query/execute.ts', 'ObjectLiteral', '{ limit: null }', '{}']]),
  ...withReason(QUERY_REASON.RANGE_STORAGE, [['server/src/query/paths.ts', 'ConditionalExpression', "field.storage !== 'value'", 'false']]),
  ...withReason(QUERY_REASON.PATH_STEPS, [
    ['server/src/query/select.ts', 'MethodExpression', "value.every((v) => typeof v === 'string')", "value.some(v => typeof v === 'string')"],
    ['server/src/query/select.ts', 'ConditionalExpression', "typeof v === 'string'", 'true'],
  ]),
  ...withReason(QUERY_REASON.WHERE, [
    ['server/src/query/execute.ts', 'StringLiteral', "'query'", '""'],
    ['server/src/query/execute.ts', 'StringLiteral', "'q/order-by'", '""'],
    ['server/src/query/execute.ts', 'StringLiteral', '`q/where of ${field.name}`', '``'],
    ['server/src/query/execute.ts', 'StringLiteral', '`q/order-by of ${field.name}`', '``'],
    ['server/src/query/order.ts', 'StringLiteral', '`${where}[${i}]`', '``'],
    ['server/src/query/select.ts', 'StringLiteral', "'q/select'", '""'],
    ['server/src/query/select.ts', 'StringLiteral', '`${where}[${i}]`', '``'],
    ['server/src/query/select.ts', 'StringLiteral', '`${at}.${key}`', '``'],
    ['server/src/query/select.ts', 'StringLiteral', '`${at}/q/select`', '``'],
    ['server/src/query/where.ts', 'ArithmeticOperator', 'i + 1', 'i - 1'],
  ]),
  ...withReason(
    QUERY_REASON.EXPECTED,
    ["'a UUID'", "'a number'", "'true or false'", "'an ISO 8601 timestamp'", "'a string'", "'a date YYYY-MM-DD'"].map((original) => ['server/src/query/operands.ts', 'StringLiteral', original, '""'] as const),
  ),
  ...withReason(QUERY_REASON.OPERATORS, [['server/src/query/where.ts', 'StringLiteral', "', '", '""']]),
  ...withReason(QUERY_REASON.IDS_ONLY, [['server/src/query/execute.ts', 'ConditionalExpression', "n.kind === 'field' && n.field.name === 'svc/id'", 'false']]),
  ...withReason(QUERY_REASON.WINDOW, [
    ['server/src/query/execute.ts', 'BlockStatement', '{ // PostgreSQL only: number each parent\'s items in order, keep (offset, offset + limit].…', '{}'],
    ['server/src/query/execute.ts', 'ConditionalExpression', "ctx.perParent === 'window'", 'false'],
    ['server/src/query/execute.ts', 'StringLiteral', "'window'", '""'],
  ]),
  ...withReason(QUERY_REASON.RICH_TEXT, [
    ['server/src/query/paths.ts', 'ConditionalExpression', "field.fieldType === 'Collaboration~Documents/Document'", 'false'],
    ['server/src/query/paths.ts', 'StringLiteral', "'Collaboration~Documents/Document'", '""'],
  ]),
  ...withReason(QUERY_REASON.DEFAULT, [['server/src/query/paths.ts', 'ConditionalExpression', 'default: return undefined;', 'default:']]),
  // execute.ts, the UNION ALL strategy: only command API sub-queries take it (GraphQL reads every item on pg-mem and numbers them on PostgreSQL)
  ...withReason('the UNION ALL strategy serves only command API sub-queries, which have no offset: an OFFSET 0 or none skips nothing either way', [
    ['server/src/query/execute.ts', 'StringLiteral', '` OFFSET ${params.add(offset)}`', '``'],
    ['server/src/query/execute.ts', 'ConditionalExpression', 'offset > 0', 'false'],
    ['server/src/query/execute.ts', 'ConditionalExpression', 'offset > 0', 'true'],
    ['server/src/query/execute.ts', 'EqualityOperator', 'offset > 0', 'offset >= 0'],
    ['server/src/query/execute.ts', 'EqualityOperator', 'offset > 0', 'offset <= 0'],
  ]),
  ...withReason('the UNION ALL strategy runs only for a sub-query with a q/limit (a list without one reads every item), so the limit is never absent there', [
    ['server/src/query/execute.ts', 'ArithmeticOperator', 'MAX_RESULT_ROWS + 1', 'MAX_RESULT_ROWS - 1'],
  ]),
];
