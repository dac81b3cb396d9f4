import { randomUUID } from 'node:crypto';
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { checkProperty } from '../../property.js';
import type { Receiver } from '../../receiver.js';
import { commandError, isRecord } from '../../shapes.js';
import { SupportLedger, isUnknownCommand } from '../../support.js';
import { runBatch, type Command } from '../../workspace.js';
import { BEYOND_CONTRACT, applyEffects, differences, type Difference, type EffectKind } from './replay-effects.js';
import { Entities, describeStep, edgeScript, scriptArbitrary, stepCommand, type Script, type Step } from './replay-scripts.js';
import { DBS, buildWorld, readState, type Db, type State, type World } from './replay-world.js';
import { delivered, untilDeliveryMissed, waitForCorrelation, withHooks, type Hook } from './support.js';

/**
 * Random scripts after the edge script: half the run's numRuns (the quick profile's runs go to the
 * edges), at most 25 (each step is a write and a read of both Databases).
 */
const randomRuns = (numRuns: number): number => Math.min(25, Math.max(1, Math.floor(numRuns / 2)));
/** How long deliveries may trail the marker on a server that does not keep their order (waited once per check). */
const TRAIL_MS = 1_000;

/** One step as it ran: its command's correlation id, the answer, and both Databases before and after it. */
interface Ran {
  index: number;
  step: Step;
  correlationId: string;
  /** Entities the step updates (their svc/modification-date changes with it). */
  updated: Set<string>;
  res: HttpResponse;
  before: State;
  after: State;
}

interface Run {
  ctx: CheckContext;
  world: World;
  hooks: Record<Db, Hook>;
  receiver: Receiver;
  ledger: SupportLedger;
  /** Entities the markers update: one Item and one Group made before the webhooks. */
  sentinels: Record<Db, string>;
  markers: number;
  trailed: boolean;
}

/** The name of the command a server does not know, when it answered so (also inside a batch). */
function unknownCommand(res: HttpResponse): string | undefined {
  if (!isUnknownCommand(res)) return undefined;
  const error = commandError(res.json);
  const inner = error && isRecord(error.data['error']) ? error.data['error'] : undefined;
  const data = inner && isRecord(inner['data']) ? inner['data'] : error?.data;
  return typeof data?.['command'] === 'string' ? data['command'] : 'a command';
}

