// http.rate-limit against the reference server (HTTP-010, CMD-ERR-007): told the limit the server
// has (SVC_RATE_LIMIT), it passes; told a limit a server without one does not keep, it warns
// (a SHOULD); without --rate-limit it is skipped, naming the option.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/src/index.js';
import { startTestServer } from '../../server/test/storages.js';
import { runChecks } from '../src/runner.js';

// A window wide enough that the N+1 requests fit in it on a loaded machine too (else the check is skipped).
const LIMIT = { requests: 10, seconds: 10 };

describe('http.rate-limit against the reference server', () => {
  let limited: RunningServer;
  let open: RunningServer;
  beforeAll(async () => {
    limited = await startTestServer({ name: 'pg-mem' }, { rateLimit: LIMIT });
    open = await startTestServer({ name: 'pg-mem' });
  });
  afterAll(async () => {
    await limited?.close();
    await open?.close();
  });

  const verdict = async (server: RunningServer, rateLimit?: typeof LIMIT) => {
    const summary = await runChecks({ target: 'server', baseUrl: server.baseUrl, token: server.token, seed: 1, numRuns: 5, only: ['http.rate-limit'], ...(rateLimit ? { rateLimit } : {}) });
    return summary.results[0];
  };

  it('passes against a server with that limit', async () => {
    expect((await verdict(limited, LIMIT))?.verdict).toBe('pass');
  }, 60_000);

  it('warns against a server that does not limit, and is skipped without --rate-limit', async () => {
    expect((await verdict(open, LIMIT))?.verdict).toBe('fail');
    const skipped = await verdict(open);
    expect(skipped?.verdict).toBe('skip');
    expect(skipped?.message).toMatch(/--rate-limit N\/S/);
  }, 60_000);
});
