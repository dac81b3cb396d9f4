/**
 * The traceability matrix of a run: every requirement of the run's target (spec/requirements.yaml
 * entries whose `target` is the target), the checks of the catalogue that cover it with their
 * outcome in this run, the requirement's status, and the requirements no check covers.
 */
import type { Level, Outcome, RequirementStatus, TraceRow, Traceability } from '../../../generated/conformance/report.js';
import { LEVELS, type Check, type Target } from '../check.js';
import type { Requirement, RequirementCatalogue } from '../requirements.js';
import type { CheckResult } from '../runner.js';

type TraceOutcome = Outcome | 'not-run';

/** Requirements a target's checks answer for: its own, and those without a target. */
export function requirementsOf(catalogue: RequirementCatalogue, target: Target): Requirement[] {
  return catalogue.requirements.filter((r) => r.target === undefined || r.target === target);
}

function statusOf(outcomes: readonly TraceOutcome[]): RequirementStatus {
  if (outcomes.length === 0) return 'uncovered';
  const ran = outcomes.filter((o): o is Outcome => o !== 'not-run');
  if (ran.length === 0) return 'not-run';
  if (ran.some((o) => o === 'fail' || o === 'warn' || o === 'note' || o === 'unexpected-pass')) return 'fail';
  if (ran.some((o) => o === 'expected-failure')) return 'expected-failure';
  if (ran.every((o) => o === 'skip')) return 'skip';
  return 'pass';
}

/**
 * `checks`: every check of the target (the catalogue, not only those that ran), so that a
 * requirement covered by a check left out of this run is `not-run`, not `uncovered`.
 */
export function traceability(catalogue: RequirementCatalogue, target: Target, checks: readonly Check[], results: readonly CheckResult[]): Traceability {
  const outcome = new Map(results.map((r) => [r.id, r.outcome]));
  const coveringChecks = new Map<string, Check[]>();
  for (const check of checks.filter((c) => c.target === target)) {
    for (const id of check.requirements) coveringChecks.set(id, [...(coveringChecks.get(id) ?? []), check]);
  }
  const rows: TraceRow[] = requirementsOf(catalogue, target).map((requirement) => {
    const covering = (coveringChecks.get(requirement.id) ?? []).map((c) => ({ id: c.id, outcome: outcome.get(c.id) ?? ('not-run' as const) }));
    const row: TraceRow = {
      id: requirement.id,
      level: requirement.level,
      area: requirement.area,
      clause: requirement.clause,
      checks: covering,
      status: statusOf(covering.map((c) => c.outcome)),
    };
    if (covering.length === 0 && requirement.uncoveredReason !== undefined) row.uncoveredReason = requirement.uncoveredReason;
    return row;
  });
  const uncovered = rows
    .filter((r) => r.status === 'uncovered')
    .map((r) => ({ id: r.id, level: r.level, clause: r.clause, ...(r.uncoveredReason === undefined ? {} : { reason: r.uncoveredReason }) }));
  const coverage = Object.fromEntries(
    LEVELS.map((level: Level) => {
      const atLevel = rows.filter((r) => r.level === level);
      const open = atLevel.filter((r) => r.status === 'uncovered').length;
      return [level, { total: atLevel.length, covered: atLevel.length - open, uncovered: open }];
    }),
  ) as Traceability['coverage'];
  return { requirements: rows, uncovered, coverage };
}
