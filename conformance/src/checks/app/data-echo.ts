/**
 * Apps echo the whole data answer (APP-079, a MAY: what apps in the wild do, not a rule of the
 * contract, which lets both be left out): every page of a full read of every type carries
 * `pagination` with a boolean `hasNext` (and a `nextPageConfig` while it is true) and a
 * `synchronizationType`. A page without them is a note, never a warning.
 */
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { readableTypes } from './pages.js';
import { startSync } from './session.js';

export default defineCheck({
  id: 'app.data-echo',
  name: 'Every page of POST /api/v1/synchronizer/data carries pagination {hasNext, nextPageConfig while hasNext} and synchronizationType, not only items',
  level: 'MAY',
  area: 'app',
  requirements: ['APP-079'],
  target: 'app',
  async run(ctx) {
    const target = await startSync(ctx);
    for (const read of await readableTypes(ctx, target)) {
      const { type } = read;
      for (const [i, page] of read.pages.entries()) {
        const what = `page ${i + 1} of type ${JSON.stringify(type)}`;
        const missing = [
          ...(page.body.pagination === undefined ? ['pagination'] : []),
          ...(page.body.synchronizationType === undefined ? ['synchronizationType'] : []),
        ];
        if (missing.length > 0) fail(`${what}: the answer has no ${missing.join(' and ')}; apps echo {items, pagination: {hasNext, nextPageConfig}, synchronizationType}`, page.res);
      }
    }
  },
});
