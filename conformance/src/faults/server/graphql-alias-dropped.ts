/** Fault: a GraphQL request with several aliased queries loses the answer of its last alias. */
import { defineFault } from '../fault.js';
import { graphqlQueryOf, isRecord } from './support.js';

export default defineFault({
  id: 'server.graphql-alias-dropped',
  target: 'server',
  area: 'graphql',
  breaks: 'GQL-029',
  description: 'leaves the last of several aliased queries out of the GraphQL answer\'s data',
  select: ['graphql.aliases'],
  inbound: {
    response(res, req) {
      if (graphqlQueryOf(req) === undefined || !isRecord(res.json) || !isRecord(res.json['data'])) return;
      const keys = Object.keys(res.json['data']);
      if (keys.length > 1) delete res.json['data'][keys.at(-1) as string];
    },
  },
});
