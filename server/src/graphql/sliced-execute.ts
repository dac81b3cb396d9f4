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
function rootGroups(operation: OperationDefinitionNode): Map<string, FieldNode[]> | undefined {
  const groups = new Map<string, FieldNode[]>();
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) return undefined;
    const key = selection.alias?.value ?? selection.name.value;
    groups.set(key, [...(groups.get(key) ?? []), selection]);
  }
  return groups;
}

function withRoot(document: DocumentNode, operation: OperationDefinitionNode, fields: FieldNode[]): DocumentNode {
  const narrowed: OperationDefinitionNode = { ...operation, selectionSet: { ...operation.selectionSet, selections: fields } };
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

// Stryker restore all: here, before a statement
/**
 * Executes `args` (whose resolvers must be synchronous) as `execute` would, in pieces. Falls back
 * to one `execute` where the root holds fragments (rare; their root fields run together).
 */
export async function executeSliced(args: Args, operation: OperationDefinitionNode): Promise<ExecutionResult> {
  const groups = rootGroups(operation);
  if (!groups || operation.operation !== 'query') return (await execute(args)) as ExecutionResult;
  const slice = new TimeSlice();
  const data: Record<string, unknown> = {};
  const errors: GraphQLError[] = [];
  let dataNull = false;
  for (const [key, fields] of groups) {
    const document = withRoot(args.document, operation, fields);
    const value = args.rootValue[key];
    const parts = Array.isArray(value) && value.length > SLICE_ITEMS ? Math.ceil(value.length / SLICE_ITEMS) : 1;
    let merged: unknown[] | null = [];
    let present = false;
    for (let part = 0; part < parts; part++) {
      const offset = part * SLICE_ITEMS;
      const rootValue = parts === 1 ? args.rootValue : { ...args.rootValue, [key]: (value as unknown[]).slice(offset, offset + SLICE_ITEMS) };
      const result = (await execute({ ...args, document, rootValue })) as ExecutionResult;
      for (const error of result.errors ?? []) errors.push(shifted(error, offset));
      // Stryker disable next-line ConditionalExpression,BooleanLiteral: unreachable: every root field of a Space schema is nullable, so data is never null
      if (!result.data) dataNull = true;
      else if (key in result.data) {
        present = true;
        const got = result.data[key];
        if (parts === 1) data[key] = got;
        // Stryker disable next-line ConditionalExpression,LogicalOperator: unreachable: a root value that failed is an error, not a list, so it is never sliced
        else if (got === null || merged === null) merged = null;
        else merged.push(...(got as unknown[]));
      }
      await slice.maybeYield();
    }
    if (parts > 1 && present) data[key] = merged;
  }
  // Stryker disable next-line ConditionalExpression: unreachable: data is never null (above)
  return errors.length > 0 ? { data: dataNull ? null : data, errors } : { data };
}
