/**
 * Custom actions, the public API's form (APP-080, APP-081). An app that lists `actions` in its
 * information lists each as `{action, name, description?, args: [{id, name, description?, type:
 * text | textarea, textTemplateSupported?}]}` with distinct action ids and distinct arg ids, and
 * says `responsibleFor.automations: true`; an app without actions skips (they are optional).
 * With `--destructive` (an action may change the external system), each listed action (at most
 * MAX_ACTIONS) is run once through `POST /api/v1/automations/action/execute` with `{action:
 * {action, args}, account}`, every arg given as an empty text (an automation where nothing was
 * typed in): a done action answers 2xx with a JSON object, `{}` or `{message}` (`message` a
 * string); a failed one an error status with `{message}`. Without `--destructive` the listing is
 * checked and the calls are skipped, saying so.
 */
import { describeRequest, expectJson, fail } from '../../assert.js';
import { CheckSkipped, defineCheck } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { isRecord } from '../../shapes.js';
import { appPost } from './client.js';
import { contractProblems, type AppSchemas } from './contract.js';
import { expectErrorBody, expectErrorStatus } from './errors.js';
import { PATHS, startSession } from './session.js';

type AppAction = AppSchemas['AppAction'];
type ActionExecuteRequest = AppSchemas['ActionExecuteRequest'];

/** How many listed actions are run at most (each may take the app's time). */
const MAX_ACTIONS = 10;
/** How many listing problems a failure shows. */
const SHOWN = 12;

/** The problems of the `actions` listing and `responsibleFor.automations` (empty when it conforms). */
function listingProblems(info: Record<string, unknown>, actions: readonly unknown[]): string[] {
  const problems: string[] = [];
  const ids = new Map<string, number>();
  actions.forEach((entry, i) => {
    problems.push(...contractProblems('AppAction', entry, `/actions/${i}`));
    if (!isRecord(entry)) return;
    if (entry['action'] === undefined && typeof entry['id'] === 'string') {
      problems.push(`/actions/${i}: names its id "id" (${JSON.stringify(entry['id'])}); the public API names it "action"`);
    }
    const id = entry['action'];
    if (typeof id === 'string') {
      const earlier = ids.get(id);
      if (earlier !== undefined) problems.push(`/actions/${i}: the action id ${JSON.stringify(id)} is also the id of actions[${earlier}]`);
      else ids.set(id, i);
    }
    if (Array.isArray(entry['args'])) {
      const argIds = entry['args'].filter(isRecord).map((a) => a['id']);
      const twice = argIds.find((a, j) => argIds.indexOf(a) !== j);
      if (twice !== undefined) problems.push(`/actions/${i}/args: the arg id ${JSON.stringify(twice)} is listed twice`);
    }
  });
  const responsibleFor = info['responsibleFor'];
  if (!isRecord(responsibleFor) || responsibleFor['automations'] !== true) {
    problems.push(`/responsibleFor/automations: is ${JSON.stringify(isRecord(responsibleFor) ? responsibleFor['automations'] : undefined) ?? 'absent'}; an app that lists actions says true`);
  }
  return problems;
}

/** Grades the answer to one action call: done (2xx, a JSON object, `message` a string when present) or failed (an error status with {message}). */
function expectActionAnswer(res: HttpResponse, what: string): string {
  if (res.status >= 200 && res.status <= 299) {
    const body = expectJson(res, what);
    if (!isRecord(body)) fail(`APP-081 ${what}: ${describeRequest(res)} answered ${res.status} with ${JSON.stringify(body).slice(0, 200)}; a done action answers a JSON object, {} or {message}`, res);
    if (body['message'] !== undefined && typeof body['message'] !== 'string') {
      fail(`APP-081 ${what}: the answer's "message" is ${JSON.stringify(body['message']).slice(0, 200)}; it is the text shown to users, a string`, res);
    }
    return `done (${res.status}${typeof body['message'] === 'string' ? `: ${body['message'].slice(0, 80)}` : ''})`;
  }
  expectErrorStatus(res, `APP-081 ${what}: a failed action answers an error status with {message}`);
  return `failed (${res.status}: ${expectErrorBody(res, `APP-081 ${what}`).slice(0, 80)})`;
}

export default defineCheck({
  id: 'app.actions',
  name:
    'Custom actions: GET / lists them as {action, name, description?, args: [{id, name, type: text | textarea, textTemplateSupported?}]} with responsibleFor.automations true; ' +
    'POST /api/v1/automations/action/execute with {action: {action, args}, account} answers 2xx {} or {message}, or an error status with {message} (the calls only with --destructive)',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-080', 'APP-081'],
  target: 'app',
  async run(ctx) {
    const session = await startSession(ctx);
    const info = session.info as unknown as Record<string, unknown>;
    const listed = info['actions'];
    if (listed === undefined || (Array.isArray(listed) && listed.length === 0)) throw new CheckSkipped('the app lists no custom actions (actions are optional)');
    if (!Array.isArray(listed)) fail(`APP-080 the app information's "actions" is ${JSON.stringify(listed).slice(0, 200)}, not an array of actions`);
    const problems = listingProblems(info, listed);
    if (problems.length > 0) {
      fail(`APP-080 the custom actions of GET / do not match the public API's form (AppAction of spec/app.openapi.yaml):\n  ${problems.slice(0, SHOWN).join('\n  ')}${problems.length > SHOWN ? `\n  ... ${problems.length - SHOWN} more` : ''}`);
    }
    const actions = listed as AppAction[];
    if (ctx.app?.destructive !== true) {
      throw new CheckSkipped(`the listing of ${actions.length} action(s) conforms; not run: an action may change the external system; pass --destructive to run each once`);
    }
    for (const action of actions.slice(0, MAX_ACTIONS)) {
      const body: ActionExecuteRequest = { action: { action: action.action, args: Object.fromEntries(action.args.map((arg) => [arg.id, ''])) }, account: session.account };
      const what = `running the action ${JSON.stringify(action.action)} with every arg empty`;
      const res = await appPost(ctx, PATHS.actionExecute, body);
      ctx.log(`${what}: ${expectActionAnswer(res, what)}`);
    }
    if (actions.length > MAX_ACTIONS) ctx.log(`ran the first ${MAX_ACTIONS} of ${actions.length} actions`);
  },
});
