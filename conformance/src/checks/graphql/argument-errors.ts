import { expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';
import { expectErrors, postGraphql } from './lib/client.js';
import { GQL } from './lib/dataset.js';

/** Arguments that fail while the field runs (spec/graphql/README.md, "Query semantics" 2 and 6), each with what is wrong. */
const CASES: Array<[string, string]> = [
  ['a negative limit', `${GQL.findItems}(limit: -1) { id }`],
  ['a limit over 10000', `${GQL.findItems}(limit: 10001) { id }`],
  ['a negative offset', `${GQL.findItems}(offset: -1) { id }`],
  ['a negative limit of an inner list', `${GQL.findGroups} { id members(limit: -1) { id } }`],
  ['an id that is not a UUID', `${GQL.findItems}(id: {is: "not-a-uuid"}) { id }`],
  ['a date that is not a date', `${GQL.findItems}(due: {greaterOrEquals: "yesterday"}) { id }`],
  ['contains on a timestamp', `${GQL.findItems}(creationDate: {contains: "2024"}) { id }`],
];

export default defineCheck({
  id: 'graphql.argument-errors',
  name:
    'Arguments that fail while running (a negative limit or offset, a limit over 10000, an id that is not a UUID, a date that is not a date, contains on a timestamp) ' +
    'are answered 200 with a GraphQL error naming the field, and the field null',
  level: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-031'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      for (const [what, field] of CASES) {
        const res = await postGraphql(ctx, n.space, { query: `{ ${field} }` });
        expectStatus(res, 200, what);
        const errors = expectErrors(res, what);
        const body = res.json;
        const data = isRecord(body) ? body['data'] : undefined;
        if (data !== null && !(isRecord(data) && data[field.slice(0, field.search(/[ (]/))] === null)) fail(`${what}: the field should be null (so data is null), got data ${JSON.stringify(data)?.slice(0, 200)}`, res);
        if (!errors.some((e) => Array.isArray((e as Record<string, unknown>)['path']))) fail(`${what}: the error should carry the path of the field, got ${JSON.stringify(errors).slice(0, 300)}`, res);
      }
    });
  },
});
