/**
 * `svc.entity/query` over the model, as spec/query-semantics.md defines it: paths, `q/where`
 * (two-valued, "any" over several values, negations as exact complements), `q/order-by` (missing
 * values last ascending, first descending, then creation date and `svc/id`), limits and selects.
 */
import { USER_TYPE, type RelationField, type ValueField, type ValueKind } from './schema.js';
import {
  ModelError,
  coerceOperand,
  compareCodePoints,
  compareValues,
  holds,
  isJsonObject,
  type Json,
  type JsonObject,
  type Scalar,
} from './values.js';
import { creationOrder, type ModelEntity, type WorkspaceModel } from './workspace-model.js';

/** The fields of `svc/user` the model follows `svc/created-by` to. */
const USER_FIELDS: readonly ValueField[] = [
  { kind: 'value', name: 'svc/id', valueKind: 'uuid', system: 'svc/id' },
  { kind: 'value', name: 'user/email', valueKind: 'text' },
  { kind: 'value', name: 'user/name', valueKind: 'text' },
];

export const COMPARISON_OPERATORS = ['=', '!=', '<', '<=', '>', '>='] as const;
export const TEXT_OPERATORS = ['q/contains', 'q/not-contains', 'q/starts-with-ignoring-case?', 'q/ends-with-ignoring-case?', 'q/equals-ignoring-case?', 'q/not-equals-ignoring-case?'] as const;
/** Text operators that hold where the one they negate does not (empty values included). */
const NEGATED_TEXT_OPERATORS: ReadonlySet<string> = new Set(['q/not-contains', 'q/not-equals-ignoring-case?']);
/** The functions of a field that test it for no value: `q/null?`, and `q/null-or-empty?` (the empty text too). */
const EMPTINESS_FUNCTIONS: ReadonlySet<string> = new Set(['q/null?', 'q/null-or-empty?']);
export const MEMBERSHIP_OPERATORS = ['q/in', 'q/not-in'] as const;
export const LOGICAL_OPERATORS = ['q/and', 'q/or'] as const;

/** A path resolved against the schema: the relation steps and the value read at the end. */
interface ResolvedPath {
  steps: RelationField[];
  /** The value field read at the end; undefined when the path ends on a relation (its `svc/id`). */
  last: ValueField | undefined;
  kind: ValueKind;
  many: boolean;
}

function operatorError(message: string): ModelError {
  return new ModelError('entity.error/query-operator-invalid', message);
}

function asNames(path: Json): string[] {
  if (typeof path === 'string') return [path];
  if (Array.isArray(path) && path.length > 0 && path.every((p): p is string => typeof p === 'string')) return path;
  throw operatorError(`a path is a field name or a non-empty array of field names, got ${JSON.stringify(path)}`);
}

export class QueryEvaluator {
  constructor(
    private readonly model: WorkspaceModel,
    private readonly params: JsonObject = {},
  ) {}

  resolvePath(typeName: string, raw: Json): ResolvedPath {
    const names = asNames(raw);
    const steps: RelationField[] = [];
    let holder = typeName;
    for (const [i, name] of names.entries()) {
      if (holder === USER_TYPE) {
        // A sub-query of svc/created-by: the author's own fields, and only those.
        const userField = USER_FIELDS.find((f) => f.name === name);
        if (userField === undefined || i !== names.length - 1) throw new ModelError('model/unsupported', `the model knows ${USER_FIELDS.map((f) => f.name).join(', ')} of svc/user only`);
        return { steps, last: userField, kind: userField.valueKind, many: false };
      }
      const field = this.model.field(holder, name);
      const isLast = i === names.length - 1;
      if (field.kind === 'value') {
        if (!isLast) {
          throw new ModelError('entity.error/query-primitive-field-expr-invalid', `the path ${JSON.stringify(names)} goes through "${name}", which is not a relation`);
        }
        return { steps, last: field, kind: field.valueKind, many: steps.some((s) => s.collection) };
      }
      if (field.target === 'svc/user' && !isLast) {
        // The author's own fields, and only those (the model does not follow a user's relations).
        const userField = USER_FIELDS.find((f) => f.name === names[i + 1]);
        if (userField === undefined || i + 1 !== names.length - 1) throw new ModelError('model/unsupported', `the model knows ${USER_FIELDS.map((f) => f.name).join(', ')} of svc/user only`);
        steps.push(field);
        return { steps, last: userField, kind: userField.valueKind, many: steps.some((s) => s.collection) };
      }
      steps.push(field);
      holder = field.target;
    }
    return { steps, last: undefined, kind: 'uuid', many: steps.some((s) => s.collection) };
  }

