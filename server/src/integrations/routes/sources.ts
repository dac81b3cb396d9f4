// /api/integrations/sources: list, add, read, change, delete (service.openapi.yaml, tag
// `integrations`). Bodies and parameters were validated against the spec before these run.
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { components } from '../../../../generated/service/types.js';
import type { Caller } from '../../commands/context.js';
import type { ServerContext } from '../../server-context.js';
import { addSource, changeSource } from '../sync/source-setup.js';
import { deleteSource, listSources, loadSource, sourceToApi } from '../sync/source-store.js';

type Authed = Response<unknown, { caller: Caller }>;
const BASE = '/api/integrations/sources';

function route(fn: (req: Request, res: Authed) => Promise<void>) {
  return (req: Request, res: Response, next: NextFunction) => {
    fn(req, res as Authed).catch(next);
  };
}

export function sourceRoutes(context: ServerContext): Router {
  const router = Router();
  router.get(
    BASE,
    route(async (_req, res) => {
      res.json((await listSources(context.db)).map(sourceToApi));
    }),
  );
  router.post(
    BASE,
    route(async (req, res) => {
      const source = await addSource(context, res.locals.caller.userId, req.body as components['schemas']['IntegrationSourceInput']);
      res.status(201).json(sourceToApi(source));
    }),
  );
  router.get(
    `${BASE}/:sourceId`,
    route(async (req, res) => {
      res.json(sourceToApi(await loadSource(context.db, String(req.params.sourceId))));
    }),
  );
  router.patch(
    `${BASE}/:sourceId`,
    route(async (req, res) => {
      res.json(sourceToApi(await changeSource(context, String(req.params.sourceId), req.body as components['schemas']['IntegrationSourceUpdate'])));
    }),
  );
  router.delete(
    `${BASE}/:sourceId`,
    route(async (req, res) => {
      const source = await loadSource(context.db, String(req.params.sourceId));
      await context.db.transaction((tx) => deleteSource(tx, source.id));
      res.json(true);
    }),
  );
  return router;
}
