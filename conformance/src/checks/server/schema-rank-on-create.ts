/**
 * The rank mixin ranks new Entities (public API: every Entity of a ranked type has `svc/rank`):
 * one created without a rank, or with null, goes after every Entity of the type, also several in
 * one batch in their order; a rank given is kept, and the next one goes after it.
 */
import { expectSuccess, fail } from '../../assert.js';
import { CheckUnsupported, defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { isUnknownCommand } from '../../support.js';
import { dropTypes, run, runBatch, schemaBatch, uniqueSpaceName, type Command } from '../../workspace.js';

const RANK = 'svc/rank';

export default defineCheck({
  id: 'schema.rank-on-create',
  name:
    'On a type with svc/rank-mixin, an Entity created without svc/rank (or with null) gets a rank above every rank of the type (one at a time and several in one batch, in order); ' +
    'a rank given is kept, and the next Entity without one goes above it (also after it in one batch); a value of an enum type created without a rank goes above the others',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'schema',
  requirements: ['SCHEMA-037'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const type = `${space}/Ranked`;
    const title = `${space}/Title`;
    const kinds = `${space}/Kind_${space}/Ranked`;
    const plain = `${space}/Plain`;
    try {
      expectSuccess(
        await schemaBatch(ctx, [
          { command: 'schema.type/create', args: { 'svc/name': type, 'svc/fields': [{ 'svc/name': title, 'svc/type': 'svc/text' }] } },
          { command: 'svc.app/install-mixins', args: { types: { [type]: ['svc/rank-mixin'] } } },
          { command: 'schema.type/create', args: { 'svc/name': plain, 'svc/fields': [{ 'svc/name': title, 'svc/type': 'svc/text' }] } },
        ]),
        `creating ${type} with the rank mixin`,
      );
      const create = (t: string, rank?: number | null): Command => ({ command: 'svc.entity/create', args: { type, entity: { [title]: t, ...(rank === undefined ? {} : { [RANK]: rank }) } } });
      await run(ctx, create('a'), 'creating a');
      await run(ctx, create('b', null), 'creating b with svc/rank null');
      await runBatch(ctx, [create('c'), create('d')], 'creating c and d in one batch');
      const given = 1_000_000;
      await run(ctx, create('e', given), `creating e with svc/rank ${given}`);
      await run(ctx, create('f'), 'creating f');
      // In one command, an Entity without a rank goes above one given a rank before it
      // (svc.entity.batch/create; a target without it creates them in a svc.command/batch).
      const pair = [{ [title]: 'g', [RANK]: given * 2 }, { [title]: 'h' }];
      const batch = await ctx.http.command({ command: 'svc.entity.batch/create', args: { type, entities: pair } });
      if (isUnknownCommand(batch, 'svc.entity.batch/create')) await runBatch(ctx, [create('g', given * 2), create('h')], `creating g with svc/rank ${given * 2} and h without, in one batch`);
      else expectSuccess(batch, `svc.entity.batch/create of g with svc/rank ${given * 2} and h without`);
      const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': type, 'q/select': [title, RANK], 'q/limit': 10 } } }, `reading the ranks of ${type}`);
      const rank = new Map((Array.isArray(rows) ? rows.filter(isRecord) : []).map((r) => [String(r[title]), r[RANK]]));
      const order = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
      const shown = JSON.stringify(Object.fromEntries(rank));
      if (order.some((t) => typeof rank.get(t) !== 'number')) {
        if (order.every((t) => t === 'e' || t === 'g' || rank.get(t) === null)) throw new CheckUnsupported(['ranks of new Entities'], `the Entities created without svc/rank have none: ${shown}`);
        fail(`every Entity of a type with the rank mixin has a numeric svc/rank; got ${shown}`, ctx.http.lastExchange?.response);
      }
      if (rank.get('e') !== given) fail(`e was created with svc/rank ${given} and reads ${JSON.stringify(rank.get('e'))}`, ctx.http.lastExchange?.response);
      for (let i = 1; i < order.length; i++) {
        const [before, now] = [rank.get(order[i - 1] as string) as number, rank.get(order[i] as string) as number];
        if (!(now > before)) fail(`${order[i]} was created after ${order[i - 1]} without a rank (or after it in one batch) and ranks ${now}, not above ${before}: ${shown}`, ctx.http.lastExchange?.response);
      }

      // A type without a rank gets none.
      const unranked = await run(ctx, { command: 'svc.entity/create', args: { type: plain, entity: { [title]: 'p' } } }, `creating an Entity of ${plain}, which has no rank`);
      if (isRecord(unranked) && RANK in unranked) fail(`an Entity of ${plain}, a type without the rank mixin, was answered with ${RANK} ${JSON.stringify(unranked[RANK])}`, ctx.http.lastExchange?.response);

      // An enum type's values are ranked too: a value created without a rank goes after the others.
      expectSuccess(
        await schemaBatch(ctx, [{ command: 'schema.enum/create', args: { 'svc/name': kinds, 'svc/values': [{ 'enum/name': 'One' }, { 'enum/name': 'Two' }] } }]),
        `creating the enum type ${kinds} with two values`,
      );
      await run(ctx, { command: 'svc.entity/create', args: { type: kinds, entity: { 'enum/name': 'Three' } } }, `creating the value Three of ${kinds} without a rank`);
      const values = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': kinds, 'q/select': ['enum/name', RANK], 'q/limit': 10 } } }, `reading the ranks of ${kinds}`);
      const valueRank = new Map((Array.isArray(values) ? values.filter(isRecord) : []).map((r) => [String(r['enum/name']), r[RANK]]));
      const three = valueRank.get('Three');
      if (typeof three !== 'number' || !['One', 'Two'].every((v) => typeof valueRank.get(v) === 'number' && (valueRank.get(v) as number) < three)) {
        fail(`the enum value Three, created without a rank after One and Two, has the rank ${JSON.stringify(three)}; expected one above theirs: ${JSON.stringify(Object.fromEntries(valueRank))}`, ctx.http.lastExchange?.response);
      }
    } finally {
      await dropTypes(ctx, [kinds, type, plain]);
    }
  },
});
