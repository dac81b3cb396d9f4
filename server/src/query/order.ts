// `q/order-by` to SQL. Keys may go through to-one relations (joined with LEFT JOIN); a path
// through a collection has no single value to sort by and is refused. Empty values sort last
// ascending and first descending (PostgreSQL's default, written out so both storages agree).
// Creation date then `svc/id` always end the order, so every order is total.
import { excerpt } from '../api/excerpt.js';
import { Failure } from '../api/failure.js';
import type { Catalog, TypeDef } from '../model/catalog.js';
import { linkEnds, resolvePath, textFormSql, valueKind, valueSql } from './paths.js';
import type { Aliases, Params } from './sql.js';

export interface CompiledOrder {
  joins: string[];
  orderBy: string[];
}

/** `textForms`: ranges and locations sort by their string form (GraphQL; see WhereContext). */
export function compileOrder(catalog: Catalog, params: Params, aliases: Aliases, alias: string, type: TypeDef, orderBy: unknown, where: string, textForms: boolean): CompiledOrder {
  const joins: string[] = [];
  const keys: string[] = [];
  const items = orderBy === undefined ? [] : orderBy;
  // Stryker disable next-line all: unreachable: the request schema refuses an order that is not an array, and GraphQL builds its orders
  if (!Array.isArray(items)) throw new Failure('entity.error/query-operator-invalid', `${where} must be an array of [<field path>, "q/asc" | "q/desc"].`, { field: where, operator: 'q/order-by', expr: items as never });
  let endsOnId = false;
  for (const [i, item] of items.entries()) {
    const at = `${where}[${i}]`;
    // Stryker disable all: unreachable: the request schema refuses a malformed key, and GraphQL builds its orders
    if (!Array.isArray(item) || item.length !== 2 || (item[1] !== 'q/asc' && item[1] !== 'q/desc')) {
      throw new Failure('entity.error/query-operator-invalid', `${at} must be [<field path>, "q/asc" | "q/desc"]; got ${excerpt(item)}.`, {
        field: at,
        operator: 'q/order-by',
        expr: item as never,
      });
    }
    // Stryker restore all
    const path = resolvePath(catalog, type, item[0], at);
    if (path.many) throw new Failure('entity.error/query-operator-invalid', `${at} orders by ${path.text}, which goes through a collection; order by a field of this Database or of a to-one relation.`, { field: at, operator: 'q/order-by', expr: item });
    const textForm = textForms ? textFormSql(alias, path.last) : undefined;
    if (valueKind(path.last) === 'json' && textForm === undefined) throw new Failure('entity.error/query-operator-invalid', `${at}: "${path.last.name}" (${path.last.fieldType}) cannot be ordered.`, { field: at, operator: 'q/order-by', expr: item });
    let current = alias;
    for (const step of path.steps) {
      const t = aliases.next('o');
      if (step.viaColumn) {
        joins.push(`LEFT JOIN entities ${t} ON ${t}.id = ${current}.created_by`);
      } else {
        const l = aliases.next('ol');
        const [mine, theirs] = linkEnds(step.field);
        joins.push(`LEFT JOIN links ${l} ON ${l}.relation_id = ${params.add(step.field.relationId)} AND ${l}.${mine} = ${current}.id`);
        joins.push(`LEFT JOIN entities ${t} ON ${t}.id = ${l}.${theirs}`);
      }
      current = t;
    }
    const desc = item[1] === 'q/desc';
    const direction = desc
      ? 'DESC NULLS FIRST'
      : // Stryker disable next-line StringLiteral: ASC is NULLS LAST by default on both storages; written out to say so
        'ASC NULLS LAST';
    keys.push(`${(textForms ? textFormSql(current, path.last) : undefined) ?? valueSql(current, path.last)} ${direction}`);
    // Stryker disable next-line all: an optimization: keys after a unique key do not change the order
    endsOnId = path.steps.length === 0 && path.last.name === 'svc/id';
  }
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: an optimization (above)
  if (!endsOnId) keys.push(`${alias}.created_at ASC`, `${alias}.id ASC`);
  return { joins, orderBy: keys };
}
