// The arguments of `create` and `update` (the fields of `<T>Input`) to the Entity input of the
// command API (`svc.entity/create`, `svc.entity/update`): values as the command API takes them,
// relations given as filters turned into references, rich text kept apart as Markdown (written
// to the field's document after the Entity).
import { Failure } from '../../api/failure.js';
import type { Queryable } from '../../db/database.js';
import type { Catalog } from '../../model/catalog.js';
import type { InputFieldModel } from './model.js';
import { matchingIds } from './targets.js';

export interface EntityValues {
  /** The command API's Entity input: workspace field name → value. */
  entity: Record<string, unknown>;
  /** Markdown per rich text field given (workspace field name → content). */
  richText: Array<[InputFieldModel & { kind: 'richText' }, string | null]>;
}

function isFilter(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A stringified JSON value (ranges, location) as the command API takes it. */
function parseJson(input: InputFieldModel, value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new Failure('entity.error/value-invalid', `"${input.field.field.name}" (${input.name}) takes stringified JSON; got ${JSON.stringify(value.slice(0, 80))}.`, {
      field: input.field.field.name,
      expected: 'stringified JSON',
    });
  }
}

export async function entityValues(tx: Queryable, catalog: Catalog, inputs: readonly InputFieldModel[], args: Record<string, unknown>, where: string): Promise<EntityValues> {
  const entity: Record<string, unknown> = {};
  const richText: EntityValues['richText'] = [];
  for (const input of inputs) {
    if (!Object.hasOwn(args, input.name)) continue;
    const value = args[input.name];
    const name = input.field.field.name;
    const at = `${where}.${input.name}`;
    switch (input.kind) {
      case 'scalar':
        entity[name] = input.field.json && typeof value === 'string' ? parseJson(input, value) : value;
        break;
      case 'richText':
        richText.push([input, typeof value === 'string' ? value : null]);
        break;
      case 'object': {
        const target = input.field.target;
        if (value === null || value === undefined) {
          entity[name] = input.field.many ? [] : null;
          break;
        }
        if (!input.field.many) {
          const ids = await matchingIds(tx, catalog, target, isFilter(value) ? value : {}, at);
          if (ids.length !== 1) throw relationValueInvalid(name, input.name, target.type.name, ids.length);
          entity[name] = { 'svc/id': ids[0] };
          break;
        }
        const items = Array.isArray(value) ? value : [value];
        const chosen = new Set<string>();
        for (const [i, item] of items.entries()) {
          const ids = await matchingIds(tx, catalog, target, isFilter(item) ? item : {}, `${at}[${i}]`);
          if (ids.length === 0) throw relationValueInvalid(name, `${input.name}[${i}]`, target.type.name, 0);
          for (const id of ids) chosen.add(id);
        }
        entity[name] = [...chosen].map((id) => ({ 'svc/id': id }));
        break;
      }
    }
  }
  return { entity, richText };
}

/** A relation value given as a filter that does not name exactly one Entity (a to-one field) or names none (an item of a collection). */
export function relationValueInvalid(field: string, argument: string, targetType: string, matched: number): Failure {
  const want = argument.endsWith(']') ? 'at least one' : 'exactly one';
  return new Failure(
    matched === 0 ? 'entity.error/entity-not-found' : 'entity.error/value-invalid',
    `"${field}" (${argument}): the filter must match ${want} Entity of "${targetType}"; it matches ${matched === 0 ? 'none' : matched}.`,
    { field, type: targetType, matched },
  );
}
