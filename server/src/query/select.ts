// `q/select` to a plan: which fields to read from each Entity, and which relations to fetch.
import { excerpt } from '../api/excerpt.js';
import { Failure } from '../api/failure.js';
import type { Catalog, FieldDef, TypeDef } from '../model/catalog.js';
import { RICH_TEXT_SECRET, RICH_TEXT_TYPE } from '../model/field-types.js';
import { checkAggregatePath, isAggregate, type Aggregate } from './aggregates.js';
import { isRelation, resolvePath, type ResolvedPath } from './paths.js';
import type { Condition } from './where.js';

export interface SubQuery {
  where?: unknown;
  /** A condition built by code (GraphQL filters), ANDed with `where`. */
  condition?: Condition;
  orderBy?: unknown;
  /** null: no limit (`q/no-limit`, or a plain sub-field list). */
  limit: number | null;
  /** Items skipped per parent before the first one returned (`q/offset`, GraphQL `offset`); 0 when absent. */
  offset?: number;
}

export type SelectNode =
  /** `pick`: the member of the field's value answered instead of the value (a rich text's secret). */
  | { kind: 'field'; key: string; field: FieldDef; pick?: string }
  /** An object of its own nodes, read from the same Entity (an alias map without `q/from`). */
  | { kind: 'group'; key: string; nodes: SelectNode[] }
  | { kind: 'related'; key: string; field: FieldDef; target: TypeDef; select: SelectNode[]; sub: SubQuery }
  | { kind: 'path'; key: string; path: ResolvedPath }
  | { kind: 'count'; key: string; field: FieldDef }
  /** `q/sum`, `q/avg`, `q/min`, `q/max` of the values a path reaches. */
  | { kind: 'aggregate'; key: string; op: Aggregate; path: ResolvedPath };

export const MAX_LIMIT = 10_000;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: unreachable difference: the request schema lets only strings, arrays and objects through to a select
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `q/limit` / `q/no-limit` of a query or sub-query (`"q/limit": "q/no-limit"` is the public API's form of the latter). */
export function readLimit(query: Record<string, unknown>, where: string): number | null {
  const limit = query['q/limit'];
  if (query['q/no-limit'] === true || limit === 'q/no-limit') return null;
  if (limit === undefined) {
    throw new Failure(
      'entity.error/query-limit-expr-not-found',
      `${where} has neither q/limit nor q/no-limit; add "q/limit" (1000 is the largest useful page, 1001 with the cursor rule).`,
      // Stryker disable next-line ObjectLiteral,StringLiteral: the spec gives this error no data; data.field is a courtesy
      { field: `${where}/q/limit` },
    );
  }
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: unreachable: the request schema makes q/limit a non-negative integer
  const wellFormed = typeof limit === 'number' && Number.isInteger(limit) && limit >= 0;
  if (!wellFormed || limit > MAX_LIMIT) {
    throw new Failure('entity.error/query-value-invalid', `${where}: q/limit must be an integer from 0 to ${MAX_LIMIT}; got ${excerpt(limit)}.`, {
      field: `${where}/q/limit`,
      value: limit as never,
      expected: `an integer from 0 to ${MAX_LIMIT}`,
    });
  }
  return limit;
}

/** `q/offset` of a query or sub-query: Entities (items per parent) skipped; 0 when absent. */
export function readOffset(query: Record<string, unknown>, where: string): number {
  const offset = query['q/offset'];
  if (offset === undefined) return 0;
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,BlockStatement: unreachable: the request schema makes q/offset an integer from 0 to 2147483647
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0) {
    // Stryker disable next-line all: unreachable (above)
    throw new Failure('entity.error/query-value-invalid', `${where}: q/offset must be a non-negative integer; got ${excerpt(offset)}.`, { field: `${where}/q/offset`, value: offset as never, expected: 'a non-negative integer' });
  }
  return offset;
}

function idOnly(catalog: Catalog, target: TypeDef): SelectNode[] {
  return [{ kind: 'field', key: 'svc/id', field: catalog.field(target, 'svc/id') }];
}

