// The conformance suite against the reference server, once per storage (pg-mem, and PostgreSQL
// when DATABASE_URL is set), with the response validator on. One test per check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverChecks } from '../src/checks/index.js';
import { syncChecks } from '../src/checks/sync/index.js';
import { runChecks } from '../src/runner.js';
import type { RunningServer } from '../../server/src/index.js';
import { startTestServer, storages } from '../../server/test/storages.js';

const seed = Number(process.env.SVC_SEED ?? 20261123);
const numRuns = Number(process.env.SVC_RUNS ?? 50);

describe.each(storages)('conformance of the reference server on $name', (storage) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(storage);
  });
  afterAll(() => server?.close());

  // The sync checks run in sync.test.ts, against a server that may call the mock app on loopback.
  const sync = new Set<string>(syncChecks.map((c) => c.id));
  it.each(serverChecks.filter((c) => !sync.has(c.id)).map((c) => [c.id, c] as const))('%s', async (id) => {
    const summary = await runChecks({ target: 'server', baseUrl: server.baseUrl, token: server.token, seed, numRuns, only: [id] });
    const failures = summary.failures.map((f) => [`${f.level} ${f.id}: ${f.message ?? ''}`, f.details?.counterexample, f.details?.curl].filter(Boolean).join('\n'));
    expect(failures, failures.join('\n\n')).toEqual([]);
    expect(summary.results).toHaveLength(1);
  });
});
