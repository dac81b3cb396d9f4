/**
 * Runs abstract steps (model/arbitraries.ts) against a service and against the model side by
 * side: resolves picks and placeholders to concrete commands, sends them, applies them to the
 * model with the system values the service answered, and compares query results.
 */
import { createHash } from 'node:crypto';
import type { components } from '../../../generated/service/types.js';
import { describeRequest, expectJson, expectSuccess, fail } from '../assert.js';
import type { CheckContext } from '../check.js';
import type { HttpResponse } from '../http.js';
import { isRecord } from '../shapes.js';
import { SupportLedger, beyondContractOperators, isUnknownCommand, isUnknownOperator } from '../support.js';
import { SchemaShapes, withOffset, type Profile, type QueryTemplate, type Scenario, type WriteOp } from './arbitraries.js';
import { QueryEvaluator } from './query.js';
import type { ModelSchema } from './schema.js';
import { ModelError, canonicalJson, isJsonObject, type Json, type JsonObject } from './values.js';
import { WorkspaceModel, systemValuesOf, type ModelEntity, type SystemValues } from './workspace-model.js';

export type Command = components['schemas']['Command'];
export type Query = components['schemas']['Query'];
export type SelectItem = components['schemas']['SelectItem'];

/** An id no Entity has (a placeholder with nothing to pick). */
export const NO_SUCH_ID = '0fffffff-ffff-4fff-bfff-fffffffffff0';
/** Operands standing in for an `@val` placeholder whose Entity has no value. */
const FALLBACK: Record<string, Json> = {
  text: 'a',
  integer: 0,
  decimal: 0.5,
  bool: true,
  date: '2024-01-01',
  'date-time': '2024-01-01T00:00:00.000Z',
  uuid: NO_SUCH_ID,
  'public-id': 1,
};
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const COMPARING_OPERATORS = new Set([
  '=',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'q/in',
  'q/not-in',
  'q/contains',
  'q/not-contains',
  'q/starts-with-ignoring-case?',
  'q/ends-with-ignoring-case?',
  'q/equals-ignoring-case?',
  'q/not-equals-ignoring-case?',
]);

