import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';
import { postGraphql } from './lib/client.js';
import { GQL } from './lib/dataset.js';
import { RESULT, entityIds, expectActionMessage, firstError, mutate, requireMutations, resultOf } from './lib/mutations.js';

/** The most Entities one action acts on (spec/graphql/README.md, "Mutations", Semantics 2). */
const LIMIT = 1000;

export default defineCheck({
  id: 'graphql.mutation-targets-limit',
  name:
    'A server with GraphQL mutations acts on up to 1,000 Entities per action: a filter selecting 1,000 is served, one selecting 1,001 (or Entities whose relation links ' +
    'to 1,001) is refused with entity.error/query-result-too-large and the limit in extensions, and writes nothing',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-048', 'GQL-073'],
  target: 'server',
  cost: 'slow',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      const many = Array.from({ length: LIMIT }, () => '{name: "a"}').join(',');
      await mutate(ctx, n.space, `mutation { groups { createBatch(data: [${many}]) ${RESULT} } b: groups { create(name: "b") ${RESULT} } }`, 'groups', `creating ${LIMIT} Groups "a" and one "b"`);
      await mutate(ctx, n.space, `mutation { items { x: create(title: "x", tags: [{name: {is: "a"}}]) ${RESULT} y: create(title: "y", tags: [{name: {is: "b"}}]) ${RESULT} } }`, 'items', `creating an Item tagged with the ${LIMIT} Groups "a" and one tagged "b"`);
      const rank = GQL.groupRank;
      // The filter of the mutation field.
      const over = await postGraphql(ctx, n.space, { query: `mutation { groups { update(${rank}: 1) { message } } }` });
      let error = firstError(over, 'groups', `update on all ${LIMIT + 1} Groups`);
      if (error.extensions['code'] !== 'entity.error/query-result-too-large' || error.extensions['limit'] !== LIMIT || error.extensions['type'] !== n.groups) {
        fail(`update on a filter selecting ${LIMIT + 1} Groups should be refused with extensions {code: entity.error/query-result-too-large, type: ${n.groups}, limit: ${LIMIT}}, got ${JSON.stringify(error)}`, over);
      }
      // Acting on exactly the limit is served (an update without values writes nothing, which keeps this cheap).
      expectActionMessage(over, error.message, 'groups.update', `update on all ${LIMIT + 1} Groups`);
      const at = await mutate(ctx, n.space, `mutation { groups(name: {is: "a"}) { update ${RESULT} } }`, 'groups', `update on the ${LIMIT} Groups "a"`);
      const updated = entityIds(resultOf(at.res, at.ops, 'update', 'update'));
      if (updated.length !== LIMIT) fail(`update on a filter selecting ${LIMIT} Groups should act on all ${LIMIT}, it names ${updated.length}`, at.res);
      // The Entities the selected Entities link to.
      const linked = await postGraphql(ctx, n.space, { query: `mutation { items { updateTags(${rank}: 3) { message } } }` });
      error = firstError(linked, 'items', `updateTags on Items linking to ${LIMIT + 1} Groups`);
      if (error.extensions['code'] !== 'entity.error/query-result-too-large' || error.extensions['limit'] !== LIMIT || error.extensions['field'] !== n.tags) {
        fail(`updateTags on Items whose tags link to ${LIMIT + 1} Groups should be refused with extensions {code: entity.error/query-result-too-large, field: ${n.tags}, limit: ${LIMIT}}, got ${JSON.stringify(error)}`, linked);
      }
      expectActionMessage(linked, error.message, 'items.updateTags', `updateTags on Items linking to ${LIMIT + 1} Groups`);
      const fits = await mutate(ctx, n.space, `mutation { items(title: {is: "x"}) { updateTags ${RESULT} } }`, 'items', `updateTags on the Item linking to ${LIMIT} Groups`);
      const tagged = entityIds(resultOf(fits.res, fits.ops, 'updateTags', 'updateTags'));
      if (tagged.length !== LIMIT) fail(`updateTags on an Item linking to ${LIMIT} Groups should act on all ${LIMIT}, it names ${tagged.length}`, fits.res);
      const count = await postGraphql(ctx, n.space, { query: `{ findGroups(${rank}: {in: [1, 3]}, limit: 1) { name } }` });
      const body = count.json;
      const rows = isRecord(body) && isRecord(body['data']) ? body['data']['findGroups'] : undefined;
      if (!Array.isArray(rows) || rows.length > 0) fail(`the refused actions wrote nothing, yet findGroups(rank in [1, 3]) reads ${JSON.stringify(rows)}`, count);
    });
  },
});
