import { randomUUID } from 'node:crypto';
import { fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import type { TestNames } from '../../model/schema.js';
import { canonicalJson } from '../../model/values.js';
import { isRecord, type JsonRecord } from '../../shapes.js';
import { run, runBatch, withTestWorkspace } from '../../workspace.js';

type Action = 'skip-create' | 'update-latest';

export default defineCheck({
  id: 'command.entity-batch-upsert',
  name:
    'svc.entity.batch/create-or-update {type, entities, conflict-field, conflict-action} answers per Entity, in order: create for a value nobody holds (null matches nothing), ' +
    'skip-create (nothing written) or update-latest (the most recently created duplicate updated) for a value an Entity holds, and prefer-duplicate-found-in-the-batch for ' +
    'the Entities of the batch whose value another one of it stands for (skip-create: the first, update-latest: the last)',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-015'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const upsert = async (entities: JsonRecord[], action: Action): Promise<JsonRecord[]> => {
        const what = `svc.entity.batch/create-or-update (${action}) of ${JSON.stringify(entities)}`;
        const result = await run(ctx, { command: 'svc.entity.batch/create-or-update', args: { type: n.items, entities, 'conflict-field': n.title, 'conflict-action': action } }, what);
        if (!Array.isArray(result) || result.length !== entities.length || !result.every(isRecord)) fail(`${what} answered ${JSON.stringify(result).slice(0, 400)}, expected one outcome object per Entity`, ctx.http.lastExchange?.response);
        return result as JsonRecord[];
      };
      const items = async (): Promise<Array<[string, unknown, unknown]>> => {
        const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': ['svc/id', n.title, n.count], 'q/limit': 100 } } }, 'querying the Items');
        return (Array.isArray(rows) ? rows : []).map((r: unknown) => (isRecord(r) ? [String(r['svc/id']), r[n.title], r[n.count]] : ['', null, null]));
      };
      const byTitle = async (title: string) => (await items()).filter(([, t]) => t === title).map(([id, , count]) => [id, count]);
      const expectActions = (result: JsonRecord[], actions: string[], what: string) => {
        const got = result.map((r) => r['action']);
        if (got.join() !== actions.join()) fail(`${what}: the actions are ${JSON.stringify(got)}, expected ${JSON.stringify(actions)}; answer ${JSON.stringify(result).slice(0, 600)}`, ctx.http.lastExchange?.response);
      };
      // Two Items titled x, created one after the other: the second is the most recently created.
      const [older] = await createOne(ctx, n, { [n.title]: 'x', [n.count]: 1 });
      const [latest] = await createOne(ctx, n, { [n.title]: 'x', [n.count]: 2 });

      const given = randomUUID();
      const skip = await upsert([{ [n.title]: 'x', [n.count]: 9 }, { 'svc/id': given, [n.title]: 'y' }, { [n.title]: null, [n.count]: 3 }, { [n.title]: 'y', [n.count]: 4 }], 'skip-create');
      const res = ctx.http.lastExchange?.response;
      expectActions(skip, ['skip-create', 'create', 'create', 'prefer-duplicate-found-in-the-batch'], 'skip-create');
      const duplicate = skip[0]?.['duplicate'];
      if (!isRecord(duplicate) || duplicate['svc/id'] !== latest) fail(`skip-create: the duplicate of x should be the most recently created Item ${latest}, got ${JSON.stringify(duplicate)}`, res);
      if (canonicalJson(skip[0]?.['entity']) !== canonicalJson({ [n.title]: 'x', [n.count]: 9 })) fail(`skip-create: "entity" should be the Entity as given, got ${JSON.stringify(skip[0]?.['entity'])}`, res);
      const created = skip[1]?.['created'];
      if (!isRecord(created) || created['svc/id'] !== given || created[n.title] !== 'y') fail(`create: "created" should be the new Item ${given} titled y, got ${JSON.stringify(created)}`, res);
      if (!isRecord(skip[3]?.['duplicate']) || (skip[3]?.['duplicate'] as JsonRecord)[n.title] !== 'y') fail(`prefer-duplicate-found-in-the-batch: "duplicate" should be the first Entity titled y of the batch, got ${JSON.stringify(skip[3])}`, res);
      if (canonicalJson(await byTitle('x')) !== canonicalJson([[older, 1], [latest, 2]])) fail(`skip-create changed the Items titled x: ${JSON.stringify(await byTitle('x'))}`, res);
      if ((await byTitle('y')).length !== 1 || (await items()).filter(([, t]) => t === null).length !== 1) fail(`skip-create should create one Item titled y and one without a title: ${JSON.stringify(await items())}`, res);

      const update = await upsert([{ [n.title]: 'x', [n.count]: 8 }, { [n.title]: 'z', [n.count]: 5 }, { [n.title]: 'x', [n.count]: 7 }], 'update-latest');
      const updateRes = ctx.http.lastExchange?.response;
      expectActions(update, ['prefer-duplicate-found-in-the-batch', 'create', 'update-latest'], 'update-latest');
      const updated = update[2]?.['updated'];
      if (!isRecord(updated) || updated['svc/id'] !== latest || updated[n.count] !== 7) fail(`update-latest: "updated" should be ${latest} with ${n.count} 7 (the last x of the batch), got ${JSON.stringify(updated)}`, updateRes);
      if (!isRecord(update[2]?.['duplicate']) || (update[2]?.['duplicate'] as JsonRecord)['svc/id'] !== latest) fail(`update-latest: the duplicate should be ${latest}, got ${JSON.stringify(update[2]?.['duplicate'])}`, updateRes);
      const xs = await byTitle('x');
      if (canonicalJson(xs) !== canonicalJson([[older, 1], [latest, 7]])) fail(`update-latest should update only the most recently created x (${latest}) to ${n.count} 7: ${JSON.stringify(xs)}`, updateRes);
      if (canonicalJson(await byTitle('z')) !== canonicalJson([[String(isRecord(update[1]?.['created']) ? (update[1]?.['created'] as JsonRecord)['svc/id'] : ''), 5]])) fail(`update-latest should create z: ${JSON.stringify(await items())}`, updateRes);
    });
  },
});

/** Creates one Item with svc.entity/create (the contract's command, so the check needs no batch command to set up). */
async function createOne(ctx: CheckContext, n: TestNames, entity: JsonRecord): Promise<[string]> {
  const [created] = await runBatch(ctx, [{ command: 'svc.entity/create', args: { type: n.items, entity } }], 'creating an Item');
  return [isRecord(created) ? String(created['svc/id']) : ''];
}
