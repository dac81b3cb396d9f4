/**
 * GraphQL over HTTP audits: the server audits of graphql-http (the reference implementation of the
 * GraphQL over HTTP specification) run against the test Space's endpoint, one check per level
 * (over-http-must.ts, over-http-should.ts) made from this one definition. Every audit request goes
 * through the check's HTTP client (token, time limit, report, curl line of a failure).
 */
import { serverAudits, type AuditResult } from 'graphql-http';
import { fail } from '../../../assert.js';
import { defineCheck, type Check, type CheckContext } from '../../../check.js';
import type { HttpResponse } from '../../../http.js';
import { withTestWorkspace } from '../../../workspace.js';
import { graphqlPath } from './client.js';

type AuditLevel = 'MUST' | 'SHOULD';

/** What an audit that does not pass is reported as, per level (graphql-http: error, warn). */
const NOT_PASSED: Record<AuditLevel, AuditResult['status']> = { MUST: 'error', SHOULD: 'warn' };

/** A fetch for graphql-http that sends each request with the check's client and keeps its record. */
function auditFetch(ctx: CheckContext, sent: WeakMap<Response, HttpResponse>): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = init?.body;
    const res = await ctx.http.request({
      method: init?.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      headers,
      ...(typeof body === 'string' ? { body } : {}),
    });
    const response = new Response(res.status === 204 || res.status === 304 ? null : res.text, { status: res.status, headers: res.headers });
    sent.set(response, res);
    return response;
  };
}

/** The check of the audits of one level: every one must pass. */
export function overHttpAuditCheck(level: AuditLevel, requirement: string): Check {
  return defineCheck({
    id: `graphql.over-http-${level.toLowerCase()}`,
    name: `Every ${level} audit of graphql-http (GraphQL over HTTP: methods, media types, statuses of request errors) passes on the Space endpoint`,
    level,
    area: 'graphql',
    requirements: [requirement],
    target: 'server',
    async run(ctx) {
      await withTestWorkspace(ctx, async ({ names: n }) => {
        const sent = new WeakMap<Response, HttpResponse>();
        const audits = serverAudits({ url: `${ctx.http.baseUrl}${graphqlPath(n.space)}`, fetchFn: auditFetch(ctx, sent) }).filter((a) => a.name.startsWith(`${level} `));
        if (audits.length === 0) fail(`graphql-http has no ${level} audits: the package is not the one this check was written for`);
        const failed: Array<{ result: AuditResult; res: HttpResponse | undefined }> = [];
        for (const audit of audits) {
          const result = await audit.fn();
          if (result.status === NOT_PASSED[level]) failed.push({ result, res: 'response' in result ? sent.get(result.response) : undefined });
        }
        const [first] = failed;
        if (first) {
          const list = failed.map(({ result }) => `${result.id} ${result.name}: ${result.status === 'ok' ? '' : result.reason}`).join('\n  ');
          fail(`${failed.length} of ${audits.length} ${level} audits of graphql-http failed (the first one's request below):\n  ${list}`, first.res);
        }
      });
    },
  });
}
