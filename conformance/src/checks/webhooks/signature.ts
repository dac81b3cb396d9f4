import { createHmac, timingSafeEqual } from 'node:crypto';
import { fail } from '../../assert.js';
import { CheckUnsupported, defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { createItem, sendCorrelated, waitForCorrelation, withHooks } from './support.js';

/** Standard Webhooks verification: some `v1,<base64>` of the header is HMAC-SHA256(secret, "id.timestamp.body"). */
function verifies(secret: string, id: string, timestamp: string, body: string, header: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = Buffer.from(`v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`);
  return header.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const SECRET = /^whsec_[A-Za-z0-9+/]+={0,2}$/;

export default defineCheck({
  id: 'webhooks.signature',
  name:
    'A server that signs deliveries (a webhook-signature header) signs them as Standard Webhooks do: webhook-id, webhook-timestamp (Unix seconds, current) and ' +
    'webhook-signature "v1,<base64 HMAC-SHA256 of id.timestamp.body>" with the whsec_ secret returned when the webhook was added, on every delivery ' +
    '(a server without a webhook-signature header lacks signing)',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'webhooks',
  requirements: ['WH-030'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const id = await createItem(ctx, n);
      await withHooks(ctx, [n.items], async ([hook], receiver) => {
        if (!hook) return;
        // Two deliveries: the signature covers each one's own id, timestamp and body.
        const sent = [];
        for (const title of ['signed', 'signed again']) {
          sent.push(await sendCorrelated(ctx, { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': id, [n.title]: title } } }, `an update of the title to "${title}"`));
        }
        const received = [];
        for (const { correlationId } of sent) received.push(await waitForCorrelation(receiver, hook, correlationId, 'the signed delivery'));
        const signed = received.filter(({ request }) => request.headers['webhook-signature'] !== undefined);
        if (signed.length === 0) throw new CheckUnsupported(['signed deliveries: a webhook-signature header'], 'no delivery carried a webhook-signature header');
        if (!SECRET.test(hook.secret)) fail(`deliveries are signed, but the new webhook's "secret" is ${JSON.stringify(hook.secret)}, not whsec_ followed by base64`, hook.response);
        const messageIds = new Set<string>();
        for (const [i, { request }] of received.entries()) {
          const { res } = sent[i] ?? {};
          const messageId = request.headers['webhook-id'];
          const timestamp = request.headers['webhook-timestamp'];
          const signature = request.headers['webhook-signature'];
          if (!messageId || !timestamp || !signature) fail(`delivery ${i + 1} lacks a Standard Webhooks header: webhook-id ${JSON.stringify(messageId)}, webhook-timestamp ${JSON.stringify(timestamp)}, webhook-signature ${JSON.stringify(signature)}`, res);
          messageIds.add(messageId);
          if (!/^\d+$/.test(timestamp) || Math.abs(Number(timestamp) - request.receivedAt / 1000) > 300) fail(`webhook-timestamp ${JSON.stringify(timestamp)} is not the Unix time in seconds of the attempt (${Math.floor(request.receivedAt / 1000)})`, res);
          if (!verifies(hook.secret, messageId, timestamp, request.body, signature)) {
            fail(`webhook-signature ${JSON.stringify(signature)} of delivery ${i + 1} does not verify with the webhook's secret over "${messageId}.${timestamp}.<body>"`, res);
          }
          if (verifies(`whsec_${Buffer.from('another secret').toString('base64')}`, messageId, timestamp, request.body, signature)) fail('the signature verifies with an unrelated secret', res);
        }
        if (messageIds.size !== received.length) fail(`two deliveries carry the same webhook-id ${JSON.stringify([...messageIds])}; each delivery has its own`, sent[1]?.res);
      });
    });
  },
});
