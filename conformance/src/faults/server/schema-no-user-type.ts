/** Fault: svc.schema/query leaves out the user type svc/user. */
import { defineFault } from '../fault.js';
import { commandOf, isRecord, successOf } from './support.js';

export default defineFault({
  id: 'server.schema-no-user-type',
  target: 'server',
  area: 'schema',
  breaks: 'SCHEMA-002',
  description: 'leaves the user type svc/user out of the schema svc.schema/query answers',
  select: ['schema.lists-user-type'],
  inbound: {
    response(res, req) {
      const schema = commandOf(req, 'svc.schema/query') ? successOf(res)?.['result'] : undefined;
      if (isRecord(schema) && Array.isArray(schema['svc/types'])) schema['svc/types'] = schema['svc/types'].filter((t: unknown) => !isRecord(t) || t['svc/name'] !== 'svc/user');
    },
  },
});
