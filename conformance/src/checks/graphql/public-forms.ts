import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { dropTypes, run, runBatch, schemaBatch, uniqueSpaceName, type Command } from '../../workspace.js';
import { expectData, postGraphql, rowsOf } from './lib/client.js';
import { spacePrefix } from './lib/dataset.js';

/**
 * A query written as the public API's docs write it (vendor prefix renamed): a workflow field read
 * as `state { name }`, filtered by `state: {name: {is: "Done"}}` and ordered by `{state: {name: ...}}`,
 * `publicId` and `rank` on the Database type, and the root field `me`.
 */
export default defineCheck({
  id: 'graphql.public-forms',
  name:
    'A query written as in the public API docs runs: a workflow field is an object (`state { id publicId rank name final }`), filtered by `state: {name: {is: "Done"}}` and ordered by `{state: {name: DESC}}`; ' +
    'every Entity type has publicId (the command API\'s svc/public-id) and rank (null without a rank); `me` answers the user of the token (the creator of what the token creates)',
  level: 'MUST',
  area: 'graphql',
  requirements: ['GQL-045', 'GQL-046', 'GQL-047'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const db = `${space}/Bugs`;
    const workflow = `workflow/state_${db}`;
    const created = await schemaBatch(ctx, [
      { command: 'schema.type/create', args: { 'svc/name': db, 'svc/meta': { 'svc/domain?': true }, 'svc/fields': [{ 'svc/name': `${space}/Name`, 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } }] } },
      { command: 'schema.enum/create', args: { 'svc/name': workflow, 'svc/workflow?': true, 'svc/values': [{ 'enum/name': 'Open' }, { 'enum/name': 'Done', 'workflow/Final': true }] } },
      { command: 'schema.field/create', args: { 'svc/holder-type': db, 'svc/name': `${space}/State`, 'svc/type': workflow } },
    ]);
    try {
      expectSuccess(created, `creating ${db} with a workflow field`);
      const states = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': workflow, 'q/select': ['svc/id', 'enum/name'], 'q/limit': 10 } } } as Command, `reading the states of ${workflow}`);
      const stateId = (name: string) => (Array.isArray(states) ? states.filter(isRecord).find((s) => s['enum/name'] === name)?.['svc/id'] : undefined);
      const entities = await runBatch(
        ctx,
        ['Open', 'Done', 'Done'].map((state, i): Command => ({ command: 'svc.entity/create', args: { type: db, entity: { [`${space}/Name`]: `bug ${i}`, [`${space}/State`]: { 'svc/id': stateId(state) } } } })),
        'creating three Bugs, two of them Done',
      );
      const ids = entities.map((e) => (isRecord(e) ? String(e['svc/id']) : ''));
      const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': db, 'q/select': ['svc/id', 'svc/public-id', { 'svc/created-by': ['svc/id'] }], 'q/limit': 10 } } } as Command, `reading ${db}`);
      const byId = new Map((Array.isArray(rows) ? rows.filter(isRecord) : []).map((r) => [String(r['svc/id']), r]));
      const res = await postGraphql(ctx, space, {
        query: `{ me { id } done: findBugs(state: {name: {is: "Done"}}, orderBy: {state: {name: DESC}, name: ASC}) { id publicId rank name state { id publicId rank name final } } all: findBugs(orderBy: {name: ASC}) { id state { name final } } }`,
      });
      const data = expectData(res, 'a query in the form of the public docs');
      const me = data['me'];
      const creator = byId.get(ids[0] as string)?.['svc/created-by'];
      if (!isRecord(me) || !isRecord(creator) || me['id'] !== creator['svc/id']) fail(`me should answer the user of the token, who created the Bugs (${JSON.stringify(creator)}), got ${JSON.stringify(me)}`, res);
      const done = rowsOf(res, data, 'done', 'findBugs');
      if (done.map((r) => r['id']).join() !== [ids[1], ids[2]].join()) fail(`findBugs(state: {name: {is: "Done"}}) should answer the two Done Bugs ${ids[1]}, ${ids[2]} by name, got ${JSON.stringify(done.map((r) => r['id']))}`, res);
      for (const row of done) {
        const publicId = byId.get(String(row['id']))?.['svc/public-id'];
        if (row['publicId'] !== publicId) fail(`publicId of ${String(row['id'])} should be the command API's svc/public-id ${JSON.stringify(publicId)}, got ${JSON.stringify(row['publicId'])}`, res);
        if (row['rank'] !== null) fail(`rank of a Bug (its Database has no rank) should be null, got ${JSON.stringify(row['rank'])}`, res);
        const state = row['state'];
        if (!isRecord(state) || state['name'] !== 'Done' || state['final'] !== true || state['id'] !== stateId('Done') || typeof state['rank'] !== 'number' || typeof state['publicId'] !== 'string') {
          fail(`state of a Done Bug should be the option {id: ${String(stateId('Done'))}, publicId, rank (a number), name: "Done", final: true}, got ${JSON.stringify(state)}`, res);
        }
      }
      const all = rowsOf(res, data, 'all', 'findBugs');
      const open = all.find((r) => r['id'] === ids[0])?.['state'];
      if (!isRecord(open) || open['name'] !== 'Open' || open['final'] === true) fail(`state of the Open Bug should be {name: "Open", final: false or null}, got ${JSON.stringify(open)}`, res);
      if (spacePrefix(space) === '') fail(`the Space ${space} has no name to prefix its types with`);
    } finally {
      await dropTypes(ctx, [db, workflow]);
    }
  },
});
