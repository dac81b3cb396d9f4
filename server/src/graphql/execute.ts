// Runs one GraphQL request against a Space: parse, validate (with the depth and cost limits),
// coerce variables, compile the root fields to query plans, run them in one transaction (the
// statements are bounded by the depth of the selection, not by the rows), then let graphql-js
// complete the prefetched data (null checks, scalar serialization, __typename, introspection).
import {
  GraphQLError,
  Kind,
  getOperationAST,
  getVariableValues,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type GraphQLFieldResolver,
} from 'graphql';
import { Failure } from '../api/failure.js';
import type { components } from '../../../generated/service/types.js';
import { isPostgresDialect, type Queryable } from '../db/database.js';
import { runPlan, type PerParentStrategy } from '../query/execute.js';
import type { ServerContext } from '../server-context.js';
import { compileOperation } from './compile.js';
import { fileUrlSigner } from '../files/signed-urls.js';
import { costLimitRule } from './limits/cost-limit.js';
import { depthLimitRule } from './limits/depth-limit.js';
import { nestingError } from './limits/nesting-limit.js';
import { MAX_COST, MAX_DEPTH, MAX_NESTING } from './limits/values.js';
import { Materializer } from './materialize.js';
import { executeSliced } from './sliced-execute.js';
import type { SpaceSchema, SpaceSchemaCache } from './schema-cache.js';
import { admitMutation, runMutation, type MutationCaller } from './mutations/run.js';

export type GraphqlRequest = components['schemas']['GraphqlRequest'];
export type GraphqlResponse = components['schemas']['GraphqlResponse'];
type GraphqlErrorBody = components['schemas']['GraphqlError'];

export interface GraphqlAnswer {
  status: number;
  body: GraphqlResponse;
}

export interface GraphqlEnv {
  context: ServerContext;
  schemas: SpaceSchemaCache;
}

const MAX_PARSE_TOKENS = 20_000;

function errorBody(error: GraphQLError): GraphqlErrorBody {
  const json = error.toJSON();
  return { ...json, extensions: { code: 'BAD_REQUEST', ...json.extensions } } as GraphqlErrorBody;
}

function requestError(status: number, errors: readonly GraphQLError[]): GraphqlAnswer {
  return { status, body: { errors: errors.map(errorBody) } };
}

function spaceNotFound(pathName: string): GraphqlAnswer {
  return requestError(404, [
    new GraphQLError(`There is no Space "${pathName}" (spaces in a Space name are written as "_" in the path).`, { extensions: { code: 'SPACE_NOT_FOUND', space: pathName } }),
  ]);
}

/** Answers the value the prefetched data holds under the field's response key. */
const byResponseKey: GraphQLFieldResolver<unknown, unknown> = (source, _args, _ctx, info) =>
  source && typeof source === 'object' ? (source as Record<string, unknown>)[info.path.key as string] : undefined;

/**
 * Waits for the slot of a request of this cost (spec/service.openapi.yaml, "Shared load"):
 * answers its release, or undefined when the client left meanwhile.
 */
export type Admit = (cost: number) => Promise<(() => void) | undefined>;

/** A request that parsed, validated and fits the limits: ready to run. */
interface Prepared {
  space: SpaceSchema;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  variables: Record<string, unknown>;
  cost: number;
}

/**
 * Answers a request. The Space's schema is read first, then the request is checked (no
 * transaction held while a heavy request waits for its slot), then it runs as read-only work
 * (Database.read). undefined: the client left while it waited.
 */
export async function runGraphqlRequest(env: GraphqlEnv, pathName: string, request: GraphqlRequest, admit?: Admit, caller?: MutationCaller): Promise<GraphqlAnswer | undefined> {
  const { db } = env.context;
  const userId = caller?.userId;
  const space = await db.read(async (q) => env.schemas.get(q, await env.context.catalogs.get(q), pathName));
  if (!space) return spaceNotFound(pathName);
  const prepared = prepare(space, request);
  if ('status' in prepared) return prepared;
  if (prepared.operation.operation === 'mutation') return mutate(env, prepared, request, caller);
  const release = admit ? await admit(prepared.cost) : () => undefined;
  // Stryker disable next-line ConditionalExpression: out of reach: a client that left while its request waited reads nothing
  if (!release) return undefined;
  try {
    return await db.read(async (q) => answer(env, q, prepared, request, userId));
  } finally {
    release();
  }
}

