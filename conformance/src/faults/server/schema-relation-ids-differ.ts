/** Fault: the two ends of a relation show different svc/relation UUIDs in the schema. */
import { randomUUID } from 'node:crypto';
import { defineFault } from '../fault.js';
import { commandOf, isRecord, successOf } from './support.js';

export default defineFault({
  id: 'server.schema-relation-ids-differ',
  target: 'server',
  area: 'schema',
  breaks: 'SCHEMA-005',
  description: 'gives the collection end of every relation another svc/relation UUID than its other end in svc.schema/query',
  select: ['schema.created-types-listed'],
  inbound: {
    response(res, req) {
      const schema = commandOf(req, 'svc.schema/query') ? successOf(res)?.['result'] : undefined;
      if (!isRecord(schema) || !Array.isArray(schema['svc/types'])) return;
      for (const type of schema['svc/types']) {
        if (!isRecord(type) || !Array.isArray(type['svc/fields'])) continue;
        for (const field of type['svc/fields']) {
          const meta = isRecord(field) ? field['svc/meta'] : undefined;
          if (isRecord(meta) && meta['svc/collection?'] === true && typeof meta['svc/relation'] === 'string') meta['svc/relation'] = randomUUID();
        }
      }
    },
  },
});
