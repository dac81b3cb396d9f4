import { expectStatus, fail } from '../../../assert.js';
import type { CheckContext } from '../../../check.js';
import type { HttpResponse } from '../../../http.js';
import { isRecord } from '../../../shapes.js';
import { expectErrors, postGraphql } from './client.js';
import { GQL } from './dataset.js';

/** Arguments that fail while the field runs (spec/graphql/README.md, "Query semantics" 2 and 6), each with what is wrong and the extensions.code it gets ("Errors"). */
export const BAD_ARGUMENTS: Array<[string, string, string]> = [
  ['a negative limit', `${GQL.findItems}(limit: -1) { id }`, 'BAD_USER_INPUT'],
  ['a limit over 10000', `${GQL.findItems}(limit: 10001) { id }`, 'BAD_USER_INPUT'],
  ['a negative offset', `${GQL.findItems}(offset: -1) { id }`, 'BAD_USER_INPUT'],
  ['a negative limit of an inner list', `${GQL.findGroups} { id members(limit: -1) { id } }`, 'BAD_USER_INPUT'],
  ['an id that is not a UUID', `${GQL.findItems}(id: {is: "not-a-uuid"}) { id }`, 'entity.error/query-value-invalid'],
  ['a date that is not a date', `${GQL.findItems}(due: {greaterOrEquals: "yesterday"}) { id }`, 'entity.error/query-value-invalid'],
  ['contains on a timestamp', `${GQL.findItems}(creationDate: {contains: "2024"}) { id }`, 'BAD_USER_INPUT'],
  ['notContains on the other timestamp', `${GQL.findItems}(modificationDate: {notContains: "2024"}) { id }`, 'BAD_USER_INPUT'],
];

/** Each argument that fails while running is answered 200 with an error carrying the field's path, and the field null. */
export async function expectFieldErrors(ctx: CheckContext, space: string, also?: (res: HttpResponse, errors: ReturnType<typeof expectErrors>, what: string) => void): Promise<void> {
  for (const [what, field, code] of BAD_ARGUMENTS) {
    const res = await postGraphql(ctx, space, { query: `{ ${field} }` });
    expectStatus(res, 200, what);
    const errors = expectErrors(res, what);
    also?.(res, errors, what);
    const body = res.json;
    const data = isRecord(body) ? body['data'] : undefined;
    if (data !== null && !(isRecord(data) && data[field.slice(0, field.search(/[ (]/))] === null)) fail(`${what}: the field should be null (so data is null), got data ${JSON.stringify(data)?.slice(0, 200)}`, res);
    if (!errors.some((e) => e.extensions?.['code'] === code)) fail(`${what}: the error should have extensions.code ${code} (spec/graphql/README.md, "Errors"), got ${JSON.stringify(errors).slice(0, 300)}`, res);
    if (!errors.some((e) => Array.isArray((e as Record<string, unknown>)['path']))) fail(`${what}: the error should carry the path of the field, got ${JSON.stringify(errors).slice(0, 300)}`, res);
  }
}
