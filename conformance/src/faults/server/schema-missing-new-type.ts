/** Fault: svc.schema/query does not list a Database just created (the test workspace's Groups). */
import { defineFault } from '../fault.js';
import { commandOf, isRecord, successOf } from './support.js';

export default defineFault({
  id: 'server.schema-missing-new-type',
  target: 'server',
  area: 'schema',
  breaks: 'SCHEMA-007',
  description: 'leaves Databases named <Space>/Groups (created by schema.type/create of the checks) out of the schema svc.schema/query answers',
  select: ['schema.created-types-listed'],
  inbound: {
    response(res, req) {
      const schema = commandOf(req, 'svc.schema/query') ? successOf(res)?.['result'] : undefined;
      if (isRecord(schema) && Array.isArray(schema['svc/types'])) {
        schema['svc/types'] = schema['svc/types'].filter((t: unknown) => !isRecord(t) || typeof t['svc/name'] !== 'string' || !t['svc/name'].endsWith('/Groups'));
      }
    },
  },
});