/** A UUID (version 4 layout) from a hash: deterministic for a seed, salt and counter. */
export function derivedUuid(...parts: Array<string | number>): string {
  const h = createHash('sha256').update(parts.join(':')).digest('hex');
  const variant = ((parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Commands of the full profile beyond the contract's: a service may lack them (spec/CONVENTIONS.md). */
const BEYOND_CONTRACT_COMMANDS = new Set(['svc.entity/delete', 'svc.entity/remove-collection-items']);
/** A step the service answered with a named "unsupported" error (recorded in the driver's ledger); the run goes on without it. */
class StepUnsupported extends Error {}

export interface ResolvedQuery {
  query: JsonObject;
  params: JsonObject;
}

/** How query results are compared: `exact` (order included), or `tolerant` of the orders the contract leaves open. */
export type CompareMode = 'exact' | 'tolerant';

export class ModelDriver {
  model: WorkspaceModel;
  readonly shapes: SchemaShapes;
  /**
   * Features beyond the contract the service said it lacks (full profile only: there a command or
   * operator the service names as unknown is recorded here and its step left out; everything the
   * service does answer must be right).
   */
  readonly support = new SupportLedger();
  /** Concrete commands sent in the current run, for failure messages. */
  private history: string[] = [];
  private salt = 0;
  private counter = 0;

  constructor(
    readonly ctx: CheckContext,
    readonly schema: ModelSchema,
    /** Makes client-supplied ids differ between checks that share a seed. */
    private readonly nonce: string,
    readonly profile: Profile,
  ) {
    this.model = new WorkspaceModel(schema);
    this.shapes = new SchemaShapes(schema);
  }

  get mode(): CompareMode {
    return this.profile === 'full' ? 'exact' : 'tolerant';
  }

  beginRun(salt: number): void {
    this.salt = salt;
    this.counter = 0;
    this.history = [];
  }

  nextId(): string {
    this.counter += 1;
    return derivedUuid(this.ctx.fastCheck.seed, this.nonce, this.salt, this.counter);
  }

  typeName(index: number): string {
    return this.schema.types[index]?.name ?? '';
  }

  historyText(): string {
    return this.history.length === 0 ? '  (none)' : this.history.map((line, i) => `  ${i + 1}. ${line}`).join('\n');
  }

  /** Fails the check with the commands of the run so far. */
  failWith(message: string, res?: HttpResponse): never {
    fail(`${message}\nCommands sent in this run, in order:\n${this.historyText()}`, res);
  }

  /**
   * Whether `res` is the service's named "unsupported" answer to a feature beyond the contract that
   * `command` uses (full profile); if so, records it.
   */
  unsupportedIn(command: Command, res: HttpResponse): boolean {
    if (this.profile !== 'full') return false;
    const inner = innerCommands(command);
    for (const c of inner) {
      if (BEYOND_CONTRACT_COMMANDS.has(c.command) && isUnknownCommand(res, c.command)) {
        this.support.lacks(c.command, 'answered command.error/unknown-command', res);
        return true;
      }
    }
    for (const op of beyondContractOperators(inner)) {
      if (isUnknownOperator(res, op)) {
        this.support.lacks(`query ${op}`, 'answered entity.error/query-operator-invalid naming it', res);
        return true;
      }
    }
    return false;
  }

  /** Records the features beyond the contract that `command` uses as served (the service answered it with success). */
  served(command: Command): void {
    const inner = innerCommands(command);
    for (const c of inner) if (BEYOND_CONTRACT_COMMANDS.has(c.command)) this.support.serves(c.command);
    for (const op of beyondContractOperators(inner)) this.support.serves(`query ${op}`);
  }

  /**
   * Ends the ledger of a run: a feature the service served in one request and named as unknown in
   * another is a wrong answer and fails the check; one only named unknown is unsupported.
   */
  finishSupport(): void {
    const refused = this.support.servedButRefused();
    if (refused !== undefined) {
      const where = refused.res ? `${describeRequest(refused.res)} ${refused.res.request.body?.slice(0, 400) ?? ''}` : 'one request';
      fail(`${refused.feature} is served: the target answered other requests that use it with success, but ${refused.detail} in ${where}`, refused.res);
    }
    this.support.finish();
  }

  async send(command: Command, what: string): Promise<{ res: HttpResponse; result: unknown }> {
    this.history.push(JSON.stringify(command));
    const res = await this.ctx.http.command(command);
    if (this.unsupportedIn(command, res)) {
      this.history.pop();
      throw new StepUnsupported(what);
    }
    if (res.status !== 200 || !isRecord(res.json) || res.json['success'] !== true) {
      this.failWith(`${what}: expected {success: true} from ${describeRequest(res)}, got status ${res.status}: ${res.text.slice(0, 500)}`, res);
    }
    this.served(command);
    return { res, result: expectSuccess(res, what) };
  }

  /** Whether a run started and did not finish: the model may not know what the service holds. */
  private dirty = true;

  /**
   * Starts a run: deletes what the previous run left and creates the run's first Entities. After a
   * run that finished, one svc.command/batch does both (the model knows every Entity); after one
   * that failed, the ids are read from the service first.
   */
  async reset(salt: number, initial: WriteOp[], extra: Command[] = []): Promise<unknown[]> {
    if (this.dirty) await this.clear();
    this.dirty = true;
    this.beginRun(salt);
    const deletes: Command[] = this.schema.types.flatMap((t) =>
      this.model.entitiesOf(t.name).map((e): Command => ({ command: 'svc.entity/delete', args: { type: t.name, entity: { 'svc/id': e.id } } })),
    );
    const work = this.model.clone();
    work.clear();
    const creates: Command[] = [];
    for (const op of initial) {
      const command = this.resolveWrite(op, work, true);
      if (!command || command.command !== 'svc.entity/create') continue;
      work.create(command.args.type, command.args.entity as JsonObject, this.provisional(command));
      creates.push(command);
    }
    const all = [...deletes, ...creates, ...extra];
    const results = all.length > 0 ? await this.batchCommands(all) : [];
    // For the failure message, the run starts from empty Databases: the deletes are left out.
    this.history =
      creates.length > 0
        ? [`${JSON.stringify({ command: 'svc.command/batch', args: { commands: creates } })}${deletes.length > 0 ? ` (sent together with the deletes of the ${deletes.length} Entities of the previous run)` : ''}`]
        : [];
    return results.slice(deletes.length + creates.length);
  }

  /**
   * Reads the authors of the model's Entities (`user/email`, `user/name`) from the service, once
   * each, so that paths through `svc/created-by` can be compared; a service that does not answer
   * leaves them unknown (and the sweep leaves those paths out). Answers whether every author is known.
   */
  async loadAuthors(): Promise<boolean> {
    const authors = [...new Set(this.schema.types.flatMap((t) => this.model.entitiesOf(t.name).map((e) => e.createdBy)))];
    const unknown = authors.filter((id) => this.model.user(id) === undefined);
    if (unknown.length > 0) {
      const query = { 'q/from': 'svc/user', 'q/select': ['svc/id', 'user/email', 'user/name'], 'q/where': ['q/in', ['svc/id'], '$ids'], 'q/limit': unknown.length };
      const res = await this.ctx.http.command({ command: 'svc.entity/query', args: { query: query as unknown as Query, params: { $ids: unknown } } });
      const rows = isRecord(res.json) && res.json['success'] === true && Array.isArray(res.json['result']) ? res.json['result'] : [];
      const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
      for (const row of rows) if (isRecord(row) && typeof row['svc/id'] === 'string') this.model.setUser(row['svc/id'], { email: text(row['user/email']), name: text(row['user/name']) });
    }
    return authors.length > 0 && authors.every((id) => this.model.user(id) !== undefined);
  }

  /** Marks the end of a run that passed (the next reset trusts the model). */
  finishRun(): void {
    this.dirty = false;
  }

  /** Deletes every Entity of the test Databases (queried from the service) and empties the model. */
  async clear(): Promise<void> {
    const queries: Command[] = this.schema.types.map((t) => ({ command: 'svc.entity/query', args: { query: { 'q/from': t.name, 'q/select': ['svc/id'], 'q/limit': 10_000 } } }));
    const res = await this.ctx.http.command({ command: 'svc.command/batch', args: { commands: queries } } satisfies Command);
    const results = expectSuccess(res, 'reading the ids of the test Databases to clear them');
    const deletes: Command[] = [];
    if (Array.isArray(results)) {
      results.forEach((inner: unknown, i) => {
        const rows = isRecord(inner) && Array.isArray(inner['result']) ? inner['result'] : [];
        for (const row of rows) {
          if (isRecord(row) && typeof row['svc/id'] === 'string') deletes.push({ command: 'svc.entity/delete', args: { type: this.typeName(i), entity: { 'svc/id': row['svc/id'] } } });
        }
      });
    }
    if (deletes.length > 0) {
      const out = await this.ctx.http.command({ command: 'svc.command/batch', args: { commands: deletes } } satisfies Command);
      expectSuccess(out, 'deleting the Entities of the previous run');
    }
    this.model.clear();
    this.history = [];
  }

  // ---------------------------------------------------------------- resolution

  pickEntity(model: WorkspaceModel, type: number, pick: number): ModelEntity | undefined {
    const list = model.entitiesOf(this.typeName(type));
    return list.length === 0 ? undefined : list[pick % list.length];
  }

  private resolveRef(model: WorkspaceModel, placeholder: string): ModelEntity | undefined {
    const [, t, p] = placeholder.split(':');
    return this.pickEntity(model, Number(t), Number(p));
  }

  /** Resolves the values of a create or update; unresolvable references leave the field out. */
  private resolveValues(model: WorkspaceModel, typeName: string, values: JsonObject): JsonObject {
    const out: JsonObject = {};
    for (const [name, value] of Object.entries(values)) {
      const field = model.index.field(typeName, name);
      if (!field || field.kind !== 'relation') {
        out[name] = value;
        continue;
      }
      if (value === null) {
        out[name] = null;
      } else if (Array.isArray(value)) {
        const ids: string[] = [];
        for (const item of value) {
          const target = isJsonObject(item) && typeof item['svc/id'] === 'string' ? this.resolveRef(model, item['svc/id']) : undefined;
          if (target && !ids.includes(target.id)) ids.push(target.id);
        }
        out[name] = ids.map((id): Json => ({ 'svc/id': id }));
      } else if (isJsonObject(value) && typeof value['svc/id'] === 'string') {
        const target = this.resolveRef(model, value['svc/id']);
        if (target) out[name] = { 'svc/id': target.id };
      }
    }
    return out;
  }

  /** The concrete command of an abstract write, or undefined when there is nothing to act on. */
  resolveWrite(op: WriteOp, model: WorkspaceModel, forceId: boolean): Command | undefined {
    const type = this.typeName(op.type);
    switch (op.op) {
      case 'create': {
        const entity = this.resolveValues(model, type, op.values);
        if (op.supplyId || forceId) entity['svc/id'] = this.nextId();
        return { command: 'svc.entity/create', args: { type, entity } };
      }
      case 'update': {
        const target = this.pickEntity(model, op.type, op.pick);
        if (!target) return undefined;
        const entity: JsonObject = { 'svc/id': target.id, ...this.resolveValues(model, type, op.values) };
        if (op.modificationDate !== undefined) entity['svc/modification-date'] = op.modificationDate;
        return { command: 'svc.entity/update', args: { type, entity: entity as { 'svc/id': string } } };
      }
      case 'delete': {
        const target = this.pickEntity(model, op.type, op.pick);
        return target ? { command: 'svc.entity/delete', args: { type, entity: { 'svc/id': target.id } } } : undefined;
      }
      case 'add':
      case 'remove': {
        const target = this.pickEntity(model, op.type, op.pick);
        const field = model.index.field(type, op.field);
        if (!target || !field || field.kind !== 'relation') return undefined;
        const targetType = this.shapes.typeIndex(field.target);
        const items: string[] = [];
        for (const p of op.items) {
          const item = this.pickEntity(model, targetType, p);
          if (item && !items.includes(item.id)) items.push(item.id);
        }
        if (items.length === 0) return undefined;
        return {
          command: op.op === 'add' ? 'svc.entity/add-collection-items' : 'svc.entity/remove-collection-items',
          args: { type, entity: { 'svc/id': target.id }, field: op.field, items: items.map((id) => ({ 'svc/id': id })) },
        };
      }
    }
  }

  /** Applies a concrete command the service carried out to a model; `result` is the service's answer. */
  applyToModel(model: WorkspaceModel, command: Command, result: unknown): void {
    switch (command.command) {
      case 'svc.entity/create': {
        const system = systemValuesOf(result);
        if (!system) throw new ModelError('model/no-system-values', `the create result has no svc/id, svc/creation-date or svc/created-by: ${JSON.stringify(result)?.slice(0, 300)}`);
        model.create(command.args.type, command.args.entity as JsonObject, system);
        return;
      }
      case 'svc.entity/update':
        model.update(command.args.type, command.args.entity as JsonObject, systemValuesOf(result)?.modificationDate);
        return;
      case 'svc.entity/delete':
        model.delete(command.args.type, command.args.entity['svc/id']);
        return;
      case 'svc.entity/add-collection-items':
      case 'svc.entity/remove-collection-items':
        model.collectionItems(command.command === 'svc.entity/add-collection-items', command.args.type, command.args.entity['svc/id'], command.args.field, command.args.items as Json);
        return;
      default:
        return;
    }
  }

  /** A stand-in for the system values of a command not yet answered (inside a batch being built). */
  provisional(command: Command): SystemValues {
    const entity = command.command === 'svc.entity/create' ? (command.args.entity as JsonObject) : {};
    const id = typeof entity['svc/id'] === 'string' ? entity['svc/id'] : NO_SUCH_ID;
    return { id, publicId: '0', creationDate: '9999-12-31T23:59:59.999Z', modificationDate: '9999-12-31T23:59:59.999Z', createdBy: NO_SUCH_ID };
  }

  /** Applies a write not yet answered by the server to `model` (creates get provisional system values). */
  applyProvisional(model: WorkspaceModel, command: Command): void {
    if (command.command === 'svc.entity/create') model.create(command.args.type, command.args.entity as JsonObject, this.provisional(command));
    else this.applyToModel(model, command, undefined);
  }

  /** Resolves a list of writes against a copy of the model (ids supplied for creates when `forceIds`). */
  resolveAll(ops: WriteOp[], forceIds: boolean): Command[] {
    const work = this.model.clone();
    const commands: Command[] = [];
    for (const op of ops) {
      const command = this.resolveWrite(op, work, forceIds);
      if (!command) continue;
      this.applyProvisional(work, command);
      commands.push(command);
    }
    return commands;
  }

  // ---------------------------------------------------------------- writes

  /** Sends one write and applies it to the model. */
  async write(op: WriteOp): Promise<void> {
    const command = this.resolveWrite(op, this.model, false);
    if (!command) return;
    const sent = await this.sendSupported(command, command.command);
    if (sent === undefined) return;
    const { res, result } = sent;
    this.checkWriteResult(command, result, res);
    this.applyOrFail(this.model, command, result, res);
  }

  /** Sends writes as one svc.command/batch and applies them to the model. */
  async batch(ops: WriteOp[]): Promise<void> {
    const commands = this.resolveAll(ops, true);
    if (commands.length === 0) return;
    try {
      await this.batchCommands(commands);
    } catch (error) {
      // A batch with a command the service lacks is refused whole: nothing of it applies.
      if (!(error instanceof StepUnsupported)) throw error;
    }
  }

  /** `send`, or undefined when the service answered that it lacks a feature the command uses. */
  private async sendSupported(command: Command, what: string): Promise<{ res: HttpResponse; result: unknown } | undefined> {
    try {
      return await this.send(command, what);
    } catch (error) {
      if (error instanceof StepUnsupported) return undefined;
      throw error;
    }
  }

  /**
   * Sends concrete commands as one svc.command/batch, checks one `{success: true, result}` per
   * command in order, applies the writes to the model and compares the results of inner queries
   * with the model at their place in the batch.
   */
  async batchCommands(commands: Command[]): Promise<unknown[]> {
    const { res, result } = await this.send({ command: 'svc.command/batch', args: { commands } }, 'svc.command/batch');
    if (!Array.isArray(result) || result.length !== commands.length) {
      this.failWith(`svc.command/batch of ${commands.length} commands: expected an array of ${commands.length} results, one per inner command, got ${JSON.stringify(result)?.slice(0, 300)}`, res);
    }
    const next = this.model.clone();
    const results: unknown[] = [];
    commands.forEach((command, i) => {
      const inner: unknown = result[i];
      if (!isRecord(inner) || inner['success'] !== true || !('result' in inner)) {
        this.failWith(`svc.command/batch: inner result ${i} (${command.command}) is not {success: true, result}: ${JSON.stringify(inner)?.slice(0, 300)}`, res);
      }
      results.push(inner['result']);
      if (command.command === 'svc.entity/query') {
        const query = command.args.query as unknown as JsonObject;
        const params = (command.args.params ?? {}) as JsonObject;
        const expected = new QueryEvaluator(next, params).run(query);
        const problem = this.mode === 'exact' ? exactDifference(expected, inner['result']) : this.tolerantDifference({ query, params }, inner['result'], next);
        if (problem !== undefined) {
          this.failWith(`svc.command/batch: inner query ${i} does not see the Entities as the commands before it in the batch left them: ${problem}\nQuery: ${JSON.stringify(query)}\nExpected: ${JSON.stringify(expected).slice(0, 1000)}`, res);
        }
        return;
      }
      this.checkWriteResult(command, inner['result'], res);
      this.applyOrFail(next, command, inner['result'], res);
    });
    this.model.adopt(next);
    return results;
  }

  private applyOrFail(model: WorkspaceModel, command: Command, result: unknown, res: HttpResponse): void {
    try {
      this.applyToModel(model, command, result);
    } catch (error) {
      if (error instanceof ModelError) this.failWith(`${command.command} succeeded, but the model refuses it (${error.errorName}: ${error.message})`, res);
      throw error;
    }
    if (this.profile === 'full' && command.command === 'svc.entity/update') {
      // spec/query-semantics.md: the result of an update is the whole Entity (every field).
      const entity = model.entity(command.args.entity['svc/id']);
      const type = model.type(command.args.type);
      const fields = type.fields.filter((f) => f.system !== 'svc/modification-date').map((f) => f.name);
      const expected = entity ? new QueryEvaluator(model).shape(entity, fields) : undefined;
      const actual = isRecord(result) ? Object.fromEntries(fields.map((f) => [f, result[f]])) : result;
      if (expected && canonicalJson(expected) !== canonicalJson(actual)) {
        const problem = exactDifference([expected], [actual]) ?? 'differs';
        this.failWith(`svc.entity/update: the result is not the whole updated Entity: ${problem}`, res);
      }
    }
  }

  /** What a write answers: create the Entity with its (given) svc/id and values; update the whole Entity; the others `ok`. */
  private checkWriteResult(command: Command, result: unknown, res: HttpResponse): void {
    if (command.command === 'svc.entity/create') {
      if (!isRecord(result)) this.failWith(`svc.entity/create answered ${JSON.stringify(result)}, not the created Entity`, res);
      const given = (command.args.entity as JsonObject)['svc/id'];
      if (typeof given === 'string' && result['svc/id'] !== given) this.failWith(`svc.entity/create with svc/id ${given} answered svc/id ${JSON.stringify(result['svc/id'])}`, res);
      for (const [name, value] of Object.entries(command.args.entity as JsonObject)) {
        const field = this.model.index.field(command.args.type, name);
        if (!field || field.kind !== 'value' || field.system !== undefined || value === null) continue;
        const expected = field.valueKind === 'date-time' && typeof value === 'string' ? new Date(Date.parse(value)).toISOString() : value;
        if (canonicalJson(result[name]) !== canonicalJson(expected)) {
          this.failWith(`svc.entity/create: the result has ${name} = ${JSON.stringify(result[name])}, but ${JSON.stringify(value)} was written (expected ${JSON.stringify(expected)})`, res);
        }
      }
    } else if (command.command === 'svc.entity/update') {
      if (!isRecord(result)) this.failWith(`svc.entity/update answered ${JSON.stringify(result)}, not the Entity`, res);
    } else if (command.command === 'svc.entity/add-collection-items') {
      if (result !== 'ok') this.failWith(`${command.command} answered ${JSON.stringify(result)}, expected "ok"`, res);
    } else if (this.profile === 'full' && (command.command === 'svc.entity/delete' || command.command === 'svc.entity/remove-collection-items')) {
      // Not in the contract: spec/query-semantics.md ("Writes") and the spec's CommandResult table.
      if (result !== 'ok') this.failWith(`${command.command} answered ${JSON.stringify(result)}, expected "ok"`, res);
    }
  }

  // ---------------------------------------------------------------- queries

  private placeholder(model: WorkspaceModel, text: string): Json {
    if (text.startsWith('@val|')) {
      const [, t, p, fieldName] = text.split('|') as [string, string, string, string];
      const entity = this.pickEntity(model, Number(t), Number(p));
      const field = model.index.field(this.typeName(Number(t)), fieldName);
      const value = entity && field && field.kind === 'value' ? entity.values.get(fieldName) : undefined;
      if (value !== undefined) return value;
      return field && field.kind === 'value' ? FALLBACK[field.valueKind] : null;
    }
    if (text === '@user') return model.entitiesOf(this.typeName(0))[0]?.createdBy ?? model.entitiesOf(this.typeName(1))[0]?.createdBy ?? NO_SUCH_ID;
    if (text.startsWith('@user:')) {
      // A field of the author (loadAuthors): `@user:user/email`.
      const author = model.entitiesOf(this.typeName(0))[0]?.createdBy;
      return (author === undefined ? undefined : model.user(author)?.values.get(text.slice('@user:'.length))) ?? null;
    }
    const kind = text.slice(0, text.indexOf(':'));
    const entity = this.resolveRef(model, text);
    switch (kind) {
      case '@ref':
        return entity?.id ?? NO_SUCH_ID;
      case '@cd':
        return entity?.creationDate ?? '2000-01-01T00:00:00.000Z';
      case '@pid':
        return entity ? Number(entity.publicId) : 1;
      case '@pids':
        // The public id as the string the contract shows it as.
        return entity ? String(entity.publicId) : '1';
      default:
        return text;
    }
  }

  private fill(model: WorkspaceModel, value: Json): Json {
    if (typeof value === 'string') return value.startsWith('@') ? this.placeholder(model, value) : value;
    if (Array.isArray(value)) return value.map((v) => this.fill(model, v));
    if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.fill(model, v)]));
    return value;
  }

  /** Fills placeholders and moves operands into `params` as the template says. */
  resolveQuery(template: QueryTemplate, model: WorkspaceModel = this.model): ResolvedQuery {
    const query = this.fill(model, template.query) as JsonObject;
    const params: JsonObject = {};
    let counter = 0;
    const paramize = (expr: Json): Json => {
      if (!Array.isArray(expr) || typeof expr[0] !== 'string') return expr;
      const op = expr[0];
      if (op === 'q/and' || op === 'q/or') return [op, ...expr.slice(1).map(paramize)];
      if (!COMPARING_OPERATORS.has(op) || expr.length !== 3) return expr;
      const operand = expr[2] as Json;
      const index = counter++;
      const isList = Array.isArray(operand);
      // A literal string starting with `$` would name a parameter, and the grammar's literal operands are
      // scalars or lists of scalars: such values (and `{svc/id}` references) always travel in `params`.
      const dollar = isList
        ? operand.some((v) => (typeof v === 'string' && v.startsWith('$')) || isJsonObject(v))
        : (typeof operand === 'string' && operand.startsWith('$')) || isJsonObject(operand);
      const chosen = template.paramize.length > 0 && template.paramize[index % template.paramize.length] === true;
      const contractList = this.profile === 'contract' && isList;
      if (!dollar && !chosen && !contractList) return expr;
      const name = `$p${index}`;
      const alt = (v: Json): Json => (template.altTimes && typeof v === 'string' && DATE_TIME.test(v) ? withOffset(v) : v);
      params[name] = isList ? operand.map(alt) : alt(operand);
      return [op, expr[1] as Json, name];
    };
    const walkSelect = (select: Json): Json => {
      if (!Array.isArray(select)) return select;
      return select.map((item) => {
        if (!isJsonObject(item)) return item;
        return Object.fromEntries(
          Object.entries(item).map(([key, value]) => {
            if (isJsonObject(value)) {
              const sub: JsonObject = { ...value, 'q/select': walkSelect(value['q/select'] as Json) };
              if (value['q/where'] !== undefined) sub['q/where'] = paramize(value['q/where'] as Json);
              return [key, sub];
            }
            return [key, Array.isArray(value) && value[0] !== 'q/count' ? walkSelect(value) : value];
          }),
        );
      });
    };
    if (query['q/where'] !== undefined) query['q/where'] = paramize(query['q/where'] as Json);
    query['q/select'] = walkSelect(query['q/select'] as Json);
    return { query, params };
  }

  /** Runs a resolved query on the service; answers the rows and the response (undefined: the service lacks an operator it uses). */
  async queryService(resolved: ResolvedQuery, what: string): Promise<{ rows: unknown; res: HttpResponse } | undefined> {
    const args: { query: Query; params?: Record<string, unknown> } = { query: resolved.query as unknown as Query };
    if (Object.keys(resolved.params).length > 0) args.params = resolved.params;
    const command: Command = { command: 'svc.entity/query', args };
    const res = await this.ctx.http.command(command);
    if (this.unsupportedIn(command, res)) return undefined;
    const body = expectJson(res, what);
    if (res.status !== 200 || !isRecord(body) || body['success'] !== true) {
      this.failWith(`${what}: the query failed, the model answers it\nQuery: ${JSON.stringify(resolved.query)}\nParams: ${JSON.stringify(resolved.params)}\nGot status ${res.status}: ${res.text.slice(0, 600)}`, res);
    }
    this.served(command);
    return { rows: body['result'], res };
  }

  /** Runs a query on both sides and fails on the first difference. */
  async compareQuery(template: QueryTemplate, what = 'query'): Promise<void> {
    const resolved = this.resolveQuery(template);
    let expected: JsonObject[];
    try {
      expected = new QueryEvaluator(this.model, resolved.params).run(resolved.query);
    } catch (error) {
      if (error instanceof ModelError) throw new Error(`the model cannot answer a generated query (${error.errorName}: ${error.message}): ${JSON.stringify(resolved.query)}`);
      throw error;
    }
    const answer = await this.queryService(resolved, what);
    if (answer === undefined) return;
    const { rows, res } = answer;
    const problem = this.mode === 'exact' ? exactDifference(expected, rows) : this.tolerantDifference(resolved, rows);
    if (problem !== undefined) {
      this.failWith(
        `${what}: the result differs from the model (spec/query-semantics.md): ${problem}\nQuery: ${JSON.stringify(resolved.query)}\nParams: ${JSON.stringify(resolved.params)}\nExpected: ${JSON.stringify(expected).slice(0, 1500)}\nGot: ${JSON.stringify(rows).slice(0, 1500)}`,
        res,
      );
    }
  }

  /** Queries of every field (but svc/modification-date) of every Entity of each test Database. */
  dumpQueries(): Command[] {
    return this.schema.types.map((type) => ({
      command: 'svc.entity/query',
      args: { query: { 'q/from': type.name, 'q/select': type.fields.filter((f) => f.system !== 'svc/modification-date').map((f) => f.name), 'q/limit': 10_000 } },
    }));
  }

  /** Every field (but svc/modification-date) of every Entity of each test Database, on both sides (one svc.command/batch). */
  async compareDump(): Promise<void> {
    const queries = this.dumpQueries();
    const res = await this.ctx.http.command({ command: 'svc.command/batch', args: { commands: queries } } satisfies Command);
    const results = expectSuccess(res, 'a full dump of the test Databases');
    queries.forEach((command, i) => {
      if (command.command !== 'svc.entity/query') return;
      const query = command.args.query as unknown as JsonObject;
      const inner: unknown = Array.isArray(results) ? results[i] : undefined;
      const rows = isRecord(inner) ? inner['result'] : undefined;
      const expected = new QueryEvaluator(this.model).run(query);
      const problem = this.mode === 'exact' ? exactDifference(expected, rows) : this.tolerantDifference({ query, params: {} }, rows);
      if (problem !== undefined) {
        this.failWith(`full dump of ${String(query['q/from'])}: the Entities differ from the model: ${problem}\nQuery: ${JSON.stringify(query)}\nExpected: ${JSON.stringify(expected).slice(0, 1500)}\nGot: ${JSON.stringify(rows).slice(0, 1500)}`, res);
      }
    });
  }

  /** Contract-level comparison: the right Entities with the right values, sorted by the given keys; ties and collection order free. */
  tolerantDifference(resolved: ResolvedQuery, rows: unknown, model: WorkspaceModel = this.model): string | undefined {
    if (!Array.isArray(rows)) return `the result is ${JSON.stringify(rows)?.slice(0, 100)}, not an array`;
    const evaluator = new QueryEvaluator(model, resolved.params);
    const from = resolved.query['q/from'] as string;
    const all = evaluator.run({ ...withoutLimit(resolved.query), 'q/no-limit': true });
    const byId = new Map(all.map((row) => [String(row['svc/id']), row]));
    const limit = evaluator.limitOf(resolved.query);
    const expectedCount = limit === null ? all.length : Math.min(limit, all.length);
    if (rows.length !== expectedCount) return `expected ${expectedCount} Entities, got ${rows.length}`;
    const keyCompare = evaluator.keyComparator(from, resolved.query['q/order-by'] as Json | undefined);
    const seen = new Set<string>();
    const entities: ModelEntity[] = [];
    for (const [i, row] of rows.entries()) {
      const id = isRecord(row) ? row['svc/id'] : undefined;
      if (typeof id !== 'string') return `row ${i} has no svc/id`;
      if (seen.has(id)) return `row ${i}: ${id} comes twice`;
      seen.add(id);
      const expected = byId.get(id);
      if (!expected) return `row ${i}: ${id} does not match the query`;
      if (canonicalJson(unordered(expected)) !== canonicalJson(unordered(row))) return `row ${i} (${id}): expected ${JSON.stringify(expected)}, got ${JSON.stringify(row)}`;
      entities.push(model.entity(id) as ModelEntity);
    }
    for (let i = 1; i < entities.length; i++) {
      if (keyCompare(entities[i - 1] as ModelEntity, entities[i] as ModelEntity) > 0) return `rows ${i - 1} and ${i} are not in q/order-by order`;
    }
    const last = entities.at(-1);
    if (last && entities.length < all.length) {
      const missing = model.entitiesOf(from).find((e) => byId.has(e.id) && !seen.has(e.id) && keyCompare(e, last) < 0);
      if (missing) return `${missing.id} sorts before the last row returned but is missing`;
    }
    return undefined;
  }

  /** Runs the steps of a scenario (the body of the model-based property). */
  async runScenario(s: Scenario): Promise<void> {
    await this.reset(s.salt, s.initial);
    for (const step of s.steps) {
      if (step.op === 'query') await this.compareQuery(step.template);
      else if (step.op === 'batch') await this.batch(step.ops);
      else await this.write(step);
    }
    for (const template of s.final) await this.compareQuery(template);
    await this.compareDump();
    this.finishRun();
  }
}

