// The app checks (conformance/src/checks/app): every check passes against a conformant stub app,
// the checks of optional endpoints skip against an app without them, and each check fails
// against a stub that breaks exactly its rule; the helpers they rest on; the CLI's app target.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockApp, type MockApp, type Scenario } from '../../mock-app/src/index.js';
import type { AppEvent, AppTargetOptions } from '../src/check.js';
import { scenarioAccount, scenarioEvent } from './scenario-target.js';
import { appChecks } from '../src/checks/index.js';
import { chooseAccount, type AuthenticationEntry } from '../src/checks/app/account.js';
import { canonicalJson } from '../src/checks/app/canonical.js';
import { carriesState } from '../src/checks/app/oauth.js';
import { appPreflight } from '../src/checks/app/preflight.js';
import { rowProblems, unlistedKeys } from '../src/checks/app/rows.js';
import type { SchemaField, TypeSchema } from '../src/checks/app/session.js';
import { valueProblem } from '../src/checks/app/values.js';
import { runChecks, type RunSummary, type Verdict } from '../src/runner.js';
import { startEchoApp, startStubApp, stubEvent, type StubApp, type StubFaults } from './app-stub.js';

const run = promisify(execFile);
const SCENARIOS = ['tracker', 'crm', 'minimal'] as const;
const scenarioPath = (name: string): string => fileURLToPath(new URL(`../../mock-app/scenarios/${name}.yaml`, import.meta.url));
const BIN = fileURLToPath(new URL('../bin/svc-conformance.js', import.meta.url));
const SEED = 20261124;

async function runApp(stub: StubApp, app: AppTargetOptions = {}, only?: string[]): Promise<RunSummary> {
  return runChecks({
    target: 'app',
    baseUrl: stub.url,
    token: '',
    app: { account: stub.account, maxPages: 50, destructive: true, event: stubEvent(), ...app },
    seed: SEED,
    numRuns: 20,
    ...(only ? { only } : {}),
  });
}

function verdicts(summary: RunSummary): Record<string, Verdict> {
  return Object.fromEntries(summary.results.map((r) => [r.id, r.verdict]));
}

function describeFailures(summary: RunSummary): string {
  return summary.failures.map((r) => `${r.id}: ${r.message ?? ''}\n${r.details?.curl ?? ''}`).join('\n\n');
}

const stubs: StubApp[] = [];
async function stub(faults: StubFaults = {}): Promise<StubApp> {
  const started = await startStubApp(faults);
  stubs.push(started);
  return started;
}
afterAll(async () => {
  await Promise.all(stubs.map((s) => s.close()));
});

