// Routes of /api/webhooks/v2: list, add, delete. Mounted after the token check, the JSON body
// parser and the OpenAPI validator (bodies and parameters are valid here). Managing webhooks
// requires the Architect access level (contract, Authentication rule 2; enforced in http/access.ts).
import { Router, type NextFunction, type Request, type Response } from 'express';
import { Failure } from '../api/failure.js';
import type { components } from '../../../generated/service/types.js';
import type { Caller } from '../commands/context.js';
import type { Catalog, TypeDef } from '../model/catalog.js';
import { isUuid } from '../model/value-codec.js';
import type { ServerContext } from '../server-context.js';
import { addWebhook, deleteWebhook, listWebhooks } from './store.js';
import { TargetPolicy } from './target-policy.js';

type WebhookInput = components['schemas']['WebhookInput'];
type Authed = Response<unknown, { caller: Caller }>;

const BASE = '/api/webhooks/v2';

function route(fn: (req: Request, res: Authed) => Promise<void>) {
  return (req: Request, res: Response, next: NextFunction) => {
    fn(req, res as Authed).catch(next);
  };
}

/** The Database a webhook reports: by name, or by its `svc/id`. */
function resolveType(catalog: Catalog, given: string): TypeDef {
  const type = catalog.byName.get(given) ?? (isUuid(given) ? catalog.byId.get(given.toLowerCase()) : undefined);
  if (!type || type.deleted) {
    throw new Failure('webhook.error/type-not-found', `"type" must name a Database (or give its svc/id); there is no Database "${given}".`, { field: 'type', type: given }, 400);
  }
  return type;
}

export function webhookRoutes(context: ServerContext): Router {
  const router = Router();
  const policy = context.webhookPolicy ?? new TargetPolicy();

  router.get(
    BASE,
    route(async (_req, res) => {
      res.json(await listWebhooks(context.db, await context.catalogs.get(context.db)));
    }),
  );

  router.post(
    BASE,
    route(async (req, res) => {
      const input = req.body as WebhookInput;
      const catalog = await context.catalogs.get(context.db);
      const type = resolveType(catalog, input.type);
      await policy.checkUrl(input.url);
      res.json(await addWebhook(context.db, catalog, { url: input.url, type, createdBy: res.locals.caller.userId }));
    }),
  );

  router.delete(
    `${BASE}/:webhookId`,
    route(async (req, res) => {
      const id = Number(req.params['webhookId']);
      if (!Number.isSafeInteger(id) || !(await deleteWebhook(context.db, id))) {
        throw new Failure('webhook.error/not-found', `There is no webhook with id ${req.params['webhookId']}.`, { id: req.params['webhookId'] ?? '' }, 404);
      }
      res.json(true);
    }),
  );
  return router;
}
