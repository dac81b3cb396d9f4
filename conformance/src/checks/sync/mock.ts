/**
 * The mock integration app (mock-app/) as the sync checks use it: started in-process on
 * 127.0.0.1 with a scenario built in code, and the requests the server under test sent it, found
 * by path and read as JSON.
 */
import { sign, startMockApp, type MockApp } from '../../../../mock-app/src/index.js';
import type { AppDataRow, Scenario, ScenarioChanges, ScenarioFailure } from '../../../../mock-app/src/scenario-types.js';
import type { RecordedRequest } from '../../../../mock-app/src/http.js';
import { fail } from '../../assert.js';
import { isRecord, type JsonRecord } from '../../shapes.js';

export type { AppDataRow, MockApp, RecordedRequest, Scenario, ScenarioChanges, ScenarioFailure };
/** `sha256=<hex HMAC-SHA256>` of a body with a secret: how the mock app's external system signs its events. */
export { sign };

/** The paths of the app contract (spec/app.openapi.yaml). */
export const APP_PATHS = {
  info: '/',
  validate: '/validate',
  config: '/api/v1/synchronizer/config',
  schema: '/api/v1/synchronizer/schema',
  data: '/api/v1/synchronizer/data',
  filterValidate: '/api/v1/synchronizer/filter/validate',
  resource: '/api/v1/synchronizer/resource',
  webhooks: '/api/v1/synchronizer/webhooks',
  preProcess: '/api/v1/synchronizer/webhooks/pre-process',
  transform: '/api/v1/synchronizer/webhooks/transform',
  account: '/api/v1/account',
  accounts: '/api/v1/accounts',
  oauth1Authorize: '/oauth1/v1/authorize',
  oauth1AccessToken: '/oauth1/v1/access_token',
  oauth2Authorize: '/oauth2/v1/authorize',
  oauth2AccessToken: '/oauth2/v1/access_token',
} as const;

/** Starts the mock app on 127.0.0.1 with a scenario (validated by the mock app; a bad scenario is a bug of the check). */
export async function startApp(scenario: Scenario): Promise<MockApp> {
  return startMockApp({ scenario: structuredClone(scenario), host: '127.0.0.1', port: 0 });
}

/** Requests the app received on a path (and method), in order. */
export function requestsTo(app: MockApp, path: string, method = 'POST'): RecordedRequest[] {
  return app.requests.filter((r) => r.path === path && r.method === method);
}

/** A request's JSON body as an object; fails the check when it is not one. */
export function bodyOf(request: RecordedRequest, what: string): JsonRecord {
  let body: unknown = request.body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body) as unknown;
    } catch {
      // kept as text: reported below
    }
  }
  if (!isRecord(body)) fail(`${what}: the server's ${request.method} ${request.path} to the app carried ${JSON.stringify(request.body)?.slice(0, 200) ?? 'no body'}, not a JSON object`);
  return body;
}

/** A header of a recorded request (lower-case name). */
export function headerOf(request: RecordedRequest, name: string): string | undefined {
  return request.headers[name.toLowerCase()];
}

/** The requests the app received, short (`POST /validate, POST /api/v1/synchronizer/data x2`), for messages. */
export function requestSummary(app: MockApp): string {
  if (app.requests.length === 0) return 'the app received no request';
  const counts = new Map<string, number>();
  for (const r of app.requests) counts.set(`${r.method} ${r.path}`, (counts.get(`${r.method} ${r.path}`) ?? 0) + 1);
  return `the app received ${[...counts].map(([k, n]) => (n === 1 ? k : `${k} x${n}`)).join(', ')}`;
}
