import { randomBytes } from 'node:crypto';
import { expectStatus } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { expectErrors, postGraphql } from './lib/client.js';

export default defineCheck({
  id: 'graphql.unknown-space',
  name: 'A request to the endpoint of a Space that does not exist is answered 404 with a GraphQL `errors` array',
  level: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-031'],
  target: 'server',
  async run(ctx) {
    const res = await postGraphql(ctx, `No such Space ${randomBytes(4).toString('hex')}`, { query: '{ __typename }' });
    expectStatus(res, 404, 'an unknown Space');
    expectErrors(res, 'an unknown Space');
  },
});
