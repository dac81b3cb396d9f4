// The app faults (conformance/src/faults/app) against the mock integration app: the fault proxy
// stands in front of the mock app of a scenario; through a transparent proxy the app checks the
// faults select are all green, and with each fault in place the app checks detect it. The
// detection table (share detected per area) is printed and written to <tmpdir>/svc-faults-app.md.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockApp, type MockApp } from '../../mock-app/src/index.js';
import type { AppTargetOptions } from '../src/check.js';
import { scenarioAccount, scenarioEvent } from './scenario-target.js';
import { appChecks } from '../src/checks/index.js';
import { faultSelectors, runAgainstFault, runControl, type FaultRunOptions, type FaultRunResult } from '../src/faults/detect.js';
import type { Fault } from '../src/faults/fault.js';
import { appFaults } from '../src/faults/app/index.js';
import { movePagesOntoProxy } from '../src/faults/app/support.js';
import { startFaultProxy } from '../src/faults/proxy.js';
import { detectionTable } from '../src/faults/table.js';
import { selectChecks } from '../src/registry.js';
import { loadRequirements } from '../src/requirements.js';
import { runChecks } from '../src/runner.js';

const SEED = 20261201;
const NUM_RUNS = 5;
const MAX_PAGES = 50;

const SCENARIOS = ['tracker', 'crm', 'minimal'] as const;
type ScenarioName = (typeof SCENARIOS)[number];
const scenarioPath = (name: ScenarioName): string => fileURLToPath(new URL(`../../mock-app/scenarios/${name}.yaml`, import.meta.url));

/**
 * The scenario each fault needs (default: tracker, which has token authentication, filters with
 * data lists, webhooks, workflow options, relations and delta pages): crm for OAuth, minimal for
 * the app without authentication and the faults whose effect is clearest on one small type.
 */
const SCENARIO_OF: Readonly<Record<string, ScenarioName>> = {
  'app.info-without-responsible-for': 'minimal',
  'app.info-version-number': 'minimal',
  'app.auth-empty': 'minimal',
  'app.auth-empty-fields': 'minimal',
  'app.schema-without-name-field': 'minimal',
  'app.data-without-items': 'minimal',
  'app.data-endless-pages': 'minimal',
  'app.data-has-next-without-config': 'minimal',
  'app.data-bad-sync-type': 'minimal',
  'app.full-sync-unstable': 'minimal',
  'app.auth-oauth-id-variant': 'crm',
  'app.auth-oauth-twice': 'crm',
  'app.oauth2-drops-state': 'crm',
  'app.oauth1-without-token': 'crm',
  'app.oauth1-drops-state': 'crm',
  'app.oauth-accepts-made-up-code': 'crm',
  'app.oauth-access-token-unusable': 'crm',
  'app.validate-refresh-without-expiry': 'crm',
};

/** App options a fault needs beyond the scenario's account (account clean-up runs only with destructive). */
const OPTIONS_OF: Readonly<Record<string, AppTargetOptions>> = {
  'app.delete-account-fails': { destructive: true },
  // The action calls run only with --destructive (an action may change the external system).
  'app.action-answer-not-object': { destructive: true },
};

/**
 * Checks that skip through a transparent proxy: they follow the OAuth pages the mock app serves on
 * its own host, which is not the proxy's. The faults they detect move those pages onto the proxy
 * (movePagesOntoProxy); the "pages via proxy" test shows that the move alone passes them.
 */
const MAY_SKIP_THROUGH_PROXY = new Set(['app.oauth1-state', 'app.oauth-access-token']);

const scenarioOf = (fault: Fault): ScenarioName => SCENARIO_OF[fault.id] ?? 'tracker';
const faultsOf = (name: ScenarioName): Fault[] => appFaults.filter((f) => scenarioOf(f) === name);


