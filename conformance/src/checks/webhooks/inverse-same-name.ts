import { randomUUID } from 'node:crypto';
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { refIds } from '../../model/driver.js';
import { isRecord } from '../../shapes.js';
import { dropTypes, run, schemaBatch, uniqueSpaceName } from '../../workspace.js';
import { sendCorrelated, waitForCorrelation, withHooks } from './support.js';

export default defineCheck({
  id: 'webhooks.inverse-same-name',
  name:
    'A many-to-many relation whose two ends carry the same field name (Posts.Links / Topics.Links): svc.entity/update setting a Post\'s Links ' +
    "is reported to a webhook of Topics as svc.entity/add-collection-items on the Topic's Links end, naming the Post",
  level: 'MUST',
  area: 'webhooks',
  requirements: ['WH-023', 'WH-034'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const [posts, topics, name, links] = [`${space}/Posts`, `${space}/Topics`, `${space}/Name`, `${space}/Links`];
    const relation = randomUUID();
    const created = await schemaBatch(ctx, [
      { command: 'schema.type/create', args: { 'svc/name': posts, 'svc/meta': { 'svc/domain?': true }, 'svc/fields': [{ 'svc/name': name, 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } }] } },
      { command: 'schema.type/create', args: { 'svc/name': topics, 'svc/meta': { 'svc/domain?': true }, 'svc/fields': [{ 'svc/name': name, 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } }] } },
      { command: 'schema.field/create', args: { 'svc/holder-type': posts, 'svc/name': links, 'svc/type': topics, 'svc/meta': { 'svc/relation': relation, 'svc/collection?': true } } },
      { command: 'schema.field/create', args: { 'svc/holder-type': topics, 'svc/name': links, 'svc/type': posts, 'svc/meta': { 'svc/relation': relation, 'svc/collection?': true } } },
    ]);
    try {
      expectSuccess(created, `creating ${posts} and ${topics} with a many-to-many relation named ${links} at both ends`);
      const idOf = (value: unknown) => (isRecord(value) ? String(value['svc/id']) : '');
      const topic = idOf(await run(ctx, { command: 'svc.entity/create', args: { type: topics, entity: { [name]: 'a topic' } } }, 'creating a Topic'));
      const post = idOf(await run(ctx, { command: 'svc.entity/create', args: { type: posts, entity: { [name]: 'a post' } } }, 'creating a Post'));
      await withHooks(ctx, [topics], async ([hook], receiver) => {
        if (!hook) return;
        const { correlationId, res } = await sendCorrelated(
          ctx,
          { command: 'svc.entity/update', args: { type: posts, entity: { 'svc/id': post, [links]: [{ 'svc/id': topic }] } } },
          `setting the Post's ${links} to the Topic`,
        );
        const { delivery } = await waitForCorrelation(receiver, hook, correlationId, `the delivery to the webhook of ${topics} (the other end of ${links})`);
        const effect = delivery.effects.find((e) => e.effect === 'svc.entity/add-collection-items' && e.id === topic);
        if (!effect || effect.effect !== 'svc.entity/add-collection-items' || effect.field !== links || refIds(effect.items).join() !== post) {
          fail(
            `setting the Post's ${links} to the Topic should be reported to the webhook of ${topics} as svc.entity/add-collection-items of the Topic ${topic}, field ${links}, items [${post}]; ` +
              `its effects are ${JSON.stringify(delivery.effects).slice(0, 800)}`,
            res,
          );
        }
      });
    } finally {
      await dropTypes(ctx, [posts, topics]);
    }
  },
});
