// Inbound events: webhooks (install or reinstall a registration), pre-process (signature check
// over the raw body, reply and workspace ids) and transform (the event's rows, also applied to
// the app's own rows so that a later full sync agrees).
import { Router } from 'express';
import type { AppSchemas, AppWebhookRegistration } from '../contract.js';
import type { MockContext } from '../context.js';
import { findEventByBody, signatureHeader, verifySignature } from '../events.js';
import { rawBody } from '../http.js';
import { ChangeError } from '../state.js';
import { accountAccepted, gate, sendError } from './common.js';

export function webhookRoutes(context: MockContext): Router {
  const router = Router();
  const { scenario } = context;
  let installed = 0;

  router.post('/api/v1/synchronizer/webhooks', async (req, res) => {
    const body = req.body as AppSchemas['WebhookInstallRequest'];
    if ((await gate(context, 'webhooks', res, { types: body.types })).answered) return;
    if (!accountAccepted(context, body.account, res)) return;
    if (!scenario.webhooks?.enabled) {
      sendError(res, 400, 'Webhooks are not enabled for this app.');
      return;
    }
    const earlier = body.webhook;
    const id = earlier ? earlier.id : `wh_${++installed}`;
    const previous = context.registrations.get(String(id));
    const registration: AppWebhookRegistration = {
      id,
      workspaceId: scenario.webhooks.workspaceId,
      types: body.types,
      filter: body.filter,
      installs: (typeof previous?.installs === 'number' ? previous.installs : 0) + 1,
    };
    context.registrations.set(String(id), registration);
    res.json(registration);
  });

  router.post('/api/v1/synchronizer/webhooks/pre-process', async (req, res) => {
    if ((await gate(context, 'pre-process', res)).answered) return;
    const webhooks = scenario.webhooks;
    if (!webhooks) {
      res.status(400).json({ reply: { error: 'webhooks are not configured' }, workspaceIds: [] });
      return;
    }
    const header = req.headers[signatureHeader(webhooks)];
    if (!verifySignature(webhooks.secret, Array.isArray(header) ? header[0] : header, rawBody(req))) {
      res.status(401).json({ reply: { error: 'bad signature' }, workspaceIds: [] });
      return;
    }
    const event = findEventByBody(scenario.events ?? [], req.body);
    res.json({ reply: { ok: true }, workspaceIds: event?.workspaceIds ?? [webhooks.workspaceId] });
  });

  router.post('/api/v1/synchronizer/webhooks/transform', async (req, res) => {
    const body = req.body as AppSchemas['TransformRequest'];
    if ((await gate(context, 'transform', res, { types: body.types })).answered) return;
    if (!accountAccepted(context, body.account, res)) return;
    const event = findEventByBody(scenario.events ?? [], body.payload);
    if (!event) {
      sendError(res, 400, 'The payload is not the body of an event of this app.');
      return;
    }
    const data = event.transform ?? {};
    try {
      context.state.applySyncRows(data);
    } catch (error) {
      if (!(error instanceof ChangeError)) throw error;
      sendError(res, 500, `The event "${event.name}" cannot be applied: ${error.message}`);
      return;
    }
    res.json({ data });
  });
  return router;
}
