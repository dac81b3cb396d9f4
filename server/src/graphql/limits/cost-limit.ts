// Validation rule: an operation may not ask for more Entities than a limit. Its cost is the sum,
// over every field that returns Entities (lists of a Database's type, related objects, users),
// of the most items it can return (`limit` for lists, 1 for an object) times the items of its
// parent level. Files and rich text are values of their Entity and cost nothing. Needs the
// operation's coerced variables, so it runs after variable coercion.
import {
  GraphQLError,
  GraphQLInt,
  Kind,
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  valueFromAST,
  type ASTVisitor,
  type GraphQLObjectType,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { DEFAULT_LIMIT } from './values.js';

/** Object types that are values of their Entity, not Entities. */
const INLINE_TYPES: ReadonlySet<string> = new Set(['File', 'RichField']);

function costOf(context: ValidationContext, parent: GraphQLObjectType, set: SelectionSetNode, count: number, variables: Record<string, unknown>, seen: ReadonlySet<string>): number {
  let total = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      total += costOf(context, parent, selection.selectionSet, count, variables, seen);
      continue;
    }
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const name = selection.name.value;
      const fragment = context.getFragment(name);
      if (fragment && !seen.has(name)) total += costOf(context, parent, fragment.selectionSet, count, variables, new Set([...seen, name]));
      continue;
    }
    const def = parent.getFields()[selection.name.value];
    const named = def ? getNamedType(def.type) : undefined;
    if (!def || !selection.selectionSet || !isObjectType(named) || INLINE_TYPES.has(named.name)) continue;
    let items = 1;
    if (isListType(getNullableType(def.type))) {
      // Stryker disable next-line OptionalChaining: graphql-js parses every field with an arguments list
      const argument = selection.arguments?.find((a) => a.name.value === 'limit');
      const given = argument ? valueFromAST(argument.value, GraphQLInt, variables) : undefined;
      // Stryker disable next-line all: every list's limit defaults to DEFAULT_LIMIT in the schema, so the schema's default and the constant agree
      const fallback = def.args.find((a) => a.name === 'limit')?.defaultValue;
      const fromArgument = typeof given === 'number' && given >= 0 ? given : undefined;
      // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: every list's limit defaults to DEFAULT_LIMIT in the schema (above)
      items = fromArgument ?? (typeof fallback === 'number' ? fallback : DEFAULT_LIMIT);
    }
    const here = count * items;
    total += here + costOf(context, named, selection.selectionSet, here, variables, seen);
  }
  return total;
}

/** `measured` receives the cost of the operation that runs (the admission of heavy requests reads it). */
export function costLimitRule(maxCost: number, variables: Record<string, unknown>, operationName?: string | null, measured?: (cost: number) => void): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      const query = context.getSchema().getQueryType();
      if (!query) return false;
      if (operationName && node.name?.value !== operationName) return false;
      const cost = costOf(context, query, node.selectionSet, 1, variables, new Set());
      // Stryker disable next-line OptionalChaining: equivalent: the server always passes the callback
      measured?.(cost);
      if (cost > maxCost) {
        context.reportError(
          new GraphQLError(
            `The operation may return up to ${cost} Entities (every list at its limit); the limit is ${maxCost}. Lower the limit of the lists, above all of inner lists (for example tasks(limit: 10)), or split the query.`,
            { nodes: node, extensions: { code: 'QUERY_TOO_COSTLY', cost, limit: maxCost } },
          ),
        );
      }
      return false;
    },
  });
}