  /** Every value at the end of a path (several through collections; none when missing). */
  valuesAt(entity: ModelEntity, path: ResolvedPath): Scalar[] {
    let frontier: ModelEntity[] = [entity];
    const stepsBeforeEnd = path.last === undefined ? path.steps.slice(0, -1) : path.steps;
    for (const step of stepsBeforeEnd) frontier = frontier.flatMap((e) => this.model.related(e, step));
    if (path.last === undefined) {
      const end = path.steps.at(-1) as RelationField;
      if (end.target === 'svc/user') return frontier.map((e) => e.createdBy);
      return frontier.flatMap((e) => this.model.related(e, end).map((r) => r.id));
    }
    const last = path.last;
    return frontier.map((e) => readValue(e, last)).filter((v): v is Scalar => v !== undefined);
  }

  /** The collection of `['q/count', [<collection>, 'svc/id']]`. */
  countedField(typeName: string, raw: Json): RelationField {
    const path = this.resolvePath(typeName, raw);
    const first = path.steps[0];
    if (!first || path.steps.length !== 1 || !first.collection || (path.last !== undefined && path.last.system !== 'svc/id')) {
      throw operatorError('q/count counts a collection: [<collection>, "svc/id"]');
    }
    return first;
  }

  operand(raw: Json): Json {
    if (typeof raw === 'string' && raw.startsWith('$')) {
      if (!Object.hasOwn(this.params, raw)) throw new ModelError('entity.error/query-param-not-found', `the parameter ${raw} is not in params`);
      return this.params[raw] as Json;
    }
    return raw;
  }

  matches(entity: ModelEntity, expr: Json): boolean {
    if (!Array.isArray(expr) || expr.length === 0 || typeof expr[0] !== 'string') throw operatorError(`not an expression: ${JSON.stringify(expr)}`);
    const op = expr[0];
    const type = entity.type;
    if (op === 'q/and' || op === 'q/or') {
      const operands = expr.slice(1);
      if (operands.length === 0) throw operatorError(`${op} needs at least one expression`);
      return op === 'q/and' ? operands.every((e) => this.matches(entity, e)) : operands.some((e) => this.matches(entity, e));
    }
    if (op === 'q/null-or-empty?') {
      if (expr.length !== 2) throw operatorError('q/null-or-empty? alone takes a field');
      return this.isEmpty(entity, expr as Json[]);
    }
    if (expr.length !== 3) throw operatorError(`"${op}" takes two operands`);
    const subject = expr[1] as Json;
    const operand = this.operand(expr[2] as Json);

    if ((COMPARISON_OPERATORS as readonly string[]).includes(op)) {
      const cmp = op as (typeof COMPARISON_OPERATORS)[number];
      if (Array.isArray(subject) && typeof subject[0] === 'string' && EMPTINESS_FUNCTIONS.has(subject[0])) {
        if (cmp !== '=' && cmp !== '!=') throw operatorError(`${subject[0]} is compared with = or != only`);
        if (typeof operand !== 'boolean') throw new ModelError('entity.error/query-value-invalid', `${subject[0]} is compared with a boolean`);
        const empty = this.isEmpty(entity, subject);
        return cmp === '=' ? empty === operand : empty !== operand;
      }
      if (Array.isArray(subject) && subject[0] === 'q/count') {
        const first = this.countedField(type, subject[1] as Json);
        if (typeof operand !== 'number' || !Number.isInteger(operand)) throw new ModelError('entity.error/query-value-invalid', 'q/count is compared with an integer');
        const n = this.model.related(entity, first).length;
        return cmp === '!=' ? n !== operand : holds(cmp, 'integer', n, operand);
      }
      const path = this.resolvePath(type, subject);
      const values = this.valuesAt(entity, path);
      if (operand === null) {
        if (cmp === '=') return values.length === 0;
        if (cmp === '!=') return values.length > 0;
        throw operatorError(`"${cmp}" cannot compare with null`);
      }
      if (path.kind === 'bool' && cmp !== '=' && cmp !== '!=') throw operatorError(`"${cmp}" does not apply to a bool field`);
      const value = coerceOperand(path.kind, operand);
      const positive = values.some((v) => holds(cmp === '!=' ? '=' : cmp, path.kind, v, value));
      return cmp === '!=' ? !positive : positive;
    }

    if (op === 'q/in' || op === 'q/not-in') {
      if (!Array.isArray(operand)) throw new ModelError('entity.error/query-value-invalid', `${op} needs a list`);
      const path = this.resolvePath(type, subject);
      const list = operand.map((v) => coerceOperand(path.kind, v));
      const values = this.valuesAt(entity, path);
      const positive = values.some((v) => list.some((x) => compareValues(path.kind, v, x) === 0));
      return op === 'q/in' ? positive : !positive;
    }

    if ((TEXT_OPERATORS as readonly string[]).includes(op)) {
      const path = this.resolvePath(type, subject);
      const values = this.valuesAt(entity, path);
      if ((op === 'q/contains' || op === 'q/not-contains') && path.kind === 'uuid') {
        // A relation or collection "has this Entity".
        const id = coerceOperand('uuid', operand);
        const positive = values.some((v) => v === id);
        return op === 'q/contains' ? positive : !positive;
      }
      if (path.kind !== 'text') throw operatorError(`"${op}" applies to text fields`);
      if (typeof operand !== 'string') throw new ModelError('entity.error/query-value-invalid', `"${op}" needs a string`);
      const needle = operand.toLowerCase();
      const test = (v: Scalar): boolean => {
        const text = String(v);
        switch (op) {
          case 'q/contains':
          case 'q/not-contains':
            return text.includes(operand);
          case 'q/starts-with-ignoring-case?':
            return text.toLowerCase().startsWith(needle);
          case 'q/ends-with-ignoring-case?':
            return text.toLowerCase().endsWith(needle);
          default:
            return text.toLowerCase() === needle;
        }
      };
      const positive = values.some(test);
      return NEGATED_TEXT_OPERATORS.has(op) ? !positive : positive;
    }
    throw operatorError(`unknown operator ${JSON.stringify(op)}`);
  }

