/**
 * `consistency.cross-surface`: one Entity read through the command API, GraphQL and webhook
 * deliveries agrees everywhere. For random values of every field type the three surfaces share
 * (text, integer, decimal, bool, date, date-time, url, date and date-time ranges, location,
 * single and multi select, a many-to-one relation, a many-to-many collection, and the system
 * fields), an Item is created and then updated through the command API; after each write its
 * fields are read with `svc.entity/query` and with `find<Plural>` over GraphQL, and the webhook
 * of Items reports the create (`values`) and the update (`values` and `valuesBefore`). Every
 * field must have one value across all of them, after the documented mapping (fields.ts).
 */
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { canonicalJson } from '../../model/values.js';
import { checkProperty } from '../../property.js';
import type { Receiver } from '../../receiver.js';
import { isRecord, type JsonRecord } from '../../shapes.js';
import { createTestWorkspace, run, runBatch, schemaBatch, type Command, type TestWorkspace } from '../../workspace.js';
import { expectData, postGraphql, rowsOf } from '../graphql/lib/client.js';
import { GQL } from '../graphql/lib/dataset.js';
import { delivered, sendCorrelated, untilDeliveryMissed, waitForCorrelation, withHooks, type Effect, type Hook } from '../webhooks/support.js';
import {
  KIND_OPTIONS,
  LABEL_OPTIONS,
  caseArbitrary,
  commandForm,
  extraNames,
  extraOperations,
  graphqlForm,
  graphqlSelection,
  surfaceFields,
  type Case,
  type OptionNames,
  type SurfaceField,
} from './fields.js';
import { typeDelete } from '../../model/schema.js';

/** Most property runs, whatever the run's numRuns: each run makes eight requests and waits for two deliveries. */
const MAX_RUNS = 30;
const GROUPS = 3;

/** One surface's view of the Entity: the value of each field it shows (a field it does not show is absent). */
interface Observation {
  surface: string;
  /** The exchange to replay when this surface is the odd one out. */
  res: HttpResponse | undefined;
  /** The value as the surface showed it, and in the comparable form. */
  values: Map<string, { shown: unknown; form: unknown }>;
}

interface ObserveOptions {
  /** Fields are keyed by their GraphQL names (else by workspace field names). */
  graphql?: boolean;
  /** The fields this surface shows (default: every field; a missing key is a missing value). */
  only?: (field: SurfaceField) => boolean;
}

function observe(surface: string, res: HttpResponse | undefined, fields: SurfaceField[], record: JsonRecord, read: (field: SurfaceField, value: unknown) => unknown, options: ObserveOptions = {}): Observation {
  const values = new Map<string, { shown: unknown; form: unknown }>();
  for (const field of fields) {
    if (options.only && !options.only(field)) continue;
    const key = options.graphql ? field.graphql : field.name;
    values.set(field.name, { shown: record[key], form: read(field, record[key]) });
  }
  return { surface, res, values };
}

const shown = (value: unknown): string => (value === undefined ? '(absent)' : JSON.stringify(value));

/**
 * Fails on the first field whose comparable form is not the same in every observation that shows
 * it, naming the field, every surface's value and the odd one out (whose exchange is the curl line).
 */
function expectAgreement(state: string, fields: SurfaceField[], observations: Observation[]): void {
  for (const field of fields) {
    const seen = observations.flatMap((o) => {
      const value = o.values.get(field.name);
      return value === undefined ? [] : [{ o, ...value, key: canonicalJson(value.form) }];
    });
    const counts = new Map<string, number>();
    for (const s of seen) counts.set(s.key, (counts.get(s.key) ?? 0) + 1);
    if (counts.size <= 1) continue;
    // The value most surfaces show is taken as right (on a tie, the first observation's: the
    // command API read); the first surface showing another value is the odd one out.
    const most = Math.max(...counts.values());
    const first = seen[0]?.key ?? '';
    const right = counts.get(first) === most ? first : ([...counts].find(([, count]) => count === most)?.[0] ?? first);
    const odd = seen.find((s) => s.key !== right);
    const listed = seen
      .map((s) => `${s.o.surface}: ${shown(s.shown)}${canonicalJson(s.shown) === s.key ? '' : ` (compared as ${s.key})`}`)
      .join('; ');
    fail(`${state}, ${field.name} (GraphQL field ${field.graphql}) is not the same on every surface: ${listed}. ${odd?.o.surface ?? 'a surface'} disagrees`, odd?.o.res);
  }
}

interface Reads {
  command: Observation;
  graphql: Observation;
}

