// A GraphQL operation to query plans of the engine (server/src/query): one plan per root field
// (alias), each selection level a select node, inner-list arguments a sub-query. Also the
// "output" of each level: how the engine's Entities become GraphQL objects (materialize.ts).
import { GraphQLError, getArgumentValues, type FieldNode, type GraphQLField, type GraphQLObjectType, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { Catalog } from '../model/catalog.js';
import type { QueryPlan } from '../query/execute.js';
import type { SelectNode, SubQuery } from '../query/select.js';
import type { Condition } from '../query/where.js';
import { collectFields, subSelections, type Fragments } from './collect-fields.js';
import { ParamBag, filterCondition, orderKeys } from './filters.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from './limits/values.js';
import type { ObjectModel, SpaceModel } from './space-model.js';

/** Rich text formats by RichText field. */
export const RICH_TEXT_FORMATS = { jsonString: 'json', text: 'plain-text', md: 'md', html: 'html' } as const;
export type RichTextFormat = keyof typeof RICH_TEXT_FORMATS;
/** A field of `RichField`: a format, or the document's `secret`. */
export type RichTextField = RichTextFormat | 'secret';

/** The engine key of an Entity's id when files need it and it is not selected (never a response key). */
export const HIDDEN_ID = '#id';

export type OutputEntry =
  | { key: string; kind: 'value'; json: boolean }
  /** A field the type does not have: null. */
  | { key: string; kind: 'null' }
  | { key: string; kind: 'files'; fieldId: string; sub: Array<[string, string]> }
  | { key: string; kind: 'richText'; sub: Array<[string, RichTextField]> }
  | { key: string; kind: 'object'; many: boolean; output: Output };

export interface Output {
  entries: OutputEntry[];
  /** Whether the level reads `HIDDEN_ID` (for signed file addresses). */
  hiddenId: boolean;
}

/** `single`: the root field is one object (`me`), the plan's first Entity or null. */
export type RootPlan = { key: string; plan: QueryPlan; output: Output; single?: boolean } | { key: string; error: GraphQLError };

export interface CompiledOperation {
  roots: RootPlan[];
  params: Record<string, unknown>;
}

interface Env {
  schema: GraphQLSchema;
  catalog: Catalog;
  model: SpaceModel;
  fragments: Fragments;
  variables: Record<string, unknown>;
  bag: ParamBag;
}

function objectType(env: Env, name: string): GraphQLObjectType {
  return env.schema.getType(name) as GraphQLObjectType;
}

function argError(nodes: readonly FieldNode[], message: string): GraphQLError {
  return new GraphQLError(message, { nodes, extensions: { code: 'BAD_USER_INPUT' } });
}

/** `limit` and `offset` of a list field, defaults applied and ranges checked. */
function paging(args: Record<string, unknown>, nodes: readonly FieldNode[], where: string): { limit: number; offset: number } {
  const limit = args['limit'] ?? DEFAULT_LIMIT;
  const offset = args['offset'] ?? 0;
  if (typeof limit !== 'number' || limit < 0 || limit > MAX_LIMIT) throw argError(nodes, `${where}: limit must be an integer from 0 to ${MAX_LIMIT}; got ${String(limit)}.`);
  if (typeof offset !== 'number' || offset < 0) throw argError(nodes, `${where}: offset must be an integer of at least 0; got ${String(offset)}.`);
  return { limit, offset };
}

/** The filter, orderBy, limit and offset arguments of a `find<Plural>` or inner-list field. */
function listQuery(env: Env, target: ObjectModel, def: GraphQLField<unknown, unknown>, nodes: readonly FieldNode[], where: string): SubQuery {
  const args = getArgumentValues(def, nodes[0] as FieldNode, env.variables);
  const { orderBy, limit: _limit, offset: _offset, ...filters } = args;
  const { limit, offset } = paging(args, nodes, where);
  const condition = filterCondition(target, filters, env.bag, where);
  const order = typeof orderBy === 'object' && orderBy !== null ? orderKeys(target, orderBy as Record<string, unknown>) : [];
  return { condition, orderBy: order, limit, offset };
}

function compileSelection(env: Env, object: ObjectModel, nodes: readonly FieldNode[]): { select: SelectNode[]; output: Output } {
  // Stryker disable next-line ArrayDeclaration: an extra entry of no kind is skipped by the engine; the answer is the same
  const select: SelectNode[] = [];
  // Stryker disable next-line ArrayDeclaration,BooleanLiteral: an entry of no kind is skipped by the materializer; the hidden id is read under a key no response has
  const output: Output = { entries: [], hiddenId: false };
  const type = objectType(env, object.name);
  for (const [key, fieldNodes] of collectFields(subSelections(nodes), env.fragments, env.variables)) {
    const name = (fieldNodes[0] as FieldNode).name.value;
    const f = object.fields.get(name);
    if (!f) continue; // __typename: answered by graphql-js
    switch (f.kind) {
      case 'scalar':
        select.push({ kind: 'field', key, field: f.field });
        output.entries.push({ key, kind: 'value', json: f.json });
        break;
      case 'absent':
        output.entries.push({ key, kind: 'null' });
        break;
      case 'files': {
        select.push({ kind: 'field', key, field: f.field });
        const sub = [...collectFields(subSelections(fieldNodes), env.fragments, env.variables)].map(([k, n]): [string, string] => [k, (n[0] as FieldNode).name.value]);
        output.entries.push({ key, kind: 'files', fieldId: f.field.id, sub });
        output.hiddenId = true;
        break;
      }
      case 'richText': {
        select.push({ kind: 'field', key, field: f.field });
        // Stryker disable next-line ArrayDeclaration: an entry of no format is skipped by the materializer
        const sub: Array<[string, RichTextField]> = [];
        for (const [k, n] of collectFields(subSelections(fieldNodes), env.fragments, env.variables)) {
          const fieldName = (n[0] as FieldNode).name.value;
          if (fieldName === 'secret' || Object.hasOwn(RICH_TEXT_FORMATS, fieldName)) sub.push([k, fieldName as RichTextField]);
        }
        output.entries.push({ key, kind: 'richText', sub });
        break;
      }
      case 'object': {
        const child = compileSelection(env, f.target, fieldNodes);
        const def = type.getFields()[name] as GraphQLField<unknown, unknown>;
        const sub: SubQuery = f.many ? listQuery(env, f.target, def, fieldNodes, `${object.name}.${name}`) : { limit: null };
        select.push({ kind: 'related', key, field: f.field, target: f.target.type, select: child.select, sub });
        output.entries.push({ key, kind: 'object', many: f.many, output: child.output });
        break;
      }
    }
  }
  // Stryker disable next-line ConditionalExpression: the hidden id is read under a key no response has (reading it always adds nothing to the answer)
  if (output.hiddenId) select.push({ kind: 'field', key: HIDDEN_ID, field: object.type.fieldsByName.get('svc/id') ?? missing('svc/id') });
  return { select, output };
}

/** `me`: the user of the request's token, read as a `find` of the users by that id. */
function mePlan(env: Env, key: string, nodes: readonly FieldNode[], userId: string | undefined): RootPlan {
  const user = env.model.user;
  const { select, output } = compileSelection(env, user, nodes);
  // Without a user (the server's own work), no Entity matches.
  const condition: Condition = userId === undefined ? { kind: 'or', parts: [] } : { kind: 'expr', expr: ['=', ['svc/id'], env.bag.add(userId)], where: 'me' };
  return { key, single: true, plan: { type: user.type, condition, orderBy: [], limit: 1, offset: 0, select }, output };
}

function missing(name: string): never {
  throw new Error(`field ${name} vanished`);
}

/** Compiles the root fields of an operation; a root field whose arguments are wrong gets an error. */
export function compileOperation(
  schema: GraphQLSchema,
  catalog: Catalog,
  model: SpaceModel,
  operation: OperationDefinitionNode,
  fragments: Fragments,
  variables: Record<string, unknown>,
  userId?: string,
): CompiledOperation {
  const env: Env = { schema, catalog, model, fragments, variables, bag: new ParamBag() };
  const queries = new Map(model.queries.map((q) => [q.name, q.target]));
  const queryType = schema.getQueryType() as GraphQLObjectType;
  const roots: RootPlan[] = [];
  for (const [key, nodes] of collectFields([operation.selectionSet], fragments, variables)) {
    const name = (nodes[0] as FieldNode).name.value;
    if (name === 'me') {
      roots.push(mePlan(env, key, nodes, userId));
      continue;
    }
    const target = queries.get(name);
    if (!target) continue; // __schema, __type, __typename, `_`: answered by graphql-js
    try {
      const def = queryType.getFields()[name] as GraphQLField<unknown, unknown>;
      const sub = listQuery(env, target, def, nodes, name);
      const { select, output } = compileSelection(env, target, nodes);
      roots.push({ key, plan: { type: target.type, condition: sub.condition, orderBy: sub.orderBy, limit: sub.limit, offset: sub.offset ?? 0, select }, output });
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      roots.push({ key, error: error.nodes ? error : new GraphQLError(error.message, { nodes, extensions: error.extensions }) });
    }
  }
  return { roots, params: env.bag.values };
}
