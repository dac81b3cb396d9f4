/**
 * Fault: the tryLater back-off starts a step late: a page answered tryLater is asked again after
 * about 2 s, then 4 s (instead of 1 s, then 2 s), as a server counting its attempts from one too
 * many would. The proxy holds the repeated request back by the step the server should have taken.
 */
import { setTimeout as wait } from 'node:timers/promises';
import { defineFault, type FaultState } from '../fault.js';
import { APP_DATA, isAppCall, isRecord } from './support.js';

/** The first step of the schedule (spec/integrations.md, "Runs"). */
const FIRST_STEP_MS = 1_000;
const ANSWERS = 'tryLater answers in a row';

function answersSoFar(state: FaultState): number {
  return (state.get(ANSWERS) as number | undefined) ?? 0;
}

export default defineFault({
  id: 'server.sync-try-later-step-late',
  target: 'server',
  area: 'sync',
  breaks: 'SYNC-015',
  description: 'asks a page answered tryLater again a doubling step late (after about 2 s, then 4 s)',
  select: ['sync.try-later-schedule'],
  outbound: {
    async request(req, state) {
      const answers = answersSoFar(state);
      if (isAppCall(req, APP_DATA) && answers > 0) await wait(FIRST_STEP_MS * 2 ** (answers - 1));
    },
    response(res, req, state) {
      if (!isAppCall(req, APP_DATA)) return;
      const tryLater = isRecord(res.json) && res.json['tryLater'] === true;
      state.set(ANSWERS, tryLater ? answersSoFar(state) + 1 : 0);
    },
  },
});
