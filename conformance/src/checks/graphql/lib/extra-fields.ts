/**
 * Four more fields on the test Items for the checks that filter and order on every kind of field
 * GraphQL reads as a String: a single select `Kind` (filtered and ordered by option name), a date
 * range `Span`, a date-time range `Window` and a location `Place` (filtered and ordered by their stringified JSON,
 * spec/graphql/README.md, "Query semantics" 9). Added with `svc.schema/batch` after GraphQL has read the Space once (its schema
 * follows the workspace schema); the enum type is deleted afterwards.
 */
import { describeRequest, expectSuccess, fail } from '../../../assert.js';
import type { CheckContext } from '../../../check.js';
import { isRecord } from '../../../shapes.js';
import { run, schemaBatch, type Command, type TestWorkspace } from '../../../workspace.js';
import { expectData, postGraphql } from './client.js';
import { GQL } from './dataset.js';
import { typeDelete } from '../../../model/schema.js';

/** Option names of the select: a case pair and a name with a space. */
export const KIND_OPTIONS = ['alpha', 'Beta', 'beta', 'gamma ray'];

export interface ExtraFields {
  /** Workspace field names. */
  kind: string;
  span: string;
  window: string;
  place: string;
  /** The options of the select, with their ids. */
  options: Array<{ id: string; name: string }>;
}

/** Adds Kind and Span to the Items of `workspace`, runs `body`, and deletes the enum type. */
export async function withExtraFields<T>(ctx: CheckContext, workspace: TestWorkspace, body: (extra: ExtraFields) => Promise<T>): Promise<T> {
  const n = workspace.names;
  const kindEnum = `${n.space}/Kinds`;
  const kind = `${n.space}/Kind`;
  const span = `${n.space}/Span`;
  const window = `${n.space}/Window`;
  const place = `${n.space}/Place`;
  // Read the Space's schema once before it changes: the new fields must show up all the same.
  const before = await postGraphql(ctx, n.space, { query: `{ ${GQL.findItems}(limit: 0) { id } }` });
  expectData(before, `${GQL.findItems} before fields are added`);
  const added = await schemaBatch(ctx, [
    { command: 'schema.enum/create', args: { 'svc/name': kindEnum, 'svc/values': KIND_OPTIONS.map((name) => ({ 'enum/name': name })) } },
    { command: 'schema.field/create', args: { 'svc/holder-type': n.items, 'svc/name': kind, 'svc/type': kindEnum } },
    { command: 'schema.field/create', args: { 'svc/holder-type': n.items, 'svc/name': span, 'svc/type': 'svc/date-range' } },
    { command: 'schema.field/create', args: { 'svc/holder-type': n.items, 'svc/name': place, 'svc/type': 'svc/location' } },
    { command: 'schema.field/create', args: { 'svc/holder-type': n.items, 'svc/name': window, 'svc/type': 'svc/date-time-range' } },
  ]);
  expectSuccess(added, `adding a single select, a date range, a location and a date-time range field to ${n.items}`);
  try {
    const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': kindEnum, 'q/select': ['svc/id', 'enum/name'], 'q/limit': 100 } } } as Command, `reading the options of ${kindEnum}`);
    const options = (Array.isArray(rows) ? rows.filter(isRecord) : []).map((r) => ({ id: String(r['svc/id']), name: String(r['enum/name']) }));
    const names = options.map((o) => o.name).sort();
    if (names.join('\n') !== [...KIND_OPTIONS].sort().join('\n')) fail(`the enum type ${kindEnum} holds the options ${JSON.stringify(names)}, expected ${JSON.stringify(KIND_OPTIONS)}`, ctx.http.lastExchange?.response);
    return await body({ kind, span, window, place, options });
  } finally {
    await workspace.dispose();
    const out = await schemaBatch(ctx, [typeDelete(kindEnum)]).catch(() => undefined);
    if (!out || out.status !== 200) ctx.log(`tear-down of ${kindEnum} failed${out ? `: ${describeRequest(out)} answered ${out.status}` : ''}`);
  }
}
