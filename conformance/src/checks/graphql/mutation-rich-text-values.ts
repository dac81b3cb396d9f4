import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';
import { RICH_TEXT_TYPE } from '../documents/client.js';
import { queryRows } from './lib/client.js';
import { RESULT, addFields, mutate, requireMutations, resultOf, type MutationResult } from './lib/mutations.js';

function secrets(result: MutationResult): string[] {
  return result.documents.map((d) => d.secret.toLowerCase());
}

export default defineCheck({
  id: 'graphql.mutation-rich-text-values',
  name:
    'A server with GraphQL mutations takes a rich text value of `create`, `update`, `add<F>` and `update<F>` as Markdown that overwrites the document ' +
    '(null empties it), and names in `documents` exactly the documents it wrote (none for an action that gives no rich text value)',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-048', 'GQL-049', 'GQL-050', 'GQL-056', 'GQL-057', 'GQL-058'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      await addFields(
        ctx,
        [
          { holder: n.items, name: `${n.space}/Body`, type: RICH_TEXT_TYPE },
          { holder: n.groups, name: `${n.space}/Notes`, type: RICH_TEXT_TYPE },
        ],
        `adding the rich text fields ${n.space}/Body to ${n.items} and ${n.space}/Notes to ${n.groups}`,
      );
      const made = await mutate(ctx, n.space, `mutation { items { plain: create(title: "plain") ${RESULT} rich: create(title: "rich", body: "**bold** text") ${RESULT} } }`, 'items', 'create without and with a rich text value');
      const plain = resultOf(made.res, made.ops, 'plain', 'create(title: "plain")');
      if (plain.documents.length !== 0) fail(`create(title: "plain") gives no rich text value and should name no document, it names ${JSON.stringify(plain.documents)}`, made.res);
      const rich = secrets(resultOf(made.res, made.ops, 'rich', 'create(body: ...)'));
      if (rich.length !== 1) fail(`create(title: "rich", body: "**bold** text") should name the one document it wrote, it names ${JSON.stringify(rich)}`, made.res);
      const body = async (what: string) => {
        const rows = await queryRows(ctx, n.space, `{ findItems(title: {is: "rich"}) { body { md } } }`, 'findItems', `reading the body of the Item ${what}`);
        const doc = rows[0]?.['body'];
        return isRecord(doc) && typeof doc['md'] === 'string' ? doc['md'].trim() : '';
      };
      let md = await body('created');
      if (md !== '**bold** text') fail(`create(body: "**bold** text") should write the Markdown as Markdown; body { md } reads ${JSON.stringify(md)}`, made.res);
      const updated = await mutate(ctx, n.space, `mutation { items(title: {is: "rich"}) { update(body: "new") ${RESULT} } }`, 'items', 'update(body: "new")');
      const named = secrets(resultOf(updated.res, updated.ops, 'update', 'update(body: "new")'));
      if (JSON.stringify(named) !== JSON.stringify(rich)) fail(`update(body: "new") should name the document it overwrote ${JSON.stringify(rich)}, it names ${JSON.stringify(named)}`, updated.res);
      md = await body('updated');
      if (md !== 'new') fail(`update(body: "new") should overwrite the document; body { md } reads ${JSON.stringify(md)}`, updated.res);
      const cleared = await mutate(ctx, n.space, `mutation { items(title: {is: "rich"}) { update(body: null) ${RESULT} } }`, 'items', 'update(body: null)');
      md = await body('after update(body: null)');
      if (md !== '') fail(`update(body: null) should empty the document; body { md } reads ${JSON.stringify(md)}`, cleared.res);
      // The actions on related Entities write the documents of the target Database's Entities.
      const related = await mutate(
        ctx,
        n.space,
        `mutation { items(title: {is: "rich"}) { addGroup(name: "g", notes: "group *notes*") ${RESULT} updateGroup(notes: "changed") ${RESULT} } }`,
        'items',
        'addGroup and updateGroup with a rich text value',
      );
      const added = secrets(resultOf(related.res, related.ops, 'addGroup', 'addGroup'));
      const changed = secrets(resultOf(related.res, related.ops, 'updateGroup', 'updateGroup'));
      if (added.length !== 1 || JSON.stringify(changed) !== JSON.stringify(added)) {
        fail(`addGroup(notes: ...) should name the new Group's document and updateGroup(notes: ...) the same one; they name ${JSON.stringify(added)} and ${JSON.stringify(changed)}`, related.res);
      }
      const groups = await queryRows(ctx, n.space, `{ findGroups { name notes { md } } }`, 'findGroups', 'reading the Group added');
      const notes = groups[0]?.['notes'];
      const read = isRecord(notes) && typeof notes['md'] === 'string' ? notes['md'].trim() : '';
      if (groups.length !== 1 || read !== 'changed') fail(`after addGroup(notes: "group *notes*") and updateGroup(notes: "changed") the Group should read notes "changed", it reads ${JSON.stringify(groups)}`, related.res);
    });
  },
});
