// The fields a selection set selects, by response key, with fragments spread and `@skip` /
// `@include` applied (GraphQL spec, "CollectFields"). Every type of a Space's schema is an object
// type, so type conditions always hold for the type they are written on.
import { GraphQLIncludeDirective, GraphQLSkipDirective, Kind, getDirectiveValues, type DirectiveNode, type FieldNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';

export type Fragments = Record<string, FragmentDefinitionNode>;

function included(node: { readonly directives?: readonly DirectiveNode[] }, variables: Record<string, unknown>): boolean {
  if (getDirectiveValues(GraphQLSkipDirective, node, variables)?.['if'] === true) return false;
  if (getDirectiveValues(GraphQLIncludeDirective, node, variables)?.['if'] === false) return false;
  return true;
}

/** Response key to the field nodes that make it (several when a key is selected more than once). */
export function collectFields(
  selectionSets: readonly SelectionSetNode[],
  fragments: Fragments,
  variables: Record<string, unknown>,
  fields: Map<string, FieldNode[]> = new Map(),
  visited: Set<string> = new Set(),
): Map<string, FieldNode[]> {
  for (const set of selectionSets) {
    for (const selection of set.selections) {
      if (!included(selection, variables)) continue;
      switch (selection.kind) {
        case Kind.FIELD: {
          const key = selection.alias?.value ?? selection.name.value;
          fields.set(key, [...(fields.get(key) ?? []), selection]);
          break;
        }
        case Kind.INLINE_FRAGMENT:
          collectFields([selection.selectionSet], fragments, variables, fields, visited);
          break;
        case Kind.FRAGMENT_SPREAD: {
          const name = selection.name.value;
          const fragment = fragments[name];
          if (visited.has(name) || !fragment) continue;
          visited.add(name);
          collectFields([fragment.selectionSet], fragments, variables, fields, visited);
          break;
        }
      }
    }
  }
  return fields;
}

/** The sub-selections of the field nodes of one response key. */
export function subSelections(nodes: readonly FieldNode[]): SelectionSetNode[] {
  // Stryker disable next-line ArrayDeclaration: only fields of object types are asked for their sub-selections, and graphql-js's rules give each one
  return nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
}