/** Updates both sentinels in one batch and waits until both webhooks have its delivery: what came before it has come (deliveries keep their order). */
async function mark(r: Run): Promise<void> {
  r.markers += 1;
  const n = r.world.names;
  const correlationId = randomUUID();
  const commands: Command[] = [
    { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': r.sentinels.items, [n.title]: `marker ${r.markers}` } } },
    { command: 'svc.entity/update', args: { type: n.groups, entity: { 'svc/id': r.sentinels.groups, [n.name]: `marker ${r.markers}` } } },
  ];
  expectSuccess(await r.ctx.http.command({ command: 'svc.command/batch', args: { commands }, correlationId } as Command), 'a marker (an update of one Item and one Group)');
  for (const db of DBS) await waitForCorrelation(r.receiver, r.hooks[db], correlationId, 'waiting for the marker after the script');
}

/** Every effect kind the webhooks have received so far. */
function kindsSeen(r: Run): Set<EffectKind> {
  return new Set(DBS.flatMap((db) => delivered(r.receiver, r.hooks[db]).flatMap((d) => d.delivery.effects.map((e) => e.effect))));
}

/** The differences of one step in one Database after replaying what its webhook received for it; fails at an effect that does not fit. */
function replayStep(r: Run, ran: Ran, db: Db, lacking: ReadonlySet<EffectKind>): Array<Difference & { res: HttpResponse }> {
  const deliveries = delivered(r.receiver, r.hooks[db])
    .filter((d) => d.delivery.command.correlationId === ran.correlationId)
    .sort((a, b) => a.delivery.sequenceId - b.delivery.sequenceId);
  const effects = deliveries.flatMap((d) => d.delivery.effects.map((effect, i) => ({ effect, at: `delivery ${d.delivery.sequenceId}, effect ${i} (${JSON.stringify(effect).slice(0, 600)})` })));
  const context = `step ${ran.index + 1} (${describeStep(ran.step)}), webhook of ${r.world.type[db]}`;
  const wrong = (message: string): never => fail(`${context}: ${message}`, ran.res);
  const replayed = applyEffects(r.world, db, ran.before[db], effects, lacking, wrong);
  const received = effects.length === 0 ? 'no effect' : JSON.stringify(effects.map((e) => e.effect)).slice(0, 2000);
  return differences(r.world, db, replayed, ran.after[db], ran.updated).map((d) => ({ ...d, message: `${context}: ${d.message}; it received ${received}`, res: ran.res }));
}

/**
 * Replaying "in sequenceId order" needs the sequenceIds of a webhook's deliveries to follow the
 * order of the commands: every delivery of a step has a higher one than every delivery of an earlier step.
 */
function expectSequenceOrder(r: Run, steps: Ran[]): void {
  for (const db of DBS) {
    let last: { ran: Ran; sequenceId: number } | undefined;
    for (const ran of steps) {
      const ids = delivered(r.receiver, r.hooks[db])
        .filter((d) => d.delivery.command.correlationId === ran.correlationId)
        .map((d) => d.delivery.sequenceId);
      if (ids.length === 0) continue;
      if (last !== undefined && Math.min(...ids) <= last.sequenceId) {
        fail(
          `the webhook of ${r.world.type[db]} received step ${ran.index + 1} (${describeStep(ran.step)}) with sequenceId ${Math.min(...ids)}, not after step ${last.ran.index + 1} ` +
            `(${describeStep(last.ran.step)}) with sequenceId ${last.sequenceId}: replayed in sequenceId order, the later command would come first`,
          ran.res,
        );
      }
      last = { ran, sequenceId: Math.max(...ids) };
    }
  }
}

/** Checks every step's deliveries; a difference only a missing effect kind beyond the contract explains is a missing feature while no effect of that kind ever came. */
async function verify(r: Run, steps: Ran[]): Promise<void> {
  const replay = () => {
    const seen = kindsSeen(r);
    const lacking = new Set(BEYOND_CONTRACT.filter((kind) => !seen.has(kind)));
    return steps.flatMap((ran) => DBS.flatMap((db) => replayStep(r, ran, db, lacking)));
  };
  let found = replay();
  if (found.length > 0 && !r.trailed) {
    r.trailed = true;
    await new Promise((resolve) => setTimeout(resolve, TRAIL_MS));
    found = replay();
  }
  expectSequenceOrder(r, steps);
  const seen = kindsSeen(r);
  for (const { kind, message, res } of found) {
    if (kind !== undefined && BEYOND_CONTRACT.includes(kind) && !seen.has(kind)) {
      r.ledger.lacks(`${kind} effects`, message);
      continue;
    }
    const more = kind === undefined ? '' : ` (the server sends ${kind} effects, but not for this change)`;
    fail(`replaying the effects a webhook received does not give the Database as it is: ${message}${more}`, res);
  }
}

async function runScript(r: Run, script: Script): Promise<void> {
  const entities = new Entities();
  let state = await readState(r.ctx, r.world);
  const steps: Ran[] = [];
  for (const [index, step] of script.steps.entries()) {
    entities.sync(state);
    const made = stepCommand(r.world, step, entities);
    if (made === undefined) continue;
    const { command, updated } = made;
    const correlationId = randomUUID();
    const res = await r.ctx.http.command({ ...command, correlationId } as Command);
    const unknown = unknownCommand(res);
    if (unknown !== undefined) {
      r.ledger.lacks(`${unknown} command`, `the server does not know ${unknown} (step ${index + 1}: ${describeStep(step)})`);
      continue;
    }
    expectSuccess(res, `step ${index + 1} of the script (${describeStep(step)})`);
    const after = await readState(r.ctx, r.world);
    steps.push({ index, step, correlationId, updated, res, before: state, after });
    state = after;
  }
  await mark(r);
  await verify(r, steps);
}

export default defineCheck({
  id: 'webhooks.replay',
  name:
    'For a fixed edge script and random scripts of writes (creates, updates, deletes, collection items added and removed, batches over two related Databases, ' +
    'every field kind set, changed, cleared and given unchanged), the effects each webhook received for each command, replayed in sequenceId order onto its ' +
    'Database as it was, give the Database as it is: every values and valuesBefore, and every item added or removed, agrees with the data (changes at the inverse ' +
    'end of a relation included); create, delete and remove-collection-items effects may be missing altogether, never wrong',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'webhooks',
  requirements: ['WH-034', 'WH-017', 'WH-018', 'WH-019', 'WH-020', 'WH-021', 'WH-026', 'WH-027'],
  target: 'server',
  async run(ctx) {
    const ledger = new SupportLedger();
    const world = await buildWorld(ctx);
    try {
      const n = world.names;
      const [item, group] = await runBatch(
        ctx,
        [
          { command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: 'sentinel' } } },
          { command: 'svc.entity/create', args: { type: n.groups, entity: { [n.name]: 'sentinel' } } },
        ],
        'creating the Item and the Group the markers update',
      );
      const sentinels = { items: isRecord(item) ? String(item['svc/id']) : '', groups: isRecord(group) ? String(group['svc/id']) : '' };
      await withHooks(ctx, [n.items, n.groups], async ([items, groups], receiver) => {
        if (!items || !groups) return;
        const r: Run = { ctx, world, hooks: { items, groups }, receiver, ledger, sentinels, markers: 0, trailed: false };
        await checkProperty(ctx, scriptArbitrary(world), untilDeliveryMissed(receiver, (script) => runScript(r, script)), {
          numRuns: randomRuns(ctx.fastCheck.numRuns),
          examples: [edgeScript(world)],
        });
      });
    } finally {
      await world.dispose();
    }
    ledger.finish();
  },
});
