/**
 * A hand-built ConformanceReport for the renderer tests: five areas, one result of every outcome
 * (a crashed MUST check among the failures), hostile text in a counterexample (markup, quotes,
 * control characters, emoji, a lone surrogate), and a traceability section with every requirement
 * status, uncovered MUST and SHOULD requirements included. Counts are computed from the results,
 * so they always agree with them.
 */
import type { CheckResult, ConformanceReport, Level, Outcome, OutcomeCounts } from '../../generated/conformance/report.js';

export const BASE_URL = 'http://127.0.0.1:8080';
export const HOSTILE = '</script><script>alert(1)</script>';
/** Counterexample of the failing check: markup, quotes, ampersands, C0 controls, emoji, a lone surrogate. */
export const COUNTEREXAMPLE = `[{"svc/name":"${HOSTILE}","note":"Tom & 'Jerry' \\"q\\" <b>bold</b>","ctl":"a\u0001b\u000bc","emoji":"👩‍💻","lone":"\ud800"}]`;
export const CURL = `curl -sS -i -X POST '${BASE_URL}/api/commands' -H 'Authorization: Token svc_xyz' -H 'Content-Type: application/json' --data-raw '{"command":"svc.entity/create","args":{"type":"<img src=x onerror=alert(2)>"}}'`;

const OUTCOMES: readonly Outcome[] = ['pass', 'fail', 'warn', 'note', 'skip', 'expected-failure', 'unexpected-pass'];

export function countOutcomes(results: readonly CheckResult[]): OutcomeCounts {
  const counts: OutcomeCounts = { total: results.length, pass: 0, fail: 0, warn: 0, note: 0, skip: 0, 'expected-failure': 0, 'unexpected-pass': 0 };
  for (const r of results) counts[r.outcome] += 1;
  return counts;
}

function result(partial: Pick<CheckResult, 'id' | 'name' | 'level' | 'area' | 'requirements' | 'verdict' | 'outcome'> & Partial<CheckResult>): CheckResult {
  return { durationMs: 12, exchanges: 1, ...partial };
}

export const RESULTS: CheckResult[] = [
  result({ id: 'auth.missing-token', name: 'a request without a token is refused with 401', level: 'MUST', area: 'auth', requirements: ['AUTH-001'], verdict: 'pass', outcome: 'pass', durationMs: 40, exchanges: 4 }),
  result({
    id: 'auth.entity-names',
    name: 'entity names round-trip & stay <intact>',
    level: 'MUST',
    area: 'auth',
    requirements: ['AUTH-001', 'AUTH-002'],
    verdict: 'fail',
    outcome: 'fail',
    durationMs: 1530,
    exchanges: 37,
    message: `expected status 200, got 500 for "${HOSTILE}"\nsecond line of the message`,
    counterexample: COUNTEREXAMPLE,
    curl: CURL,
    seed: 42,
    path: '3:1:0',
  }),
  result({
    id: 'command-api.batch-crash',
    name: 'a batch of creates answers one result per command',
    level: 'MUST',
    area: 'command-api',
    requirements: ['CMD-001'],
    verdict: 'error',
    outcome: 'fail',
    message: 'TypeError: Cannot read properties of undefined (reading "id")',
    stack: 'TypeError: Cannot read properties of undefined\n    at run (batch.ts:10:5)',
  }),
  result({ id: 'command-api.envelope', name: 'answers carry the envelope', level: 'MUST', area: 'command-api', requirements: ['CMD-002'], verdict: 'pass', outcome: 'pass' }),
  result({
    id: 'command-api.retry-after',
    name: 'a 429 carries Retry-After',
    level: 'SHOULD',
    area: 'command-api',
    requirements: ['CMD-003'],
    verdict: 'fail',
    outcome: 'warn',
    message: 'no Retry-After header on the 429 answer',
    curl: `curl -sS -i -X GET '${BASE_URL}/api/commands'`,
  }),
  result({ id: 'query.sort-stable', name: 'sorting is stable', level: 'MAY', area: 'query', requirements: ['QUERY-001'], verdict: 'fail', outcome: 'note', message: 'ties came back in a different order' }),
  result({ id: 'query.fulltext', name: 'full-text search', level: 'MAY', area: 'query', requirements: ['QUERY-002'], verdict: 'skip', outcome: 'skip', message: 'the target does not implement q/search' }),
  result({
    id: 'webhooks.retries',
    name: 'failed deliveries are retried',
    level: 'MUST',
    area: 'webhooks',
    requirements: ['WH-001'],
    verdict: 'fail',
    outcome: 'expected-failure',
    message: 'no retry within 30 s',
    expectedFailureReason: 'retries land in #123',
  }),
  result({
    id: 'webhooks.signature',
    name: 'deliveries are signed',
    level: 'MUST',
    area: 'webhooks',
    requirements: ['WH-002'],
    verdict: 'pass',
    outcome: 'unexpected-pass',
    expectedFailureReason: 'signing was broken in 0.3',
  }),
  result({ id: 'documents.round-trip', name: 'a document round-trips', level: 'MUST', area: 'documents', requirements: ['DOC-001'], verdict: 'pass', outcome: 'pass' }),
];

