import { fail } from '../../assert.js';
import { CheckSkipped, defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';
import { GRAPHQL_ACCEPT, graphqlPath, queryRows } from './lib/client.js';
import { requireMutations } from './lib/mutations.js';

export default defineCheck({
  id: 'graphql.mutation-reader',
  name:
    'A server with GraphQL mutations refuses a mutation sent with a Reader token with the error the command API gives a write from that token (`auth.error/forbidden` ' +
    'in extensions.code, status 403) and writes nothing',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-054'],
  target: 'server',
  async run(ctx) {
    const reader = ctx.readerToken;
    if (reader === undefined) throw new CheckSkipped('no --reader-token given');
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      const headers = { Authorization: `Token ${reader}`, Accept: GRAPHQL_ACCEPT };
      const viaCommand = await ctx.http.post('/api/commands', { command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: 'reader' } } }, { headers: { Authorization: `Token ${reader}` } });
      const refusal = isRecord(viaCommand.json) ? (isRecord(viaCommand.json['result']) ? viaCommand.json['result']['name'] : viaCommand.json['name']) : undefined;
      const res = await ctx.http.post(graphqlPath(n.space), { query: 'mutation { items { create(title: "reader") { message } } }' }, { headers });
      const body = res.json;
      const errors = isRecord(body) ? body['errors'] : undefined;
      const first: unknown = Array.isArray(errors) ? errors[0] : undefined;
      const code = isRecord(first) && isRecord(first['extensions']) ? first['extensions']['code'] : undefined;
      if (res.status !== 403) fail(`a mutation with a Reader token should be answered 403, got ${res.status}`, res);
      if (code !== refusal || code !== 'auth.error/forbidden') fail(`a mutation with a Reader token should carry extensions.code ${JSON.stringify(refusal)} (the command API's refusal), got ${JSON.stringify(code)}`, res);
      if (isRecord(body) && body['data'] !== undefined && body['data'] !== null) fail(`a refused mutation should answer no data, got ${JSON.stringify(body['data'])}`, res);
      const rows = await queryRows(ctx, n.space, `{ findItems(title: {is: "reader"}) { id } }`, 'findItems', 'looking for what the refused mutation would have made');
      if (rows.length > 0) fail(`the refused mutation created ${JSON.stringify(rows)}`, res);
    });
  },
});