describe('app checks against a conformant stub app', () => {
  it('APP-001 APP-014 APP-027 MAP-024 OAUTH-008 every app check passes, --destructive included', async () => {
    const summary = await runApp(await stub());
    expect(summary.failures, describeFailures(summary)).toEqual([]);
    expect(summary.results.map((r) => r.id)).toEqual(appChecks.map((c) => c.id));
    expect(summary.results.filter((r) => r.verdict !== 'pass').map((r) => `${r.id}: ${r.message ?? ''}`)).toEqual([]);
    expect(summary.exitCode).toBe(0);
  }, 30_000);

  it('APP-028 APP-030 APP-033 APP-036 APP-042 APP-048 OAUTH-001 optional endpoints an app does not implement are skipped with a note, never failed', async () => {
    const summary = await runApp(await stub({ minimal: true }));
    expect(summary.failures, describeFailures(summary)).toEqual([]);
    const v = verdicts(summary);
    for (const id of ['app.information', 'app.authentication', 'app.validate-account', 'app.config', 'app.schema', 'app.data-pagination', 'app.data-rows', 'app.full-sync-stable']) expect(v[id], id).toBe('pass');
    const skipped = summary.results.filter((r) => r.verdict === 'skip');
    expect(skipped.map((r) => r.id).sort()).toEqual(
      [
        'app.validate-invalid-account',
        'app.datalist',
        'app.filter-validate',
        'app.logo',
        'app.oauth2-authorize',
        'app.oauth1-authorize',
        'app.oauth1-state',
        'app.oauth-access-token-refused',
        'app.webhooks-install',
        'app.delete-account',
        'app.resource',
        'app.oauth-access-token',
        'app.pre-process-unverified',
        'app.pre-process-accepts',
        'app.transform',
        'app.validate-refresh',
        'app.actions',
      ].sort(),
    );
    const note = (id: string): string => skipped.find((r) => r.id === id)?.message ?? '';
    expect(note('app.logo')).toMatch(/not implemented: GET \/logo answered 404/);
    expect(note('app.delete-account')).toMatch(/not implemented: DELETE \/api\/v1\/account answered 404/);
    expect(note('app.webhooks-install')).toMatch(/does not enable webhooks/);
    expect(note('app.resource')).toMatch(/no app:\/\/resource address/);
    expect(note('app.pre-process-unverified')).toMatch(/not implemented: POST \/api\/v1\/synchronizer\/webhooks\/pre-process answered 404/);
    expect(note('app.pre-process-accepts')).toMatch(/not implemented: POST \/api\/v1\/synchronizer\/webhooks\/pre-process answered 404/);
    expect(note('app.transform')).toMatch(/not implemented: POST \/api\/v1\/synchronizer\/webhooks\/transform answered 404/);
    expect(note('app.validate-refresh')).toMatch(/no refresh token/);
    expect(note('app.actions')).toMatch(/lists no custom actions/);
    expect(summary.counts.skip).toBe(17);
    expect(summary.exitCode).toBe(0);
  }, 30_000);

  it('APP-050 account clean-up is not run without --destructive', async () => {
    const summary = await runApp(await stub({ deleteAccountFails: true }), { destructive: false }, ['app.delete-account']);
    expect(summary.results[0]?.verdict).toBe('skip');
    expect(summary.results[0]?.message).toMatch(/--destructive/);
  });

  it('APP-080 APP-081 without --destructive the custom actions listing is checked and the calls are not run', async () => {
    const app = await stub({ actionAnswersText: true });
    const summary = await runApp(app, { destructive: false }, ['app.actions']);
    expect(summary.results[0]?.verdict).toBe('skip');
    expect(summary.results[0]?.message).toMatch(/listing of 1 action\(s\) conforms; not run: .*--destructive/);
  });

  it('APP-053 an app with a required filter is checked with the --filter values, and refuses data without them', async () => {
    const app = await stub({ requiresProject: true });
    const without = await runApp(app, {}, ['app.data-pagination']);
    expect(without.failures[0]?.message).toMatch(/expected status 200 .* got 400/);
    const withFilter = await runApp(app, { filter: { project: 'alpha' } }, ['app.data-pagination', 'app.data-rows', 'app.datalist', 'app.filter-validate', 'app.webhooks-install']);
    expect(withFilter.failures, describeFailures(withFilter)).toEqual([]);
    expect(withFilter.results.every((r) => r.verdict === 'pass')).toBe(true);
  });

  it('APP-044 APP-047 the checks of accepted events skip without --event, saying to pass one', async () => {
    const app = await stub();
    const only = ['app.pre-process-accepts', 'app.transform'];
    const summary = await runChecks({ target: 'app', baseUrl: app.url, token: '', app: { account: app.account }, seed: SEED, numRuns: 5, only });
    expect(summary.results.map((r) => `${r.id}: ${r.verdict}`)).toEqual(only.map((id) => `${id}: skip`));
    for (const result of summary.results) expect(result.message, result.id).toMatch(/pass --event FILE/);
  });

  it('APP-044 EVT-002 pre-process gets the event byte for byte: the same event re-serialized no longer matches its signature', async () => {
    const app = await stub();
    const event = stubEvent();
    const reserialized: AppEvent = { ...event, body: JSON.stringify(JSON.parse(event.body)) };
    expect(reserialized.body).not.toBe(event.body);
    const accepted = await runApp(app, {}, ['app.pre-process-accepts']);
    expect(accepted.results[0]?.verdict, describeFailures(accepted)).toBe('pass');
    const refused = await runApp(app, { event: reserialized }, ['app.pre-process-accepts']);
    expect(refused.results[0]?.verdict).toBe('fail');
    expect(refused.results[0]?.message).toMatch(/answered 401, reply \{"error":"bad signature"\}, expected a 2xx accepting it/);
  });

  it('APP-019 checks that need an account skip when none is given, and say which fields it needs', async () => {
    const app = await stub();
    const summary = await runChecks({ target: 'app', baseUrl: app.url, token: '', seed: SEED, numRuns: 5, only: ['app.schema', 'app.information'] });
    expect(verdicts(summary)).toEqual({ 'app.information': 'pass', 'app.schema': 'skip' });
    expect(summary.results.find((r) => r.id === 'app.schema')?.message).toMatch(/needs an account: .*token \(token\)/);
  });
});


/** The checks that do not apply to the app a scenario describes (derived from the scenario). */
function notApplicable(scenario: Scenario, options: AppTargetOptions): string[] {
  const ids = scenario.accountTypes.map((t) => t.id);
  const used = scenario.accountTypes.find((t) => t.id === options.accountType) ?? scenario.accountTypes.find((t) => (t.fields ?? []).length === 0);
  const out: string[] = [];
  if ((used?.fields ?? []).length === 0 && Object.keys(options.account ?? {}).length === 0) out.push('app.validate-invalid-account');
  if (!(scenario.filters ?? []).some((f) => f.datalist === true)) out.push('app.datalist');
  if (!ids.includes('oauth2')) out.push('app.oauth2-authorize');
  if (!ids.includes('oauth')) out.push('app.oauth1-authorize', 'app.oauth1-state');
  if (!ids.includes('oauth') && !ids.includes('oauth2')) out.push('app.oauth-access-token-refused', 'app.oauth-access-token');
  if (scenario.webhooks?.enabled !== true) out.push('app.webhooks-install');
  if (options.event === undefined) out.push('app.pre-process-accepts', 'app.transform');
  const rows = Object.values(scenario.data ?? {}).flatMap((d) => d.rows);
  if (!rows.some((row) => Object.values(row).flat().some((v) => typeof v === 'string' && v.startsWith('app://resource')))) out.push('app.resource');
  // A refresh token comes from an OAuth flow (the mock app serves its pages) or the run's account.
  if (!ids.includes('oauth') && !ids.includes('oauth2') && typeof options.account?.['refresh_token'] !== 'string') out.push('app.validate-refresh');
  if ((scenario.actions ?? []).length === 0) out.push('app.actions');
  return out.sort();
}

