/**
 * The app with inbound events the event checks use: webhooks enabled (a secret and an external
 * workspace id), a filter, three rows, an event whose transform renames, removes and creates rows
 * and removes a key never synchronized,
 * and a forged event (signed with a wrong secret).
 */
import type { Scenario } from './mock.js';
import { plainScenario } from './scenarios.js';

export const WEBHOOK_SECRET = 'conformance-webhook-secret';
export const WORKSPACE_ID = 'ws-conformance';
export const SIGNATURE_HEADER = 'x-mock-signature';

export const CHANGED_EVENT = { type: 'thing.changed', seq: 1, data: { ids: ['t1', 't2', 't9'] } };
export const FORGED_EVENT = { type: 'thing.forged', seq: 2, data: { ids: ['t3'] } };

export function eventsScenario(): Scenario {
  const scenario = plainScenario(3);
  scenario.webhooks = { enabled: true, secret: WEBHOOK_SECRET, workspaceId: WORKSPACE_ID };
  scenario.filters = [{ id: 'region', title: 'Region', optional: true, type: 'text' }];
  scenario.events = [
    {
      name: 'changed',
      body: CHANGED_EVENT,
      headers: { 'x-conformance-event': 'changed' },
      transform: {
        thing: [
          { id: 't1', name: 'Renamed by an event', size: 100, __syncAction: 'SET' },
          { id: 't2', __syncAction: 'REMOVE' },
          { id: 't9', name: 'Created by an event', size: 9, __syncAction: 'SET' },
          // A REMOVE of a key never synchronized is harmless.
          { id: 'u9', __syncAction: 'REMOVE' },
        ],
      },
    },
    { name: 'forged', body: FORGED_EVENT, badSignature: true, transform: { thing: [{ id: 't3', name: 'Forged', __syncAction: 'SET' }] } },
  ];
  return scenario;
}
