import { randomUUID } from 'node:crypto';
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { postGraphql } from './lib/client.js';
import { RESULT, addFields, firstError, requireMutations } from './lib/mutations.js';

/** Argument errors inside a value: the message starts with the path to it, through the item of a batch of several. */
const PATHS = [
  { action: 'create(title: "x", group: {limit: -1})', path: 'items.create.group.limit' },
  { action: 'createBatch(data: [{title: "x"}, {title: "y", group: {limit: -1}}])', path: 'items.createBatch.data[1].group.limit' },
  { action: 'update(group: {limit: -1})', path: 'items.update.group.limit' },
  { action: 'updateBatch(data: [{count: 1}, {group: {limit: -1}}])', path: 'items.updateBatch.data[1].group.limit' },
] as const;

/** Values the command API refuses while creating: `extensions.index` names the Entity among those the action creates. */
const INDEXES = [
  { actions: ['createBatch(data: [{title: "x"}, {title: "y", due: "not a date"}])'], index: 1 },
  { actions: ['create(title: "x")', 'addParent(due: "not a date")'], index: 0 },
] as const;

export default defineCheck({
  id: 'graphql.mutation-batch-paths',
  name:
    'A server with GraphQL mutations names the item of a batch an error is about: an argument error inside item i of `createBatch` / `updateBatch` starts ' +
    'its message with `<field>.<action>.data[i]...` (no index for `create` / `update`), and a value refused while creating carries `index` in extensions',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-055', 'GQL-064'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      await addFields(ctx, [{ holder: n.items, name: `${n.space}/Parent`, type: n.items, meta: { 'svc/relation': randomUUID() } }], `adding the to-one relation ${n.space}/Parent of ${n.items} to itself`);
      for (const { action, path } of PATHS) {
        const res = await postGraphql(ctx, n.space, { query: `mutation { items { ${action} ${RESULT} } }` });
        const error = firstError(res, 'items', action);
        if (!error.message.startsWith(`${path}:`) && !error.message.startsWith(`${path} `)) fail(`${action}: the error message should start with the path ${path}, it reads ${JSON.stringify(error.message)}`, res);
      }
      for (const { actions, index } of INDEXES) {
        const action = actions.join(' ');
        const res = await postGraphql(ctx, n.space, { query: `mutation { items { ${actions.map((a) => `${a} ${RESULT}`).join(' ')} } }` });
        const error = firstError(res, 'items', action);
        if (error.extensions['index'] !== index) fail(`${action}: the error should carry index ${index} (the Entity being created it is about) in extensions, got ${JSON.stringify(error.extensions)}`, res);
      }
    });
  },
});
