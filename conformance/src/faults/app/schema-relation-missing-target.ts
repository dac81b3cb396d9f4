/** APP-012: an integration relation targets a type the app does not have. */
import { isRecord } from '../../shapes.js';
import { defineFault } from '../fault.js';
import { APP_PATHS, findField, isCall } from './support.js';

export default defineFault({
  id: 'app.schema-relation-missing-target',
  target: 'app',
  area: 'app',
  breaks: 'APP-012',
  description: 'points the first integration relation of the schema at the type "milestone", which the app does not have',
  select: ['app.schema'],
  inbound: {
    response(res, req) {
      if (!isCall(req, 'POST', APP_PATHS.schema)) return;
      const found = findField(res, (f) => isRecord(f['relation']) && f['relation']['kind'] !== 'native' && f['relation']['targetType'] !== 'svc/user');
      if (found && isRecord(found.field['relation'])) found.field['relation']['targetType'] = 'milestone';
    },
  },
});
