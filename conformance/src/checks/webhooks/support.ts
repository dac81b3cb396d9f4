/**
 * What the webhook checks share: a receiver on loopback (conformance/src/receiver.ts) with
 * webhooks pointing at it (deleted again whatever happens), waiting for deliveries (bounded),
 * and the shape of a delivery body (spec: WebhookDelivery).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { components } from '../../../../generated/service/types.js';
import { describeRequest, expectJson, expectStatus, fail } from '../../assert.js';
import type { CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { deliveryWaitMs, Receiver, seconds, type ReceivedRequest } from '../../receiver.js';
import { isRecord, kindOf, type JsonRecord } from '../../shapes.js';
import type { TestNames } from '../../model/schema.js';
import { run, type Command } from '../../workspace.js';

type Schemas = components['schemas'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type Effect = Schemas['Effect'];
export type WebhookRecord = Schemas['Webhook'];

export const WEBHOOKS = '/api/webhooks/v2';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export interface Hook {
  id: number;
  type: string;
  secret: string;
  /** Path on the receiver this webhook posts to. */
  path: string;
  /** The record the add answered. */
  record: JsonRecord;
  response: HttpResponse;
}

/**
 * Adds a webhook for `type` posting to a fresh path of the receiver (by its address, or by a host
 * name that resolves to it); fails the check when refused.
 */
export async function addHook(ctx: CheckContext, receiver: Receiver, type: string, options: { host?: string } = {}): Promise<Hook> {
  const path = `/hook-${randomBytes(6).toString('hex')}`;
  const url = new URL(receiver.url(path));
  if (options.host !== undefined) url.hostname = options.host;
  const res = await ctx.http.post(WEBHOOKS, { url: url.toString(), type });
  if (res.status === 400 && isRecord(res.json) && res.json['name'] === 'webhook.error/url-refused') {
    fail(
      `adding a webhook to the suite's receiver at ${url.toString()} was refused: the webhook checks need a server that may call 127.0.0.1 ` +
        '(the reference server: SVC_WEBHOOK_ALLOW=127.0.0.1) and runs where the suite runs',
      res,
    );
  }
  expectStatus(res, 200, `adding a webhook for ${type}`);
  const record = expectJson(res, `adding a webhook for ${type}`);
  if (!isRecord(record) || typeof record['id'] !== 'number') fail(`adding a webhook for ${type}: the answer has no integer "id"`, res);
  return { id: record['id'] as number, type, secret: typeof record['secret'] === 'string' ? record['secret'] : '', path, record, response: res };
}

