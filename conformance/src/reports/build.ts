/**
 * Builds the report of a run (spec/conformance/report.schema.json) from its summary: results
 * flattened, counts by outcome, the matrix by area and the traceability matrix.
 */
import { readFileSync } from 'node:fs';
import type { CheckResult as ReportResult, ConformanceReport } from '../../../generated/conformance/report.js';
import type { Check } from '../check.js';
import { countOutcomes } from '../grading.js';
import type { RequirementCatalogue } from '../requirements.js';
import type { CheckResult, RunSummary } from '../runner.js';
import { traceability } from './traceability.js';

export interface ReportContext {
  /** Every check of the target's catalogue (for the traceability of checks that did not run). */
  checks: readonly Check[];
  catalogue: RequirementCatalogue;
  only?: readonly string[];
  skip?: readonly string[];
  expectedFailuresFile?: string;
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
}

function flatten(result: CheckResult): ReportResult {
  const out: ReportResult = {
    id: result.id,
    name: result.name,
    level: result.level,
    ...(result.unsupportedLevel === undefined ? {} : { unsupportedLevel: result.unsupportedLevel }),
    area: result.area,
    requirements: [...result.requirements],
    verdict: result.verdict,
    outcome: result.outcome,
    durationMs: result.durationMs,
    exchanges: result.exchanges,
  };
  if (result.message !== undefined) out.message = result.message;
  const details = result.details;
  if (details?.counterexample !== undefined) out.counterexample = details.counterexample;
  if (details?.curl !== undefined) out.curl = details.curl;
  if (details?.seed !== undefined) out.seed = details.seed;
  if (details?.path !== undefined) out.path = details.path;
  if (result.stack !== undefined) out.stack = result.stack;
  if (result.expectedFailureReason !== undefined) out.expectedFailureReason = result.expectedFailureReason;
  return out;
}

export function buildReport(summary: RunSummary, context: ReportContext): ConformanceReport {
  const areas: string[] = [];
  for (const result of summary.results) if (!areas.includes(result.area)) areas.push(result.area);
  return {
    format: 'svc-conformance-report/1',
    tool: { name: 'svc-conformance', version: packageVersion() },
    target: summary.target,
    baseUrl: summary.baseUrl,
    profile: summary.profile,
    seed: summary.seed,
    numRuns: summary.numRuns,
    startedAt: summary.startedAt,
    durationMs: summary.durationMs,
    selection: {
      only: [...(context.only ?? [])],
      skip: [...(context.skip ?? [])],
      leftOutByProfile: [...summary.leftOutByProfile],
      ...(context.expectedFailuresFile === undefined ? {} : { expectedFailuresFile: context.expectedFailuresFile }),
    },
    exitCode: summary.exitCode,
    conformant: summary.conformant,
    ...(summary.interrupted === undefined ? {} : { interrupted: summary.interrupted }),
    counts: summary.counts,
    byLevel: summary.byLevel,
    areas: areas.map((area) => ({ area, counts: countOutcomes(summary.results.filter((r) => r.area === area).map((r) => r.outcome)) })),
    results: summary.results.map(flatten),
    traceability: traceability(context.catalogue, summary.target, context.checks, summary.results),
  };
}
