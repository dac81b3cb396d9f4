/**
 * `orderBy`, `limit` and `offset` inside a find filter (spec/graphql/README.md, "`orderBy`,
 * `limit`, `offset` in a `TFilter`"): where a filter only filters, they choose nothing and are
 * refused with `BAD_USER_INPUT` naming the path. The cases: each key in a relation filter, in an
 * item of a `TCollectionFilter`, and in an inner list's relation filter.
 */
import type { CheckContext } from '../../../check.js';
import type { HttpResponse } from '../../../http.js';
import { isRecord, type JsonRecord } from '../../../shapes.js';
import { postGraphql } from './client.js';
import { GQL } from './dataset.js';

export interface SelectionRefusal {
  /** The key given inside the filter, with its value. */
  key: 'orderBy' | 'limit' | 'offset';
  query: string;
  /** The path the error names (the root field's, for the find filters). */
  path: string | undefined;
}

const VALUES = { orderBy: '{id: ASC}', limit: '1', offset: '0' } as const;

export const SELECTION_REFUSALS: readonly SelectionRefusal[] = (['orderBy', 'limit', 'offset'] as const).flatMap((key): SelectionRefusal[] => [
  { key, query: `{ ${GQL.findItems}(group: {name: {isNull: false}, ${key}: ${VALUES[key]}}) { id } }`, path: `${GQL.findItems}.group.${key}` },
  { key, query: `{ ${GQL.findItems}(tags: {contains: [{${key}: ${VALUES[key]}}]}) { id } }`, path: `${GQL.findItems}.tags.contains[0].${key}` },
  { key, query: `{ ${GQL.findGroups} { id members(group: {${key}: ${VALUES[key]}}) { id } } }`, path: undefined },
]);

/** The first error of a refused request: its message and extensions (none: undefined). */
export async function refusal(ctx: CheckContext, space: string, c: SelectionRefusal): Promise<{ res: HttpResponse; error: { message: string; extensions: JsonRecord } | undefined }> {
  const res = await postGraphql(ctx, space, { query: c.query });
  const errors = isRecord(res.json) ? res.json['errors'] : undefined;
  const first: unknown = Array.isArray(errors) ? errors[0] : undefined;
  if (!isRecord(first) || typeof first['message'] !== 'string') return { res, error: undefined };
  return { res, error: { message: first['message'], extensions: isRecord(first['extensions']) ? first['extensions'] : {} } };
}
