// Parameterised statements for pg-mem, parsed once. pg-mem's node-postgres adapter writes each
// parameter into the SQL text as a literal and parses the result, so every distinct value costs a
// full parse (most of the embedded server's time). Here the statement is parsed once with its
// `$n` placeholders and each execution gets a copy of the syntax tree with the values put in as
// the same literals the adapter would write (null, a string, ARRAY[...], '{}' for an empty list).
// PreparedStatements goes further where pg-mem allows it: a statement compiled once per database
// and run with its values as parameters.
import type { IMemoryDb, IPreparedQuery, QueryResult } from 'pg-mem';
import { parse, type Expr, type Statement } from 'pgsql-ast-parser';

/** Parsed statements kept (distinct SQL texts); past it the cache starts again. */
const MAX_STATEMENTS = 2_000;

export class StatementCache {
  private readonly parsed = new Map<string, Statement[]>();

  /** The statements of `sql` with `params` in place of `$1`, `$2`, ... */
  bind(sql: string, params: readonly unknown[] = []): Statement[] {
    return withValues(this.statements(sql), params) as Statement[];
  }

  /** The syntax tree of `sql`, `$n` placeholders kept; parsed once. */
  statements(sql: string): Statement[] {
    let statements = this.parsed.get(sql);
    if (statements === undefined) {
      statements = parse(sql);
      if (this.parsed.size >= MAX_STATEMENTS) this.parsed.clear();
      this.parsed.set(sql, statements);
    }
    return statements;
  }
}

/** Statement kinds that only read or write rows (everything else may change tables, and a compiled plan with them). */
const ROW_STATEMENTS: ReadonlySet<string> = new Set(['select', 'insert', 'update', 'delete', 'with', 'with recursive', 'union', 'union all', 'values']);

/**
 * Statements compiled once per database and run with their parameters, which saves pg-mem's
 * compilation (the larger part of a statement's time). pg-mem compiles some statements only with
 * their values in place (`IN ($1, $2)`, `= ANY($1)`: "No execution context available"); those, and
 * any that changes tables, run through `bind` (the values written in as literals) instead.
 */
export class PreparedStatements {
  private readonly prepared = new Map<string, IPreparedQuery | null>();

  constructor(
    private readonly mem: IMemoryDb,
    private readonly cache: StatementCache = sharedStatements,
  ) {}

  query(sql: string, params: readonly unknown[] = []): QueryResult {
    // pg-mem reads an array parameter's NULL as the text "NULL", and no nested arrays.
    const prepared = params.some(isArrayBeyondText) ? null : this.preparedFor(sql);
    if (prepared !== null) {
      try {
        return prepared.bind(params.map(parameterText)).executeAll();
      } catch (error) {
        // Nothing was written: a statement's changes are committed only when it succeeds.
        if (!isCompileOnlyFailure(error)) throw error;
        this.prepared.set(sql, null);
      }
    }
    const statements = this.cache.statements(sql);
    // A plan compiled before a table changed would read the old table: start again after DDL.
    if (statements.some((s) => !ROW_STATEMENTS.has(s.type))) this.prepared.clear();
    return this.mem.public.query(this.cache.bind(sql, params));
  }

  private preparedFor(sql: string): IPreparedQuery | null {
    const known = this.prepared.get(sql);
    if (known !== undefined) return known;
    let prepared: IPreparedQuery | null = null;
    const statements = this.cache.statements(sql);
    if (statements.every((s) => ROW_STATEMENTS.has(s.type))) {
      try {
        // A copy: the parsed tree is shared with `bind`, and pg-mem keeps what it is given.
        prepared = this.mem.public.prepare(structuredClone(statements));
      } catch {
        prepared = null;
      }
    }
    if (this.prepared.size >= MAX_STATEMENTS) this.prepared.clear();
    this.prepared.set(sql, prepared);
    return prepared;
  }
}

/** pg-mem's failures of a prepared statement that the same statement with literal values does not have. */
function isCompileOnlyFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return message.includes('No execution context available') || message.includes('nasty error');
}

/** A parameter as the text its literal would hold (pg-mem casts a parameter from text where it is used). */
function parameterText(value: unknown): string | null {
  const node = literal(value);
  if (node.type === 'null') return null;
  if (node.type === 'string') return node.value;
  return arrayText(value as readonly unknown[]);
}

/** A PostgreSQL array literal: `{"a","b"}`, items quoted. */
function arrayText(items: readonly unknown[]): string {
  return `{${items.map((item) => `"${String(parameterText(item)).replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

function isArrayBeyondText(value: unknown): boolean {
  return Array.isArray(value) && value.some((item) => item === null || item === undefined || Array.isArray(item));
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
