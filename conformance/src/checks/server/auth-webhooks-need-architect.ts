/**
 * Managing webhooks needs the Architect access level (AUTH-002): with a token below Architect
 * (`--reader-token`, ctx.readerToken) GET, POST and DELETE /api/webhooks/v2 answer 403
 * `{name: 'auth.error/forbidden', message, data?}`, and nothing changes: the webhook the check
 * added with its own (Architect) token is still listed, and no webhook was added. The POST is an
 * otherwise valid request (a Database of the check's own, the suite's receiver as url) and the
 * DELETE names an existing webhook, so that only the access level can be the reason to refuse.
 * Skipped without a reader token.
 */
import { describeRequest, expectErrorName, expectPlainError, fail } from '../../assert.js';
import { CheckSkipped, defineCheck, type CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { Receiver } from '../../receiver.js';
import { withTestWorkspace } from '../../workspace.js';
import { WEBHOOKS, addHook, listHooks, removeHook } from '../webhooks/support.js';

function expectForbidden(res: HttpResponse, what: string): void {
  if (res.status === 401) {
    fail(`${what}: expected status 403 from ${describeRequest(res)}, got 401: the reader token is not accepted at all (check --reader-token: it must be a valid token below Architect)`, res);
  }
  if (res.status !== 403) fail(`${what}: expected status 403 (the Architect access level is required) from ${describeRequest(res)}, got ${res.status}`, res);
  const error = expectPlainError(res, what);
  expectErrorName(res, error.name, 'auth.error/forbidden', what);
  if (error.message.trim() === '') fail(`${what}: the 403 body has an empty "message"`, res);
}

async function asReader(ctx: CheckContext, reader: string, method: string, path: string, json?: unknown): Promise<HttpResponse> {
  return ctx.http.request({ method, path, ...(json === undefined ? {} : { json }), auth: { header: `Token ${reader}` } });
}

export default defineCheck({
  id: 'auth.webhooks-need-architect',
  name:
    'With a token below Architect, GET, POST and DELETE /api/webhooks/v2 answer 403 {name: auth.error/forbidden, message, data?} and change nothing ' +
    '(the webhook added by the Architect token stays, none is added)',
  level: 'MUST',
  area: 'auth',
  lane: 'webhooks',
  requirements: ['AUTH-002'],
  target: 'server',
  async run(ctx) {
    const reader = ctx.readerToken;
    if (reader === undefined || reader === '') throw new CheckSkipped('needs a token below Architect (--reader-token) to be refused');
    if (reader === ctx.token) fail('--reader-token is the same token as --token: the access-level check needs a second token below Architect');
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const receiver = await Receiver.start();
      try {
        const hook = await addHook(ctx, receiver, n.items);
        try {
          const listed = await asReader(ctx, reader, 'GET', WEBHOOKS);
          expectForbidden(listed, `listing webhooks with the reader token (GET ${WEBHOOKS})`);

          const url = receiver.url(`${hook.path}-reader`);
          const added = await asReader(ctx, reader, 'POST', WEBHOOKS, { url, type: n.items });
          expectForbidden(added, `adding a webhook for ${n.items} with the reader token (POST ${WEBHOOKS})`);

          const deleted = await asReader(ctx, reader, 'DELETE', `${WEBHOOKS}/${hook.id}`);
          expectForbidden(deleted, `deleting webhook ${hook.id} with the reader token (DELETE ${WEBHOOKS}/${hook.id})`);

          const after = await listHooks(ctx);
          if (!after.list.some((r) => r['id'] === hook.id)) fail(`after the reader's refused DELETE ${WEBHOOKS}/${hook.id}, the webhook is no longer listed: the refusal must change nothing`, after.res);
          const extra = after.list.filter((r) => r['url'] === url);
          if (extra.length > 0) fail(`after the reader's refused POST ${WEBHOOKS}, a webhook to ${url} is listed (id ${JSON.stringify(extra[0]?.['id'])}): the refusal must add nothing`, after.res);
        } finally {
          await removeHook(ctx, hook);
        }
      } finally {
        await receiver.close();
      }
    });
  },
});
