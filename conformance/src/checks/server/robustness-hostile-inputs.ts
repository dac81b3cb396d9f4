/**
 * No input gets a 5xx (HTTP-004), audited as a family: every input slot below (a value, a query
 * operand, a q/count operand, a Database name, a GraphQL variable, a document's content, a numeric
 * path id, a query parameter, a whole body) receives every hostile value of the classes that have
 * broken real servers: the NUL character, integers beyond 32 and 64 bits, a lone surrogate, very
 * long text, `null` as the body. Each answer is below 500 with no stack trace. Two classes have a
 * named answer: a NUL in a JSON body is 400 `request.error/invalid-body` whose `data.field` is its
 * JSON pointer (a lone surrogate too), in a query parameter 400 `request.error/invalid-parameter` naming it (HTTP-005);
 * a numeric path id beyond 32 bits is 400 `request.error/invalid-parameter` (HTTP-006). Every
 * (slot, value) pair runs in every run; random runs add texts with a NUL somewhere in them.
 * A route the target does not serve (beyond the contract) answers 404 and passes.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describeRequest, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import type { TestNames } from '../../model/schema.js';
import { checkProperty } from '../../property.js';
import { commandError, findStackTrace, isRecord } from '../../shapes.js';
import { isUnservedRoute } from '../../support.js';
import { dropTypes, withTestWorkspace } from '../../workspace.js';
import { GQL } from '../graphql/lib/dataset.js';

type Hostile = string | number | null;

/** The values every slot gets, by class. */
const HOSTILE: readonly Hostile[] = ['\u0000', 'a\u0000b', 2 ** 31, 2 ** 53 + 2, 2 ** 63, 2 ** 64, -(2 ** 64), 1e308, '\uD800', 'x'.repeat(20_000), null];

interface Slot {
  id: string;
  /** Where the value sits: a JSON pointer into the body, `?name` for a query parameter, `path` for a path segment. */
  at: string;
  /** A path segment that is a numeric id of the spec (HTTP-006 applies to integers beyond 32 bits). */
  numericId?: boolean;
  send(ctx: CheckContext, n: TestNames, value: Hostile): Promise<HttpResponse>;
}

function command(ctx: CheckContext, json: unknown): Promise<HttpResponse> {
  return ctx.http.command(json);
}

/** A value in a URL; a lone surrogate has no UTF-8 form, so it goes as the bytes a careless client would send. */
function segment(value: Hostile): string {
  try {
    return encodeURIComponent(String(value));
  } catch {
    return '%ED%A0%80';
  }
}

const SLOTS: readonly Slot[] = [
  { id: 'entity value', at: '/args/entity/{title}', send: (ctx, n, v) => command(ctx, { command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: v } } }) },
  {
    id: 'q/where operand',
    at: '/args/params/$v',
    send: (ctx, n, v) => command(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': ['svc/id'], 'q/where': ['=', [n.title], '$v'], 'q/limit': 5 }, params: { $v: v } } }),
  },
  {
    id: 'q/count operand',
    at: '/args/params/$v',
    send: (ctx, n, v) =>
      command(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.groups, 'q/select': ['svc/id'], 'q/where': ['>', ['q/count', [n.members, 'svc/id']], '$v'], 'q/limit': 5 }, params: { $v: v } } }),
  },
  {
    id: 'Database name',
    at: '/args/commands/0/args/svc~1name',
    send: (ctx, n, v) => command(ctx, { command: 'svc.schema/batch', args: { commands: [{ command: 'schema.type/create', args: { 'svc/name': `${n.space}/${String(v)}`, 'svc/fields': [] } }] } }),
  },
  {
    id: 'GraphQL variable',
    at: '/variables/v',
    send: (ctx, n, v) =>
      ctx.http.post(`/api/graphql/space/${encodeURIComponent(n.space)}`, { query: `query ($v: String) { ${GQL.findItems}(title: {is: $v}) { id } }`, variables: { v: typeof v === 'number' ? String(v) : v } }),
  },
  { id: 'document content', at: '/content', send: (ctx, _n, v) => ctx.http.request({ method: 'PUT', path: `/api/documents/${randomUUID()}`, json: { content: v } }) },
  { id: 'webhook id', at: 'path', numericId: true, send: (ctx, _n, v) => ctx.http.request({ method: 'DELETE', path: `/api/webhooks/v2/${segment(v)}` }) },
  { id: 'sync run id', at: 'path', numericId: true, send: (ctx, _n, v) => ctx.http.get(`/api/integrations/syncs/${segment(v)}`) },
  { id: 'OAuth callback state', at: '?state', send: (ctx, _n, v) => ctx.http.request({ method: 'GET', path: `/api/integrations/oauth/callback?state=${segment(v)}&code=${segment(v)}`, auth: 'none' }) },
  { id: 'file address expiry', at: '?expires', send: (ctx, _n, v) => ctx.http.request({ method: 'GET', path: `/files/x?expires=${segment(v)}&signature=${segment(v)}`, auth: 'none' }) },
];

/** Bodies that are a bare `null`, on every JSON endpoint that takes a body. */
const NULL_BODIES: ReadonlyArray<(n: TestNames) => { method: string; path: string }> = [
  () => ({ method: 'POST', path: '/api/commands' }),
  () => ({ method: 'POST', path: '/api/documents/commands' }),
  () => ({ method: 'PUT', path: `/api/documents/${randomUUID()}` }),
  () => ({ method: 'POST', path: '/api/webhooks/v2' }),
  (n) => ({ method: 'POST', path: `/api/graphql/space/${encodeURIComponent(n.space)}` }),
  () => ({ method: 'POST', path: '/api/integrations/sources' }),
];

