/** Fault: the GraphQL filter operator greaterOrEquals is evaluated as greater (a value equal to the operand is left out). */
import { defineFault } from '../fault.js';
import { graphqlQueryOf, isRecord } from './support.js';

/** Renames every `greaterOrEquals` input field of a variables value to `greater`. */
function renameInVariables(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach(renameInVariables);
    return;
  }
  if (!isRecord(value)) return;
  for (const key of Object.keys(value)) {
    renameInVariables(value[key]);
    if (key !== 'greaterOrEquals') continue;
    value['greater'] = value[key];
    delete value[key];
  }
}

export default defineFault({
  id: 'server.graphql-gte-as-gt',
  target: 'server',
  area: 'graphql',
  breaks: 'GQL-018',
  description: 'evaluates the GraphQL filter operator greaterOrEquals as greater, written literally or in variables (a value equal to the operand does not match)',
  select: ['graphql.matches-command-api'],
  inbound: {
    request(req) {
      const query = graphqlQueryOf(req);
      if (query === undefined || !isRecord(req.json)) return;
      req.json['query'] = query.replace(/\bgreaterOrEquals(\s*:)/g, 'greater$1');
      renameInVariables(req.json['variables']);
    },
  },
});
