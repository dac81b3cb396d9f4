// The conformance suite against the reference server with 50 runs per property, with the response
// validator on, one test per check. It runs on PostgreSQL when DATABASE_URL is set and on pg-mem
// otherwise: full-run.test.ts runs every check on pg-mem already (the CLI, full profile, 5 runs),
// so CI runs each check once per storage rather than twice on pg-mem. SVC_TEST_STORAGES, when set,
// names the storages to run on here (e.g. SVC_TEST_STORAGES=pg-mem,postgres for both). A second token
// below Architect (a reader's) and an Editor's are issued for the access-level checks
// (auth.webhooks-need-architect, auth.access-levels).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverChecks } from '../src/checks/index.js';
import { consistencyChecks } from '../src/checks/consistency/index.js';
import { syncChecks } from '../src/checks/sync/index.js';
import { runChecks } from '../src/runner.js';
import type { RunningServer } from '../../server/src/index.js';
import { issueToken } from '../../server/src/http/tokens.js';
import { startTestServer, suiteStorages } from '../../server/test/storages.js';

const seed = Number(process.env.SVC_SEED ?? 20261123);
const numRuns = Number(process.env.SVC_RUNS ?? 50);

describe.each(suiteStorages)('conformance of the reference server on $name', (storage) => {
  let server: RunningServer;
  let readerToken: string;
  let editorToken: string;
  beforeAll(async () => {
    // files.synced-file-content syncs a file from the mock app on loopback.
    server = await startTestServer(storage, { appAllow: ['127.0.0.1'] });
    const { rows } = await server.db.query<{ user_id: string }>('SELECT user_id FROM api_tokens LIMIT 1');
    readerToken = await issueToken(server.db, { accessLevel: 'reader', userId: rows[0]?.user_id as string, label: 'a reader (conformance)' });
    editorToken = await issueToken(server.db, { accessLevel: 'editor', userId: rows[0]?.user_id as string, label: 'an editor (conformance)' });
  });
  afterAll(() => server?.close());

  // The sync checks run in sync.test.ts, against a server that may call the mock app on loopback;
  // consistency.cross-surface in consistency.test.ts, with a server that breaks it.
  const sync = new Set<string>([...syncChecks, ...consistencyChecks].map((c) => c.id));
  it.each(serverChecks.filter((c) => !sync.has(c.id)).map((c) => [c.id, c] as const))('%s', async (id) => {
    const summary = await runChecks({ target: 'server', baseUrl: server.baseUrl, token: server.token, readerToken, editorToken, seed, numRuns, only: [id] });
    const failures = summary.failures.map((f) => [`${f.level} ${f.id}: ${f.message ?? ''}`, f.details?.counterexample, f.details?.curl].filter(Boolean).join('\n'));
    expect(failures, failures.join('\n\n')).toEqual([]);
    expect(summary.results).toHaveLength(1);
    if (id.startsWith('auth.webhooks') || id === 'auth.access-levels') expect(summary.results[0]?.verdict, 'run with the reader token, not skipped').toBe('pass');
  });

  it('auth.webhooks-need-architect AUTH-002 fails when the lower token may manage webhooks (an Architect token given as the reader token), and skips without one', async () => {
    const { rows } = await server.db.query<{ user_id: string }>('SELECT user_id FROM api_tokens LIMIT 1');
    const architect = await issueToken(server.db, { accessLevel: 'architect', userId: rows[0]?.user_id as string, label: 'a second architect (conformance)' });
    const only = ['auth.webhooks-need-architect'];
    const wrong = await runChecks({ target: 'server', baseUrl: server.baseUrl, token: server.token, readerToken: architect, seed, numRuns, only });
    expect(wrong.results[0]?.verdict).toBe('fail');
    expect(wrong.results[0]?.message).toMatch(/listing webhooks with the reader token .*expected status 403 .*got 200/);
    expect(wrong.results[0]?.details?.curl).toContain(`Authorization: Token ${architect}`);
    const without = await runChecks({ target: 'server', baseUrl: server.baseUrl, token: server.token, seed, numRuns, only });
    expect(without.results[0]?.verdict).toBe('skip');
    expect(without.results[0]?.message).toMatch(/--reader-token/);
  });

  it('auth.access-levels fails when the Editor token may change the schema (an Architect token given as the editor token), and skips without lower tokens', async () => {
    const { rows } = await server.db.query<{ user_id: string }>('SELECT user_id FROM api_tokens LIMIT 1');
    const architect = await issueToken(server.db, { accessLevel: 'architect', userId: rows[0]?.user_id as string, label: 'an architect posing as editor (conformance)' });
    const only = ['auth.access-levels'];
    const wrong = await runChecks({ target: 'server', baseUrl: server.baseUrl, token: server.token, editorToken: architect, seed, numRuns: 3, only });
    expect(wrong.results[0]?.verdict).toBe('fail');
    expect(wrong.results[0]?.message).toMatch(/with the editor token \(needs architect\).*expected status 403|with the editor token \(needs architect\).*auth\.error\/forbidden/);
    const without = await runChecks({ target: 'server', baseUrl: server.baseUrl, token: server.token, seed, numRuns, only });
    expect(without.results[0]?.verdict).toBe('skip');
    expect(without.results[0]?.message).toMatch(/--reader-token/);
  });
});