function related(catalog: Catalog, key: string, field: FieldDef, select: SelectNode[] | undefined, sub: SubQuery): SelectNode {
  const target = catalog.byName.get(field.fieldType);
  // Stryker disable next-line all: unreachable: the catalogue holds the target of every relation it holds
  if (!target) throw new Error(`relation target ${field.fieldType} vanished`);
  return { kind: 'related', key, field, target, select: select ?? idOnly(catalog, target), sub };
}

export function planSelect(catalog: Catalog, type: TypeDef, select: unknown, where = 'q/select'): SelectNode[] {
  if (isPlainObject(select)) return planAliasSelect(catalog, type, select, where);
  // Stryker disable all: unreachable: the request schema makes every q/select a non-empty array of names and objects
  if (!Array.isArray(select) || select.length === 0) {
    throw new Failure('entity.error/query-operator-invalid', `${where} must be a non-empty array of fields.`, { field: where, operator: 'q/select', expr: select as never });
  }
  // Stryker restore all
  // Stryker disable next-line ArrayDeclaration: an entry that is not a node is never shaped
  const nodes: SelectNode[] = [];
  for (const [i, item] of select.entries()) {
    const at = `${where}[${i}]`;
    if (typeof item === 'string') {
      const field = catalog.field(type, item);
      // Stryker disable next-line ObjectLiteral: no limit and an undefined one read the same items
      nodes.push(isRelation(field) ? related(catalog, item, field, undefined, { limit: null }) : { kind: 'field', key: item, field });
      continue;
    }
    // Stryker disable all: unreachable (the request schema, above)
    if (!isPlainObject(item)) {
      throw new Failure('entity.error/query-operator-invalid', `${at} must be a field name or an object; got ${excerpt(item)}.`, { field: at, operator: 'q/select', expr: item as never });
    }
    // Stryker restore all
    for (const [key, value] of Object.entries(item)) {
      nodes.push(planItem(catalog, type, key, value, `${at}.${key}`));
    }
  }
  return nodes;
}

function planItem(catalog: Catalog, type: TypeDef, key: string, value: unknown, at: string): SelectNode {
  const field = type.fieldsByName.get(key);
  if (field) {
    if (isPlainObject(value)) {
      if (!isRelation(field)) throw primitive(field, at);
      const sub: SubQuery = { where: value['q/where'], orderBy: value['q/order-by'], limit: readLimit(value, at), offset: readOffset(value, at) };
      const target = catalog.byName.get(field.fieldType) as TypeDef;
      return related(catalog, key, field, planSelect(catalog, target, value['q/select'], `${at}/q/select`), sub);
    }
    // Stryker disable next-line ConditionalExpression: unreachable difference: the request schema makes a field's select value an array or an object
    if (Array.isArray(value)) {
      if (isRelation(field)) {
        const target = catalog.byName.get(field.fieldType) as TypeDef;
        // Stryker disable next-line ObjectLiteral: no limit and an undefined one read the same items
        return related(catalog, key, field, planSelect(catalog, target, value, at), { limit: null });
      }
      if (field.fieldType === RICH_TEXT_TYPE && value.every((v) => v === RICH_TEXT_SECRET)) return { kind: 'field', key, field };
      throw primitive(field, at);
    }
    // Stryker disable next-line all: unreachable (the request schema, above)
    throw new Failure('entity.error/query-operator-invalid', `${at} must be a list of sub-fields or a sub-query.`, { field: at, operator: 'q/select', expr: value as never });
  }
  // Not a field of this Database: an alias of a path or a count.
  if (Array.isArray(value) && value[0] === 'q/count') {
    const path = resolvePath(catalog, type, value[1], at);
    const step = path.steps[0];
    if (!step || step.viaColumn || path.steps.length !== 1 || path.last.name !== 'svc/id') {
      throw new Failure('entity.error/query-operator-invalid', `${at}: q/count counts a collection, written ["q/count", [<collection>, "svc/id"]].`, { field: at, operator: 'q/count', expr: value as never });
    }
    return { kind: 'count', key, field: step.field };
  }
  if (Array.isArray(value) && isAggregate(value[0])) {
    const path = resolvePath(catalog, type, value[1], at);
    checkAggregatePath(value[0], path, value, at);
    return { kind: 'aggregate', key, op: value[0], path };
  }
  // Stryker disable all: unreachable: the request schema makes an alias a non-empty list of names
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) {
    return { kind: 'path', key, path: resolvePath(catalog, type, value, at) };
  }
  throw new Failure('entity.error/schema-field-not-found', `The Database "${type.name}" has no field "${key}" (and ${excerpt(value, 60)} is not an alias path).`, {
    type: type.name,
    field: key,
  });
}