describe.each(SCENARIOS)('app checks against the mock app, scenario %s', (name) => {
  let app: MockApp;
  beforeAll(async () => {
    app = await startMockApp({ scenario: scenarioPath(name), port: 0 });
  });
  afterAll(() => app?.close());

  it('APP-001 APP-014 APP-019 APP-027 APP-029 MAP-024 OAUTH-003 OAUTH-008 every app check passes (--destructive included); only checks that do not apply skip', async () => {
    const event = scenarioEvent(app.scenario);
    const options: AppTargetOptions = { ...scenarioAccount(app.scenario), ...(event === undefined ? {} : { event }) };
    expect(event !== undefined, 'the scenarios with webhooks have an event to pass').toBe(app.scenario.webhooks?.enabled === true);
    const summary = await runChecks({ target: 'app', baseUrl: app.url, token: '', app: { ...options, destructive: true }, seed: SEED, numRuns: 20 });
    expect(summary.failures, describeFailures(summary)).toEqual([]);
    expect(summary.results.map((r) => r.id)).toEqual(appChecks.map((c) => c.id));
    const skipped = summary.results.filter((r) => r.verdict === 'skip');
    expect(skipped.map((r) => r.id).sort(), skipped.map((r) => `${r.id}: ${r.message ?? ''}`).join('\n')).toEqual(notApplicable(app.scenario, options));
    expect(summary.exitCode).toBe(0);
  }, 60_000);
});

describe('app checks on any answer', () => {
  it('APP-001 APP-027 no check crashes, whatever JSON (or other text) every endpoint answers', async () => {
    const echo = await startEchoApp();
    try {
      const anything = fc.oneof(fc.jsonValue(), fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue(), { maxKeys: 3 }));
      /** Mostly `valid` (so that the checks get further), sometimes anything at all. */
      const mostly = <T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> => fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: anything, weight: 1 });
      const list = <T>(item: fc.Arbitrary<T>): fc.Arbitrary<unknown> => mostly(fc.array(mostly(item), { maxLength: 3 }));
      // One body for every endpoint, holding the keys each endpoint reads: the run's account type x
      // first (so that the checks get past choosing the account), a type t with its schema, rows, ...
      const almostAnApp = fc.record(
        {
          authentication: fc.array(mostly(fc.record({ id: fc.constantFrom('public', 'oauth', 'oauth2'), fields: list(fc.record({ id: fc.string(), title: fc.string(), type: fc.string() })) }, { requiredKeys: ['id'] })), { maxLength: 3 }).map((entries) => [{ id: 'x', name: 'X' }, ...entries]),
          types: fc.constant([{ id: 't', name: 'T' }]),
          filters: list(fc.record({ id: fc.string({ maxLength: 3 }), type: fc.constantFrom('number', 'datebox', 'list'), datalist: fc.boolean(), dependsOn: anything }, { requiredKeys: ['id'] })),
          webhooks: mostly(fc.record({ enabled: fc.boolean(), type: fc.constant('ui') })),
          t: mostly(
            fc.dictionary(
              fc.constantFrom('id', 'name', 'state', 'k'),
              mostly(
                fc.record(
                  {
                    name: fc.string(),
                    type: fc.constantFrom('id', 'text', 'number', 'date', 'array[text]'),
                    subType: fc.constantFrom('workflow', 'workflow', 'day', 'boolean', 'location', 'date-range'),
                    options: list(fc.record({ name: fc.string(), default: fc.boolean(), final: fc.boolean(), type: fc.string() })),
                    relation: mostly(fc.record({ cardinality: fc.constantFrom('many-to-one', 'one-to-one'), targetType: fc.constantFrom('t', 'svc/user'), targetFieldId: fc.string(), kind: fc.constant('native') }, { requiredKeys: [] })),
                  },
                  { requiredKeys: ['name', 'type', 'subType', 'options'] },
                ),
              ),
              { minKeys: 1 },
            ),
          ),
          items: list(fc.dictionary(fc.constantFrom('id', 'name', 'state', 'k', '__syncAction'), anything)),
          pagination: mostly(fc.record({ hasNext: fc.boolean(), nextPageConfig: anything })),
          synchronizationType: mostly(fc.constantFrom('full', 'delta')),
          redirect_uri: mostly(fc.oneof(fc.webUrl(), fc.constant('http://127.0.0.1:9/x?state=1'))),
          name: anything,
          message: anything,
        },
        { requiredKeys: ['authentication', 'types'] },
      );
      const answers = fc.oneof(
        { arbitrary: almostAnApp.map((v) => JSON.stringify(v)), weight: 6 },
        { arbitrary: anything.map((v) => JSON.stringify(v)), weight: 1 },
        { arbitrary: fc.constantFrom('<html>hello</html>', '', 'null'), weight: 1 },
      );
      const statuses = fc.oneof({ arbitrary: fc.constant(200), weight: 6 }, { arbitrary: fc.constantFrom(201, 204, 302, 400, 401, 404, 500), weight: 2 });
      await fc.assert(
        fc.asyncProperty(statuses, answers, async (status, body) => {
          echo.answer(status, body);
          const app: AppTargetOptions = { account: { token: 'x' }, accountType: 'x', maxPages: 5, destructive: true, event: stubEvent() };
          const summary = await runChecks({ target: 'app', baseUrl: echo.url, token: '', app, seed: SEED, numRuns: 2 });
          const crashed = summary.results.filter((r) => r.verdict === 'error').map((r) => `${r.id}: ${r.message ?? ''}\n${r.stack ?? ''}`);
          expect(crashed).toEqual([]);
        }),
        { seed: SEED, numRuns: 40 },
      );
    } finally {
      await echo.close();
    }
  }, 60_000);
});

