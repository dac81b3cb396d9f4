import { describeRequest, fail } from '../../assert.js';
import { CheckSkipped, defineCheck } from '../../check.js';
import { SCHEMA_QUERY } from '../../fixtures.js';
import type { HttpResponse } from '../../http.js';
import { isRecord } from '../../shapes.js';

/** What a 429 of the per-token limit must carry; answers its Retry-After in seconds. */
function expectLimited(res: HttpResponse, limit: { requests: number; seconds: number }): number {
  const header = res.headers['retry-after'];
  if (header === undefined || !/^\d+$/.test(header.trim())) fail(`${describeRequest(res)} answered 429 without a Retry-After of whole seconds (got ${JSON.stringify(header)})`, res);
  const retryAfter = Number(header.trim());
  // A window of S seconds frees a request within S seconds, whatever the algorithm.
  if (retryAfter > limit.seconds) fail(`${describeRequest(res)} answered 429 with Retry-After ${retryAfter}, longer than the limit's window of ${limit.seconds} s`, res);
  const body = res.json;
  const result = isRecord(body) ? body['result'] : undefined;
  if (!isRecord(body) || body['success'] !== false || !isRecord(result)) fail(`${describeRequest(res)} answered 429 without the command API's error envelope {success: false, result: {name, message, data}}`, res);
  if (result['name'] !== 'rate.error/too-many-requests') fail(`the 429 names the error ${JSON.stringify(result['name'])}, expected "rate.error/too-many-requests"`, res);
  const data = result['data'];
  if (!isRecord(data) || data['retryAfter'] !== retryAfter) fail(`the 429's data.retryAfter is ${JSON.stringify(isRecord(data) ? data['retryAfter'] : undefined)}, expected the Retry-After, ${retryAfter}`, res);
  return retryAfter;
}

export default defineCheck({
  id: 'http.rate-limit',
  name:
    'With the per-token limit the run is told (--rate-limit N/S), N+1 requests of one token within S seconds meet a 429 ' +
    'with Retry-After (whole seconds, at most S) and rate.error/too-many-requests (data.retryAfter the same); after Retry-After the token is served again',
  level: 'SHOULD',
  area: 'http',
  requirements: ['HTTP-010', 'CMD-ERR-007'],
  target: 'server',
  async run(ctx) {
    const limit = ctx.rateLimit;
    if (limit === undefined) throw new CheckSkipped("needs the target's per-token request limit (--rate-limit N/S); a suite cannot know an arbitrary server's limit");
    const started = Date.now();
    let limited: { res: HttpResponse; at: number } | undefined;
    // N+1 requests at most: the last one is over the limit however the server counts.
    for (let i = 0; i <= limit.requests && limited === undefined; i++) {
      const res = await ctx.http.command(SCHEMA_QUERY);
      if (res.status === 429) limited = { res, at: i + 1 };
    }
    const elapsedMs = Date.now() - started;
    if (limited === undefined) {
      if (elapsedMs < limit.seconds * 1000) {
        fail(`${limit.requests + 1} requests of one token within ${(elapsedMs / 1000).toFixed(1)} s (a limit of ${limit.requests} per ${limit.seconds} s) were all served; expected the last to be answered 429`, ctx.http.lastExchange?.response);
      }
      throw new CheckSkipped(`the ${limit.requests + 1} requests took ${(elapsedMs / 1000).toFixed(1)} s, longer than the window of ${limit.seconds} s, so none had to be refused; give a limit this run can exceed`);
    }
    if (limited.at <= limit.requests) ctx.log(`request ${limited.at} of ${limit.requests + 1} was refused already (other requests of the token were in the window)`);
    const retryAfter = expectLimited(limited.res, limit);
    // Honour Retry-After, then the token is served again (and the checks after this one are not limited).
    const waitMs = retryAfter * 1000 + 250;
    if (Date.now() + waitMs + 10_000 > ctx.deadline) {
      ctx.log(`Retry-After ${retryAfter} s does not fit in the check's time limit: not checking that the token is served again`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    const again = await ctx.http.command(SCHEMA_QUERY);
    if (again.status === 429) fail(`after waiting the Retry-After of ${retryAfter} s, ${describeRequest(again)} was refused again (Retry-After ${again.headers['retry-after'] ?? 'none'})`, again);
  },
});
