// Helpers of the mock-app tests: calls with the JSON answer parsed, an app per test, and the
// bodies of valid requests to every endpoint of spec/app.openapi.yaml.
import type { MockApp, MockAppOptions } from '../src/index.js';
import { startMockApp } from '../src/index.js';

export const SCENARIOS = new URL('../scenarios/', import.meta.url).pathname;

export interface Answer {
  status: number;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
  headers: Headers;
}

export async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    redirect: 'manual',
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json, headers: response.headers };
}

export const post = (app: MockApp, path: string, body?: unknown, headers?: Record<string, string>) => call(app.url, 'POST', path, body, headers);

/** Starts an app, runs `fn`, closes the app. */
export async function withApp<T>(options: MockAppOptions, fn: (app: MockApp) => Promise<T>): Promise<T> {
  const app = await startMockApp(options);
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

export function scenarioPath(name: string): string {
  return `${SCENARIOS}${name}`;
}

/** A data request of `type` (all pages' bodies differ only in `pagination`). */
export function dataRequest(type: string, account: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { requestedType: type, types: [type], account, filter: {}, schema: {}, ...extra };
}

/** Every page of a data request, following nextPageConfig. */
export async function allPages(app: MockApp, type: string, account: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<{ pages: Answer[]; items: Record<string, unknown>[] }> {
  const pages: Answer[] = [];
  let pagination: unknown;
  for (let i = 0; i < 1000; i++) {
    const answer = await post(app, '/api/v1/synchronizer/data', dataRequest(type, account, { ...extra, ...(pagination === undefined ? {} : { pagination }) }));
    if (answer.status !== 200) throw new Error(`data answered ${answer.status}: ${answer.text}`);
    pages.push(answer);
    const body = answer.json as { pagination?: { hasNext: boolean; nextPageConfig?: unknown } };
    if (!body.pagination?.hasNext) break;
    pagination = body.pagination.nextPageConfig;
  }
  const items = pages.flatMap((p) => (p.json as { items: Record<string, unknown>[] }).items);
  return { pages, items };
}