describe('app faults: the catalogue', () => {
  it('every fault targets the app, has a distinct app.* id, breaks a requirement of its area that a check it selects covers', async () => {
    const catalogue = await loadRequirements();
    const problems: string[] = [];
    const ids = new Set<string>();
    for (const fault of appFaults) {
      if (fault.target !== 'app') problems.push(`${fault.id}: target ${fault.target}`);
      if (!/^app\.[a-z0-9]+(-[a-z0-9]+)*$/.test(fault.id)) problems.push(`${fault.id}: not an app.<words-with-dashes> id`);
      if (ids.has(fault.id)) problems.push(`${fault.id}: listed twice`);
      ids.add(fault.id);
      const requirement = catalogue.byId.get(fault.breaks);
      if (requirement === undefined) problems.push(`${fault.id}: breaks ${fault.breaks}, which spec/requirements.yaml does not list`);
      else if (requirement.area !== fault.area) problems.push(`${fault.id}: area ${fault.area}, but ${fault.breaks} is of area ${requirement.area}`);
      let selected: string[] = [];
      try {
        selected = selectChecks(appChecks, { only: faultSelectors(fault) }).map((c) => c.id);
      } catch (error) {
        problems.push(`${fault.id}: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!selected.some((id) => appChecks.find((c) => c.id === id)?.requirements.includes(fault.breaks))) {
        problems.push(`${fault.id}: no check it selects (${selected.join(', ')}) covers ${fault.breaks}`);
      }
      if (fault.description.trim() === '') problems.push(`${fault.id}: no description`);
    }
    for (const id of [...Object.keys(SCENARIO_OF), ...Object.keys(OPTIONS_OF)]) if (!ids.has(id)) problems.push(`the test names ${id}, which is no app fault`);
    expect(problems).toEqual([]);
    expect(appFaults.length).toBeGreaterThanOrEqual(12);
  });

  it('every app check is the one some fault is there to trip', () => {
    const selected = new Set(appFaults.flatMap((f) => selectChecks(appChecks, { only: faultSelectors(f) }).map((c) => c.id)));
    expect(appChecks.map((c) => c.id).filter((id) => !selected.has(id))).toEqual([]);
  });
});

describe('app faults: detected by the app checks against the mock app', () => {
  const apps = new Map<ScenarioName, MockApp>();
  const results: FaultRunResult[] = [];
  const started = performance.now();

  beforeAll(async () => {
    for (const name of SCENARIOS) apps.set(name, await startMockApp({ scenario: scenarioPath(name), port: 0 }));
  });

  afterAll(async () => {
    await Promise.all([...apps.values()].map((app) => app.close()));
    if (results.length === 0) return;
    const table = detectionTable(results);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const text = `# App faults against the mock app\n\n${results.length} fault(s), seed ${SEED}, ${NUM_RUNS} run(s) per property, ${seconds} s.\n\n${table}\n`;
    console.log(text);
    writeFileSync(join(tmpdir(), 'svc-faults-app.md'), text);
  });

  function optionsFor(name: ScenarioName, extra: AppTargetOptions = {}): FaultRunOptions {
    const app = apps.get(name);
    if (app === undefined) throw new Error(`the mock app of scenario ${name} is not running`);
    const event = scenarioEvent(app.scenario);
    return { upstream: app.url, token: '', seed: SEED, numRuns: NUM_RUNS, app: { ...scenarioAccount(app.scenario), ...(event === undefined ? {} : { event }), maxPages: MAX_PAGES, ...extra } };
  }

  it.each(SCENARIOS.map((name) => [name] as const))('control: through a transparent proxy, the checks the faults of scenario %s select all pass', async (name) => {
    const faults = faultsOf(name);
    expect(faults.length).toBeGreaterThan(0);
    const selectors = [...new Set(faults.flatMap(faultSelectors))];
    const extra: AppTargetOptions = Object.assign({}, ...faults.map((f) => OPTIONS_OF[f.id] ?? {}));
    const summary = await runControl(selectors, 'app', optionsFor(name, extra));
    const failures = summary.failures.map((r) => `${r.id}: ${r.message ?? ''}\n${r.details?.curl ?? ''}`);
    expect(failures, failures.join('\n\n')).toEqual([]);
    const skipped = summary.results.filter((r) => r.verdict === 'skip' && !MAY_SKIP_THROUGH_PROXY.has(r.id)).map((r) => `${r.id}: ${r.message ?? ''}`);
    expect(skipped, 'checks a fault relies on must run, not skip').toEqual([]);
  });

  it('OAUTH-003 OAUTH-010 with the OAuth pages moved onto the proxy and nothing else changed, the OAuth checks that follow them pass', async () => {
    const pagesViaProxy: Fault = {
      id: 'app.pages-via-proxy',
      target: 'app',
      area: 'oauth',
      breaks: 'OAUTH-003',
      description: 'moves the OAuth pages onto the proxy (no fault)',
      inbound: { response: movePagesOntoProxy },
    };
    const app = apps.get('crm');
    if (app === undefined) throw new Error('the mock app of scenario crm is not running');
    const proxy = await startFaultProxy({ upstream: app.url, fault: pagesViaProxy });
    try {
      const only = ['app.oauth1-state', 'app.oauth-access-token', 'app.validate-refresh'];
      const summary = await runChecks({ target: 'app', baseUrl: proxy.url, token: '', app: scenarioAccount(app.scenario), seed: SEED, numRuns: NUM_RUNS, only });
      expect(summary.results.map((r) => `${r.id}: ${r.verdict} ${r.message ?? ''}`.trim())).toEqual(only.map((id) => `${id}: pass`));
      expect(proxy.problems).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it.each(appFaults.map((f) => [f.id, f.breaks, f] as const))('%s (breaks %s) is detected', async (_id, _breaks, fault) => {
    const result = await runAgainstFault(fault, optionsFor(scenarioOf(fault), OPTIONS_OF[fault.id]));
    results.push(result);
    expect(result.ran, `${fault.id}: no check ran`).toBeGreaterThan(0);
    expect(result.detected, `${fault.id} (${fault.description}) went unnoticed by ${faultSelectors(fault).join(', ')}`).toBe(true);
    expect(result.onTarget, `${fault.id} was detected, but not by a check of ${fault.breaks}: ${result.failedChecks.join(', ')}`).toBe(true);
    expect(result.proxyProblems ?? [], 'the fault hooks ran without throwing').toEqual([]);
  });
});
