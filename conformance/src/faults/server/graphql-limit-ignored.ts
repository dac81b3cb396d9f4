/** Fault: the GraphQL limit argument is ignored (the default count applies). */
import { defineFault } from '../fault.js';
import { graphqlQueryOf, isRecord, withoutArgument } from './support.js';

export default defineFault({
  id: 'server.graphql-limit-ignored',
  target: 'server',
  area: 'graphql',
  breaks: 'GQL-015',
  description: 'ignores the limit argument of find<Plural> and inner lists (the default of 100 applies)',
  select: ['graphql.default-limit'],
  inbound: {
    request(req) {
      const query = graphqlQueryOf(req);
      if (query === undefined || !isRecord(req.json)) return;
      req.json['query'] = withoutArgument(query, 'limit');
      // Limits passed as variables ($limit) are left out (null: the default applies).
      const variables = req.json['variables'];
      if (isRecord(variables)) for (const name of Object.keys(variables)) if (/limit/i.test(name) && typeof variables[name] === 'number') delete variables[name];
    },
  },
});
