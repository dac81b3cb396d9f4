/** Fault: the GraphQL offset argument is ignored. */
import { defineFault } from '../fault.js';
import { graphqlQueryOf, isRecord, withoutArgument } from './support.js';

export default defineFault({
  id: 'server.graphql-offset-ignored',
  target: 'server',
  area: 'graphql',
  breaks: 'GQL-016',
  description: 'ignores the offset argument of find<Plural> and inner lists, given literally or as a variable (no result is skipped)',
  select: ['graphql.matches-command-api'],
  inbound: {
    request(req) {
      const query = graphqlQueryOf(req);
      if (query === undefined || !isRecord(req.json)) return;
      req.json['query'] = withoutArgument(query, 'offset');
      // Offsets passed as variables ($offset) are set to 0.
      const variables = req.json['variables'];
      if (isRecord(variables)) for (const name of Object.keys(variables)) if (/offset/i.test(name) && typeof variables[name] === 'number') variables[name] = 0;
    },
  },
});
