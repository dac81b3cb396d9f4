import { isDeepStrictEqual } from 'node:util';
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { checkProperty } from '../../property.js';
import { syncOk } from './admin.js';
import { DELTA_EDGES, caseScenario, deltaCase, type DeltaCase } from './delta-arbitrary.js';
import { withIntegration } from './integration.js';
import type { ScenarioChanges } from './mock.js';
import { readSchema } from '../../schema-view.js';
import { differences, rawSnapshot, snapshot } from './snapshot.js';

/** Property runs at most (each is a chain of syncs): fewer when the run asks for fewer. */
const MAX_RUNS = 10;
/** Pause after a change, so that its time stamp is before the start of the run that follows (deltas are "changed at or after"). */
const SETTLE_MS = 5;

/** The batch without the types it does not change. */
function changesOf(batch: DeltaCase['batches'][number]): ScenarioChanges {
  const out: ScenarioChanges = {};
  for (const [type, changes] of Object.entries(batch)) if (changes.create || changes.update || changes.delete) out[type] = changes;
  return out;
}

export default defineCheck({
  id: 'sync.delta-differential',
  name:
    'Differential delta sync: for random schemas (text, number, boolean, single and multi select, day, a relation between two types), random rows and random batches of creates, updates and deletes, ' +
    'a full sync followed by one delta sync per batch gives the same Entities as one full sync of the final data into another Space, one Entity per current row; a further delta sync with no change in between changes nothing',
  level: 'MUST',
  cost: 'slow',
  area: 'sync',
  requirements: ['SYNC-001', 'SYNC-002', 'SYNC-003', 'SYNC-008', 'SYNC-011'],
  target: 'server',
  async run(ctx) {
    await checkProperty(
      ctx,
      deltaCase(),
      async (c) => {
        await withIntegration(ctx, caseScenario(c), {}, async (it) => {
          for (const [i, batch] of c.batches.entries()) {
            it.app.change(changesOf(batch));
            await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
            await it.sync(`the delta sync after batch ${i + 1}`);
          }
          const chained = await snapshot(ctx, it.space, it.source.databases);
          // The read of the delta-synchronized Entities: the exchange a failure shows.
          const shown = ctx.http.lastExchange?.response;
          for (const type of ['a', 'b']) {
            const keys = Object.keys(chained[type] ?? {}).sort();
            const rows = it.app.rows(type).map((r) => String(r['id'])).sort();
            if (!isDeepStrictEqual(keys, rows)) fail(`SYNC-011/SYNC-001: after the delta syncs ${it.database(type)} holds the rows ${JSON.stringify(keys)}; the app holds ${JSON.stringify(rows)}`, shown);
          }

          const fresh = await it.addSource();
          await syncOk(ctx, fresh.id, 'a full sync of the final data into a second source');
          const full = await snapshot(ctx, fresh.space, fresh.databases);
          const view = await readSchema(ctx);
          for (const type of ['a', 'b']) {
            const names = (space: string, database: string | undefined) =>
              (view.type(database ?? '')?.['svc/fields'] ?? []).map((f) => f['svc/name'].replace(`${space}/`, '')).sort();
            const left = names(it.space, it.source.databases[type]);
            const right = names(fresh.space, fresh.databases[type]);
            if (!isDeepStrictEqual(left, right)) fail(`the Databases of type ${type} differ in their fields: delta-synchronized ${JSON.stringify(left)}, fully synchronized ${JSON.stringify(right)}`, view.res);
          }
          const diff = differences(chained, full, ['delta-synchronized', 'fully synchronized']);
          if (diff.length > 0) fail(`SYNC-002/SYNC-003/SYNC-008: a full sync and ${c.batches.length} delta sync(s) give other Entities than one full sync of the final data:\n  ${diff.join('\n  ')}`, shown);

          const before = await rawSnapshot(ctx, it.space, it.source.databases);
          await it.sync('a delta sync with no change since the last one');
          const after = await rawSnapshot(ctx, it.space, it.source.databases);
          const reread = ctx.http.lastExchange?.response;
          if (!isDeepStrictEqual(before, after)) {
            const changed = Object.keys(after).flatMap((type) =>
              Object.keys({ ...before[type], ...after[type] })
                .filter((key) => !isDeepStrictEqual(before[type]?.[key], after[type]?.[key]))
                .map((key) => `${type} ${key}: ${JSON.stringify(before[type]?.[key] ?? null).slice(0, 300)} -> ${JSON.stringify(after[type]?.[key] ?? null).slice(0, 300)}`),
            );
            fail(`SYNC-002: a delta sync with no change in between changed Entities:\n  ${changed.slice(0, 6).join('\n  ')}`, reread);
          }
        });
      },
      { numRuns: Math.min(MAX_RUNS, ctx.fastCheck.numRuns), examples: [...DELTA_EDGES] },
    );
  },
});
