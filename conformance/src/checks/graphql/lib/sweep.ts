/**
 * Runs a deterministic set of GraphQL list queries against the model: the cases travel as
 * aliased root fields, many per request (GraphQL aliases, GQL-029), and each alias's answer is
 * compared with what the model says. A difference is confirmed by sending that case alone, so the
 * failure carries its own curl line.
 */
import { fail } from '../../../assert.js';
import type { CheckContext } from '../../../check.js';
import { isRecord } from '../../../shapes.js';
import { expectData, postGraphql, rowsOf, type Rows } from './client.js';
import { listQuery, type Args, type Model, type ModelEntity } from './model.js';

export interface InnerList {
  field: string;
  args: Args;
  label?: string;
}

/** One list query of the sweep: a root field with its arguments, and inner lists on each row. */
export interface SweepCase {
  /** What the case tests (failure messages). */
  label: string;
  root: 'findItems' | 'findGroups';
  args: Args;
  /** Inner lists selected on every row: response key to the collection field, its arguments and what it tests. */
  inner?: Record<string, InnerList>;
}

/** A JSON value as a GraphQL literal; strings under `orderBy` are enum values (ASC, DESC). */
export function graphqlLiteral(value: unknown, enums = false): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map((v) => graphqlLiteral(v, enums)).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value as Args)
      .map(([k, v]) => `${k}: ${graphqlLiteral(v, enums || k === 'orderBy')}`)
      .join(', ')}}`;
  }
  if (typeof value === 'string') return enums ? value : JSON.stringify(value);
  return String(value);
}

function argumentList(args: Args): string {
  const entries = Object.entries(args).filter(([, v]) => v !== undefined);
  return entries.length === 0 ? '' : `(${entries.map(([k, v]) => `${k}: ${graphqlLiteral(v, k === 'orderBy')}`).join(', ')})`;
}

function fieldOf(c: SweepCase, alias: string): string {
  const inner = Object.entries(c.inner ?? {}).map(([key, { field, args }]) => `${key}: ${field}${argumentList(args)} { id }`);
  return `${alias}: ${c.root}${argumentList(c.args)} { ${['id', ...inner].join(' ')} }`;
}

/** What the model answers for a case: rows of `{id, <inner key>: [ids]}`. */
export function expectedRows(model: Model, c: SweepCase): Array<Record<string, unknown>> {
  const list: ModelEntity[] = c.root === 'findItems' ? model.items : model.groups;
  return listQuery(list, c.args).map((e) => {
    const row: Record<string, unknown> = { id: e.id };
    for (const [key, { field, args }] of Object.entries(c.inner ?? {})) row[key] = listQuery(e.many[field] ?? [], args).map((i) => i.id);
    return row;
  });
}

function actualRows(rows: Rows, c: SweepCase): Array<Record<string, unknown>> {
  return rows.map((r) => {
    const row: Record<string, unknown> = { id: r['id'] };
    for (const key of Object.keys(c.inner ?? {})) {
      const list = r[key];
      row[key] = Array.isArray(list) ? list.map((i: unknown) => (isRecord(i) ? i['id'] : i)) : list;
    }
    return row;
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function listDifference(what: string, got: unknown, want: unknown[]): string {
  const list = Array.isArray(got) ? got : [];
  const missing = want.filter((id) => !list.includes(id));
  const extra = list.filter((id) => !want.includes(id));
  const how = missing.length === 0 && extra.length === 0 ? 'the same Entities in another order' : `${missing.length} missing [${missing.join(', ')}], ${extra.length} not expected [${extra.join(', ')}]`;
  return `${what} answered ${list.length} Entities [${list.join(', ')}], expected ${want.length} [${want.join(', ')}]: ${how}`;
}

/** The first difference: the root list, else the first inner list of the first row that differs. */
function describeDifference(c: SweepCase, got: Array<Record<string, unknown>>, want: Array<Record<string, unknown>>): string {
  const root = `${c.root}${argumentList(c.args)}`;
  const gotIds = got.map((r) => r['id']);
  const wantIds = want.map((r) => r['id']);
  if (!same(gotIds, wantIds)) return listDifference(root, gotIds, wantIds);
  for (const [i, row] of want.entries()) {
    for (const [key, inner] of Object.entries(c.inner ?? {})) {
      const actual = got[i]?.[key];
      if (same(actual, row[key])) continue;
      return `${inner.label ? `${inner.label}: ` : ''}${listDifference(`in ${root}, the row ${String(row['id'])}'s ${key}: ${inner.field}${argumentList(inner.args)}`, actual, row[key] as unknown[])}`;
    }
  }
  return `${root} answered ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`;
}

/**
 * Sends the cases, `perRequest` aliases per request, and fails on the first whose answer is not
 * the model's. `space` is the Space of the test Databases.
 */
export async function runSweep(ctx: CheckContext, space: string, model: Model, cases: readonly SweepCase[], perRequest = 40): Promise<void> {
  const started = Date.now();
  for (let start = 0; start < cases.length; start += perRequest) {
    const chunk = cases.slice(start, start + perRequest);
    const query = `{\n${chunk.map((c, i) => fieldOf(c, `c${start + i}`)).join('\n')}\n}`;
    const res = await postGraphql(ctx, space, { query });
    const data = expectData(res, `${chunk.length} edge cases of the filters, orderBy, limit and offset (as aliases)`);
    for (const [i, c] of chunk.entries()) {
      const alias = `c${start + i}`;
      const want = expectedRows(model, c);
      const got = actualRows(rowsOf(res, data, alias, alias), c);
      if (same(got, want)) continue;
      const alone = await postGraphql(ctx, space, { query: `{ ${fieldOf(c, 'edge')} }` });
      const gotAlone = actualRows(rowsOf(alone, expectData(alone, c.label), 'edge', c.label), c);
      const where = same(gotAlone, want) ? ` (alone it answers right: only as alias ${alias} among ${chunk.length} is it wrong)` : '';
      fail(`${c.label}: ${describeDifference(c, got, want)}${where}`, same(gotAlone, want) ? res : alone);
    }
  }
  if (cases.length > 1) ctx.log(`edge sweep: ${cases.length} cases in ${Math.ceil(cases.length / perRequest)} requests, ${Date.now() - started} ms`);
}