function withoutLimit(query: JsonObject): JsonObject {
  const { 'q/limit': _limit, 'q/no-limit': _noLimit, ...rest } = query;
  return rest;
}

/** Collections of Entities sorted by svc/id, so their order does not count. */
export function unordered(value: Json | unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(unordered);
    if (items.every((item) => isRecord(item) && typeof item['svc/id'] === 'string')) {
      const id = (item: unknown): string => String((item as Record<string, unknown>)['svc/id']);
      return [...items].sort((a, b) => (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0));
    }
    return items;
  }
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unordered(v)]));
  return value;
}

/** The first difference between the expected rows and the service's, or undefined. */
export function exactDifference(expected: JsonObject[], actual: unknown): string | undefined {
  if (!Array.isArray(actual)) return `the result is ${JSON.stringify(actual)?.slice(0, 100)}, not an array`;
  const n = Math.max(expected.length, actual.length);
  for (let i = 0; i < n; i++) {
    const e = expected[i];
    const a: unknown = actual[i];
    if (canonicalJson(e) === canonicalJson(a)) continue;
    const head = expected.length !== actual.length ? `expected ${expected.length} Entities, got ${actual.length}; ` : '';
    if (e === undefined) return `${head}unexpected row ${i}: ${JSON.stringify(a)}`;
    if (a === undefined) return `${head}row ${i} is missing: ${JSON.stringify(e)}`;
    const keys = isRecord(a) ? [...new Set([...Object.keys(e), ...Object.keys(a)])] : [];
    const differing = keys.filter((k) => canonicalJson(e[k]) !== canonicalJson(isRecord(a) ? a[k] : undefined));
    return `${head}row ${i} differs${differing.length > 0 ? ` in ${differing.map((k) => JSON.stringify(k)).join(', ')}` : ''}: expected ${JSON.stringify(e)}, got ${JSON.stringify(a)}`;
  }
  return undefined;
}

/** Ids of the test Database Entities a relation field's value holds (for checks that read results). */
export function refIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return list.map((v: unknown) => (isRecord(v) ? String(v['svc/id']) : String(v)));
}

/** The commands a request carries: those of a svc.command/batch, or the command itself. */
function innerCommands(command: Command): Command[] {
  return command.command === 'svc.command/batch' ? (command.args.commands as Command[]) : [command];
}
