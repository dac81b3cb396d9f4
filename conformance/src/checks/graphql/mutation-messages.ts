import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { RICH_TEXT_TYPE } from '../documents/client.js';
import { RESULT, addFields, mutate, namesNumber, requireMutations } from './lib/mutations.js';

/** One mutation field running every kind of action on two Items; each acts on two Entities. */
const ACTIONS = [
  'createBatch(data: [{title: "m"}, {title: "m"}])',
  'update(count: 2)',
  'appendContentToBody(value: "text")',
  'linkGroup(name: {is: "g1"})',
  'linkTags(name: {in: ["g1", "g2"]})',
  'unlinkTags(name: {is: "g1"})',
  'unlinkTags',
  'unlinkGroup',
  'addTagsItem(name: "t")',
  'updateTags(name: "t2")',
  'deleteTags',
  'delete',
] as const;

export default defineCheck({
  id: 'graphql.mutation-messages',
  name:
    'A server with GraphQL mutations answers each action with a message for a person that names the number of Entities the action acted on ' +
    '(create, update, rich text edits, link / unlink, the actions on related Entities, delete)',
  level: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-062'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      await addFields(ctx, [{ holder: n.items, name: `${n.space}/Body`, type: RICH_TEXT_TYPE }], `adding the rich text field ${n.space}/Body to ${n.items}`);
      await mutate(ctx, n.space, `mutation { groups { createBatch(data: [{name: "g1"}, {name: "g2"}]) ${RESULT} } }`, 'groups', 'creating two Groups');
      const keys = ACTIONS.map((_, i) => `a${i}`);
      const { res, ops } = await mutate(ctx, n.space, `mutation { items { ${ACTIONS.map((action, i) => `a${i}: ${action} ${RESULT}`).join(' ')} } }`, 'items', 'every kind of action on two new Items');
      keys.forEach((key, i) => {
        const result = ops[key];
        const action = ACTIONS[i] ?? key;
        if (!result) fail(`the answer has no result for ${action}`, res);
        if (result.entities.length !== 2) fail(`${action} should act on two Entities, it names ${JSON.stringify(result.entities)}`, res);
        if (result.message.trim() === '' || !namesNumber(result.message, 2)) fail(`the message of ${action} should say what was done to how many Entities (2), it reads ${JSON.stringify(result.message)}`, res);
      });
    });
  },
});
