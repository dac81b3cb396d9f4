// The two forms of add-/remove-collection-items: the classic `{entity: {svc/id}, items: [{svc/id}]}`
// and the public API's compact `{entity: {"<parent id>": ["<item id>", ...]}}` (no `items`).
// Both become a list of (parent, items) pairs, changed in order; a mixture is refused by name.
import type { components } from '../../../generated/service/types.js';
import { Failure } from '../api/failure.js';
import { isUuid } from '../model/value-codec.js';

type CollectionItemsArgs = components['schemas']['CollectionItemsArgs'];

function invalidForm(field: string, problem: string): Failure {
  return new Failure('request.error/invalid-body', `Invalid command: ${field} ${problem}.`, { field, errors: [{ field, message: problem }] });
}

/** The parents and their items, in the order given (the compact form: the map's key order). */
export function collectionTargets(args: CollectionItemsArgs): Array<[parent: unknown, items: readonly unknown[]]> {
  const entity = args.entity as Record<string, unknown>;
  const parents = Object.keys(entity).filter((key) => key !== 'svc/id' && isUuid(key));
  const forms =
    'send the classic form {"entity": {"svc/id": "<parent id>"}, "items": [{"svc/id": "<item id>"}]} or the compact form {"entity": {"<parent id>": ["<item id>", ...]}} without "items"';
  if (Object.hasOwn(entity, 'svc/id')) {
    if (parents.length > 0) throw invalidForm('/args/entity', `holds both "svc/id" (the classic form) and parent ids (the compact form); ${forms}`);
    if (args.items === undefined) throw invalidForm('/args/items', `is missing: the classic form ("entity": {"svc/id": ...}) names the items in "items"; ${forms}`);
    return [[entity['svc/id'], args.items]];
  }
  if (args.items !== undefined) throw invalidForm('/args/items', `is not taken by the compact form, whose items are the values of "entity"; ${forms}`);
  return Object.entries(entity).map(([parent, items]): [unknown, readonly unknown[]] => {
    // Out of reach behind the request schema (CollectionItemsMap); kept so that a caller without it gets a named error.
    if (!isUuid(parent) || !Array.isArray(items)) throw invalidForm(`/args/entity/${parent}`, `must be a parent id mapped to an array of item ids; ${forms}`);
    return [parent, items];
  });
}
