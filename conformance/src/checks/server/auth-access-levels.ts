/**
 * Access levels (AUTH-015..019, spec "Access levels"): every request of access-actions.ts, sent
 * with a Reader, an Editor and the Architect token, is allowed or refused exactly by level. An
 * allowed one succeeds; a refused one answers `auth.error/forbidden` naming the level it needs and
 * the level held (a `{success: false}` result in the command API, 403 elsewhere; in an array, only
 * the refused command's result), and leaves no trace: the test Entities, the test Databases'
 * fields and the document it wrote to read back with the Architect token as before. A batch
 * holding one command above the token's level is refused as a whole (its query and create do not
 * run either).
 *
 * Every (level, request) pair runs in every run (the edge set), then random sequences of them. The
 * Architect's own requests run first: a request the target answers as unsupported (an unknown
 * command, a route it does not serve) leaves the mix and is reported at the `unsupported` level.
 * Skipped without `--reader-token` and `--editor-token`.
 */
import fc from 'fast-check';
import { describeRequest, fail } from '../../assert.js';
import { CheckSkipped, defineCheck, type CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { dump } from '../../model/fixture.js';
import { checkProperty } from '../../property.js';
import { readSchema } from '../../schema-view.js';
import { commandError, isRecord } from '../../shapes.js';
import { isUnknownCommand, isUnservedRoute, SupportLedger } from '../../support.js';
import { withTestWorkspace, type TestWorkspace } from '../../workspace.js';
import { ACCESS_ACTIONS, createdId, LEVELS, rank, type AccessAction, type Level, type Target, type Trace } from './access-actions.js';
import { newSecret } from '../documents/client.js';

interface Step {
  level: Level;
  action: AccessAction;
}

/** A step as the property draws and prints it: the level and the request's id. */
interface Drawn {
  level: Level;
  action: string;
}

function tokensOf(ctx: CheckContext): Map<Level, string> {
  const tokens = new Map<Level, string>([['architect', ctx.token]]);
  for (const [level, token, option] of [
    ['reader', ctx.readerToken, '--reader-token'],
    ['editor', ctx.editorToken, '--editor-token'],
  ] as const) {
    if (token === undefined || token === '') continue;
    if (token === ctx.token) fail(`${option} is the same token as --token: the access-level check needs a token of that level`);
    tokens.set(level, token);
  }
  return tokens;
}

/** The answer of a request the token may make: a success. */
function expectAllowed(res: HttpResponse, step: Step): void {
  const what = `${step.action.what} with the ${step.level} token (needs ${step.action.needs})`;
  if (res.status === 401 || res.status === 403) fail(`${what}: expected it to be allowed, got ${res.status} from ${describeRequest(res)}`, res);
  if (step.action.channel === 'http') {
    if (res.status < 200 || res.status > 299) fail(`${what}: expected a 2xx answer, got ${res.status} from ${describeRequest(res)}`, res);
    return;
  }
  if (res.status !== 200) fail(`${what}: expected status 200, got ${res.status}`, res);
  const results = step.action.channel === 'array' ? res.json : [res.json];
  if (!Array.isArray(results)) fail(`${what}: expected an array of results, got ${res.text.slice(0, 200)}`, res);
  results.forEach((result: unknown, index) => {
    if (!isRecord(result) || result['success'] !== true) fail(`${what}: expected {success: true}${step.action.channel === 'array' ? ` for command ${index}` : ''}, got ${JSON.stringify(result)?.slice(0, 300)}`, res);
  });
}

/** The refusal `auth.error/forbidden` with `data.required` (the level needed) and `data.held`. */
function expectForbidden(error: { name: string; data: Record<string, unknown> } | undefined, res: HttpResponse, step: Step, what: string): void {
  if (error === undefined) fail(`${what}: expected an error named auth.error/forbidden, got ${res.text.slice(0, 300)}`, res);
  if (error.name !== 'auth.error/forbidden') fail(`${what}: expected the error auth.error/forbidden, got ${JSON.stringify(error.name)}`, res);
  if (error.data['required'] !== step.action.needs) fail(`${what}: expected data.required ${JSON.stringify(step.action.needs)} (the level it needs), got ${JSON.stringify(error.data['required'])}`, res);
  if (error.data['held'] !== step.level) fail(`${what}: expected data.held ${JSON.stringify(step.level)} (the token's level), got ${JSON.stringify(error.data['held'])}`, res);
}

function expectRefused(res: HttpResponse, step: Step): void {
  const what = `${step.action.what} with the ${step.level} token (needs ${step.action.needs})`;
  if (res.status === 401) fail(`${what}: got 401: the ${step.level} token is not accepted at all (check the token options: each must be a valid token of its level)`, res);
  if (step.action.channel === 'http') {
    if (res.status !== 403) fail(`${what}: expected status 403, got ${res.status} from ${describeRequest(res)}`, res);
    const body = res.json;
    const error = isRecord(body) && typeof body['name'] === 'string' ? { name: body['name'], data: isRecord(body['data']) ? body['data'] : {} } : undefined;
    expectForbidden(error, res, step, what);
    return;
  }
  if (res.status !== 200) fail(`${what}: expected status 200 with {success: false} (the command API answers a refused command as a result), got ${res.status}`, res);
  if (step.action.channel === 'command') {
    expectForbidden(commandError(res.json), res, step, what);
    return;
  }
  const results = res.json;
  const refused = step.action.refusedIndex ?? 0;
  if (!Array.isArray(results)) fail(`${what}: expected an array of results, got ${res.text.slice(0, 200)}`, res);
  results.forEach((result: unknown, index) => {
    if (index === refused) expectForbidden(commandError(result), res, step, `${what}, command ${index}`);
    else if (!isRecord(result) || result['success'] !== true) fail(`${what}: command ${index} is one the token may run (each command of an array is judged on its own); expected {success: true}, got ${JSON.stringify(result)?.slice(0, 300)}`, res);
  });
}

/** What the Architect reads back of what a request may write. */
async function snapshot(ctx: CheckContext, workspace: TestWorkspace, target: Target, traces: readonly Trace[]): Promise<Map<Trace, string>> {
  const out = new Map<Trace, string>();
  for (const trace of traces) {
    if (trace === 'entities') out.set(trace, (await dump(ctx, workspace)).text);
    if (trace === 'schema') out.set(trace, JSON.stringify((await readSchema(ctx)).type(workspace.names.items)?.['svc/fields'].map((f) => f['svc/name']).sort() ?? []));
    if (trace === 'document') {
      const res = await ctx.http.get(`/api/documents/${target.newDocument}`);
      out.set(trace, `${res.status} ${res.text}`);
    }
  }
  return out;
}

const TRACE_WORDS: Readonly<Record<Trace, string>> = {
  entities: 'the test Entities (a full dump)',
  schema: 'the fields of the test Database',
  document: 'the document it wrote to',
};

export default defineCheck({
  id: 'auth.access-levels',
  name:
    'Each request is allowed or refused exactly by the access level of the token (reader < editor < architect): a refused one answers auth.error/forbidden ' +
    'with data.required and data.held and writes nothing; a batch above the token is refused whole; in an array each command is judged alone',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'auth',
  requirements: ['AUTH-015', 'AUTH-016', 'AUTH-017', 'AUTH-018', 'AUTH-019'],
  target: 'server',
  async run(ctx) {
    const tokens = tokensOf(ctx);
    if (tokens.size === 1) throw new CheckSkipped('needs a token below Architect (--reader-token and/or --editor-token)');
    await withTestWorkspace(ctx, async (workspace) => {
      const n = workspace.names;
      const document = newSecret();
      const written = await ctx.http.request({ method: 'PUT', path: `/api/documents/${document}`, json: { content: 'read by every level' } });
      if (written.status !== 200) fail(`writing a document with the Architect token (${describeRequest(written)}) answered ${written.status}`, written);
      let fieldNumber = 0;
      const targetFor = async (action: AccessAction): Promise<Target> => {
        fieldNumber += 1;
        const target: Target = { item: '', document, newDocument: newSecret(), fieldName: `${n.space}/Added ${fieldNumber}` };
        if (action.needsItem) {
          const res = await ctx.http.command({ command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: `for ${action.id}` } } });
          target.item = createdId(res) ?? fail(`creating an Item for ${action.what} with the Architect token answered ${res.text.slice(0, 200)}`, res);
        }
        return target;
      };

      // The Architect's requests first: what the target does not offer leaves the mix.
      const ledger = new SupportLedger();
      const offered: AccessAction[] = [];
      for (const action of ACCESS_ACTIONS) {
        const res = await action.send(ctx, ctx.token, n, await targetFor(action));
        if (isUnservedRoute(res) || isUnknownCommand(res)) {
          ledger.lacks(action.id, `${describeRequest(res)} answered ${res.status} ${res.text.slice(0, 120)}`, res);
          continue;
        }
        expectAllowed(res, { level: 'architect', action });
        offered.push(action);
      }

      const levels = LEVELS.filter((level) => level !== 'architect' && tokens.has(level));
      const steps = levels.flatMap((level) => offered.map((action): Drawn => ({ level, action: action.id })));
      const byId = new Map(offered.map((action) => [action.id, action]));
      const step = fc.record({ level: fc.constantFrom(...LEVELS.filter((l) => tokens.has(l))), action: fc.constantFrom(...byId.keys()) });
      await checkProperty(
        ctx,
        fc.array(step, { minLength: 1, maxLength: 4 }),
        async (sequence) => {
          for (const drawn of sequence) {
            const s: Step = { level: drawn.level, action: byId.get(drawn.action) as AccessAction };
            const target = await targetFor(s.action);
            const allowed = rank(s.level) >= rank(s.action.needs);
            const before = allowed ? undefined : await snapshot(ctx, workspace, target, s.action.traces);
            const res = await s.action.send(ctx, tokens.get(s.level) as string, n, target);
            if (allowed) {
              expectAllowed(res, s);
              continue;
            }
            expectRefused(res, s);
            const after = await snapshot(ctx, workspace, target, s.action.traces);
            for (const [trace, text] of before ?? []) {
              if (after.get(trace) !== text) fail(`${s.action.what} with the ${s.level} token was refused, yet ${TRACE_WORDS[trace]} changed: a refused request must write nothing`, res);
            }
          }
        },
        // Every (level, request) pair runs in the example; a few random sequences add the orders.
        { examples: [steps], numRuns: Math.min(ctx.fastCheck.numRuns, 10) },
      );
      ledger.finish();
    });
  },
});

