/** MAP-026: a workflow option has a type other than Not started, Started, Finished. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, workflowOptions } from './support.js';

export default defineFault({
  id: 'app.workflow-option-type',
  target: 'app',
  area: 'mapping',
  breaks: 'MAP-026',
  description: 'gives the first option of the first workflow field of the schema the type "In review"',
  select: ['app.schema-workflow-options'],
  inbound: {
    response(res, req) {
      if (!isCall(req, 'POST', APP_PATHS.schema)) return;
      const first = workflowOptions(res)?.[0];
      if (first) first['type'] = 'In review';
    },
  },
});
