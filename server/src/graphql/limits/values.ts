// The limits of the GraphQL read API, in one place (README, "Query limits"; contract, "Limits").

/** `limit` of `find<Plural>` and of inner lists when not given (contract: 100). */
export const DEFAULT_LIMIT = 100;
/** The largest `limit` (the command API's largest `q/limit`). */
export const MAX_LIMIT = 10_000;
/** The deepest selection: fields nested in fields, the root query field counting 1. */
export const MAX_DEPTH = 10;
/**
 * The most Entities a query may ask for: the sum over every list and object field of the most
 * items it can return (its `limit` for lists, 1 for objects) times the items of its parents.
 */
export const MAX_COST = 500_000;

/** How deep braces, brackets and parentheses may nest in a document (checked before parsing). */
export const MAX_NESTING = 100;
