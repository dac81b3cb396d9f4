import { randomUUID } from 'node:crypto';
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { canonicalJson } from '../../model/values.js';
import { isRecord } from '../../shapes.js';
import { run, runBatch, withTestWorkspace } from '../../workspace.js';

export default defineCheck({
  id: 'command.create-client-id',
  name:
    'svc.entity/create honours a client-supplied svc/id, also inside a svc.command/batch that creates an Entity with its own id and then adds it to a ' +
    'collection by that id (the contract\'s comment sequence); queries find the Entities under those ids',
  level: 'MUST',
  area: 'command-api',
  requirements: ['CMD-ENT-002', 'CMD-003', 'CMD-008'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const groupId = randomUUID();
      const itemId = randomUUID();
      const created = await run(ctx, { command: 'svc.entity/create', args: { type: n.groups, entity: { 'svc/id': groupId, [n.name]: 'parent' } } }, 'svc.entity/create with svc/id');
      if (!isRecord(created) || created['svc/id'] !== groupId) {
        fail(`svc.entity/create with svc/id ${groupId}: the result's svc/id is ${JSON.stringify(isRecord(created) ? created['svc/id'] : created)}`, ctx.http.lastExchange?.response);
      }
      const results = await runBatch(
        ctx,
        [
          { command: 'svc.entity/create', args: { type: n.items, entity: { 'svc/id': itemId, [n.title]: 'child' } } },
          { command: 'svc.entity/add-collection-items', args: { type: n.groups, entity: { 'svc/id': groupId }, field: n.members, items: [{ 'svc/id': itemId }] } },
        ],
        'svc.command/batch creating an Entity with its own svc/id and adding it to a collection',
      );
      const batchRes = ctx.http.lastExchange?.response;
      const first: unknown = results[0];
      if (!isRecord(first) || first['svc/id'] !== itemId) fail(`the batch's create with svc/id ${itemId} answered svc/id ${JSON.stringify(isRecord(first) ? first['svc/id'] : first)}`, batchRes);

      const rows = await run(
        ctx,
        {
          command: 'svc.entity/query',
          args: { query: { 'q/from': n.groups, 'q/select': ['svc/id', n.name, { [n.members]: ['svc/id', n.title] }], 'q/where': ['=', ['svc/id'], '$id'], 'q/limit': 10 }, params: { $id: groupId } },
        },
        'querying the Entity by its client-supplied svc/id',
      );
      const res = ctx.http.lastExchange?.response;
      const expected = [{ 'svc/id': groupId, [n.name]: 'parent', [n.members]: [{ 'svc/id': itemId, [n.title]: 'child' }] }];
      if (canonicalJson(rows) !== canonicalJson(expected)) fail(`querying ${groupId} with its members: expected ${JSON.stringify(expected)}, got ${JSON.stringify(rows)?.slice(0, 400)}`, res);
    });
  },
});
