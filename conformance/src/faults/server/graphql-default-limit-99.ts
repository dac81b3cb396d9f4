/** Fault: GraphQL lists stop at 99 where the default count is 100. */
import { defineFault } from '../fault.js';
import { graphqlQueryOf, isRecord, walk } from './support.js';

export default defineFault({
  id: 'server.graphql-default-limit-99',
  target: 'server',
  area: 'limits',
  breaks: 'LIMIT-001',
  description: 'answers 99 Entities where a GraphQL list without limit answers its default 100 (off by one)',
  select: ['graphql.default-limit'],
  inbound: {
    response(res, req) {
      const query = graphqlQueryOf(req);
      if (query === undefined || !isRecord(res.json)) return;
      walk(res.json['data'], (node) => {
        if (Array.isArray(node) && node.length === 100) node.pop();
      });
    },
  },
});
