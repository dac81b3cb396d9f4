/**
 * The app with inbound events the event checks use: webhooks enabled (a secret and an external
 * workspace id), a filter, three rows, an event whose transform renames, removes and creates rows
 * and removes a key never synchronized,
 * and a forged event (signed with a wrong secret); and a two-type app whose events transform rows
 * of one type only.
 */
import type { Scenario } from './mock.js';
import { buildScenario, keyAndName, plainScenario } from './scenarios.js';

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

export const THINGS_EVENT = { type: 'thing.changed', seq: 3, data: { ids: ['t1', 't2', 't9'] } };
export const HUGE_EVENT = { type: 'thing.bulk', seq: 4, data: { ids: ['many'] } };
/** The key of the one row the event "huge" transforms (a front may answer many rows in its place). */
export const HUGE_MARKER = 'one-of-many';

/**
 * Two types, things and notes, with webhooks: the event "things" transforms rows of things only
 * (renames t1, removes t2, creates t9); the event "huge" transforms one row of things, the
 * HUGE_MARKER, for a front to answer many rows in its place.
 */
export function twoTypeEventsScenario(): Scenario {
  const scenario = buildScenario({
    description: 'Things and notes with inbound events whose transform answers rows of things only.',
    types: [
      { id: 'thing', name: 'Things' },
      { id: 'note', name: 'Notes' },
    ],
    schema: { thing: keyAndName({ size: { name: 'Size', type: 'number' } }), note: keyAndName() },
    rows: {
      thing: [
        { id: 't1', name: 'Thing 1', size: 1 },
        { id: 't2', name: 'Thing 2', size: 2 },
        { id: 't3', name: 'Thing 3', size: 3 },
      ],
      note: [
        { id: 'n1', name: 'Note 1' },
        { id: 'n2', name: 'Note 2' },
      ],
    },
  });
  scenario.webhooks = { enabled: true, secret: WEBHOOK_SECRET, workspaceId: WORKSPACE_ID };
  scenario.events = [
    {
      name: 'things',
      body: THINGS_EVENT,
      transform: {
        thing: [
          { id: 't1', name: 'Renamed by an event', size: 10, __syncAction: 'SET' },
          { id: 't2', __syncAction: 'REMOVE' },
          { id: 't9', name: 'Created by an event', size: 9, __syncAction: 'SET' },
        ],
      },
    },
    { name: 'huge', body: HUGE_EVENT, transform: { thing: [{ id: HUGE_MARKER, name: 'One of many', __syncAction: 'SET' }] } },
  ];
  return scenario;
}