  /** `['q/null?' | 'q/null-or-empty?', path]`: no value at the path (for the latter, no text other than ""). */
  private isEmpty(entity: ModelEntity, call: Json[]): boolean {
    const path = this.resolvePath(entity.type, call[1] as Json);
    const values = this.valuesAt(entity, path);
    if (call[0] === 'q/null-or-empty?' && path.kind === 'text') return !values.some((v) => String(v) !== '');
    return values.length === 0;
  }

  /** Compares two Entities by the explicit keys of a `q/order-by` only (0 when they tie). */
  keyComparator(typeName: string, orderBy: Json | undefined): (a: ModelEntity, b: ModelEntity) => number {
    const keys: Array<{ path: ResolvedPath; desc: boolean }> = [];
    if (orderBy !== undefined) {
      if (!Array.isArray(orderBy)) throw operatorError('q/order-by must be an array');
      for (const item of orderBy) {
        if (!Array.isArray(item) || item.length !== 2 || (item[1] !== 'q/asc' && item[1] !== 'q/desc')) throw operatorError(`bad order item ${JSON.stringify(item)}`);
        const path = this.resolvePath(typeName, item[0] as Json);
        if (path.many) throw operatorError('an order key cannot go through a collection');
        keys.push({ path, desc: item[1] === 'q/desc' });
      }
    }
    return (x, y) => {
      for (const key of keys) {
        const a = this.valuesAt(x, key.path)[0];
        const b = this.valuesAt(y, key.path)[0];
        if (a === undefined && b === undefined) continue;
        // Missing values sort last ascending and first descending.
        if (a === undefined) return key.desc ? -1 : 1;
        if (b === undefined) return key.desc ? 1 : -1;
        const c = compareValues(key.path.kind, a, b);
        if (c !== 0) return key.desc ? -c : c;
      }
      return 0;
    };
  }

  /** Sorts by the keys, then creation date, then `svc/id`. */
  order(typeName: string, entities: ModelEntity[], orderBy: Json | undefined): ModelEntity[] {
    const byKeys = this.keyComparator(typeName, orderBy);
    return [...entities].sort((x, y) => byKeys(x, y) || creationOrder(x, y));
  }

