// The sync checks (conformance/src/checks/sync) against the reference server, on PostgreSQL when
// DATABASE_URL is set and on pg-mem otherwise (full-run.test.ts runs them on pg-mem): the server may call the mock app on loopback,
// with short app time-outs and the default tryLater schedule (sync.try-later-schedule checks it). One
// test per check, titled with its id and requirement IDs. sync.page-bound (10,000 round trips to the
// app, about 30 s alone and over 120 s beside the other test files) runs in full-run.test.ts only:
// the bound is counted by the run, not by the storage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncChecks } from '../src/checks/sync/index.js';
import { runChecks } from '../src/runner.js';
import type { RunningServer } from '../../server/src/index.js';
import { startTestServer, suiteStorages } from '../../server/test/storages.js';

const seed = Number(process.env.SVC_SEED ?? 20261123);
// The differential property runs at most 10 cases (each a chain of syncs), fewer when SVC_RUNS says so.
const numRuns = Number(process.env.SVC_RUNS ?? 10);
/** Checks full-run.test.ts runs (on pg-mem) that do not run here. */
const ON_PG_MEM_ONLY: ReadonlySet<string> = new Set(['sync.page-bound']);

describe.each(suiteStorages)('sync checks against the reference server on $name', (storage) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(storage, { appAllow: ['127.0.0.1'], integrations: { timeoutMs: 3000 } });
  });
  afterAll(() => server?.close());

  it.each(syncChecks.filter((c) => !ON_PG_MEM_ONLY.has(c.id)).map((c) => [`${c.id} ${c.requirements.join(' ')}`, c] as const))('%s', async (_title, check) => {
    const summary = await runChecks({ target: 'server', baseUrl: server.baseUrl, token: server.token, seed, numRuns, only: [check.id], checks: syncChecks });
    const failures = summary.failures.map((f) => [`${f.level} ${f.id}: ${f.message ?? ''}`, f.details?.counterexample, f.details?.curl].filter(Boolean).join('\n'));
    expect(failures, failures.join('\n\n')).toEqual([]);
    expect(summary.results).toHaveLength(1);
  });
});
