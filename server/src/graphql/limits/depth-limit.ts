// Validation rule: the selection of an operation may not nest deeper than a limit (the root
// field counts 1). Introspection fields (`__schema`, `__type`) are not counted: tools send a deep
// standard introspection query, and it reads the schema, not the data.
import { GraphQLError, Kind, type ASTVisitor, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql';

function depthOf(context: ValidationContext, set: SelectionSetNode, seen: ReadonlySet<string>): number {
  let deepest = 0;
  for (const selection of set.selections) {
    switch (selection.kind) {
      case Kind.FIELD:
        if (selection.name.value.startsWith('__')) break;
        deepest = Math.max(deepest, 1 + (selection.selectionSet ? depthOf(context, selection.selectionSet, seen) : 0));
        break;
      case Kind.INLINE_FRAGMENT:
        deepest = Math.max(deepest, depthOf(context, selection.selectionSet, seen));
        break;
      case Kind.FRAGMENT_SPREAD: {
        const name = selection.name.value;
        const fragment = context.getFragment(name);
        if (!fragment || seen.has(name)) break; // cycles are reported by NoFragmentCyclesRule
        deepest = Math.max(deepest, depthOf(context, fragment.selectionSet, new Set([...seen, name])));
        break;
      }
    }
  }
  return deepest;
}

export function depthLimitRule(maxDepth: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      const depth = depthOf(context, node.selectionSet, new Set());
      if (depth > maxDepth) {
        // Stryker disable next-line StringLiteral: the message's wording (the code and the limit are what the spec names)
        const name = node.name ? `Operation "${node.name.value}"` : 'The operation';
        context.reportError(
          new GraphQLError(`${name} nests fields ${depth} levels deep; the limit is ${maxDepth}. Select fewer nested relations, or split the query.`, {
            nodes: node,
            extensions: { code: 'QUERY_TOO_DEEP', depth, limit: maxDepth },
          }),
        );
      }
      return false;
    },
  });
}