/** Deletes a webhook; never throws (a failure is logged). */
export async function removeHook(ctx: CheckContext, hook: Hook): Promise<void> {
  try {
    const res = await ctx.http.request({ method: 'DELETE', path: `${WEBHOOKS}/${hook.id}` });
    if (res.status !== 200 && res.status !== 404) ctx.log(`tear-down: ${describeRequest(res)} answered ${res.status}`);
  } catch (error) {
    ctx.log(`tear-down of webhook ${hook.id} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Creates one Item of the test workspace (a title `x` unless values are given) before webhooks exist; answers its svc/id. */
export async function createItem(ctx: CheckContext, n: TestNames, values?: JsonRecord): Promise<string> {
  const created = await run(ctx, { command: 'svc.entity/create', args: { type: n.items, entity: values ?? { [n.title]: 'x' } } }, 'creating an Item');
  return isRecord(created) ? String(created['svc/id']) : '';
}

/** Starts a receiver and one webhook per type, runs `body`, then deletes the webhooks and stops the receiver. */
export async function withHooks<T>(ctx: CheckContext, types: string[], body: (hooks: Hook[], receiver: Receiver) => Promise<T>): Promise<T> {
  const receiver = await Receiver.start();
  const hooks: Hook[] = [];
  try {
    for (const type of types) hooks.push(await addHook(ctx, receiver, type));
    return await body(hooks, receiver);
  } finally {
    for (const hook of hooks) await removeHook(ctx, hook);
    await receiver.close();
  }
}

/** A delivery as received: the parsed body and the request that brought it (its first successful attempt). */
export interface Received {
  delivery: WebhookDelivery;
  request: ReceivedRequest;
}

/** Deliveries a webhook received and acknowledged (2xx), one per `webhook-id`, in order of arrival. */
export function delivered(receiver: Receiver, hook: Hook): Received[] {
  const seen = new Set<string>();
  const out: Received[] = [];
  for (const request of receiver.on(hook.path)) {
    if (request.status < 200 || request.status > 299) continue;
    const id = request.headers['webhook-id'] ?? `#${request.index}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const problems = [...requestProblems(request), ...deliveryProblems(request.json)];
    if (problems.length > 0) fail(`a delivery to webhook ${hook.id} (${hook.type}) is not a WebhookDelivery body: ${problems.join('; ')}\nBody: ${request.body.slice(0, 1000)}`);
    out.push({ delivery: request.json as WebhookDelivery, request });
  }
  return out;
}

/**
 * Waits until the webhook received a delivery with this correlation id; fails after deliveryWaitMs()
 * naming what it waited for (at once when an earlier wait of this receiver ran out).
 */
export async function waitForCorrelation(receiver: Receiver, hook: Hook, correlationId: string, what: string): Promise<Received> {
  const find = () => delivered(receiver, hook).find((r) => r.delivery.command.correlationId === correlationId);
  const waitedFor = `a delivery with command.correlationId ${correlationId} at webhook ${hook.id} (${hook.type})`;
  const earlier = receiver.missed;
  await receiver.waitFor(() => find() !== undefined, { what: waitedFor });
  const found = find();
  if (!found) {
    const got = receiver.on(hook.path).map((r) => `${r.status} ${r.body.slice(0, 200)}`);
    const when = earlier === undefined ? `within ${seconds(deliveryWaitMs())}` : `(not waited for: an earlier wait ran out, for ${earlier})`;
    fail(
      `${what}: no delivery with command.correlationId ${correlationId} arrived at webhook ${hook.id} (${hook.type}) ${when}; ` +
        `it received ${got.length} request(s)${got.length > 0 ? `:\n  ${got.slice(-5).join('\n  ')}` : ''}`,
    );
  }
  return found;
}

/**
 * A property's predicate that stops waiting once a delivery did not arrive: after a wait of the
 * receiver ran out, later runs (fast-check's shrinking included) pass at once, so the property
 * fails with the run that waited, within one wait, instead of waiting again for every shrunk input.
 */
export function untilDeliveryMissed<T>(receiver: Receiver, predicate: (value: T) => Promise<void>): (value: T) => Promise<void> {
  return async (value) => {
    if (receiver.missed !== undefined) return;
    await predicate(value);
  };
}

/** Sends a command with a fresh correlation id (set on the top-level command); answers the id and the response. */
export async function sendCorrelated(ctx: CheckContext, command: Command, what: string): Promise<{ correlationId: string; res: HttpResponse; result: unknown }> {
  const correlationId = randomUUID();
  const res = await ctx.http.command({ ...command, correlationId });
  expectStatus(res, 200, what);
  const body = expectJson(res, what);
  if (!isRecord(body) || body['success'] !== true) fail(`${what}: expected {success: true}`, res);
  return { correlationId, res, result: body['result'] };
}

/**
 * A marker: one svc.command/batch creating an Entity in each of these Databases, with a fresh
 * correlation id, then waits until each webhook received its delivery. Deliveries of one webhook
 * come in order, so every earlier change has arrived once the marker has.
 */
export async function marker(ctx: CheckContext, receiver: Receiver, hooks: Array<{ hook: Hook; entity: JsonRecord }>): Promise<Received[]> {
  const commands: Command[] = hooks.map(({ hook, entity }) => ({ command: 'svc.entity/create', args: { type: hook.type, entity } }));
  const { correlationId } = await sendCorrelated(ctx, { command: 'svc.command/batch', args: { commands } }, 'a marker batch (one create per watched Database)');
  const out: Received[] = [];
  for (const { hook } of hooks) out.push(await waitForCorrelation(receiver, hook, correlationId, 'waiting for the marker delivery'));
  return out;
}

function effectProblems(effect: unknown, at: string): string[] {
  if (!isRecord(effect)) return [`${at} is ${kindOf(effect)}, not an object`];
  const problems: string[] = [];
  const kind = effect['effect'];
  if (typeof effect['id'] !== 'string' || !UUID.test(effect['id'])) problems.push(`${at}.id is not a UUID`);
  if (typeof effect['type'] !== 'string' || effect['type'] === '') problems.push(`${at}.type is not a Database name`);
  const object = (name: string) => {
    if (!isRecord(effect[name])) problems.push(`${at}.${name} is ${kindOf(effect[name])}, not an object`);
  };
  switch (kind) {
    case 'svc.entity/update':
      object('values');
      object('valuesBefore');
      break;
    case 'svc.entity/create':
      object('values');
      break;
    case 'svc.entity/delete':
      object('valuesBefore');
      break;
    case 'svc.entity/add-collection-items':
    case 'svc.entity/remove-collection-items': {
      if (typeof effect['field'] !== 'string' || effect['field'] === '') problems.push(`${at}.field is not a field name`);
      const items = effect['items'];
      if (!Array.isArray(items) || !items.every((i) => isRecord(i) && typeof i['svc/id'] === 'string' && UUID.test(i['svc/id']))) {
        problems.push(`${at}.items is not an array of {svc/id}`);
      }
      break;
    }
    default:
      problems.push(`${at}.effect is ${JSON.stringify(kind)}, not one of the effect kinds`);
  }
  return problems;
}

/** How a delivery request differs from the spec's: a POST with a JSON body (empty when it conforms). */
export function requestProblems(request: ReceivedRequest): string[] {
  const problems: string[] = [];
  if (request.method !== 'POST') problems.push(`it came as ${request.method || 'a request without a method'}, not POST`);
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') problems.push(`its content-type is ${JSON.stringify(request.headers['content-type'] ?? null)}, not application/json`);
  return problems;
}

/** How a body differs from WebhookDelivery (empty when it conforms). */
export function deliveryProblems(body: unknown): string[] {
  if (!isRecord(body)) return [`the body is ${kindOf(body)}, not a JSON object`];
  const problems: string[] = [];
  if (!Number.isInteger(body['sequenceId'])) problems.push(`sequenceId is ${kindOf(body['sequenceId'])}, not an integer`);
  if (typeof body['authorId'] !== 'string' || !UUID.test(body['authorId'])) problems.push('authorId is not a UUID string');
  if (typeof body['creationDate'] !== 'string' || !TIMESTAMP.test(body['creationDate'])) problems.push('creationDate is not a timestamp');
  const command = body['command'];
  if (!isRecord(command)) problems.push(`command is ${kindOf(command)}, not an object {correlationId}`);
  else if (command['correlationId'] !== null && typeof command['correlationId'] !== 'string') problems.push('command.correlationId is neither a string nor null');
  const effects = body['effects'];
  if (!Array.isArray(effects) || effects.length === 0) problems.push(`effects is ${kindOf(effects)}, not a non-empty array`);
  else effects.forEach((e, i) => problems.push(...effectProblems(e, `effects[${i}]`)));
  return problems;
}

/** How a run of a webhook differs from {http_status, elapsed_time, request_time} strings (empty when it conforms). */
export function runProblems(run: unknown): string[] {
  if (!isRecord(run)) return [`the run is ${kindOf(run)}, not an object`];
  const problems: string[] = [];
  if (typeof run['http_status'] !== 'string') problems.push(`http_status is ${kindOf(run['http_status'])}, not a string`);
  if (typeof run['elapsed_time'] !== 'string' || !/^\d+$/.test(run['elapsed_time'])) problems.push('elapsed_time is not a string of milliseconds');
  if (typeof run['request_time'] !== 'string' || !TIMESTAMP.test(run['request_time'])) problems.push('request_time is not a timestamp');
  return problems;
}

/**
 * The attempts of one delivery to `hook`: answered `statuses` in order, all with one webhook-id and one body, and
 * listed among the webhook's runs newest first, each run {http_status, elapsed_time, request_time} strings.
 */
export async function expectAttempts(ctx: CheckContext, receiver: Receiver, hook: Hook, statuses: readonly number[], res?: HttpResponse): Promise<void> {
  const got = receiver.on(hook.path);
  const answered = got.map((a) => a.status).join(', ') || 'none';
  if (answered !== statuses.join(', ')) {
    fail(`webhook ${hook.id}: expected ${statuses.length} attempts answered ${statuses.join(', ')}; got ${answered} (a delivery answered 2xx is not tried again)`, res);
  }
  const ids = got.map((a) => a.headers['webhook-id']);
  if (!ids[0] || ids.some((id) => id !== ids[0])) fail(`webhook ${hook.id}: every attempt of one delivery should carry the same webhook-id header; got ${JSON.stringify(ids)}`, res);
  if (got.some((a) => a.body !== got[0]?.body)) fail(`webhook ${hook.id}: every attempt of one delivery should carry the same body`, res);
  const { record, res: listed } = await pollRecord(ctx, hook, `the ${statuses.length} attempts among its runs`, (r) => Array.isArray(r['runs']) && r['runs'].length >= statuses.length);
  const runs: unknown[] = Array.isArray(record['runs']) ? record['runs'] : [];
  if (runs.length !== statuses.length) fail(`webhook ${hook.id}: after ${statuses.length} attempts it lists ${runs.length} runs: ${JSON.stringify(runs).slice(0, 600)}`, listed);
  runs.forEach((run, i) => {
    const problems = runProblems(run);
    if (problems.length > 0) fail(`webhook ${hook.id}: run ${i} ${JSON.stringify(run)} is not {http_status, elapsed_time, request_time} strings: ${problems.join('; ')}`, listed);
  });
  const newestFirst = runs.map((r) => (isRecord(r) ? r['http_status'] : undefined));
  const expected = [...statuses].reverse().map(String);
  if (newestFirst.join() !== expected.join()) fail(`webhook ${hook.id}: the runs should be, newest first, ${expected.map((s) => `"${s}"`).join(', ')}; got ${JSON.stringify(newestFirst)}`, listed);
}

/** The list of webhooks; fails unless it is a 200 JSON array. */
export async function listHooks(ctx: CheckContext): Promise<{ list: JsonRecord[]; res: HttpResponse }> {
  const res = await ctx.http.get(WEBHOOKS);
  expectStatus(res, 200, `GET ${WEBHOOKS}`);
  const list = expectJson(res, `GET ${WEBHOOKS}`);
  if (!Array.isArray(list) || !list.every(isRecord)) fail(`GET ${WEBHOOKS} answered ${kindOf(list)}, not an array of webhook records`, res);
  return { list: list as JsonRecord[], res };
}

/**
 * Polls the list until `done(record)` holds for the webhook; fails after deliveryWaitMs() naming
 * `what` it waited for and the last record seen.
 */
export async function pollRecord(ctx: CheckContext, hook: Hook, what: string, done: (record: JsonRecord) => boolean): Promise<{ record: JsonRecord; res: HttpResponse }> {
  const wait = deliveryWaitMs();
  const deadline = Date.now() + wait;
  for (;;) {
    const { list, res } = await listHooks(ctx);
    const record = list.find((r) => r['id'] === hook.id);
    if (record && done(record)) return { record, res };
    if (Date.now() > deadline) {
      fail(`GET ${WEBHOOKS} did not show ${what} for webhook ${hook.id} within ${seconds(wait)}; the last record: ${record === undefined ? '(not listed)' : JSON.stringify(record).slice(0, 600)}`, res);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