interface FaultCase {
  title: string;
  faults: StubFaults;
  check: string;
  message: RegExp;
  /** Other checks the same fault breaks (a rule that several checks rest on). */
  alsoFails?: string[];
}

const CASES: FaultCase[] = [
  { title: 'APP-001 app information without sources', faults: { missingSources: true }, check: 'app.information', message: /must have required property 'sources'/ },
  { title: 'AUTH-006 an OAuth account type named OAuth2', faults: { oauthIdVariant: true }, check: 'app.authentication', message: /"OAuth2" looks like OAuth/ },
  { title: 'APP-019 /validate without a name', faults: { validateWithoutName: true }, check: 'app.validate-account', message: /must have required property 'name'/ },
  { title: 'APP-ERR-001 /validate accepting any account', faults: { validateAcceptsAnything: true }, check: 'app.validate-invalid-account', message: /expected status 401 .* got 200/ },
  { title: 'APP-051 config refusing a request without an account', faults: { configNeedsAccount: true }, check: 'app.config', message: /without an account .*expected status 200 .* got 500/ },
  {
    title: 'APP-025 a type without a name field',
    faults: { typeWithoutName: true },
    check: 'app.schema',
    message: /person: there is no field "name"/,
  },
  { title: 'APP-008 a subType on a type it does not go with', faults: { subTypeOnWrongType: true }, check: 'app.schema', message: /task\.archived: subType boolean goes with type text, not date/ },
  { title: 'MAP-024 a workflow without a default option', faults: { workflowWithoutDefault: true }, check: 'app.schema-workflow-options', message: /task\.state: no option has default true/ },
  {
    title: 'APP-059 endless hasNext',
    faults: { endlessPages: true },
    check: 'app.data-pagination',
    message: /still hasNext true after 50 pages/,
  },
  {
    title: 'APP-059 a repeated nextPageConfig',
    faults: { repeatedPage: true },
    check: 'app.data-pagination',
    message: /nextPageConfig \{"page":1\} was already answered by page 1/,
  },
  { title: 'APP-014 a word in an integer field', faults: { numberAsWord: true }, check: 'app.data-rows', message: /row "t2": field "points" \(number \/ integer\): a number field takes a JSON number or a numeric string, got "five"/ },
  { title: 'MAP-052 a delta row without __syncAction', faults: { deltaWithoutSyncAction: true }, check: 'app.data-delta', message: /row "t9" .*carries __syncAction SET or REMOVE, this one has none/ },
  { title: 'APP-ERR-003 a data failure without {message}', faults: { dataErrorAsText: true }, check: 'app.data-error-body', message: /is not JSON/ },
  { title: 'SYNC-008 two full syncs disagreeing', faults: { unstableSync: true }, check: 'app.full-sync-stable', message: /disagree on type "task": row "t1" differs/ },
  { title: 'APP-032 datalist items without a title', faults: { datalistWithoutTitle: true }, check: 'app.datalist', message: /\/items\/0: must have required property 'title'/ },
  { title: 'APP-ERR-002 filter/validate crashing on an invalid value', faults: { filterValidateCrashes: true }, check: 'app.filter-validate', message: /got 500/ },
  { title: 'APP-029 a logo answered as text/plain', faults: { logoAsText: true }, check: 'app.logo', message: /Content-Type image\/svg\+xml, got "text\/plain/ },
  { title: 'OAUTH-008 an OAuth 2 redirect_uri dropping the state', faults: { oauth2DropsState: true }, check: 'app.oauth2-authorize', message: /the query parameter state of redirect_uri is null/ },
  { title: 'OAUTH-004 an OAuth 1 authorize without a secret', faults: { oauth1WithoutSecret: true }, check: 'app.oauth1-authorize', message: /must have required property 'secret'/ },
  { title: 'OAUTH-003 an OAuth 1 callback losing the state', faults: { oauth1DropsState: true }, check: 'app.oauth1-state', message: /the state is lost/ },
  { title: 'OAUTH-012 access tokens for a made-up code', faults: { accessTokenAcceptsAnything: true }, check: 'app.oauth-access-token-refused', message: /expected an error status .* got 200/ },
  { title: 'APP-066 a webhook registration without workspaceId', faults: { webhookWithoutWorkspaceId: true }, check: 'app.webhooks-install', message: /must have required property 'workspaceId'/ },
  { title: 'APP-050 account clean-up answering 500', faults: { deleteAccountFails: true }, check: 'app.delete-account', message: /expected status 200 .* got 500/ },
  { title: 'VER-004 account clean-up at the plural /api/v1/accounts', faults: { accountCleanupPlural: true }, check: 'app.delete-account', message: /DELETE \/api\/v1\/account answered 404 but DELETE \/api\/v1\/accounts answered 200/ },
  { title: 'APP-038 the resource endpoint not serving the app://resource address of its own data', faults: { resourceMissing: true }, check: 'app.resource', message: /app:\/\/resource\?url=.*answered 404, but the app's own data points at this app:\/\/resource address/ },
  { title: 'APP-079 a last data page of items only', faults: { lastPageOnlyItems: true }, check: 'app.data-echo', message: /page 3 of type "task": the answer has no pagination and synchronizationType/ },
  {
    title: 'APP-069 pre-process accepting an event without workspaceIds',
    faults: { preProcessWithoutWorkspaceIds: true },
    check: 'app.pre-process-accepts',
    message: /"workspaceIds" is absent, not the array of workspace ids the event applies to/,
  },
  {
    title: 'APP-071 transform rows without __syncAction',
    faults: { transformWithoutSyncAction: true },
    check: 'app.transform',
    message: /data\.task\[0\] \(row "t1"\): the rows of transform are applied by delta rules and carry __syncAction SET or REMOVE, this one has none/,
  },
  { title: 'APP-067 pre-process accepting a made-up, unsigned event', faults: { preProcessAcceptsAnything: true }, check: 'app.pre-process-unverified', message: /without a signature: .*accepted an event the external system never sent \(status 200, workspaceIds \["ws-1"\]\)/ },
  {
    title: 'OAUTH-006 OAUTH-010 an access-token answer that does not authenticate',
    faults: { accessTokenUnusable: true },
    check: 'app.oauth-access-token',
    message: /OAuth 1 access-token step answered .*POST \/validate .*expected status 200 .* got 401/,
  },
  { title: 'AUTH-010 a token refresh without expire_on', faults: { refreshWithoutExpiry: true }, check: 'app.validate-refresh', message: /carries a new access_token but no expire_on/ },
  { title: 'APP-081 a custom action answering 200 with a JSON text', faults: { actionAnswersText: true }, check: 'app.actions', message: /answered 200 with "started"; a done action answers a JSON object, \{\} or \{message\}/ },
];

describe.concurrent('each app check fails against a stub that breaks its rule', () => {
  it('every app check is shown to fail by some case', () => {
    expect(appChecks.map((c) => c.id).filter((id) => !CASES.some((c) => c.check === id))).toEqual([]);
  });

  it.each(CASES.map((c) => [c.title, c] as const))('%s', async (_title, c) => {
    const summary = await runApp(await stub(c.faults));
    const failed = summary.failures.map((r) => r.id).sort();
    expect(failed, describeFailures(summary)).toEqual([c.check, ...(c.alsoFails ?? [])].sort());
    const result = summary.failures.find((r) => r.id === c.check);
    expect(result?.verdict).toBe('fail');
    expect(result?.message).toMatch(c.message);
    expect(result?.details?.curl).toMatch(/^curl -sS -i -X (GET|POST|DELETE) 'http:\/\/127\.0\.0\.1:\d+\//);
    expect(summary.exitCode).toBe(appChecks.find((x) => x.id === c.check)?.level === 'MUST' ? 1 : 0);
  }, 30_000);

  it('OAUTH-008 a property failure carries the seed, the shrunk state and its curl line', async () => {
    const summary = await runApp(await stub({ oauth2DropsState: true }), {}, ['app.oauth2-authorize']);
    const result = summary.failures[0];
    expect(result?.details?.seed).toBe(SEED);
    expect(result?.details?.counterexample).toBe('"AAAAAAAA"');
    expect(result?.details?.curl).toContain('"state":"AAAAAAAA"');
  });
});

describe('a failing data call is one failure; the other types are still read', () => {
  it('APP-014 a data row with a key the schema does not list passes data-rows (the contract does not forbid it) and is noted', async () => {
    const app = await stub({ unknownRowField: true });
    const logged: string[] = [];
    const summary = await runChecks({ target: 'app', baseUrl: app.url, token: '', app: { account: app.account }, seed: SEED, only: ['app.data-rows'], log: (m) => logged.push(m) });
    expect(summary.failures, describeFailures(summary)).toEqual([]);
    expect(logged.join('\n')).toMatch(/\[app\.data-rows\] rows of type "task" carry keys the schema does not list .*"colour"/);
  });

  it('APP-059 pages that never end fail app.data-pagination only; the checks built on the reads skip, naming why', async () => {
    const summary = await runApp(await stub({ endlessPages: true }));
    const outcome = Object.fromEntries(summary.results.map((r) => [r.id, r]));
    for (const id of ['app.data-rows', 'app.data-echo', 'app.full-sync-stable', 'app.resource']) {
      expect(outcome[id]?.verdict, id).toBe('skip');
      expect(outcome[id]?.message, id).toMatch(/no type's data can be read.*app\.data-pagination/);
    }
    // The stub answers the delta read of task with one page: that type is checked; person, whose full read never ends, is left out.
    expect(outcome['app.data-delta']?.verdict).toBe('pass');
  });

  it('a type whose data needs an unreachable system fails app.data-pagination once, naming it; the other type is checked by every data check', async () => {
    const summary = await runApp(await stub({ taskDataUnreachable: true }));
    expect(summary.failures.map((r) => r.id), describeFailures(summary)).toEqual(['app.data-pagination']);
    expect(summary.failures[0]?.message).toMatch(/type "task".*expected status 200 .* got 502/s);
    const outcome = Object.fromEntries(summary.results.map((r) => [r.id, r.verdict]));
    for (const id of ['app.data-rows', 'app.data-delta', 'app.data-echo', 'app.full-sync-stable']) expect(outcome[id], id).toBe('pass');
    expect(outcome['app.resource']).toBe('skip');
  });

  it('--types chooses the types to synchronize: without the unreachable one every data check passes; a type the config does not list fails naming the listed ones', async () => {
    const app = await stub({ taskDataUnreachable: true });
    const only = await runApp(app, { types: ['person'] });
    expect(only.failures, describeFailures(only)).toEqual([]);
    const unknown = await runApp(app, { types: ['persn'] }, ['app.data-pagination']);
    expect(unknown.failures[0]?.message).toMatch(/--types names "persn", which the config does not list; its types are "task", "person"/);
  });
});

describe('helpers of the app checks', () => {
  const entries: AuthenticationEntry[] = [
    { id: 'public', name: 'Public' },
    { id: 'basic', name: 'Basic', fields: [{ id: 'user', title: 'User', type: 'text' }, { id: 'password', title: 'Password', type: 'password' }, { id: 'site', title: 'Site', type: 'text', optional: true }] },
    { id: 'token', name: 'Token', fields: [{ id: 'token', title: 'Token', type: 'password' }] },
    { id: 'oauth2', name: 'OAuth 2' },
  ];

  it('APP-002 AUTH-005 the account type is the named one, else the one whose fields match the keys, else the one without fields', () => {
    expect(chooseAccount(entries, { token: 'x' }, undefined)).toMatchObject({ ok: true, entry: { id: 'token' } });
    expect(chooseAccount(entries, { user: 'u', password: 'p' }, undefined)).toMatchObject({ ok: true, entry: { id: 'basic' } });
    expect(chooseAccount(entries, undefined, undefined)).toMatchObject({ ok: true, entry: { id: 'public' }, account: {} });
    expect(chooseAccount(entries, { access_token: 'a' }, 'oauth2')).toMatchObject({ ok: true, entry: { id: 'oauth2' } });
    expect(chooseAccount(entries, { access_token: 'a' }, undefined)).toMatchObject({ ok: false, missing: false, reason: expect.stringMatching(/--account-type/) });
    expect(chooseAccount(entries, undefined, 'nope')).toMatchObject({ ok: false, reason: expect.stringMatching(/no account type "nope"/) });
    expect(chooseAccount(entries.slice(1), undefined, undefined)).toMatchObject({ ok: false, missing: true, reason: expect.stringMatching(/basic \(user, password, site\)/) });
  });

  const field = (type: SchemaField['type'], subType?: SchemaField['subType']): SchemaField => ({ name: 'f', type, ...(subType ? { subType } : {}) });

  it('MAP-012 text / boolean takes the words true, yes, on, 1, checked, false, no, off, 0 and "" in any case and padding, and JSON booleans', () => {
    const words = ['true', 'yes', 'on', '1', 'checked', 'false', 'no', 'off', '0', ''];
    fc.assert(
      fc.property(fc.constantFrom(...words), fc.array(fc.boolean(), { minLength: 0, maxLength: 8 }), fc.string({ unit: fc.constantFrom(' ', '\t'), maxLength: 3 }), (word, upper, pad) => {
        const cased = [...word].map((ch, i) => (upper[i] ? ch.toUpperCase() : ch)).join('');
        expect(valueProblem(field('text', 'boolean'), `${pad}${cased}${pad}`)).toBeUndefined();
      }),
      { seed: SEED },
    );
    expect(valueProblem(field('text', 'boolean'), true)).toBeUndefined();
    expect(valueProblem(field('text', 'boolean'), 'maybe')).toMatch(/boolean/);
  });

  it('APP-014 values of the wrong JSON type or form are refused, null and "" clear any field', () => {
    const cases: Array<[SchemaField, unknown, boolean]> = [
      [field('number'), 1.5, true],
      [field('number'), '1e3', true],
      [field('number'), 'five', false],
      [field('number', 'integer'), 2.5, false],
      [field('date'), '2024-01-01T10:00:00.000Z', true],
      [field('date'), '2024-01-01', false],
      [field('date', 'day'), '2024-02-30', false],
      [field('date', 'day'), '2024-02-29', true],
      [field('text'), 3, false],
      [field('array[text]'), ['a', 'b'], true],
      [field('array[text]'), [1], false],
      [field('text', 'date-range'), '{"start":"2024-01-01","end":"2024-01-02"}', true],
      [field('text', 'date-range'), '{"start":"yesterday"}', false],
      [field('text', 'date-time-range'), { start: '2024-01-01T00:00:00.000Z', end: null }, true],
      [field('text', 'location'), '91, 10', false],
      [field('text', 'location'), '{"latitude":"1","longitude":"2"}', true],
      [field('id'), { id: 1 }, false],
    ];
    for (const [f, value, ok] of cases) expect(valueProblem(f, value) === undefined, `${f.type}/${f.subType ?? ''} ${JSON.stringify(value)}`).toBe(ok);
    fc.assert(
      fc.property(fc.constantFrom<SchemaField['type']>('id', 'text', 'number', 'date', 'array[text]'), fc.constantFrom(null, '', undefined), (type, value) => {
        expect(valueProblem(field(type), value)).toBeUndefined();
      }),
      { seed: SEED },
    );
  });

  it('APP-014 a row needs its key (the field of type id) and only schema fields', () => {
    const fields = { key: { name: 'Key', type: 'id' }, name: { name: 'Name', type: 'text' }, id: { name: 'Id', type: 'text' } } as unknown as TypeSchema;
    expect(rowProblems(fields, { key: 'k', name: 'x', __syncAction: 'SET' })).toEqual([]);
    expect(rowProblems(fields, { id: 'k' }).join()).toMatch(/no key: field "key"/);
    expect(rowProblems(fields, { key: 'k', other: 1 })).toEqual([]);
    expect(unlistedKeys(fields, [{ key: 'k', other: 1 }, { key: 'l', other: 2, __syncAction: 'SET', more: true }])).toEqual(['other', 'more']);
    expect(rowProblems(fields, { key: 'k', __syncAction: 'DELETE' }).join()).toMatch(/not SET or REMOVE/);
  });

  it('canonical JSON does not depend on the order of keys', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
        const reversed = Object.fromEntries(Object.entries(value).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(value));
      }),
      { seed: SEED },
    );
  });

  it('OAUTH-003 a state is found in a callback URL-encoded any number of times (up to three), and no other state is', () => {
    const state = fc.string({ unit: fc.constantFrom(...'abcdef0123456789-_'), minLength: 6, maxLength: 20 });
    fc.assert(
      fc.property(state, state, fc.integer({ min: 0, max: 3 }), (s, other, levels) => {
        let callback = `https://svc.example.org/cb?state=${s}&x=1`;
        for (let i = 0; i < levels; i += 1) callback = encodeURIComponent(callback);
        const text = `https://provider.example.org/authorize?oauth_callback=${callback}`;
        expect(carriesState(text, s)).toBe(true);
        if (!other.startsWith(s) && !s.startsWith(other)) expect(carriesState(text, other)).toBe(false);
      }),
      { seed: SEED },
    );
  });
});

