// /api/integrations/sources/<id>/actions/<action id>: the automation call of an app's custom
// action on synchronized Entities (spec/integrations.md, "Custom actions"). The body and the
// parameters were validated against the spec before this runs. One queue of calls per source,
// held by this router (one per server).
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { components } from '../../../../generated/service/types.js';
import type { ServerContext } from '../../server-context.js';
import { callAction, SourceQueues } from '../actions/index.js';

type ActionInput = components['schemas']['IntegrationActionInput'];

export function actionRoutes(context: ServerContext): Router {
  const router = Router();
  const queues = new SourceQueues();
  router.post('/api/integrations/sources/:sourceId/actions/:actionId', (req: Request, res: Response, next: NextFunction) => {
    const body = req.body as ActionInput;
    callAction(context, queues, { sourceId: String(req.params.sourceId), actionId: String(req.params.actionId), entities: body.entities, ...(body.args === undefined ? {} : { args: body.args }) })
      .then((run) => {
        res.json(run);
      })
      .catch(next);
  });
  return router;
}
