// Runs a mutation operation: each root field (a Database's `<T>Operations`) in its own
// transaction, its actions in the order written, all or none; the changes go to the webhook
// outbox in that transaction, as a command's do. Then graphql-js completes the results.
import { GraphQLError, execute, getArgumentValues, type FieldNode, type FragmentDefinitionNode, type GraphQLField, type GraphQLFieldResolver, type GraphQLObjectType } from 'graphql';
import { Failure } from '../../api/failure.js';
import { allows, commandAccess, forbidden } from '../../auth/access-levels.js';
import type { AccessLevel } from '../../commands/context.js';
import { ChangeLog } from '../../webhooks/effects.js';
import { writeOutbox } from '../../webhooks/outbox.js';
import { collectFields, subSelections } from '../collect-fields.js';
import type { SpaceSchema } from '../schema-cache.js';
import type { ServerContext } from '../../server-context.js';
import { runAction, type ActionScope } from './actions.js';
import { spaceMutations } from './model.js';

export interface MutationCaller {
  userId: string;
  accessLevel: AccessLevel;
}

export interface MutationRequest {
  space: SpaceSchema;
  document: Parameters<typeof execute>[0]['document'];
  operation: import('graphql').OperationDefinitionNode;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  rawVariables: Record<string, unknown>;
  operationName: string | undefined;
}

/** The level a mutation needs: that of `svc.entity/create` (the spec's marking of the command API's writes). */
export function mutationAccess(): AccessLevel {
  return commandAccess({ command: 'svc.entity/create' });
}

/** The caller when its level allows a mutation; else the refusal the command API gives a write above the token's level. */
export function admitMutation(caller: MutationCaller | undefined): MutationCaller | Failure {
  const needed = mutationAccess();
  const held = caller?.accessLevel ?? 'reader';
  return caller && allows(held, needed) ? caller : forbidden(needed, held, 'A GraphQL mutation');
}

/** A failure of the command API as a GraphQL error: its name as `extensions.code`, its data beside it. */
export function failureError(error: Failure, nodes: readonly FieldNode[], where: string): GraphQLError {
  return new GraphQLError(`${where}: ${error.message}`, { nodes, extensions: { code: error.name, ...error.data } });
}

/**
 * `<T>Operations` and `Mutation` hold values by response key (several aliases of one action);
 * `MutationResult` and below by field name.
 */
const resolver: GraphQLFieldResolver<unknown, unknown> = (source, _args, _ctx, info) => {
  if (!source || typeof source !== 'object') return undefined;
  const byKey = info.parentType.name === 'Mutation' || info.parentType.name.endsWith('Operations');
  return (source as Record<string, unknown>)[byKey ? (info.path.key as string) : info.fieldName];
};

export async function runMutation(context: ServerContext, request: MutationRequest, caller: MutationCaller) {
  const { space, operation, fragments, variables } = request;
  const { schema } = space;
  const byRoot = new Map(spaceMutations(space.model).map((m) => [m.rootName, m]));
  const mutationType = schema.getMutationType() as GraphQLObjectType;
  const root: Record<string, unknown> = {};
  for (const [key, nodes] of collectFields([operation.selectionSet], fragments, variables)) {
    const first = nodes[0] as FieldNode;
    const db = byRoot.get(first.name.value);
    if (!db) continue; // __typename: answered by graphql-js
    const operationsType = schema.getType(`${db.target.name}Operations`) as GraphQLObjectType;
    let deliveries = 0;
    try {
      const filter = getArgumentValues(mutationType.getFields()[db.rootName] as GraphQLField<unknown, unknown>, first, variables);
      root[key] = await context.db.transaction(async (tx) => {
        const changes = new ChangeLog();
        const scope: ActionScope = { tx, catalog: space.catalog, db, authorId: caller.userId, changes, filter, created: undefined, selected: undefined, where: db.rootName };
        const results: Record<string, unknown> = {};
        for (const [actionKey, actionNodes] of collectFields(subSelections(nodes), fragments, variables)) {
          const node = actionNodes[0] as FieldNode;
          const action = db.actions.get(node.name.value);
          if (!action) continue; // __typename
          const where = `${db.rootName}.${node.name.value}`;
          const args = getArgumentValues(operationsType.getFields()[node.name.value] as GraphQLField<unknown, unknown>, node, variables);
          try {
            results[actionKey] = await runAction(scope, action, args, where);
          } catch (error) {
            if (error instanceof Failure) throw failureError(error, actionNodes, where);
            if (error instanceof GraphQLError) throw new GraphQLError(error.message, { nodes: actionNodes, extensions: error.extensions });
            throw error;
          }
        }
        // One delivery per (mutation field, Database, webhook), in the field's transaction.
        deliveries = await writeOutbox(tx, changes, { authorId: caller.userId, correlationId: null });
        return results;
      });
      if (deliveries > 0) context.wakeDeliveries?.();
    } catch (error) {
      if (error instanceof GraphQLError) root[key] = error;
      else if (error instanceof Failure) root[key] = failureError(error, nodes, db.rootName);
      else throw error;
    }
  }
  return execute({ schema, document: request.document, rootValue: root, variableValues: request.rawVariables, operationName: request.operationName, fieldResolver: resolver });
}