// Stryker restore all
/** `q/select` as a map from alias to a field, a path, a sub-query or a nested map (the public API's form). */
function planAliasSelect(catalog: Catalog, type: TypeDef, select: Record<string, unknown>, where: string): SelectNode[] {
  return Object.entries(select).map(([alias, value]) => planAlias(catalog, type, alias, value, `${where}.${alias}`));
}

function planAlias(catalog: Catalog, type: TypeDef, alias: string, value: unknown, at: string): SelectNode {
  if (typeof value === 'string') return planAlias(catalog, type, alias, [value], at);
  if (Array.isArray(value)) {
    if (value[0] === 'q/count' || isAggregate(value[0])) return planItem(catalog, type, alias, value, at);
    if (value.length === 0 || !value.every((v) => typeof v === 'string')) {
      throw new Failure('entity.error/query-operator-invalid', `${at} must be a field name, a path of field names, a sub-query or a map of aliases; got ${excerpt(value)}.`, { field: at, operator: 'q/select', expr: value as never });
    }
    const [first, ...rest] = value as string[];
    const field = catalog.field(type, first as string);
    // Stryker disable next-line ObjectLiteral: no limit and an undefined one read the same items
    if (rest.length === 0) return isRelation(field) ? related(catalog, alias, field, undefined, { limit: null }) : { kind: 'field', key: alias, field };
    if (field.fieldType === RICH_TEXT_TYPE && rest.length === 1 && rest[0] === RICH_TEXT_SECRET) return { kind: 'field', key: alias, field, pick: RICH_TEXT_SECRET };
    return { kind: 'path', key: alias, path: resolvePath(catalog, type, value, at) };
  }
  // Stryker disable next-line ConditionalExpression: unreachable difference: the request schema lets only strings, arrays and objects into a map
  if (isPlainObject(value)) {
    if (!('q/from' in value)) return { kind: 'group', key: alias, nodes: planAliasSelect(catalog, type, value, at) };
    const from = value['q/from'];
    const name = Array.isArray(from) && from.length === 1 ? from[0] : from;
    if (typeof name !== 'string') {
      throw new Failure('entity.error/query-operator-invalid', `${at}/q/from names the collection or relation to read: "<field>" or ["<field>"]; got ${excerpt(from)}.`, { field: `${at}/q/from`, operator: 'q/from', expr: from as never });
    }
    const field = catalog.field(type, name);
    if (!isRelation(field)) throw primitive(field, `${at}/q/from`);
    const sub: SubQuery = { where: value['q/where'], orderBy: value['q/order-by'], limit: readLimit(value, at), offset: readOffset(value, at) };
    const target = catalog.byName.get(field.fieldType) as TypeDef;
    return related(catalog, alias, field, planSelect(catalog, target, value['q/select'], `${at}/q/select`), sub);
  }
  // Stryker disable next-line all: unreachable: the request schema lets only strings, arrays and objects into a map
  throw new Failure('entity.error/query-operator-invalid', `${at} must be a field name, a path of field names, a sub-query or a map of aliases; got ${excerpt(value)}.`, { field: at, operator: 'q/select', expr: value as never });
}

function primitive(field: FieldDef, at: string): Failure {
  return new Failure(
    'entity.error/query-primitive-field-expr-invalid',
    `${at}: "${field.name}" is a ${field.fieldType} field and has no sub-fields; select it by name.`,
    { field: field.name },
  );
}