  /** `q/limit` / `q/no-limit` of a query or sub-query (null: no limit). */
  limitOf(query: JsonObject): number | null {
    if (query['q/no-limit'] === true) return null;
    const limit = query['q/limit'];
    if (limit === undefined) throw new ModelError('entity.error/query-limit-expr-not-found', 'neither q/limit nor q/no-limit');
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0) throw new ModelError('entity.error/query-value-invalid', 'q/limit must be an integer >= 0');
    return limit;
  }

  /** Filter, order and limit a list of candidate Entities of one Database. */
  select(typeName: string, candidates: ModelEntity[], query: JsonObject): ModelEntity[] {
    const limit = this.limitOf(query);
    const where = query['q/where'];
    const found = where === undefined ? candidates : candidates.filter((e) => this.matches(e, where));
    const ordered = this.order(typeName, found, query['q/order-by']);
    return limit === null ? ordered : ordered.slice(0, limit);
  }

  /** One Entity shaped by a `q/select`. */
  shape(entity: ModelEntity, select: Json): JsonObject {
    if (!Array.isArray(select) || select.length === 0) throw operatorError('q/select must be a non-empty array');
    const out: JsonObject = {};
    for (const item of select) {
      if (typeof item === 'string') {
        out[item] = this.plainValue(entity, item);
        continue;
      }
      if (!isJsonObject(item)) throw operatorError(`bad select item ${JSON.stringify(item)}`);
      for (const [key, value] of Object.entries(item)) out[key] = this.selectItem(entity, key, value);
    }
    return out;
  }

  private plainValue(entity: ModelEntity, name: string): Json {
    const field = this.model.field(entity.type, name);
    if (field.kind === 'value') return readValue(entity, field) ?? null;
    if (field.target === 'svc/user') return { 'svc/id': entity.createdBy };
    const related = this.model.related(entity, field).map((r): Json => ({ 'svc/id': r.id }));
    return field.collection ? related : (related[0] ?? null);
  }

  private selectItem(entity: ModelEntity, key: string, value: Json): Json {
    const field = this.model.index.field(entity.type, key);
    if (field) {
      if (field.kind === 'relation' && field.target === 'svc/user' && Array.isArray(value)) return this.authorShaped(this.author(entity, field), value);
      if (field.kind === 'relation' && field.target === 'svc/user' && isJsonObject(value)) {
        // A sub-query of the author: its q/where keeps the author or leaves null.
        const chosen = this.select(USER_TYPE, [this.author(entity, field)], value);
        return chosen[0] === undefined ? null : this.authorShaped(chosen[0], value['q/select'] as Json);
      }
      if (field.kind !== 'relation' || field.target === 'svc/user') throw new ModelError('model/unsupported', `sub-select of ${key}`);
      const items = this.model.related(entity, field);
      if (Array.isArray(value)) {
        const shaped = items.map((r) => this.shape(r, value));
        return field.collection ? shaped : (shaped[0] ?? null);
      }
      if (isJsonObject(value)) {
        const chosen = this.select(field.target, items, value).map((r) => this.shape(r, value['q/select'] as Json));
        return field.collection ? chosen : (chosen[0] ?? null);
      }
      throw operatorError(`${key} must be a list of sub-fields or a sub-query`);
    }
    if (Array.isArray(value) && value[0] === 'q/count') {
      return this.model.related(entity, this.countedField(entity.type, value[1] as Json)).length;
    }
    const path = this.resolvePath(entity.type, value);
    const values = this.valuesAt(entity, path);
    return path.many ? values : (values[0] ?? null);
  }

  /** The author of an Entity (`svc/created-by`), when the service told the model (ModelDriver.loadAuthors). */
  private author(entity: ModelEntity, field: RelationField): ModelEntity {
    const author = this.model.related(entity, field)[0];
    if (author === undefined) throw new ModelError('model/unsupported', `the author ${entity.createdBy} is not known`);
    return author;
  }

  /** `{svc/created-by: [<fields of svc/user>]}`: the author's fields (USER_FIELDS only). */
  private authorShaped(author: ModelEntity, names: Json): Json {
    if (!Array.isArray(names)) throw operatorError('q/select must be a non-empty array');
    const out: JsonObject = {};
    for (const name of names) {
      const userField = USER_FIELDS.find((f) => f.name === name);
      if (userField === undefined) throw new ModelError('model/unsupported', `the model knows ${USER_FIELDS.map((f) => f.name).join(', ')} of svc/user only`);
      out[userField.name] = readValue(author, userField) ?? null;
    }
    return out;
  }

  run(query: JsonObject): JsonObject[] {
    const from = query['q/from'];
    if (typeof from !== 'string') throw new ModelError('entity.error/schema-type-not-found', 'q/from must name a Database');
    this.model.type(from);
    return this.select(from, this.model.entitiesOf(from), query).map((e) => this.shape(e, query['q/select'] as Json));
  }
}

function readValue(entity: ModelEntity, field: ValueField): Scalar | undefined {
  switch (field.system) {
    case 'svc/id':
      return entity.id;
    case 'svc/public-id':
      return entity.publicId;
    case 'svc/creation-date':
      return entity.creationDate;
    case 'svc/modification-date':
      return entity.modificationDate;
    default:
      return entity.values.get(field.name);
  }
}

/** Runs a query against the model: the Entities the service must answer, shaped and in order. */
export function evaluateQuery(model: WorkspaceModel, query: JsonObject, params: JsonObject = {}): JsonObject[] {
  return new QueryEvaluator(model, params).run(query);
}

/** Orders strings by code point (exported for checks that sort ids the way the service must). */
export function sortIds(ids: string[]): string[] {
  return [...ids].sort(compareCodePoints);
}
