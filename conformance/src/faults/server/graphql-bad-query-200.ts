/** Fault: a GraphQL request error is answered 200 instead of 400. */
import { defineFault } from '../fault.js';
import { isRecord, pathOf } from './support.js';

export default defineFault({
  id: 'server.graphql-bad-query-200',
  target: 'server',
  area: 'graphql',
  breaks: 'GQL-031',
  description: 'answers a GraphQL document that does not parse or validate with status 200 (and data null) instead of 400',
  select: ['graphql.bad-query'],
  inbound: {
    response(res, req) {
      if (!pathOf(req).startsWith('/api/graphql/space/') || res.status !== 400 || !isRecord(res.json)) return;
      res.status = 200;
      res.json['data'] = null;
    },
  },
});