describe.concurrent('svc-conformance app (CLI)', () => {
  let good: StubApp;
  let broken: StubApp;
  let tracker: MockApp;
  beforeAll(async () => {
    good = await stub();
    broken = await stub({ missingSources: true });
    tracker = await startMockApp({ scenario: scenarioPath('tracker'), port: 0 });
  });
  afterAll(() => tracker?.close());

  async function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env: { ...process.env, NO_COLOR: '1', ...env } });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code?: number; stdout?: string; stderr?: string };
      return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
    }
  }

  it('APP-001 exits 0 against the mock app (tracker), printing skips apart from failures', async () => {
    const account = scenarioAccount(tracker.scenario).account;
    const { code, stdout } = await cli(['app', '--app-url', tracker.url, '--account', JSON.stringify(account), '--seed', '3', '--runs', '5']);
    expect(code, stdout).toBe(0);
    expect(stdout).toMatch(/^PASS\s+MUST\s+app\.information\s+\[APP-001, APP-017, VER-006\]/m);
    expect(stdout).toMatch(/^PASS\s+MUST\s+app\.data-rows\s+/m);
    expect(stdout).toMatch(/^SKIP\s+MUST\s+app\.delete-account\s+.*\n\s+not run: .*--destructive/m);
    expect(stdout).toMatch(/skipped \(not applicable to this target\): .*app\.delete-account/);
    expect(stdout).toContain('conformant (every MUST check passed)');
  }, 60_000);

  it('APP-001 exits 1 against an app without sources, with the curl line and the way to reproduce', async () => {
    const { code, stdout } = await cli(['app', '--app-url', broken.url, '--only', 'app.information,app.config'], { SVC_APP_ACCOUNT: JSON.stringify(broken.account) });
    expect(code, stdout).toBe(1);
    expect(stdout).toMatch(/^FAIL\s+MUST\s+app\.information/m);
    expect(stdout).toContain(`curl -sS -i -X GET '${broken.url}/'`);
    expect(stdout).toContain(`reproduce: npx svc-conformance app --app-url '${broken.url}' --account "$SVC_APP_ACCOUNT" --seed`);
  }, 60_000);

  it('exits 2 on usage errors (--base-url for the app, an --account that is no JSON object, an app that needs an account), and --list lists the app checks', async () => {
    const [baseUrl, notObject, missing, list] = await Promise.all([
      cli(['app', '--base-url', good.url]),
      cli(['app', '--app-url', good.url, '--account', '[1]']),
      cli(['app', '--app-url', good.url]),
      cli(['app', '--list', '--only', 'oauth']),
    ]);
    for (const result of [baseUrl, notObject, missing]) expect(result.code, result.stderr).toBe(2);
    expect(baseUrl.stderr).toMatch(/--base-url is an option of the server target/);
    expect(notObject.stderr).toMatch(/--account must be a JSON object/);
    expect(missing.stderr).toMatch(/needs an account: .*token \(token\)/);
    expect(list.code).toBe(0);
    expect(list.stdout.trim().split('\n')).toHaveLength(5);
    expect(list.stdout).toMatch(/^MUST\s+app\.oauth2-authorize\s+\[OAUTH-008, VER-005, OAUTH-001\]/m);
  }, 60_000);

  it('APP-044 APP-047 --event FILE gives the event to the checks of accepted events; a malformed file is a usage error', async () => {
    // A mock app of its own: transform applies the event's rows to the app's data, which the other tests read.
    const app = await startMockApp({ scenario: scenarioPath('tracker'), port: 0 });
    const dir = await mkdtemp(join(tmpdir(), 'svc-event-'));
    try {
      const event = scenarioEvent(app.scenario);
      if (event === undefined) throw new Error('the tracker scenario has no event to pass');
      const files = { good: join(dir, 'event.json'), notJson: join(dir, 'not-json.json'), noBody: join(dir, 'no-body.json'), numberHeader: join(dir, 'number-header.json') };
      await Promise.all([
        writeFile(files.good, JSON.stringify(event)),
        writeFile(files.notJson, '{"headers": {'),
        writeFile(files.noBody, JSON.stringify({ headers: event.headers })),
        writeFile(files.numberHeader, JSON.stringify({ headers: { 'x-mock-signature': 1 }, body: event.body })),
      ]);
      const account = JSON.stringify(scenarioAccount(app.scenario).account);
      const base = ['app', '--app-url', app.url, '--account', account, '--only', 'app.pre-process-accepts,app.transform'];
      const [good, without, notJson, noBody, numberHeader, missing] = await Promise.all([
        cli([...base, '--event', files.good]),
        cli(base),
        cli([...base, '--event', files.notJson]),
        cli([...base, '--event', files.noBody]),
        cli([...base, '--event', files.numberHeader]),
        cli([...base, '--event', join(dir, 'absent.json')]),
      ]);
      expect(good.code, good.stdout + good.stderr).toBe(0);
      expect(good.stdout).toMatch(/^PASS\s+MUST\s+app\.pre-process-accepts\s+\[APP-044, APP-069, EVT-003\]/m);
      expect(good.stdout).toMatch(/^PASS\s+MUST\s+app\.transform\s+\[APP-047, APP-071\]/m);
      expect(without.code, without.stdout + without.stderr).toBe(0);
      expect(without.stdout).toMatch(/^SKIP\s+MUST\s+app\.pre-process-accepts\s+.*\n\s+.*pass --event FILE/m);
      for (const result of [notJson, noBody, numberHeader, missing]) {
        expect(result.code, result.stdout + result.stderr).toBe(2);
        expect(result.stderr).toMatch(/--event /);
      }
      expect(noBody.stderr).toMatch(/must hold \{"headers": .*"body"/);
      expect(numberHeader.stderr).toMatch(/must hold \{"headers": /);
    } finally {
      await rm(dir, { recursive: true, force: true });
      await app.close();
    }
  }, 60_000);

  it('the pre-flight refuses an unreachable app, an account type the app does not list, and a missing account', async () => {
    expect(await appPreflight('http://127.0.0.1:9', {}, 2_000)).toMatch(/cannot reach http:\/\/127\.0\.0\.1:9/);
    expect(await appPreflight(good.url, { account: { token: 'x' }, accountType: 'nope' }, 2_000)).toMatch(/no account type "nope"/);
    expect(await appPreflight(good.url, {}, 2_000)).toMatch(/needs an account/);
    expect(await appPreflight(good.url, { account: good.account }, 2_000)).toBeUndefined();
  });
});

describe('authentication fields in the public API form (APP-083)', () => {
  it('the contract schema the app checks use takes `name` for `title` and the public field types, and still wants one of the two names', async () => {
    const { contractProblems } = await import('../src/checks/app/contract.js');
    const entry = {
      id: 'token',
      name: 'API token',
      fields: [
        { id: 'token', name: 'Token', type: 'password' },
        { id: 'docs', name: 'Docs', type: 'link', value: 'https://example.org/docs' },
        { id: 'settings', title: 'Settings', type: 'highlightText', editorMode: 'json', optional: true },
        ...['oauth', 'date', 'bool', 'list', 'multidropdown'].map((type) => ({ id: type, name: type, type, optional: true })),
      ],
    };
    expect(contractProblems('AuthenticationEntry', entry)).toEqual([]);
    expect(contractProblems('AuthenticationEntry', { ...entry, fields: [{ id: 'token', type: 'password' }] }).join('\n')).toMatch(/\/fields\/0: must have required property '(title|name)'/);
  });
});
