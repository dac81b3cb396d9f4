import { defineCheck } from '../../check.js';
import type { SyncRun } from './admin.js';
import { expectRecovers } from './failed-run.js';
import { Leftovers } from './integration.js';
import { ACCEPTED, acceptedSchema, EDGES, expectNothingWritten, expectRefusedRun, expectRefusedSource, MORE, MORE_ACCEPTED, withSchemaFront, type RefusedCase } from './schema-refused-cases.js';

/** The type `__proto__` (which the app offers): a schema whose only type has that id (an own key, as JSON gives it). */
const PROTO_TYPE: RefusedCase = {
  why: 'its only type named "__proto__"',
  schema: JSON.parse('{"__proto__": {"id": {"name": "Id", "type": "id"}, "name": {"name": "Name", "type": "text"}}}') as unknown,
  expect: { type: '__proto__' },
};

export default defineCheck({
  id: 'sync.schema-refused',
  name:
    'A malformed app schema (a source type missing, two keys or two titles, an empty or "__proto__" field id, a bad row key or __syncAction, a type/subType pair outside the mapping table, a bad relation, ' +
    'a format on a field that takes none, bad select or workflow options, an answer outside the app contract) fails the run with integration.error/app-failed, data {operation: schema, type, field} naming the type and the field at fault, ' +
    'and creates nothing; the next sync with a good schema succeeds, schemas just inside each rule are taken, and a source of a type "__proto__" is refused (422)',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-054', 'MAP-055', 'MAP-056', 'MAP-057', 'MAP-058', 'MAP-059'],
  target: 'server',
  async run(ctx) {
    const refused = ctx.profile === 'quick' ? EDGES : [...EDGES, ...MORE];
    // Quick: the accepted neighbours of the edges in one run; full: one run each, then more.
    const accepted = ctx.profile === 'quick' ? [ACCEPTED] : [...ACCEPTED, ...MORE_ACCEPTED].map((c) => [c]);
    await withSchemaFront(ctx, async (it, state) => {
      let last: SyncRun | undefined;
      for (const c of refused) last = (await expectRefusedRun(ctx, it, state, c, 'MAP-054')).run;
      await expectNothingWritten(ctx, it, 'MAP-054', `after ${refused.length} runs that got a refused schema`);
      state.next = undefined;
      if (last) await expectRecovers(ctx, it, last, 'MAP-054 after the runs that got a refused schema');
      for (const cases of accepted) {
        state.next = acceptedSchema(cases);
        await it.sync(`MAP-054: the app answered a schema with ${cases.map((c) => c.why).join('; ')}, which breaks no rule; the sync`);
      }

      // Adding a source of the type "__proto__", which the app offers: refused before anything is created.
      const leftovers = new Leftovers();
      state.extraTypes = [{ id: '__proto__', name: 'Proto' }];
      try {
        await expectRefusedSource(ctx, it.account, state, leftovers, PROTO_TYPE, ['__proto__'], 'MAP-055');
      } finally {
        state.next = undefined;
        state.extraTypes = [];
        await leftovers.clean(ctx, it.app);
      }
    });
  },
});
