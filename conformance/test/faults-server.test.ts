// The suite catches server faults: one reference server (pg-mem) behind the fault proxy
// (conformance/src/faults/proxy.ts). First, per area, the checks the faults of that area select run
// through a proxy without a fault and must all pass (the proxy is transparent, so whatever fails
// later fails because of the fault). Then each fault of conformance/src/faults/server runs with its
// selected checks, and must be detected: a selected check fails (or crashes) and a failing check
// covers the requirement the fault breaks. The detection table per area is printed at the end and
// written to <tmp>/svc-kit-faults-server.md.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverChecks } from '../src/checks/index.js';
import { faultSelectors, runAgainstFault, runControl, type FaultRunOptions, type FaultRunResult } from '../src/faults/detect.js';
import type { Fault } from '../src/faults/fault.js';
import { serverFaults } from '../src/faults/server/index.js';
import { detectionTable } from '../src/faults/table.js';
import { matches } from '../src/registry.js';
import { loadRequirements, type Requirement } from '../src/requirements.js';
import type { RunningServer } from '../../server/src/index.js';
import { startTestServer } from '../../server/test/storages.js';

const seed = Number(process.env.SVC_SEED ?? 20261123);
const numRuns = Number(process.env.SVC_FAULT_RUNS ?? 5);
// A loaded 2-core machine can take several seconds for the biggest batches of the checks.
const timeoutMs = 30_000;

/** The faults grouped by the area of the requirement they break. */
function byArea(faults: readonly Fault[]): Array<[string, Fault[]]> {
  const areas = new Map<string, Fault[]>();
  for (const fault of faults) areas.set(fault.area, [...(areas.get(fault.area) ?? []), fault]);
  return [...areas.entries()].sort(([a], [b]) => a.localeCompare(b));
}

describe('the fault catalogue', () => {
  let requirements: Map<string, Requirement>;
  beforeAll(async () => {
    requirements = (await loadRequirements()).byId;
  });

  it('has at least 30 server faults with distinct ids', () => {
    expect(serverFaults.length).toBeGreaterThanOrEqual(30);
    expect(new Set(serverFaults.map((f) => f.id)).size).toBe(serverFaults.length);
  });

  it.each(serverFaults.map((f) => [f.id, f] as const))('%s breaks a server requirement of its area that a selected check covers', (_id, fault) => {
    expect(fault.id).toMatch(/^server\.[a-z0-9-]+$/);
    expect(fault.target).toBe('server');
    const requirement = requirements.get(fault.breaks);
    expect(requirement, `${fault.breaks} is not in spec/requirements.yaml`).toBeDefined();
    expect(requirement?.area).toBe(fault.area);
    expect(requirement?.target ?? 'server').toBe('server');
    expect(fault.inbound ?? fault.outbound, 'a fault changes something').toBeDefined();
    const selected = serverChecks.filter((c) => faultSelectors(fault).some((s) => matches(c, s)));
    expect(selected.length, `${fault.id} selects no check`).toBeGreaterThan(0);
    expect(selected.some((c) => c.requirements.includes(fault.breaks)), `no selected check covers ${fault.breaks}`).toBe(true);
  });
});

describe('server faults against the reference server on pg-mem', () => {
  let server: RunningServer;
  let options: FaultRunOptions;
  const results: FaultRunResult[] = [];

  beforeAll(async () => {
    server = await startTestServer({ name: 'pg-mem' }, { appAllow: ['127.0.0.1'], integrations: { timeoutMs: 3000 }, readerToken: 'faults-reader', editorToken: 'faults-editor' });
    options = { upstream: server.baseUrl, token: server.token, readerToken: 'faults-reader', editorToken: 'faults-editor', seed, numRuns, timeoutMs };
  });

  afterAll(async () => {
    await server?.close();
    if (results.length === 0) return;
    const table = detectionTable(results);
    const file = join(tmpdir(), 'svc-kit-faults-server.md');
    writeFileSync(file, `${table}\n`);
    console.log(`Server faults detected (seed ${seed}, ${numRuns} runs per property; also in ${file}):\n\n${table}\n`);
  });

  it.each(byArea(serverFaults))('control: the checks the %s faults select pass through a proxy without a fault', async (_area, faults) => {
    const selectors = [...new Set(faults.flatMap(faultSelectors))];
    const summary = await runControl(selectors, 'server', options);
    const failures = summary.failures.map((f) => `${f.id}: ${f.message ?? ''}`);
    expect(failures, failures.join('\n')).toEqual([]);
    expect(summary.results.length).toBeGreaterThan(0);
  });

  it.each(serverFaults.map((f) => [`${f.id} breaks ${f.breaks}`, f] as const))('%s: detected', async (_title, fault) => {
    const result = await runAgainstFault(fault, options);
    results.push(result);
    const why = [`checks run: ${result.ran}`, ...(result.failures ?? []).map((f) => `${f.verdict} ${f.id}: ${f.message}`), ...(result.proxyProblems ?? [])].join('\n');
    expect(result.proxyProblems ?? [], why).toEqual([]);
    expect(result.detected, `${fault.id} (${fault.description}) was not detected\n${why}`).toBe(true);
    expect(result.onTarget, `${fault.id} was detected only by checks that do not cover ${fault.breaks}\n${why}`).toBe(true);
  });
});