/** The Item read with svc.entity/query (every compared field) and with find<Plural>(id: {is}). */
async function readEverywhere(ctx: CheckContext, w: TestWorkspace, fields: SurfaceField[], options: OptionNames, id: string, what: string): Promise<Reads> {
  const query = { 'q/from': w.names.items, 'q/select': fields.map((f) => f.name), 'q/where': ['=', ['svc/id'], '$id'], 'q/limit': 2 };
  const commandRes = await ctx.http.command({ command: 'svc.entity/query', args: { query, params: { $id: id } } } as Command);
  const rows = expectSuccess(commandRes, `reading the Item ${what} with svc.entity/query`);
  if (!Array.isArray(rows) || rows.length !== 1 || !isRecord(rows[0])) fail(`svc.entity/query of the Item ${id} ${what} answered ${JSON.stringify(rows)?.slice(0, 300)}, expected one Entity`, commandRes);
  const graphqlRes = await postGraphql(ctx, w.names.space, {
    query: `query Item($id: ID) { ${GQL.findItems}(id: {is: $id}) { ${graphqlSelection(fields)} } }`,
    variables: { id },
  });
  const found = rowsOf(graphqlRes, expectData(graphqlRes, `reading the Item ${what} with ${GQL.findItems}`), GQL.findItems, GQL.findItems);
  if (found.length !== 1 || found[0]?.['id'] !== id) fail(`${GQL.findItems}(id: {is: "${id}"}) ${what} answered ${found.length} Entities (${JSON.stringify(found).slice(0, 300)}), expected the Item ${id}`, graphqlRes);
  return {
    command: observe('command API (svc.entity/query)', commandRes, fields, rows[0] as JsonRecord, (f, v) => commandForm(f, v, options)),
    graphql: observe(`GraphQL (${GQL.findItems})`, graphqlRes, fields, found[0] as JsonRecord, graphqlForm, { graphql: true }),
  };
}

/** The one effect of `kind` on the Item in a delivery, or undefined. */
function effectOn<K extends Effect['effect']>(effects: Effect[], kind: K, id: string): Extract<Effect, { effect: K }> | undefined {
  const found = effects.filter((e): e is Extract<Effect, { effect: K }> => e.effect === kind && 'id' in e && e.id === id);
  return found.length === 1 ? found[0] : undefined;
}

interface Setup {
  workspace: TestWorkspace;
  fields: SurfaceField[];
  options: OptionNames;
}

/** Adds the extra fields to Items, creates the Groups, reads the enum options' ids. */
async function setUp(ctx: CheckContext, workspace: TestWorkspace, extraTypes: string[]): Promise<Setup> {
  const n = workspace.names;
  const x = extraNames(n);
  extraTypes.push(x.kindEnum, x.labelsEnum);
  expectSuccess(await schemaBatch(ctx, extraOperations(n, x)), `adding url, date-range, date-time-range, location, single select and multi select fields to ${n.items}`);
  const groups = await runBatch(
    ctx,
    Array.from({ length: GROUPS }, (_, i): Command => ({ command: 'svc.entity/create', args: { type: n.groups, entity: { [n.name]: `group ${i}` } } })),
    'creating the Groups',
  );
  const options = new Map<string, string>();
  const optionIds = async (type: string, names: string[]): Promise<string[]> => {
    const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': type, 'q/select': ['svc/id', 'enum/name'], 'q/limit': 100 } } } as Command, `reading the options of ${type}`);
    const list = Array.isArray(rows) ? rows.filter(isRecord) : [];
    for (const row of list) options.set(String(row['svc/id']), String(row['enum/name']));
    const found = list.map((row) => String(row['enum/name'])).sort();
    if (found.join('\n') !== [...names].sort().join('\n')) fail(`the enum type ${type} holds the options ${JSON.stringify(found)}, expected ${JSON.stringify(names)}`, ctx.http.lastExchange?.response);
    return list.map((row) => String(row['svc/id']));
  };
  const pools = {
    groups: groups.map((g) => (isRecord(g) ? String(g['svc/id']) : '')),
    kinds: await optionIds(x.kindEnum, KIND_OPTIONS),
    labels: await optionIds(x.labelsEnum, LABEL_OPTIONS),
  };
  return { workspace, fields: surfaceFields(n, x, pools), options };
}

