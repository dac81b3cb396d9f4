import { isDeepStrictEqual } from 'node:util';
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import type { JsonRecord } from '../../shapes.js';
import { deletedMark, expectKeys, expectUnchanged } from './expect-entities.js';
import { lastResponse, withIntegration } from './integration.js';
import { applyRun, type ModelState } from './page-model.js';
import { EDGE_RUNS } from './page-edges.js';
import { oneTypeScenario } from './scenarios.js';
import { startScriptFront, type ScriptFront, type ScriptedPage } from './script-front.js';

const SCENARIO = oneTypeScenario('One type whose data pages come from the script front.', { size: { name: 'Size', type: 'number' } }, []);

/** The pages of a run, short: `delta[REMOVE k1, SET k2, ...] full[]`. */
function layout(pages: readonly ScriptedPage[]): string {
  return pages
    .map((p) => `${p.synchronizationType ?? '(no synchronizationType)'}[${p.items.map((r) => `${typeof r['__syncAction'] === 'string' ? r['__syncAction'] : '(none)'} ${String(r['id'])}`).join(', ')}]`)
    .join(' ');
}

export default defineCheck({
  id: 'sync.delta-pages',
  name:
    'Every kind of delta row at the edges of its page is applied: a REMOVE of a known key (removed) or of an unknown one (harmless), a SET (or a row without __syncAction) of an existing key ' +
    '(updated in place, absent fields cleared) or of a new one (created), as the first or the last row of a page, on one-row pages, after empty pages, the same key on several pages and twice ' +
    'in one page (the last row stands), a key removed then delivered again, number keys and keys with blanks, the action kept in the hidden field __syncAction; every page is asked with the previous nextPageConfig, and a page without pagination is the last; a run whose pages are not all full removes nothing ' +
    'undelivered, a full run removes what none of its pages delivered (nothing delivered: everything); the run counts pages, rows, created, updated (an Entity the rows change) and removed Entities',
  level: 'MUST',
  area: 'sync',
  requirements: ['SYNC-001', 'SYNC-002', 'SYNC-003', 'SYNC-008', 'SYNC-010', 'SYNC-011'],
  target: 'server',
  async run(ctx) {
    let front: ScriptFront | undefined;
    const startFront = async (appUrl: string) => (front = await startScriptFront(appUrl));
    await withIntegration(ctx, SCENARIO, { sync: false, front: startFront }, async (it) => {
      const script = front as ScriptFront;
      let model: ModelState = new Map();
      let before = new Map<string, JsonRecord>();
      // The Database and its fields exist from the source on: one read of the schema serves every run.
      const schema = await it.schema();
      for (const [index, edge] of EDGE_RUNS.entries()) {
        const what = `run ${index + 1} (${edge.what}; pages ${layout(edge.pages)})`;
        script.script('thing', edge.pages);
        const asked = script.requests.length;
        const run = await it.sync(what);
        const pages = script.requests.slice(asked).map((r) => r.page);
        const all = edge.pages.map((_, i) => i);
        if (!isDeepStrictEqual(pages, all)) fail(`SYNC-010 ${what}: the server asked the pages ${JSON.stringify(pages)}, expected ${JSON.stringify(all)}, each with the nextPageConfig of the page before`, lastResponse(ctx));

        const expected = applyRun(model, edge.pages);
        const after = await it.byKey('thing', 'Id', schema);
        const read = lastResponse(ctx);
        expectKeys(after, [...expected.state.keys()], `SYNC-001/SYNC-008/SYNC-011 after ${what}`, read);
        for (const [key, row] of expected.state) {
          const entity = after.get(key) as JsonRecord;
          const want = {
            Id: key,
            Name: typeof row['name'] === 'string' && row['name'] !== '' ? row['name'] : null,
            Size: typeof row['size'] === 'number' ? row['size'] : null,
            __syncAction: row['__syncAction'] ?? null,
          };
          const got = Object.fromEntries(Object.keys(want).map((name) => [name, entity[it.field(name)] ?? null]));
          if (!isDeepStrictEqual(got, want)) fail(`SYNC-003/SYNC-011 after ${what}: the Entity of row ${key} holds ${JSON.stringify(got)}, expected ${JSON.stringify(want)} (the last row of ${key} the run delivered; the hidden __syncAction holds its action, none when it carried none)`, read);
          if (deletedMark(entity, it.field('deleted in source')) !== 'no') fail(`SYNC-006 after ${what}: the Entity of row ${key} has "deleted in source" ${JSON.stringify(entity[it.field('deleted in source')])}, expected "no"`, read);
          const old = before.get(key);
          if (old && !expected.removed.has(key) && old['svc/id'] !== entity['svc/id']) fail(`SYNC-003 after ${what}: the row ${key} became another Entity (${String(old['svc/id'])} -> ${String(entity['svc/id'])}); a SET row of a known key updates its Entity`, read);
        }
        const untouched = [...before.keys()].filter((key) => expected.state.has(key) && !expected.set.has(key) && !expected.removed.has(key));
        expectUnchanged(before, after, untouched, `SYNC-002 after ${what}: rows the run did not deliver`, read);
        const counted = { ...expected.stats, ...(expected.updated === undefined ? {} : { updated: expected.updated }) };
        const stats = Object.fromEntries(Object.keys(counted).map((name) => [name, run.stats[name as keyof typeof run.stats]]));
        if (!isDeepStrictEqual(stats, counted)) fail(`after ${what}: the run reports ${JSON.stringify(stats)}, expected ${JSON.stringify(counted)}`, read);
        model = expected.state;
        before = after;
      }
    });
  },
});