/** Areas in catalogue order. */
export const AREAS = ['auth', 'command-api', 'query', 'webhooks', 'documents'];

function byLevel(level: Level): OutcomeCounts {
  return countOutcomes(RESULTS.filter((r) => r.level === level));
}

export function reportFixture(): ConformanceReport {
  return {
    format: 'svc-conformance-report/1',
    tool: { name: 'svc-conformance', version: '0.1.0' },
    target: 'server',
    baseUrl: BASE_URL,
    profile: 'full',
    seed: 42,
    numRuns: 100,
    startedAt: '2025-01-02T03:04:05.678Z',
    durationMs: 65_432,
    selection: { only: [], skip: ['graphql'], leftOutByProfile: [], expectedFailuresFile: 'conformance/expected-failures.yaml' },
    exitCode: 1,
    conformant: false,
    counts: countOutcomes(RESULTS),
    byLevel: { MUST: byLevel('MUST'), SHOULD: byLevel('SHOULD'), MAY: byLevel('MAY') },
    areas: AREAS.map((area) => ({ area, counts: countOutcomes(RESULTS.filter((r) => r.area === area)) })),
    results: RESULTS.map((r) => ({ ...r })),
    traceability: {
      requirements: [
        { id: 'AUTH-001', level: 'MUST', area: 'auth', clause: 'Every request carries a token.', status: 'fail', checks: [{ id: 'auth.missing-token', outcome: 'pass' }, { id: 'auth.entity-names', outcome: 'fail' }] },
        { id: 'AUTH-002', level: 'MUST', area: 'auth', clause: 'Managing webhooks requires Architect.', status: 'fail', checks: [{ id: 'auth.entity-names', outcome: 'fail' }] },
        { id: 'CMD-001', level: 'MUST', area: 'command-api', clause: 'A batch answers one result per command.', status: 'fail', checks: [{ id: 'command-api.batch-crash', outcome: 'fail' }] },
        { id: 'CMD-002', level: 'MUST', area: 'command-api', clause: 'Answers carry the envelope.', status: 'pass', checks: [{ id: 'command-api.envelope', outcome: 'pass' }] },
        { id: 'CMD-003', level: 'SHOULD', area: 'command-api', clause: 'A 429 carries Retry-After.', status: 'fail', checks: [{ id: 'command-api.retry-after', outcome: 'warn' }] },
        { id: 'QUERY-001', level: 'MAY', area: 'query', clause: 'Sorting may be stable.', status: 'fail', checks: [{ id: 'query.sort-stable', outcome: 'note' }] },
        { id: 'QUERY-002', level: 'MAY', area: 'query', clause: 'Full-text search <q/search>.', status: 'skip', checks: [{ id: 'query.fulltext', outcome: 'skip' }] },
        { id: 'WH-001', level: 'MUST', area: 'webhooks', clause: 'Failed deliveries are retried.', status: 'expected-failure', checks: [{ id: 'webhooks.retries', outcome: 'expected-failure' }] },
        { id: 'WH-002', level: 'MUST', area: 'webhooks', clause: 'Deliveries are signed.', status: 'fail', checks: [{ id: 'webhooks.signature', outcome: 'unexpected-pass' }] },
        { id: 'DOC-001', level: 'MUST', area: 'documents', clause: 'A document round-trips.', status: 'pass', checks: [{ id: 'documents.round-trip', outcome: 'pass' }] },
        { id: 'GQL-001', level: 'MUST', area: 'graphql', clause: 'The GraphQL endpoint answers queries.', status: 'not-run', checks: [{ id: 'graphql.basic', outcome: 'not-run' }] },
        { id: 'EVT-001', level: 'MUST', area: 'events', clause: 'Events are delivered "in order" & once.', status: 'uncovered', checks: [], uncoveredReason: 'needs a second client' },
        { id: 'EVT-002', level: 'SHOULD', area: 'events', clause: 'Events carry a timestamp.', status: 'uncovered', checks: [], uncoveredReason: 'not observable from outside' },
      ],
      uncovered: [
        { id: 'EVT-001', level: 'MUST', clause: 'Events are delivered "in order" & once.', reason: 'needs a second client' },
        { id: 'EVT-002', level: 'SHOULD', clause: 'Events carry a timestamp.', reason: 'not observable from outside' },
      ],
      coverage: {
        MUST: { total: 10, covered: 9, uncovered: 1 },
        SHOULD: { total: 2, covered: 1, uncovered: 1 },
        MAY: { total: 2, covered: 2, uncovered: 0 },
      },
    },
  };
}

export { OUTCOMES };