function prepare(space: SpaceSchema, request: GraphqlRequest): Prepared | GraphqlAnswer {
  let document: DocumentNode;
  const tooNested = nestingError(request.query, MAX_NESTING, MAX_PARSE_TOKENS);
  if (tooNested) return requestError(400, [tooNested]);
  try {
    document = parse(request.query, { maxTokens: MAX_PARSE_TOKENS });
  } catch (error) {
    if (error instanceof GraphQLError) return requestError(400, [withCode(error, 'GRAPHQL_PARSE_FAILED')]);
    throw error;
  }
  const { schema } = space;
  const invalid = validate(schema, document, [...specifiedRules, depthLimitRule(MAX_DEPTH)]);
  if (invalid.length > 0) return requestError(400, invalid.map((e) => withCode(e, 'GRAPHQL_VALIDATION_FAILED')));
  const operationName = request.operationName ?? undefined;
  const operation = getOperationAST(document, operationName);
  if (!operation) {
    const message = operationName ? `The document has no operation named "${operationName}".` : 'The document has several operations: give operationName.';
    return requestError(400, [new GraphQLError(message, { extensions: { code: 'OPERATION_RESOLUTION_FAILURE' } })]);
  }
  // Stryker disable next-line ArrayDeclaration: graphql-js parses every operation with a list of variable definitions
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], request.variables ?? {});
  if (coerced.errors) return requestError(400, coerced.errors.map((e) => withCode(e, 'BAD_USER_INPUT')));
  const variables = coerced.coerced;
  let cost = 0;
  // Stryker disable next-line ArrowFunction: out of reach: the cost decides only whether a request waits for a slot, which shows under concurrent heavy load alone (server/test/shared-load.test.ts)
  const tooCostly = validate(schema, document, [costLimitRule(MAX_COST, variables, operation.name?.value, (c) => (cost = c))]);
  if (tooCostly.length > 0) return requestError(400, tooCostly);
  return { space, document, operation, variables, cost };
}

async function answer(env: GraphqlEnv, tx: Queryable, prepared: Prepared, request: GraphqlRequest, userId: string | undefined): Promise<GraphqlAnswer> {
  const { space, document, operation, variables } = prepared;
  const { schema } = space;
  const operationName = request.operationName ?? undefined;
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  const compiled = compileOperation(schema, space.catalog, space.model, operation, fragments, variables, userId);
  // Window functions on PostgreSQL and PGlite; pg-mem has none (server/src/query/execute.ts).
  const strategy: PerParentStrategy = isPostgresDialect(env.context.db) ? 'window' : 'all';
  const materializer = new Materializer(fileUrlSigner(env.context.urlSigningKey, env.context.baseUrl()));
  const root: Record<string, unknown> = {};
  for (const item of compiled.roots) {
    if ('error' in item) {
      root[item.key] = item.error;
      continue;
    }
    try {
      const entities = await runPlan(tx, space.catalog, item.plan, compiled.params, { perParent: strategy, textForms: true });
      const objects = materializer.objects(entities, item.output);
      root[item.key] = item.single ? (objects[0] ?? null) : objects;
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      root[item.key] = new GraphQLError(error.message, { extensions: { code: error.name, ...error.data } });
    }
  }
  await materializer.readDocuments(tx);
  const result = await executeSliced({ schema, document, rootValue: root, variableValues: request.variables ?? {}, operationName, fieldResolver: byResponseKey }, operation);
  const body: GraphqlResponse = { data: (result.data ?? null) as GraphqlResponse['data'] };
  if (result.errors && result.errors.length > 0) body.errors = result.errors.map(errorBody);
  return { status: 200, body };
}

/** A mutation: refused below the level of the command API's writes (as a command is), else run field by field. */
async function mutate(env: GraphqlEnv, prepared: Prepared, request: GraphqlRequest, caller: MutationCaller | undefined): Promise<GraphqlAnswer> {
  const admitted = admitMutation(caller);
  if (admitted instanceof Failure) return requestError(admitted.status, [new GraphQLError(admitted.message, { extensions: { code: admitted.name, ...admitted.data } })]);
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of prepared.document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  const result = await runMutation(
    env.context,
    {
      space: prepared.space,
      document: prepared.document,
      operation: prepared.operation,
      fragments,
      variables: prepared.variables,
      rawVariables: request.variables ?? {},
      operationName: request.operationName ?? undefined,
    },
    admitted,
  );
  const body: GraphqlResponse = { data: (result.data ?? null) as GraphqlResponse['data'] };
  if (result.errors && result.errors.length > 0) body.errors = result.errors.map(errorBody);
  return { status: 200, body };
}

function withCode(error: GraphQLError, code: string): GraphQLError {
  if (error.extensions['code'] !== undefined) return error;
  return new GraphQLError(error.message, { nodes: error.nodes, source: error.source, positions: error.positions, path: error.path, originalError: error.originalError, extensions: { ...error.extensions, code } });
}
