import { isDeepStrictEqual } from 'node:util';
import { expectJson, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { expectKeys, expectUnchanged } from './expect-entities.js';
import { CHANGED_EVENT, SIGNATURE_HEADER, WEBHOOK_SECRET, eventsScenario } from './events-scenario.js';
import { EVENT_WAIT_MS, eventsPath, expectEventRun, sendEvent } from './events.js';
import { lastResponse, nonce, withIntegration } from './integration.js';
import { APP_PATHS, bodyOf, requestSummary, requestsTo, sign } from './mock.js';
import { waitFor } from './wait.js';
import { GOOD_TOKEN } from './scenarios.js';

// The event's JSON with unusual spacing: re-serialized, it would no longer match its signature.
const RAW = '{ "type" : "thing.changed",\n  "seq":1,   "data": {"ids": [ "t1","t2", "t9" ]} }';

export default defineCheck({
  id: 'sync.event-applied',
  name:
    'An event posted to the account\'s eventsUrl goes to the app\'s pre-process byte for byte with its headers; the app\'s reply and status are answered to the caller; transform gets ' +
    '{params: <the headers>, payload: <the body>, types, filter, account}, and its rows are applied by the delta rules in a run with trigger "event"',
  level: 'MUST',
  area: 'events',
  requirements: ['EVT-002', 'EVT-004', 'APP-043', 'APP-046', 'APP-068', 'APP-070'],
  target: 'server',
  async run(ctx) {
    if (!isDeepStrictEqual(JSON.parse(RAW), CHANGED_EVENT)) throw new Error('the raw event does not encode CHANGED_EVENT');
    await withIntegration(ctx, eventsScenario(), {}, async (it) => {
      if (!it.account.eventsUrl.endsWith(eventsPath(it.account.id))) fail(`the account's eventsUrl ${it.account.eventsUrl} should end with ${eventsPath(it.account.id)}`, lastResponse(ctx));
      const before = await it.byKey('thing');
      const tag = nonce();
      it.app.clearRequests();
      const res = await sendEvent(ctx, it.account.id, RAW, { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(WEBHOOK_SECRET, RAW), 'x-conformance-event': tag });
      expectStatus(res, 200, 'APP-068 an event the app accepts: its status is forwarded');
      if (!isDeepStrictEqual(expectJson(res, 'APP-068 the reply'), { ok: true })) fail('APP-068: the app replied {ok: true}; the caller should get that reply', res);

      const pre = requestsTo(it.app, APP_PATHS.preProcess);
      if (pre.length !== 1) fail(`EVT-002: the event should reach pre-process once; it came ${pre.length} time(s)`, res);
      const got = pre[0]!;
      // The app verified the signature over the bytes it received (200 above): they were the bytes sent.
      if (!isDeepStrictEqual(got.body, CHANGED_EVENT)) fail(`APP-043: pre-process received the body ${JSON.stringify(got.body)}, expected the event unchanged`, res);
      if (got.headers['x-conformance-event'] !== tag || !/^application\/json/.test(got.headers['content-type'] ?? '')) {
        fail(`APP-043: pre-process received the headers ${JSON.stringify(got.headers)}; the event's own headers (x-conformance-event: ${tag}, content-type) should be passed on`, res);
      }

      const transformed = await waitFor(
        ctx,
        `EVT-004: the accepted event reaching the app's transform (${APP_PATHS.transform})`,
        () => ({ value: requestsTo(it.app, APP_PATHS.transform)[0], seen: requestSummary(it.app), res }),
        { boundMs: EVENT_WAIT_MS },
      );
      const transform = bodyOf(transformed, 'APP-046 the transform request');
      const params = transform['params'];
      if (!isRecord(params) || params['x-conformance-event'] !== tag) fail(`APP-070: transform's params should be the event's headers (x-conformance-event: ${tag}); they are ${JSON.stringify(params)}`, lastResponse(ctx));
      if (!isDeepStrictEqual(transform['payload'], CHANGED_EVENT)) fail(`APP-070: transform's payload should be the event body; it is ${JSON.stringify(transform['payload'])}`, lastResponse(ctx));
      if (!isDeepStrictEqual(transform['types'], ['thing']) || !isDeepStrictEqual(transform['account'], { token: GOOD_TOKEN }) || !isRecord(transform['filter'])) {
        fail(`APP-046: the transform request should be {params, payload, types: ["thing"], filter, account: {token}}; it is ${JSON.stringify(transform)}`, lastResponse(ctx));
      }

      await expectEventRun(ctx, it.source.id, 'EVT-004 the event');
      const after = await it.byKey('thing');
      expectKeys(after, ['t1', 't3', 't9'], 'EVT-004 after the event (t1 set, t2 removed, t9 created, the unknown u9 removed harmlessly)', lastResponse(ctx));
      const t1 = after.get('t1');
      if (t1?.[it.field('Name')] !== 'Renamed by an event' || t1?.[it.field('Size')] !== 100) fail(`EVT-004: the event set t1's name and size; its Entity holds ${JSON.stringify(t1)}`, lastResponse(ctx));
      if (after.get('t9')?.[it.field('Name')] !== 'Created by an event') fail(`EVT-004: the event created t9; its Entity holds ${JSON.stringify(after.get('t9'))}`, lastResponse(ctx));
      expectUnchanged(before, after, ['t3'], 'EVT-004 the delta rules: a row the event does not carry stays', lastResponse(ctx));
    });
  },
});
