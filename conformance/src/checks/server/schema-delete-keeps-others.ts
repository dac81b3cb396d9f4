/**
 * Deleting a Database or one end of a relation touches nothing else: three Databases A, B and C
 * with relations A.Bs / B.As and B.Cs / C.Bs, each holding a value, and a one-ended relation B.A to
 * A. Deleting the field B.As leaves A.Bs as it was; deleting A removes A.Bs and B.A with it, and
 * B.Cs / C.Bs keep their values.
 */
import { randomUUID } from 'node:crypto';
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import { readSchema } from '../../schema-view.js';
import { isRecord } from '../../shapes.js';
import { dropTypes, run, schemaBatch, uniqueSpaceName } from '../../workspace.js';
import { fieldDelete, typeDelete } from '../../model/schema.js';

async function fieldsOf(ctx: CheckContext, type: string): Promise<string[] | undefined> {
  return (await readSchema(ctx)).type(type)?.['svc/fields'].map((f) => f['svc/name']);
}

export default defineCheck({
  id: 'schema.delete-keeps-others',
  name:
    'schema.field/delete of one end of a relation leaves the other end\'s values as they were; schema.type/delete removes the fields of other Databases ' +
    'that relate to the deleted one and nothing else (their other relations keep their fields and values)',
  level: 'SHOULD',
  area: 'schema',
  requirements: ['SCHEMA-025'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const [a, b, c] = ['A', 'B', 'C'].map((x) => `${space}/${x}`) as [string, string, string];
    const f = { title: `${space}/Title`, aBs: `${space}/Bs`, bAs: `${space}/As`, bCs: `${space}/Cs`, cBs: `${space}/Bs of C`, bA: `${space}/A of B` };
    const [ab, bc] = [randomUUID(), randomUUID()];
    const type = (name: string) => ({ command: 'schema.type/create' as const, args: { 'svc/name': name, 'svc/fields': [{ 'svc/name': f.title, 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } }] } });
    const end = (holder: string, name: string, target: string, relation: string) => ({
      command: 'schema.field/create' as const,
      args: { 'svc/holder-type': holder, 'svc/name': name, 'svc/type': target, 'svc/meta': { 'svc/relation': relation, 'svc/collection?': true } },
    });
    try {
      expectSuccess(
        await schemaBatch(ctx, [type(a), type(b), type(c), end(a, f.aBs, b, ab), end(b, f.bAs, a, ab), end(b, f.bCs, c, bc), end(c, f.cBs, b, bc), end(b, f.bA, a, randomUUID())]),
        `creating ${a}, ${b} and ${c} with the relations ${a}.${f.aBs} / ${b}.${f.bAs}, ${b}.${f.bCs} / ${c}.${f.cBs} and ${b}.${f.bA}`,
      );
      const idOf = (v: unknown) => (isRecord(v) ? String(v['svc/id']) : '');
      const bId = idOf(await run(ctx, { command: 'svc.entity/create', args: { type: b, entity: { [f.title]: 'b' } } }, `creating an Entity of ${b}`));
      const cId = idOf(await run(ctx, { command: 'svc.entity/create', args: { type: c, entity: { [f.title]: 'c', [f.cBs]: [{ 'svc/id': bId }] } } }, `creating an Entity of ${c} related to it`));
      const aId = idOf(await run(ctx, { command: 'svc.entity/create', args: { type: a, entity: { [f.title]: 'a', [f.aBs]: [{ 'svc/id': bId }] } } }, `creating an Entity of ${a} related to it`));
      const values = async (db: string, field: string, id: string): Promise<string[]> => {
        const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': db, 'q/select': ['svc/id', field], 'q/limit': 10 } } }, `reading ${db}.${field}`);
        const row = Array.isArray(rows) ? rows.filter(isRecord).find((r) => r['svc/id'] === id) : undefined;
        const value = row?.[field];
        return Array.isArray(value) ? value.map(idOf) : [];
      };

      expectSuccess(await schemaBatch(ctx, [fieldDelete(b, f.bAs)]), `deleting the field ${b}.${f.bAs}`);
      const kept = await values(a, f.aBs, aId);
      if (kept.join() !== bId) fail(`after deleting ${b}.${f.bAs}, the other end ${a}.${f.aBs} holds ${JSON.stringify(kept)}, expected its value [${bId}] as it was`, ctx.http.lastExchange?.response);

      expectSuccess(await schemaBatch(ctx, [typeDelete(a)]), `deleting ${a}`);
      const bFields = await fieldsOf(ctx, b);
      const cFields = await fieldsOf(ctx, c);
      if (bFields?.includes(f.bA)) fail(`after deleting ${a}, ${b} still lists ${f.bA}, a field of type ${a}: deleting a Database removes the fields of other Databases that relate to it`, ctx.http.lastExchange?.response);
      if (!bFields?.includes(f.bCs) || !cFields?.includes(f.cBs)) {
        fail(`after deleting ${a}, ${b} lists ${JSON.stringify(bFields)} and ${c} ${JSON.stringify(cFields)}: their relation ${f.bCs} / ${f.cBs}, which does not concern ${a}, must stay`, ctx.http.lastExchange?.response);
      }
      const fromB = await values(b, f.bCs, bId);
      const fromC = await values(c, f.cBs, cId);
      if (fromB.join() !== cId || fromC.join() !== bId) {
        fail(`after deleting ${a}, ${b}.${f.bCs} holds ${JSON.stringify(fromB)} and ${c}.${f.cBs} ${JSON.stringify(fromC)}, expected [${cId}] and [${bId}] as they were`, ctx.http.lastExchange?.response);
      }
    } finally {
      await dropTypes(ctx, [a, b, c]);
    }
  },
});
