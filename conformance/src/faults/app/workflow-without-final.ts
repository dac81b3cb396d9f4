/** MAP-025: a workflow field lists options of which none is final. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, workflowOptions } from './support.js';

export default defineFault({
  id: 'app.workflow-without-final',
  target: 'app',
  area: 'mapping',
  breaks: 'MAP-025',
  description: 'takes final true off every option of the first workflow field of the schema',
  select: ['app.schema-workflow-options'],
  inbound: {
    response(res, req) {
      if (!isCall(req, 'POST', APP_PATHS.schema)) return;
      for (const option of workflowOptions(res) ?? []) delete option['final'];
    },
  },
});
