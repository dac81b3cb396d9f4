/** MAP-024: a workflow field lists options of which none is the default. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, workflowOptions } from './support.js';

export default defineFault({
  id: 'app.workflow-without-default',
  target: 'app',
  area: 'mapping',
  breaks: 'MAP-024',
  description: 'takes default true off every option of the first workflow field of the schema',
  select: ['app.schema-workflow-options'],
  inbound: {
    response(res, req) {
      if (!isCall(req, 'POST', APP_PATHS.schema)) return;
      for (const option of workflowOptions(res) ?? []) delete option['default'];
    },
  },
});
