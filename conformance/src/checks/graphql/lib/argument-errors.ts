import { expectStatus, fail } from '../../../assert.js';
import type { CheckContext } from '../../../check.js';
import type { HttpResponse } from '../../../http.js';
import { isRecord } from '../../../shapes.js';
import { expectErrors, postGraphql } from './client.js';
import { GQL } from './dataset.js';

/** Arguments that fail while the field runs (spec/graphql/README.md, "Query semantics" 2 and 6), each with what is wrong. */
export const BAD_ARGUMENTS: Array<[string, string]> = [
  ['a negative limit', `${GQL.findItems}(limit: -1) { id }`],
  ['a limit over 10000', `${GQL.findItems}(limit: 10001) { id }`],
  ['a negative offset', `${GQL.findItems}(offset: -1) { id }`],
  ['a negative limit of an inner list', `${GQL.findGroups} { id members(limit: -1) { id } }`],
  ['an id that is not a UUID', `${GQL.findItems}(id: {is: "not-a-uuid"}) { id }`],
  ['a date that is not a date', `${GQL.findItems}(due: {greaterOrEquals: "yesterday"}) { id }`],
  ['contains on a timestamp', `${GQL.findItems}(creationDate: {contains: "2024"}) { id }`],
];

/** Each argument that fails while running is answered 200 with an error carrying the field's path, and the field null. */
export async function expectFieldErrors(ctx: CheckContext, space: string, also?: (res: HttpResponse, errors: ReturnType<typeof expectErrors>, what: string) => void): Promise<void> {
  for (const [what, field] of BAD_ARGUMENTS) {
    const res = await postGraphql(ctx, space, { query: `{ ${field} }` });
    expectStatus(res, 200, what);
    const errors = expectErrors(res, what);
    also?.(res, errors, what);
    const body = res.json;
    const data = isRecord(body) ? body['data'] : undefined;
    if (data !== null && !(isRecord(data) && data[field.slice(0, field.search(/[ (]/))] === null)) fail(`${what}: the field should be null (so data is null), got data ${JSON.stringify(data)?.slice(0, 200)}`, res);
    if (!errors.some((e) => Array.isArray((e as Record<string, unknown>)['path']))) fail(`${what}: the error should carry the path of the field, got ${JSON.stringify(errors).slice(0, 300)}`, res);
  }
}
