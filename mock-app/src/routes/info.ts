// GET / (the app information, with the scenario's custom actions) and GET /logo (SVG, none or a
// redirect).
import { Router } from 'express';
import type { AppInformation, AppSchemas } from '../contract.js';
import type { MockContext } from '../context.js';
import type { Scenario, ScenarioAction } from '../scenario-types.js';
import { gate } from './common.js';

export const DEFAULT_LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#4f46e5"/><path d="M9 22V10h4l3 6 3-6h4v12h-3v-7l-4 7-4-7v7z" fill="#fff"/></svg>';

/**
 * The app information of a scenario (APP-001): its `authentication` entries and `actions` without
 * the mock's own keys (APP-080), with `responsibleFor.automations` true when it has actions.
 */
export function appInformation(scenario: Scenario): AppInformation {
  return {
    ...scenario.app.extra,
    version: scenario.app.version,
    name: scenario.app.name,
    website: scenario.app.website,
    description: scenario.app.description,
    authentication: scenario.accountTypes.map((type) => ({
      id: type.id,
      name: type.name,
      ...(type.description === undefined ? {} : { description: type.description }),
      ...(type.fields === undefined ? {} : { fields: type.fields }),
    })),
    sources: [],
    responsibleFor: scenario.actions === undefined ? { dataSynchronization: true } : { dataSynchronization: true, automations: true },
    ...(scenario.actions === undefined ? {} : { actions: scenario.actions.map(listedAction) }),
  };
}

/** How the app information lists a scenario action (the spec's AppAction, without the mock's own keys). */
function listedAction(action: ScenarioAction): AppSchemas['AppAction'] {
  return {
    action: action.action,
    name: action.name,
    ...(action.description === undefined ? {} : { description: action.description }),
    args: action.args ?? [],
  };
}

export function infoRoutes(context: MockContext): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    if ((await gate(context, 'info', res)).answered) return;
    res.json(appInformation(context.scenario));
  });
  router.get('/logo', async (_req, res) => {
    if ((await gate(context, 'logo', res)).answered) return;
    const logo = context.scenario.logo ?? { kind: 'svg' };
    if (logo.kind === 'none') {
      res.status(204).end();
    } else if (logo.kind === 'redirect') {
      res.redirect(302, logo.url);
    } else {
      res.status(200).set('content-type', 'image/svg+xml').send(Buffer.from(logo.svg ?? DEFAULT_LOGO_SVG, 'utf8'));
    }
  });
  return router;
}
