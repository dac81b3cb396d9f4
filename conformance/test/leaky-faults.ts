// Faults for the fault proxy (conformance/src/faults/proxy.ts) that make a target answer wrongly AND
// put the run's secrets into its answers: the tests of secret masking (secrets-output.test.ts) run
// the CLI through them and then look for the secrets in everything it printed and wrote.
import type { Fault, ProxiedRequest, ProxiedResponse } from '../src/faults/fault.js';
import { pathOf } from '../src/faults/fault.js';
import { allCommands, jsonAnswer } from '../src/faults/server/support.js';
import { isRecord } from '../src/shapes.js';

const WEBHOOKS = '/api/webhooks/v2';

/**
 * Server: the webhook list shows each webhook's signing secret (as learnt from its creation); an
 * answer that refuses a token (403) becomes a 200 naming the token; `svc.entity/create` answers 500
 * with the token and the last webhook secret in its message (so a good share of the checks fail with
 * secrets in their messages, counterexamples and curl lines). `seen` collects the webhook secrets.
 */
export function leakyServerFault(seen: Set<string> = new Set()): Fault {
  return {
    id: 'test.server-leaks-secrets',
    target: 'server',
    area: 'auth',
    breaks: 'AUTH-001',
    description: 'answers wrongly, quoting the token it got and the webhook secrets it made',
    inbound: {
      response(res: ProxiedResponse, req: ProxiedRequest, state): ProxiedResponse | void {
        const path = pathOf(req);
        const secrets = (state.get('secrets') as Map<number, string> | undefined) ?? new Map<number, string>();
        state.set('secrets', secrets);
        if (path === WEBHOOKS && req.method === 'POST' && isRecord(res.json) && typeof res.json['secret'] === 'string') {
          secrets.set(Number(res.json['id']), res.json['secret']);
          seen.add(res.json['secret']);
          return;
        }
        if (path === WEBHOOKS && req.method === 'GET' && Array.isArray(res.json)) {
          for (const record of res.json) if (isRecord(record) && secrets.has(Number(record['id']))) record['secret'] = secrets.get(Number(record['id']));
          return;
        }
        const token = req.headers['authorization'] ?? '';
        if (res.status === 403) return jsonAnswer(200, { success: true, result: { acceptedAs: token } });
        if (allCommands(req).some((c) => c['command'] === 'svc.entity/create')) {
          const last = [...secrets.values()].at(-1) ?? 'none';
          return jsonAnswer(500, { name: 'internal', message: `create failed for "${token}" (webhook secret ${last})` });
        }
      },
    },
  };
}

/**
 * App: every data and schema answer is a 500 whose message quotes the account the app got; `/validate`
 * answers an OAuth-style token pair next to the account's name, and quotes the account in its name.
 */
export function leakyAppFault(issued: { accessToken: string; refreshToken: string }): Fault {
  return {
    id: 'test.app-leaks-secrets',
    target: 'app',
    area: 'app-data',
    breaks: 'APP-001',
    description: 'answers wrongly, quoting the account it got and tokens it made up',
    inbound: {
      response(res: ProxiedResponse, req: ProxiedRequest): ProxiedResponse | void {
        const path = pathOf(req);
        const account = isRecord(req.json) ? (req.json['account'] ?? req.json['fields']) : undefined;
        if (path === '/validate' && res.status === 200) {
          return jsonAnswer(200, { name: `account ${JSON.stringify(account)}`, access_token: issued.accessToken, refresh_token: issued.refreshToken, expire_on: 'not a date' });
        }
        if (/^\/api\/v1\/synchronizer\/(data|schema)$/.test(path)) {
          return jsonAnswer(500, { message: `cannot read with account ${JSON.stringify(account)}`, access_token: issued.accessToken });
        }
      },
    },
  };
}
