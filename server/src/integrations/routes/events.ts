// POST /api/integrations/events/<account id>: an external system's event (no token; mounted before
// the token check and the JSON parser, so it reads and bounds its own body: any content type, up
// to 1 MiB). The body's bytes and headers go unchanged to the account's app `pre-process` (EVT-002,
// APP-043); the app's status and `reply` are answered to the caller (APP-068); when the app
// accepts (2xx), each source of the account whose webhook workspace is among `workspaceIds` gets
// the event from the sync engine (APP-069, EVT-004). An app that fails is 422 app-failed.
import { Router, type NextFunction, type Request, type Response } from 'express';
import { Failure } from '../../api/failure.js';
import { isUuid } from '../../model/value-codec.js';
import type { ServerContext } from '../../server-context.js';
import { loadAccount, sourcesForWorkspaces } from '../accounts/store.js';
import { accountClient } from '../accounts/service.js';
import { eventPayload, forwardedHeaders, readBody } from '../app/inbound-event.js';

export const EVENTS_PATH = '/api/integrations/events/:accountId';

export function eventRoutes(context: ServerContext): Router {
  const router = Router();
  router.post(EVENTS_PATH, (req: Request, res: Response, next: NextFunction) => {
    receive(context, req, res).catch(next);
  });
  return router;
}

async function receive(context: ServerContext, req: Request, res: Response): Promise<void> {
  const id = typeof req.params['accountId'] === 'string' ? req.params['accountId'] : '';
  if (!isUuid(id)) {
    req.resume();
    throw new Failure('request.error/invalid-parameter', 'Invalid request: accountId must be an account id (a UUID).', { field: 'accountId' }, 400);
  }
  const account = await loadAccount(context.db, id).catch((error: unknown) => {
    req.resume();
    throw error;
  });
  const body = await readBody(req);
  const headers = forwardedHeaders(req.headers);
  const answer = await accountClient(context, account).preProcess(body, headers);
  const accepted = answer.status >= 200 && answer.status < 300;
  const sourceIds = accepted && answer.body ? await sourcesForWorkspaces(context.db, account.id, answer.body.workspaceIds) : [];
  const reply = answer.body?.reply;
  if (reply === undefined) res.status(answer.status).end();
  else res.status(answer.status).json(reply);
  if (sourceIds.length === 0) return;
  const payload = eventPayload(body);
  for (const sourceId of sourceIds) {
    try {
      context.syncs.receiveEvent(sourceId, { headers, payload });
    } catch (error) {
      context.log(`inbound event for source ${sourceId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
