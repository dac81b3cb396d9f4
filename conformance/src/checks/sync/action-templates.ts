/**
 * The args of an automation call are filled per Entity (spec/integrations.md, "Custom actions";
 * svc-kit's choice, APP-082, since the public API does not show the template syntax): in an arg
 * whose `textTemplateSupported` is true each `{{<app field id>}}` placeholder (blanks around the id
 * allowed) becomes that field's value in the Entity's row, every other character stays as
 * written; an arg without `textTemplateSupported` is sent as given, placeholders included. An
 * `args` key that is no arg of the action, or a placeholder naming no field of the row, is refused
 * (400 `integration.error/action-args-invalid`, naming the arg, the placeholder and the near name)
 * before the app gets any request.
 */
import { expectNamesField, expectPlainError, expectStatus, expectErrorName, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { isRecord } from '../../shapes.js';
import { INTEGRATIONS } from './admin.js';
import { lastResponse, withIntegration, type Integration } from './integration.js';
import { bodyOf, requestsTo } from './mock.js';
import { oneTypeScenario } from './scenarios.js';

const ACTION_PATH = '/api/v1/automations/action/execute';
const ACTION = 'label';
const KEYS = ['t1', 't2'];

function scenario() {
  return oneTypeScenario(
    'Two rows and one custom action with template and plain args.',
    { size: { name: 'Size', type: 'number' }, color: { name: 'Color', type: 'text' } },
    [
      { id: 't1', name: 'Thing 1', size: 1, color: 'red' },
      { id: 't2', name: 'Thing 2', size: 20, color: '' },
    ],
    {
      actions: [
        {
          action: ACTION,
          name: 'Label',
          args: [
            { id: 'thing', name: 'Thing', type: 'text', textTemplateSupported: true },
            { id: 'label', name: 'Label', type: 'textarea', textTemplateSupported: true },
            { id: 'plain', name: 'Plain', type: 'text' },
          ],
          keyArg: 'thing',
          types: ['thing'],
        },
      ],
    },
  );
}

/** Args and what the app should get for each row: blanks around ids, a field used twice, an empty value, a lone `{{`, a plain arg with a placeholder. */
const ARGS = { thing: '{{id}}', label: '{{ name }}/{{size}}/{{  size  }}/[{{color}}] {{ and {name}', plain: 'as {{name}} is' };
const EXPECTED: Record<string, Record<string, string>> = {
  t1: { thing: 't1', label: 'Thing 1/1/1/[red] {{ and {name}', plain: 'as {{name}} is' },
  t2: { thing: 't2', label: 'Thing 2/20/20/[] {{ and {name}', plain: 'as {{name}} is' },
};

function post(ctx: CheckContext, it: Integration, entities: string[], args: Record<string, string>): Promise<HttpResponse> {
  return ctx.http.post(`${INTEGRATIONS}/sources/${encodeURIComponent(it.source.id)}/actions/${ACTION}`, { entities, args });
}

/** 400 integration.error/action-args-invalid naming `field` (and `near` in the message), and no request reached the app. */
function expectRefused(it: Integration, res: HttpResponse, field: string, near: string, what: string): void {
  expectStatus(res, 400, what);
  const error = expectPlainError(res, what);
  expectErrorName(res, error.name, 'integration.error/action-args-invalid', what);
  expectNamesField(res, error, field, what);
  if (!error.message.includes(near)) fail(`APP-082 ${what}: the message should name the arg or field it probably meant (${near}); it is ${JSON.stringify(error.message)}`, res);
  const sent = requestsTo(it.app, ACTION_PATH).length;
  if (sent > 0) fail(`APP-082 ${what}: the call is refused before anything runs, yet the app got ${sent} action request(s)`, res);
}

export default defineCheck({
  id: 'sync.action-templates',
  name: 'The args of a custom action are filled per Entity from its row ({{field id}} in args with textTemplateSupported, other text kept, other args as given); an unknown arg or placeholder is refused naming it before anything runs',
  level: 'SHOULD',
  area: 'app',
  requirements: ['APP-082'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, scenario(), {}, async (it) => {
      const byKey = await it.byKey('thing');
      const ids = KEYS.map((key) => {
        const id = byKey.get(key)?.['svc/id'];
        if (typeof id !== 'string') fail(`the first sync should have created the Entity of row ${key}; it is missing`, lastResponse(ctx));
        return id;
      });

      it.app.clearRequests();
      const what = `running action "${ACTION}" with args ${JSON.stringify(ARGS)} on rows ${KEYS.join(', ')}`;
      const res = await post(ctx, it, ids, ARGS);
      expectStatus(res, 200, what);
      const requests = requestsTo(it.app, ACTION_PATH);
      if (requests.length !== KEYS.length) fail(`${what}: the app should get one request per Entity (${KEYS.length}); it got ${requests.length}`, res);
      requests.forEach((request, i) => {
        const body = bodyOf(request, `${what}: action request ${i}`);
        const args = isRecord(body['action']) ? body['action']['args'] : undefined;
        const expected = EXPECTED[KEYS[i]!]!;
        const same = isRecord(args) && Object.keys(args).length === Object.keys(expected).length && Object.entries(expected).every(([k, v]) => args[k] === v);
        if (!same) {
          fail(`APP-082 ${what}: the request for ${KEYS[i]} should carry the args ${JSON.stringify(expected)} (templates filled from its row, the rest kept as written, the plain arg as given); it carried ${JSON.stringify(args).slice(0, 300)}`, res);
        }
      });

      it.app.clearRequests();
      const unknownArg = 'an args key that is no arg of the action ("lable")';
      expectRefused(it, await post(ctx, it, ids, { thing: '{{id}}', lable: 'x' }), 'lable', 'label', unknownArg);

      it.app.clearRequests();
      const unknownField = 'a placeholder naming no field of the row ({{colour}} in args/label)';
      expectRefused(it, await post(ctx, it, ids, { thing: '{{id}}', label: 'paint {{colour}}' }), 'label', 'color', unknownField);
    });
  },
});
