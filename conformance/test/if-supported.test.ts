// "If supported, then correct" against the reference server behind a proxy: a server that names a
// feature beyond the contract as unknown is graded by the check's unsupported level (a warning), one
// that answers the feature wrongly fails the run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fault, ProxiedRequest, ProxiedResponse } from '../src/faults/fault.js';
import { startFaultProxy, type FaultProxy } from '../src/faults/proxy.js';
import { allCommands, walk } from '../src/faults/server/support.js';
import { runChecks, type RunSummary } from '../src/runner.js';
import type { RunningServer } from '../../server/src/index.js';
import { startTestServer } from '../../server/test/storages.js';

const OPERATOR = 'q/ends-with-ignoring-case?';

function json(body: unknown): ProxiedResponse {
  return { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(body)), json: body };
}

/** Answers as a server without `feature` would: the named error, inside a batch as its inner error. */
function lacking(uses: (command: Record<string, unknown>) => boolean, error: { name: string; message: string; data: Record<string, unknown> }): Fault {
  return {
    id: 'test.lacks-a-feature',
    target: 'server',
    area: 'query',
    breaks: 'QUERY-023',
    description: 'names a feature beyond the contract as unknown',
    inbound: {
      reply(req: ProxiedRequest) {
        if (req.path !== '/api/commands' || req.json === undefined) return undefined;
        const body = req.json as Record<string, unknown>;
        const inner = body['command'] === 'svc.command/batch' ? ((body['args'] as Record<string, unknown>)['commands'] as Array<Record<string, unknown>>) : [body];
        const index = inner.findIndex(uses);
        if (index === -1) return undefined;
        return json(
          body['command'] === 'svc.command/batch'
            ? { success: false, result: { name: 'command.error/batch-failed', message: `inner command ${index} failed`, data: { index, error } } }
            : { success: false, result: error },
        );
      },
    },
  };
}

const usesOperator = (command: Record<string, unknown>): boolean => JSON.stringify(command).includes(`"${OPERATOR}"`);

describe('if supported, then correct (reference server on pg-mem behind a proxy)', () => {
  let server: RunningServer;
  let proxy: FaultProxy;
  beforeAll(async () => {
    server = await startTestServer({ name: 'pg-mem' });
    proxy = await startFaultProxy({ upstream: server.baseUrl });
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  const run = (only: string): Promise<RunSummary> => runChecks({ target: 'server', baseUrl: proxy.url, token: server.token, seed: 7, numRuns: 1, profile: 'quick', only: [only], timeoutMs: 30_000 });

  it('command.model-full: an operator the server names as unknown is left out and reported as unsupported (a warning)', async () => {
    proxy.setFault(lacking(usesOperator, { name: 'entity.error/query-operator-invalid', message: `unknown operator ${OPERATOR}`, data: { operator: OPERATOR } }));
    const summary = await run('command.model-full');
    expect(summary.results[0]?.message ?? '', summary.results[0]?.message).toContain(`query ${OPERATOR}`);
    expect(summary.results[0]).toMatchObject({ verdict: 'unsupported', outcome: 'warn' });
    expect(summary.results[0]?.message).toContain(`query ${OPERATOR}`);
    expect(summary.conformant).toBe(true);
  });

  it('command.model-full: the same operator answered wrongly fails the run', async () => {
    const wrong: Fault = {
      id: 'test.ends-with-as-starts-with',
      target: 'server',
      area: 'query',
      breaks: 'QUERY-023',
      description: `answers ${OPERATOR} as q/starts-with-ignoring-case?`,
      inbound: {
        request(req: ProxiedRequest) {
          for (const command of allCommands(req)) {
            walk(command['args'], (node) => {
              if (Array.isArray(node) && node[0] === OPERATOR) node[0] = 'q/starts-with-ignoring-case?';
            });
          }
        },
      },
    };
    proxy.setFault(wrong);
    const summary = await run('command.model-full');
    expect(summary.results[0]).toMatchObject({ verdict: 'fail', outcome: 'fail' });
    expect(summary.conformant).toBe(false);
  });

  it('command.model-full: an operator refused as unknown in one form but served in others fails the run', async () => {
    // `!=` is served on plain fields; refusing it only beside q/null? is a wrong answer, not a missing feature.
    const nullTest = (command: Record<string, unknown>): boolean => JSON.stringify(command).includes('["!=",["q/null?"');
    proxy.setFault(lacking(nullTest, { name: 'entity.error/query-operator-invalid', message: 'unknown operator !=', data: { operator: '!=' } }));
    const summary = await run('command.model-full');
    expect(summary.results[0], summary.results[0]?.message).toMatchObject({ verdict: 'fail', outcome: 'fail' });
    expect(summary.results[0]?.message).toContain('query != is served');
    expect(summary.results[0]?.details?.curl).toContain('q/null?');
  });

  it('command.delete: a server without svc.entity/delete is unsupported, not failed', async () => {
    proxy.setFault(lacking((c) => c['command'] === 'svc.entity/delete', { name: 'command.error/unknown-command', message: 'unknown command svc.entity/delete', data: { command: 'svc.entity/delete' } }));
    const summary = await run('command.delete');
    expect(summary.results[0]).toMatchObject({ verdict: 'unsupported', outcome: 'warn' });
    expect(summary.results[0]?.message).toContain('svc.entity/delete');
  });

  it('--claims: a feature the target claims and lacks fails the check at its level; claims of other checks change nothing', async () => {
    proxy.setFault(lacking((c) => c['command'] === 'svc.entity/delete', { name: 'command.error/unknown-command', message: 'unknown command svc.entity/delete', data: { command: 'svc.entity/delete' } }));
    for (const claims of [['all'], ['command.delete'], ['command']]) {
      const summary = await runChecks({ target: 'server', baseUrl: proxy.url, token: server.token, seed: 7, numRuns: 1, profile: 'quick', only: ['command.delete'], timeoutMs: 30_000, claims });
      expect(summary.results[0], claims.join()).toMatchObject({ verdict: 'fail', outcome: 'fail' });
      expect(summary.results[0]?.message).toContain('--claims');
      expect(summary.results[0]?.message).toContain('svc.entity/delete');
      expect(summary.conformant).toBe(false);
    }
    const other = await runChecks({ target: 'server', baseUrl: proxy.url, token: server.token, seed: 7, numRuns: 1, profile: 'quick', only: ['command.delete'], timeoutMs: 30_000, claims: ['webhooks'] });
    expect(other.results[0]).toMatchObject({ verdict: 'unsupported', outcome: 'warn' });
  });
});
