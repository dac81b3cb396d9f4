import { isDeepStrictEqual } from 'node:util';
import { expectJson, expectStatus, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { isRecord } from '../../shapes.js';
import { unsupported } from '../../support.js';
import { getSource, patchSource, patchSourceRaw } from './admin.js';
import { expectKeys } from './expect-entities.js';
import { lastResponse, withIntegration, type Integration } from './integration.js';
import { applyRun, type ModelState } from './page-model.js';
import { oneTypeScenario } from './scenarios.js';
import { startScriptFront, type ScriptFront, type ScriptedPage } from './script-front.js';

const SCENARIO = oneTypeScenario('One type whose data pages come from the script front.', { size: { name: 'Size', type: 'number' } }, []);
const row = (id: string, size: number) => ({ id, name: `Thing ${id}`, size });

/** The named answer of a server without the option (spec/CONVENTIONS.md, "Features beyond the contract"). */
export const OPTION_UNSUPPORTED = 'integration.error/option-unsupported';

function refusesOption(res: HttpResponse, option: string): boolean {
  const body = res.json;
  return res.status === 400 && isRecord(body) && body['name'] === OPTION_UNSUPPORTED && (!isRecord(body['data']) || body['data']['field'] === undefined || body['data']['field'] === option);
}

/** Turns the option on; a server that lacks it answers the named error (the check is then "unsupported"). */
async function keepOn(ctx: CheckContext, it: Integration): Promise<void> {
  const res = await patchSourceRaw(ctx, it.source.id, { keepUnsynced: true });
  if (refusesOption(res, 'keepUnsynced')) unsupported('the keep-unsynced option (keepUnsynced: true)', res);
  const what = 'SYNC-009 turning the keep-unsynced option on (PATCH {keepUnsynced: true})';
  expectStatus(res, 200, what);
  const body = expectJson(res, what);
  if (!isRecord(body) || body['keepUnsynced'] !== true) fail(`${what}: the source answered shows keepUnsynced ${JSON.stringify(isRecord(body) ? body['keepUnsynced'] : body)}, expected true`, res);
  const read = await getSource(ctx, it.source.id);
  if (read.keepUnsynced !== true) fail(`${what}: the source read back shows keepUnsynced ${JSON.stringify(read.keepUnsynced)}, expected true`, lastResponse(ctx));
}

export default defineCheck({
  id: 'sync.keep-unsynced',
  name:
    'With the keep-unsynced option on (PATCH keepUnsynced true, or given when the source is added) a full sync keeps the Entities it did not deliver (also over several pages) while a delta REMOVE still removes its ' +
    'Entity; turned off again, the next full sync removes what it did not deliver (if supported: a server without the option refuses it with integration.error/option-unsupported)',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'sync',
  requirements: ['SYNC-009', 'SYNC-008', 'SYNC-001'],
  target: 'server',
  async run(ctx) {
    let front: ScriptFront | undefined;
    await withIntegration(ctx, SCENARIO, { sync: false, front: async (url) => (front = await startScriptFront(url)) }, async (it) => {
      const script = front as ScriptFront;
      let model: ModelState = new Map();
      const schema = await it.schema();
      const step = async (what: string, pages: ScriptedPage[], keep: boolean) => {
        script.script('thing', pages);
        const run = await it.sync(what);
        const expected = applyRun(model, pages, keep);
        const after = await it.byKey('thing', 'Id', schema);
        expectKeys(after, [...expected.state.keys()], `${keep ? 'SYNC-009' : 'SYNC-008'} after ${what}`, lastResponse(ctx));
        for (const [key, values] of expected.state) {
          const size = after.get(key)?.[it.field('Size')];
          if (size !== values['size']) fail(`SYNC-011 after ${what}: the Entity of row ${key} holds size ${JSON.stringify(size)}, expected ${JSON.stringify(values['size'])}`, lastResponse(ctx));
        }
        if (!isDeepStrictEqual(run.stats.removed, expected.stats.removed)) fail(`after ${what}: the run reports ${run.stats.removed} removed Entities, expected ${expected.stats.removed}`, lastResponse(ctx));
        model = expected.state;
      };
      if (it.source.keepUnsynced !== false) fail(`SYNC-008: a source added without keepUnsynced shows keepUnsynced ${JSON.stringify(it.source.keepUnsynced)}; the option is off by default`, lastResponse(ctx));
      await step('the first full sync (the option off)', [{ items: [row('k1', 1), row('k2', 2), row('k3', 3), row('k4', 4)], synchronizationType: 'full' }], false);
      await keepOn(ctx, it);
      // The option given when a source is added (another Space of the same account, never synchronized).
      const added = await it.addSource({ keepUnsynced: true });
      const addedRead = await getSource(ctx, added.id);
      if (added.keepUnsynced !== true || addedRead.keepUnsynced !== true) {
        fail(`SYNC-009: a source added with keepUnsynced true shows keepUnsynced ${JSON.stringify(added.keepUnsynced)} (read back: ${JSON.stringify(addedRead.keepUnsynced)}), expected true`, lastResponse(ctx));
      }
      await step(
        'a full sync of two pages with keepUnsynced on that delivers k1 (first row of the first page) and k2 (last of the last): k3 and k4 are kept',
        [
          { items: [row('k1', 10)], synchronizationType: 'full' },
          { items: [row('k2', 20)], synchronizationType: 'full' },
        ],
        true,
      );
      await step('a delta sync with keepUnsynced on that removes k3 (REMOVE rows apply whatever the option)', [{ items: [{ id: 'k3', __syncAction: 'REMOVE' }], synchronizationType: 'delta' }], true);
      const off = await patchSource(ctx, it.source.id, { keepUnsynced: false });
      if (off.keepUnsynced !== false) fail(`SYNC-008: after PATCH {keepUnsynced: false} the source shows keepUnsynced ${JSON.stringify(off.keepUnsynced)}`, lastResponse(ctx));
      await step('a full sync with keepUnsynced off again, delivering k1 and k2: k4 is removed', [{ items: [row('k1', 11), row('k2', 21)] }], false);
    });
  },
});