/** The error an answer carries: the command envelope's result, a GraphQL error's extensions, or a plain error body. */
function errorOf(res: HttpResponse): { name: string; data: Record<string, unknown> } | undefined {
  const envelope = commandError(res.json);
  if (envelope) return envelope;
  const body = res.json;
  if (!isRecord(body)) return undefined;
  const errors = body['errors'];
  if (Array.isArray(errors) && isRecord(errors[0]) && isRecord(errors[0]['extensions'])) {
    const extensions = errors[0]['extensions'];
    return typeof extensions['code'] === 'string' ? { name: extensions['code'], data: extensions } : undefined;
  }
  return typeof body['name'] === 'string' ? { name: body['name'], data: isRecord(body['data']) ? body['data'] : {} } : undefined;
}

function expectNamed(res: HttpResponse, what: string, name: string, field: string, clause: string): void {
  if (isUnservedRoute(res)) return;
  if (res.status !== 400) fail(`${what}: expected 400 ${name} (${clause}), got ${res.status} from ${describeRequest(res)}`, res);
  const error = errorOf(res);
  if (error?.name !== name) fail(`${what}: expected the error ${name} (${clause}), got ${JSON.stringify(error?.name ?? res.text.slice(0, 200))}`, res);
  if (error.data['field'] !== field) fail(`${what}: expected data.field ${JSON.stringify(field)} naming where it is, got ${JSON.stringify(error.data['field'])}`, res);
}

function expectNo5xx(res: HttpResponse, what: string, sent: string): void {
  if (res.status >= 500) fail(`${what}: ${describeRequest(res)} answered ${res.status}`, res);
  const leak = findStackTrace(res.text, res.json, sent);
  if (leak !== undefined) fail(`${what}: the answer leaks a stack trace or source path (${JSON.stringify(leak)})`, res);
}

export default defineCheck({
  id: 'robustness.hostile-inputs',
  name:
    'Every input slot (values, operands, names, GraphQL variables, document content, path ids, query parameters, bodies) given NUL characters, integers beyond 64 bits, ' +
    'lone surrogates, long text or null answers below 500 without a stack trace; a NUL is 400 naming where it is, a path id beyond 32 bits 400 invalid-parameter',
  level: 'MUST',
  area: 'http',
  requirements: ['HTTP-004', 'HTTP-005', 'HTTP-006'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const created: string[] = [];
      const pointer = (slot: Slot): string => slot.at.replace('{title}', n.title.replace(/~/g, '~0').replace(/\//g, '~1'));
      const send = async (slot: Slot, value: Hostile): Promise<void> => {
        const res = await slot.send(ctx, n, value);
        const what = `${slot.id} ${JSON.stringify(value)?.slice(0, 40)}`;
        expectNo5xx(res, what, res.request.body ?? '');
        if (slot.id === 'Database name' && commandError(res.json) === undefined && res.status === 200) created.push(`${n.space}/${String(value)}`);
        // A lone surrogate reaches a server only inside JSON (a URL carries it as invalid UTF-8, read as U+FFFD).
        const lone = typeof value === 'string' && /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
        const hasNul = typeof value === 'string' && (value.includes('\u0000') || (lone && slot.at.startsWith('/')));
        if (hasNul && slot.at.startsWith('/')) expectNamed(res, what, 'request.error/invalid-body', pointer(slot), 'HTTP-005: no text may hold a NUL character or a lone surrogate');
        if (hasNul && slot.at.startsWith('?')) expectNamed(res, what, 'request.error/invalid-parameter', slot.at.slice(1), 'HTTP-005: no text may hold a NUL character or a lone surrogate');
        if (slot.numericId && typeof value === 'number' && Number.isInteger(value) && value > 2 ** 31 - 1) {
          expectNamed(res, what, 'request.error/invalid-parameter', slot.id === 'webhook id' ? 'webhookId' : 'syncId', 'HTTP-006: numeric ids are 32-bit');
        }
      };
      try {
        for (const body of NULL_BODIES) {
          const { method, path } = body(n);
          const res = await ctx.http.request({ method, path, body: 'null', headers: { 'Content-Type': 'application/json' } });
          expectNo5xx(res, `the body null on ${method} ${path}`, 'null');
        }
        const edges = SLOTS.flatMap((slot) => HOSTILE.map((value) => ({ slot: slot.id, value })));
        const byId = new Map(SLOTS.map((slot) => [slot.id, slot]));
        const withNul = fc.tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 })).map(([a, b]) => `${a}\u0000${b}`);
        const drawn = fc.record({ slot: fc.constantFrom(...byId.keys()), value: fc.oneof(fc.constantFrom(...HOSTILE), withNul, fc.bigInt({ min: 2n ** 63n, max: 2n ** 70n }).map(Number)) });
        await checkProperty(
          ctx,
          fc.array(drawn, { minLength: 1, maxLength: 3 }),
          async (cases) => {
            for (const c of cases) await send(byId.get(c.slot) as Slot, c.value);
          },
          { examples: [edges] },
        );
      } finally {
        await dropTypes(ctx, created);
      }
    });
  },
});
