import { createHmac, timingSafeEqual } from 'node:crypto';
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { createItem, listHooks, sendCorrelated, waitForCorrelation, withHooks } from './support.js';

/** Standard Webhooks verification: some `v1,<base64>` of the header is HMAC-SHA256(secret, "id.timestamp.body"). */
function verifies(secret: string, id: string, timestamp: string, body: string, header: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = Buffer.from(`v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`);
  return header.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export default defineCheck({
  id: 'webhooks.signature',
  name:
    'Deliveries are signed as Standard Webhooks do: webhook-id, webhook-timestamp (Unix seconds, current) and webhook-signature "v1,<base64 HMAC-SHA256 of id.timestamp.body>" ' +
    'with the whsec_ secret returned when the webhook was added (and only then: the list shows no secret)',
  level: 'SHOULD',
  area: 'webhooks',
  requirements: ['WH-030', 'WH-037'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const id = await createItem(ctx, n);
      await withHooks(ctx, [n.items], async ([hook], receiver) => {
        if (!hook) return;
        if (!/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(hook.secret)) fail(`the new webhook's "secret" is ${JSON.stringify(hook.secret)}, not whsec_ followed by base64`, hook.response);
        const { list, res: listed } = await listHooks(ctx);
        const shown = list.find((r) => r['id'] === hook.id);
        if (shown && 'secret' in shown) fail('GET /api/webhooks/v2 shows the signing secret; it is returned only when the webhook is added', listed);
        const { correlationId, res } = await sendCorrelated(ctx, { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': id, [n.title]: 'signed' } } }, 'an update');
        const { request } = await waitForCorrelation(receiver, hook, correlationId, 'the signed delivery');
        const messageId = request.headers['webhook-id'];
        const timestamp = request.headers['webhook-timestamp'];
        const signature = request.headers['webhook-signature'];
        if (!messageId || !timestamp || !signature) fail(`the delivery lacks a Standard Webhooks header: webhook-id ${JSON.stringify(messageId)}, webhook-timestamp ${JSON.stringify(timestamp)}, webhook-signature ${JSON.stringify(signature)}`, res);
        if (!/^\d+$/.test(timestamp) || Math.abs(Number(timestamp) - Date.now() / 1000) > 300) fail(`webhook-timestamp ${JSON.stringify(timestamp)} is not the current Unix time in seconds`, res);
        if (!verifies(hook.secret, messageId, timestamp, request.body, signature)) {
          fail(`webhook-signature ${JSON.stringify(signature)} does not verify with the webhook's secret over "${messageId}.${timestamp}.<body>"`, res);
        }
        if (verifies(`whsec_${Buffer.from('another secret').toString('base64')}`, messageId, timestamp, request.body, signature)) fail('the signature verifies with an unrelated secret', res);
      });
    });
  },
});
