import { describeRequest, expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { schemaBatch, uniqueSpaceName } from '../../workspace.js';
import { typeDelete } from '../../model/schema.js';
import { expectData, postGraphql } from './lib/client.js';
import { typeName } from './lib/dataset.js';
import { requireMutations } from './lib/mutations.js';

function names(type: unknown, key: 'fields' | 'inputFields'): string[] | undefined {
  const list = isRecord(type) ? type[key] : undefined;
  return Array.isArray(list) ? list.map((f) => (isRecord(f) ? String(f['name']) : '')) : undefined;
}

export default defineCheck({
  id: 'graphql.mutation-values-no-input',
  name:
    'A server with GraphQL mutations gives a Database without a writable field no `<T>Input`, no createBatch or updateBatch, and a relation to it ' +
    'link, unlink and delete actions but no add or update action (they would need its `<T>Input`)',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-048', 'GQL-057'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const empties = `${space}/Empties`;
    const recs = `${space}/Recs`;
    const created = await schemaBatch(ctx, [
      { command: 'schema.type/create', args: { 'svc/name': empties, 'svc/meta': { 'svc/domain?': true }, 'svc/fields': [] } },
      { command: 'schema.type/create', args: { 'svc/name': recs, 'svc/meta': { 'svc/domain?': true }, 'svc/fields': [{ 'svc/name': `${space}/Label`, 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } }] } },
      { command: 'schema.field/create', args: { 'svc/holder-type': recs, 'svc/name': `${space}/Empty`, 'svc/type': empties } },
    ]);
    expectSuccess(created, `creating ${empties} without fields and ${recs} with a one-ended relation to it`);
    try {
      await requireMutations(ctx, space);
      const empty = typeName(space, 'Empty');
      const rec = typeName(space, 'Rec');
      const res = await postGraphql(ctx, space, {
        query: `{ input: __type(name: "${empty}Input") { name } emptyOps: __type(name: "${empty}Operations") { fields { name } } recOps: __type(name: "${rec}Operations") { fields { name } } }`,
      });
      const data = expectData(res, 'introspecting the mutation types');
      if (data['input'] !== null) fail(`${empty} has no writable field, so there should be no ${empty}Input; introspection finds ${JSON.stringify(data['input'])}`, res);
      const emptyOps = names(data['emptyOps'], 'fields');
      if (JSON.stringify(emptyOps) !== JSON.stringify(['create', 'update', 'delete'])) fail(`${empty}Operations should hold create, update and delete only (no Batch forms without ${empty}Input), it holds ${JSON.stringify(emptyOps)}`, res);
      const recOps = names(data['recOps'], 'fields');
      const expected = ['create', 'createBatch', 'update', 'updateBatch', 'delete', 'linkEmpty', 'unlinkEmpty', 'deleteEmpty'];
      if (JSON.stringify(recOps) !== JSON.stringify(expected)) fail(`${rec}Operations should hold ${expected.join(', ')} (no addEmpty or updateEmpty without ${empty}Input), it holds ${JSON.stringify(recOps)}`, res);
    } finally {
      for (const type of [recs, empties]) {
        const out = await schemaBatch(ctx, [typeDelete(type)]).catch(() => undefined);
        if (!out || out.status !== 200) ctx.log(`tear-down of ${type} failed${out ? `: ${describeRequest(out)} answered ${out.status}` : ''}`);
      }
    }
  },
});
