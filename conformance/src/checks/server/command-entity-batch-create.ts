import { randomUUID } from 'node:crypto';
import { expectCommandError, expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { isRecord } from '../../shapes.js';
import { run, schemaBatch, withTestWorkspace, type Command } from '../../workspace.js';

/** The spec's rule for an error about one Entity of `entities`: its position in data.index, its message starting `entities[<index>]:`. */
function expectAtIndex(res: HttpResponse, error: { message: string; data: Record<string, unknown> }, index: number, what: string): void {
  if (error.data['index'] !== index) fail(`${what}: the error should name the Entity's position in data.index (${index}), got ${JSON.stringify(error.data['index'])}`, res);
  const prefix = `entities[${index}]:`;
  if (!error.message.startsWith(prefix)) fail(`${what}: the error's message should start "${prefix}", got ${JSON.stringify(error.message)}`, res);
  if (error.message.slice(prefix.length).trim() === '') fail(`${what}: the error's message says nothing after "${prefix}" (only where the Entity is, not what is wrong with it), got ${JSON.stringify(error.message)}`, res);
}

/** A duplicate-id error that names a field (beyond the spec's data {id}) names svc/id. */
function expectDuplicateField(res: HttpResponse, error: { data: Record<string, unknown> }, what: string): void {
  const field = error.data['field'];
  if (field !== undefined && field !== 'svc/id') fail(`${what}: entity.error/duplicate-id names the field ${JSON.stringify(field)} in data.field; the field given twice is svc/id`, res);
}

/** The most Entities one svc.entity.batch/create may hold. */
const MAX_BATCH = 1000;

const SYSTEM_FIELDS = ['svc/id', 'svc/public-id', 'svc/creation-date', 'svc/modification-date', 'svc/created-by'];

export default defineCheck({
  id: 'command.entity-batch-create',
  name:
    'svc.entity.batch/create {type, entities} creates every Entity as svc.entity/create would (a given svc/id kept) and answers them in order with their system fields; ' +
    'one Entity that cannot be created fails the command and none is created (an error about one Entity names its position in data.index and its message starts entities[<index>]:, ' +
    'also for one svc/id given to two new Entities; an existing svc/id is entity.error/duplicate-id); 1000 Entities (with a rich text field, each its own document) are created, more are refused naming /args/entities',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-013'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const titles = async (): Promise<unknown[]> => {
        const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': [n.title], 'q/order-by': [[[n.title], 'q/asc']], 'q/limit': 100 } } }, 'querying the Items');
        return Array.isArray(rows) ? rows.map((r: unknown) => (isRecord(r) ? r[n.title] : r)) : [];
      };
      const given = randomUUID();
      const entities = [{ [n.title]: 'a', [n.count]: 1 }, { 'svc/id': given, [n.title]: 'b', [n.amount]: 2.5 }, { [n.title]: 'c' }];
      const created = await run(ctx, { command: 'svc.entity.batch/create', args: { type: n.items, entities } }, 'svc.entity.batch/create of three Items');
      const res = ctx.http.lastExchange?.response;
      if (!Array.isArray(created) || created.length !== 3) fail(`svc.entity.batch/create of three Items answered ${JSON.stringify(created).slice(0, 300)}, expected an array of three Entities`, res);
      created.forEach((entity: unknown, i: number) => {
        if (!isRecord(entity)) fail(`svc.entity.batch/create: result ${i} is no Entity: ${JSON.stringify(entity)}`, res);
        const missing = SYSTEM_FIELDS.filter((f) => entity[f] === undefined);
        if (missing.length > 0) fail(`svc.entity.batch/create: result ${i} lacks the system fields ${missing.join(', ')}, which svc.entity/create answers: ${JSON.stringify(entity)}`, res);
        if (entity[n.title] !== entities[i]?.[n.title]) fail(`svc.entity.batch/create: result ${i} has ${n.title} ${JSON.stringify(entity[n.title])}, expected ${JSON.stringify(entities[i]?.[n.title])} (the results come in the order of entities)`, res);
      });
      if ((created[1] as Record<string, unknown>)['svc/id'] !== given) fail(`svc.entity.batch/create did not keep the given svc/id ${given}: ${JSON.stringify(created[1])}`, res);
      if ((await titles()).join() !== 'a,b,c') fail(`after svc.entity.batch/create of a, b, c the Items are ${JSON.stringify(await titles())}`, ctx.http.lastExchange?.response);

      const atomic: Command = { command: 'svc.entity.batch/create', args: { type: n.items, entities: [{ [n.title]: 'd' }, { [n.title]: 'e', [n.count]: 'not a number' }] } };
      const refused = await ctx.http.command(atomic);
      const error = expectCommandError(refused, 'svc.entity.batch/create whose second Entity has a text in an integer field');
      if (error.name !== 'entity.error/value-invalid' || error.data['field'] !== n.count) fail(`svc.entity.batch/create whose second Entity has a text in ${n.count} should fail with entity.error/value-invalid naming ${n.count}, got ${error.name} ${JSON.stringify(error.data)}`, refused);
      expectAtIndex(refused, error, 1, 'svc.entity.batch/create whose second Entity has a text in an integer field');
      if ((await titles()).join() !== 'a,b,c') fail(`a failed svc.entity.batch/create created some of its Entities: the Items are ${JSON.stringify(await titles())}`, refused);

      // One svc/id given to two new Entities (the first and the third): the third is named; one given to an Entity that exists: duplicate-id naming it.
      const twice = randomUUID();
      const doubled = await ctx.http.command({ command: 'svc.entity.batch/create', args: { type: n.items, entities: [{ 'svc/id': twice, [n.title]: 'f' }, { [n.title]: 'g' }, { 'svc/id': twice, [n.title]: 'h' }] } });
      const dup = expectCommandError(doubled, 'svc.entity.batch/create giving one svc/id to its first and third Entity');
      if (dup.name !== 'entity.error/duplicate-id' || dup.data['id'] !== twice) fail(`svc.entity.batch/create giving the svc/id ${twice} to two new Entities should fail with entity.error/duplicate-id naming the id, got ${dup.name} ${JSON.stringify(dup.data)}`, doubled);
      expectAtIndex(doubled, dup, 2, 'svc.entity.batch/create giving one svc/id to its first and third Entity');
      expectDuplicateField(doubled, dup, 'svc.entity.batch/create giving one svc/id to its first and third Entity');
      const taken = await ctx.http.command({ command: 'svc.entity.batch/create', args: { type: n.items, entities: [{ [n.title]: 'i' }, { 'svc/id': given, [n.title]: 'j' }] } });
      const exists = expectCommandError(taken, `svc.entity.batch/create giving its second Entity the svc/id ${given} of an existing Item`);
      if (exists.name !== 'entity.error/duplicate-id' || exists.data['id'] !== given) fail(`svc.entity.batch/create giving a new Entity the svc/id ${given} of an existing Item should fail with entity.error/duplicate-id naming the id, got ${exists.name} ${JSON.stringify(exists.data)}`, taken);
      expectDuplicateField(taken, exists, `svc.entity.batch/create giving its second Entity the svc/id ${given} of an existing Item`);
      if ((await titles()).join() !== 'a,b,c') fail(`a svc.entity.batch/create refused for a duplicate svc/id created some of its Entities: the Items are ${JSON.stringify(await titles())}`, taken);

      const tooMany = await ctx.http.command({ command: 'svc.entity.batch/create', args: { type: n.items, entities: Array.from({ length: MAX_BATCH + 1 }, () => ({})) } });
      const over = expectCommandError(tooMany, 'svc.entity.batch/create of 1001 Entities');
      const field = over.data['field'];
      if (over.name !== 'request.error/invalid-body' || typeof field !== 'string' || !field.endsWith('/args/entities')) {
        fail(`svc.entity.batch/create of 1001 Entities should be refused with request.error/invalid-body naming /args/entities, got ${over.name} ${JSON.stringify(over.data).slice(0, 300)}`, tooMany);
      }
      if ((await titles()).length !== 3) fail('a refused svc.entity.batch/create of 1001 Entities created some', ctx.http.lastExchange?.response);

      // The most a batch may hold, each Entity with a rich text field: all are created, each with a document of its own.
      const notes = `${n.space}/Notes`;
      expectSuccess(await schemaBatch(ctx, [{ command: 'schema.field/create', args: { 'svc/holder-type': n.items, 'svc/name': notes, 'svc/type': 'Collaboration~Documents/Document' } }]), `adding the rich text field ${notes}`);
      const most = `svc.entity.batch/create of ${MAX_BATCH} Items (the most a batch may hold) with the rich text field ${notes}`;
      const full = await ctx.http.command({ command: 'svc.entity.batch/create', args: { type: n.items, entities: Array.from({ length: MAX_BATCH }, (_, i) => ({ [n.title]: `m${i}` })) } });
      const made = expectSuccess(full, most);
      if (!Array.isArray(made) || made.length !== MAX_BATCH) fail(`${most} answered ${Array.isArray(made) ? `${made.length} Entities` : JSON.stringify(made).slice(0, 200)}, expected ${MAX_BATCH}`, full);
      const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': [n.title, notes], 'q/no-limit': true } } }, `querying the Items with ${notes}`);
      const secretOf = (r: unknown): unknown => (isRecord(r) && isRecord(r[notes]) ? r[notes]['Collaboration~Documents/secret'] : undefined);
      const batch = Array.isArray(rows) ? rows.filter((r: unknown) => isRecord(r) && typeof r[n.title] === 'string' && /^m\d+$/.test(r[n.title] as string)) : [];
      const distinct = new Set(batch.map(secretOf).filter((s) => typeof s === 'string'));
      if (batch.length !== MAX_BATCH || distinct.size !== MAX_BATCH) fail(`after ${most} the query finds ${batch.length} of them with ${distinct.size} distinct document secrets in ${notes}; each Entity has a document of its own`, ctx.http.lastExchange?.response);
    });
  },
});