/** Deletes types the test workspace does not know of (the enum types); never throws. */
async function dropTypes(ctx: CheckContext, names: string[]): Promise<void> {
  for (const name of names) {
    try {
      const res = await schemaBatch(ctx, [typeDelete(name)]);
      if (res.status !== 200 || !isRecord(res.json) || res.json['success'] !== true) ctx.log(`tear-down: deleting ${name} answered ${res.status}: ${res.text.slice(0, 200)}`);
    } catch (error) {
      ctx.log(`tear-down of ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** One run: create, read everywhere, update, read everywhere, then compare with the deliveries. */
async function runCase(ctx: CheckContext, setup: Setup, hook: Hook, receiver: Receiver, c: Case, noted: { createEffects: boolean }): Promise<void> {
  const { workspace: w, fields, options } = setup;
  const n = w.names;
  const created = await sendCorrelated(ctx, { command: 'svc.entity/create', args: { type: n.items, entity: c.create } } as Command, 'creating an Item with random values');
  const id = isRecord(created.result) ? created.result['svc/id'] : undefined;
  if (typeof id !== 'string') fail(`svc.entity/create answered no svc/id: ${JSON.stringify(created.result)?.slice(0, 300)}`, created.res);
  const afterCreate = await readEverywhere(ctx, w, fields, options, id, 'after the create');
  const updated = await sendCorrelated(ctx, { command: 'svc.entity/update', args: { type: n.items, entity: { ...c.update, 'svc/id': id } } } as Command, 'updating the Item with random values');
  const afterUpdate = await readEverywhere(ctx, w, fields, options, id, 'after the update');

  const updateDelivery = await waitForCorrelation(receiver, hook, updated.correlationId, 'waiting for the delivery of the update');
  const update = effectOn(updateDelivery.delivery.effects, 'svc.entity/update', id);
  if (!update) fail(`the delivery of the update holds no single svc.entity/update effect of ${id}: ${JSON.stringify(updateDelivery.delivery.effects).slice(0, 800)}`, updated.res);
  // Deliveries of one webhook go out in order, so the create's is in once the update's is; a
  // server that does not report creates (WH-026, SHOULD; webhooks.create-delete-effects) is
  // compared through the update effect alone.
  const createDelivery = delivered(receiver, hook).find((r) => r.delivery.command.correlationId === created.correlationId);
  const create = createDelivery ? effectOn(createDelivery.delivery.effects, 'svc.entity/create', id) : undefined;
  if (!create && !noted.createEffects) {
    noted.createEffects = true;
    ctx.log('no svc.entity/create effect arrived before the update\'s delivery: the created values are compared through the update effect\'s valuesBefore only');
  }

  const read = (f: SurfaceField, v: unknown) => commandForm(f, v, options);
  const has = (record: JsonRecord) => (f: SurfaceField) => f.name in record;
  const createAnswer = isRecord(created.result) ? created.result : {};
  const updateAnswer = isRecord(updated.result) ? updated.result : {};
  const createOf = (f: SurfaceField): unknown => create?.values[f.name];
  const replayed: JsonRecord = Object.fromEntries(fields.map((f) => [f.name, f.name in update.values ? update.values[f.name] : createOf(f)]));

  expectAgreement('After svc.entity/create', fields, [
    afterCreate.command,
    afterCreate.graphql,
    observe('the svc.entity/create answer', created.res, fields, createAnswer, read, { only: has(createAnswer) }),
    ...(create ? [observe('the webhook svc.entity/create effect (values)', created.res, fields, create.values, read)] : []),
    observe('the webhook svc.entity/update effect (valuesBefore)', updated.res, fields, update.valuesBefore, read, { only: has(update.valuesBefore) }),
  ]);
  expectAgreement('After svc.entity/update', fields, [
    afterUpdate.command,
    afterUpdate.graphql,
    observe('the svc.entity/update answer', updated.res, fields, updateAnswer, read, { only: has(updateAnswer) }),
    observe(
      create ? 'the webhook deliveries (create values, then update values)' : 'the webhook svc.entity/update effect (values)',
      updated.res,
      fields,
      replayed,
      read,
      { only: (f) => f.name in update.values || create !== undefined },
    ),
  ]);
}

export default defineCheck({
  id: 'consistency.cross-surface',
  name:
    'For random values of every field type the command API, GraphQL and webhooks share (text, integer, decimal, bool, date, date-time, url, ranges, location, ' +
    'single and multi select, relation, collection, system fields), an Item created then updated through the command API reads the same in svc.entity/query, ' +
    'in find<Plural> over GraphQL (after the field type mapping of spec/graphql/README.md) and in the create and update effects of its webhook deliveries',
  level: 'MUST',
  area: 'graphql',
  lane: 'webhooks',
  requirements: ['GQL-002', 'GQL-003', 'CMD-002', 'CMD-006', 'WH-018', 'WH-020', 'WH-026', 'WH-034'],
  target: 'server',
  async run(ctx) {
    const workspace = await createTestWorkspace(ctx);
    const extraTypes: string[] = [];
    try {
      const setup = await setUp(ctx, workspace, extraTypes);
      await withHooks(ctx, [workspace.names.items], async ([hook], receiver) => {
        if (!hook) return;
        const noted = { createEffects: false };
        await checkProperty(ctx, caseArbitrary(setup.fields), untilDeliveryMissed(receiver, (c) => runCase(ctx, setup, hook, receiver, c, noted)), { numRuns: Math.min(ctx.fastCheck.numRuns, MAX_RUNS) });
      });
    } finally {
      await workspace.dispose();
      await dropTypes(ctx, extraTypes);
    }
  },
});
