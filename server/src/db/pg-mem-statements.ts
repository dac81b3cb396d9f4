// Parameterised statements for pg-mem, parsed once. pg-mem's node-postgres adapter writes each
// parameter into the SQL text as a literal and parses the result, so every distinct value costs a
// full parse (most of the embedded server's time). Here the statement is parsed once with its
// `$n` placeholders and each execution gets a copy of the syntax tree with the values put in as
// the same literals the adapter would write (null, a string, ARRAY[...], '{}' for an empty list).
import { parse, type Expr, type Statement } from 'pgsql-ast-parser';

/** Parsed statements kept (distinct SQL texts); past it the cache starts again. */
const MAX_STATEMENTS = 2_000;

export class StatementCache {
  private readonly parsed = new Map<string, Statement[]>();

  /** The statements of `sql` with `params` in place of `$1`, `$2`, ... */
  bind(sql: string, params: readonly unknown[] = []): Statement[] {
    let statements = this.parsed.get(sql);
    if (statements === undefined) {
      statements = parse(sql);
      if (this.parsed.size >= MAX_STATEMENTS) this.parsed.clear();
      this.parsed.set(sql, statements);
    }
    return withValues(statements, params) as Statement[];
  }
}

/** A copy of a syntax tree with every parameter node replaced by its value's literal. */
function withValues(node: unknown, params: readonly unknown[]): unknown {
  if (Array.isArray(node)) return node.map((item) => withValues(item, params));
  if (typeof node !== 'object' || node === null) return node;
  const record = node as Record<string, unknown>;
  if (record['type'] === 'parameter' && typeof record['name'] === 'string') {
    const index = Number(record['name'].slice(1)) - 1;
    if (!Number.isInteger(index) || index < 0 || index >= params.length) throw new Error(`Unmatched parameter in query ${record['name']}`);
    return literal(params[index]);
  }
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) copy[key] = withValues(value, params);
  return copy;
}

/** The literal node-postgres' adapter of pg-mem writes for a value (its `toLiteral`). */
function literal(value: unknown): Expr {
  if (value === null || value === undefined) return { type: 'null' };
  if (Buffer.isBuffer(value)) return { type: 'string', value: value.toString('utf-8') };
  if (value instanceof Date) return { type: 'string', value: value.toISOString() };
  if (Array.isArray(value)) return value.length === 0 ? { type: 'string', value: '{}' } : { type: 'array', expressions: value.map(literal) };
  if (typeof value === 'object') return { type: 'string', value: stableJson(JSON.parse(JSON.stringify(value)) as unknown) };
  return { type: 'string', value: String(value) };
}

/** JSON with keys in sorted order, as the adapter writes objects. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => stableJson(item === undefined ? null : item)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** One cache for the process: a parsed statement is never changed (each execution binds a copy), so every embedded database of the process shares it. */
export const sharedStatements = new StatementCache();
