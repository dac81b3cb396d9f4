import { randomUUID } from 'node:crypto';
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { RESULT, addFields, entityIds, mutate, requireMutations, resultOf } from './lib/mutations.js';

export default defineCheck({
  id: 'graphql.mutation-after-delete',
  name:
    'A server with GraphQL mutations acts, after a `delete` in the same mutation field, on no Entity (whether the field created its Entities or selected them), ' +
    'and after a `delete<F>` of a relation to the same Database on the created or selected Entities less those deleted; `delete` names no document',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-048', 'GQL-051', 'GQL-059'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      await addFields(ctx, [{ holder: n.items, name: `${n.space}/Parent`, type: n.items, meta: { 'svc/relation': randomUUID() } }], `adding the to-one relation ${n.space}/Parent of ${n.items} to itself`);
      const after = await mutate(ctx, n.space, `mutation { items { create(title: "c") ${RESULT} delete ${RESULT} update(count: 1) ${RESULT} } }`, 'items', 'create, delete, update');
      const deleted = resultOf(after.res, after.ops, 'delete', 'delete');
      if (deleted.entities.length !== 1 || deleted.documents.length !== 0) fail(`delete after a create should name the one Entity created and no document, it answers ${JSON.stringify(deleted)}`, after.res);
      const late = entityIds(resultOf(after.res, after.ops, 'update', 'update'));
      if (late.length !== 0) fail(`an update after the delete of the Entity created should act on none, it names ${JSON.stringify(late)}`, after.res);
      await mutate(ctx, n.space, `mutation { items { createBatch(data: [{title: "k"}, {title: "k"}]) ${RESULT} } }`, 'items', 'creating two Items titled k');
      const selected = await mutate(ctx, n.space, `mutation { items(title: {is: "k"}) { delete ${RESULT} update(count: 1) ${RESULT} } }`, 'items', 'delete, then update, of the Items titled k');
      const left = entityIds(resultOf(selected.res, selected.ops, 'update', 'update'));
      if (left.length !== 0) fail(`an update after the delete of the selected Items should act on none, it names ${JSON.stringify(left)}`, selected.res);
      // A relation of Items to Items: delete<F> may delete Entities of the mutation field's own Database.
      const made = await mutate(
        ctx,
        n.space,
        `mutation { items { p: create(title: "p") ${RESULT} c: create(title: "c") ${RESULT} linkParent(title: {is: "p"}) ${RESULT} deleteParent ${RESULT} update(count: 5) ${RESULT} } }`,
        'items',
        'create p and c, link both to p, deleteParent, update',
      );
      const [p] = entityIds(resultOf(made.res, made.ops, 'p', 'create p'));
      const [c] = entityIds(resultOf(made.res, made.ops, 'c', 'create c'));
      const gone = entityIds(resultOf(made.res, made.ops, 'deleteParent', 'deleteParent'));
      const rest = entityIds(resultOf(made.res, made.ops, 'update', 'update'));
      if (JSON.stringify(gone) !== JSON.stringify([p])) fail(`deleteParent should delete the parent p ${p} of both created Items, it names ${JSON.stringify(gone)}`, made.res);
      if (JSON.stringify(rest) !== JSON.stringify([c])) fail(`an update after deleteParent deleted the created Item p should act on the other created Item ${c} alone, it names ${JSON.stringify(rest)}`, made.res);
      await mutate(ctx, n.space, `mutation { items { create(title: "b") ${RESULT} } }`, 'items', 'creating the Item b');
      await mutate(ctx, n.space, `mutation { items { create(title: "a", parent: {title: {is: "b"}}) ${RESULT} } }`, 'items', 'creating the Item a with parent b');
      const both = await mutate(ctx, n.space, `mutation { items(title: {in: ["a", "b"]}) { deleteParent ${RESULT} update(count: 6) ${RESULT} } }`, 'items', 'deleteParent, then update, of the Items a and b');
      const a = entityIds(resultOf(both.res, both.ops, 'update', 'update'));
      const b = entityIds(resultOf(both.res, both.ops, 'deleteParent', 'deleteParent'));
      if (b.length !== 1 || a.length !== 1 || a[0] === b[0]) fail(`with a and b selected, deleteParent should delete b (a's parent) and the update after it act on a alone; they name ${JSON.stringify(b)} and ${JSON.stringify(a)}`, both.res);
    });
  },
});
