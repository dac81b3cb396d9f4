// The mutation part of a Space's GraphQL schema (spec/graphql/README.md, "Mutations"): per
// Database `<T>Input` and `<T>Operations`, and `type Mutation` with one field per Database.
import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  assertInputType,
  assertOutputType,
  type GraphQLArgumentConfig,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLScalarType,
} from 'graphql';
import { sourceName, type ObjectModel, type ScalarName, type SpaceModel } from '../space-model.js';
import { spaceMutations, type ActionModel, type DatabaseMutations, type InputFieldModel } from './model.js';

export interface MutationTypeEnv {
  /** `<T>Filter` of an object type (generated or common). */
  filterOf: (o: ObjectModel) => GraphQLInputType;
  /** The field filter arguments of `find<Plural>` over `o` (no orderBy, limit, offset). */
  filterArgs: (o: ObjectModel) => Record<string, GraphQLArgumentConfig>;
  /** A type of common.graphql. */
  common: (name: string) => GraphQLNamedType;
}

export interface MutationTypes {
  /** `<T>Input`, `<T>Operations` per Database, in the order of the Databases. */
  types: GraphQLNamedType[];
  /** undefined for a Space without Databases. */
  mutation: GraphQLObjectType | undefined;
}

const SCALARS: Record<Exclude<ScalarName, 'ID'>, GraphQLScalarType> = { String: GraphQLString, Int: GraphQLInt, Float: GraphQLFloat, Boolean: GraphQLBoolean };

function inputType(input: InputFieldModel, env: MutationTypeEnv): GraphQLInputType {
  switch (input.kind) {
    case 'scalar':
      return input.field.scalar === 'ID' ? GraphQLString : SCALARS[input.field.scalar];
    case 'richText':
      return GraphQLString;
    case 'object': {
      const filter = env.filterOf(input.field.target);
      return input.field.many ? new GraphQLList(new GraphQLNonNull(filter)) : filter;
    }
  }
}

function inputDescription(input: InputFieldModel): string {
  const name = `\`${sourceName(input.field)}\``;
  switch (input.kind) {
    case 'scalar':
      return input.field.json ? `Value of ${name}, as stringified JSON (the form the field reads in).` : `Value of ${name}; null clears it.`;
    case 'richText':
      return `Content of ${name}, as Markdown (replaces the document's content).`;
    case 'object':
      return input.field.many
        ? `Value of ${name}: the ${input.field.target.label} items matching any of these filters (each must match at least one).`
        : `Value of ${name}: the one ${input.field.target.label} matching this filter; null clears it.`;
  }
}

function actionField(name: string, action: ActionModel, db: DatabaseMutations, input: GraphQLInputObjectType, env: MutationTypeEnv) {
  const result = new GraphQLNonNull(assertOutputType(env.common('MutationResult')));
  const label = db.target.label;
  const fieldArgs = (): Record<string, GraphQLArgumentConfig> =>
    Object.fromEntries(db.inputs.map((i) => [i.name, { type: inputType(i, env), description: inputDescription(i) }]));
  const data = (type: GraphQLInputType, what: string): Record<string, GraphQLArgumentConfig> => ({
    data: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(type))), description: `The arguments of each ${what}, run one after the other in this order.` },
  });
  switch (action.kind) {
    case 'create':
      return action.batch
        ? { type: result, args: data(input, 'create'), description: `Creates one ${label} per item of \`data\`. The actions after it act on the Entities created.` }
        : { type: result, args: fieldArgs(), description: `Creates one ${label} with the given values. The actions after it act on the Entity created.` };
    case 'update':
      return action.batch
        ? { type: result, args: data(input, 'update'), description: `Runs \`update\` once per item of \`data\`, in order, on the selected ${label} items.` }
        : { type: result, args: fieldArgs(), description: `Sets the given values on every selected ${label} (null clears a value; a field left out is kept).` };
    case 'delete':
      return { type: result, description: `Deletes every selected ${label}.` };
    case 'content': {
      const what = { append: 'Appends the Markdown to', prepend: 'Puts the Markdown before the content of', overwrite: 'Replaces with the Markdown the content of' }[action.edit];
      return action.batch
        ? { type: result, args: data(assertInputType(env.common('ContentInput')), `\`${name.replace(/Batch$/, '')}\``), description: `Runs \`${name.replace(/Batch$/, '')}\` once per item of \`data\`, in order.` }
        : {
            type: result,
            args: { value: { type: new GraphQLNonNull(GraphQLString), description: 'The content, as Markdown.' } },
            description: `${what} \`${sourceName(action.field)}\` of every selected ${label}.`,
          };
    }
    case 'link':
    case 'unlink': {
      const field = `\`${sourceName(action.field)}\``;
      const target = action.field.target.label;
      const description =
        action.kind === 'link'
          ? action.field.many
            ? `Adds to ${field} of every selected ${label} the ${target} items matching the filter (at least one must).`
            : `Sets ${field} of every selected ${label} to the one ${target} matching the filter.`
          : `Removes from ${field} of every selected ${label} the ${target} items matching the filter (without arguments: all of them).`;
      return { type: result, args: env.filterArgs(action.field.target), description };
    }
    case 'related': {
      const field = `\`${sourceName(action.field)}\``;
      const target = action.target.target.label;
      const targetArgs = (): Record<string, GraphQLArgumentConfig> =>
        Object.fromEntries(action.target.inputs.map((i) => [i.name, { type: inputType(i, env), description: inputDescription(i) }]));
      switch (action.op) {
        case 'add':
          return {
            type: result,
            args: targetArgs(),
            description: action.field.many
              ? `Creates, for every selected ${label}, one ${target} with the given values and adds it to its ${field}. The result names the ${target} items created.`
              : `Creates, for every selected ${label}, one ${target} with the given values and sets its ${field} to it. The result names the ${target} items created.`,
          };
        case 'update':
          return {
            type: result,
            args: targetArgs(),
            description: `Sets the given values on every ${target} linked by ${field} of the selected ${label} items (null clears a value; a field left out is kept).`,
          };
        case 'delete':
          return action.field.many
            ? {
                type: result,
                args: env.filterArgs(action.field.target),
                description: `Deletes the ${target} items in ${field} of every selected ${label} that match the filter (without arguments: all of them).`,
              }
            : { type: result, description: `Deletes the ${target} that ${field} of every selected ${label} links to.` };
      }
    }
  }
}

/** `createBatch` and `updateBatch`: their `data` items are `<T>Input`. */
function takesInput(action: ActionModel): boolean {
  return (action.kind === 'create' || action.kind === 'update') && action.batch;
}

export function buildMutationTypes(model: SpaceModel, env: MutationTypeEnv): MutationTypes {
  const databases = spaceMutations(model);
  const types: GraphQLNamedType[] = [];
  const roots: Array<[string, { type: GraphQLObjectType; args: Record<string, GraphQLArgumentConfig>; description: string }]> = [];
  for (const db of databases) {
    const t = db.target;
    // A Database without a writable field has no `<T>Input` (GraphQL has no empty input type),
    // so neither `createBatch` nor `updateBatch`, whose items are that type.
    const hasInput = db.inputs.length > 0;
    const input: GraphQLInputObjectType = new GraphQLInputObjectType({
      name: `${t.name}Input`,
      description: `Values of ${t.label === 'user' ? 'a user' : `a ${t.label}`} (\`${t.type.name}\`) for \`create\` and \`update\`: the arguments of \`create\` as one object. A field left out is not written.`,
      fields: () => Object.fromEntries(db.inputs.map((i) => [i.name, { type: inputType(i, env), description: inputDescription(i) }])) as GraphQLInputFieldConfigMap,
    });
    const operations: GraphQLObjectType = new GraphQLObjectType({
      name: `${t.name}Operations`,
      description: `Actions on the \`${t.type.name}\` Entities the mutation selects, run in the order written: on the Entities created by an earlier \`create\` or \`createBatch\` of the same mutation field, else on those matching its filter arguments. Each answers a \`MutationResult\`.`,
      fields: () =>
        Object.fromEntries(
          [...db.actions].filter(([, action]) => hasInput || !takesInput(action)).map(([name, action]) => [name, actionField(name, action, db, input, env)]),
        ) as GraphQLFieldConfigMap<unknown, unknown>,
    });
    types.push(...(hasInput ? [input] : []), operations);
    roots.push([
      db.rootName,
      {
        type: operations,
        args: env.filterArgs(t),
        description: `Actions on Entities of the Database \`${t.type.name}\`: those matching all given field filters (AND), or those its \`create\` makes. Its actions run in one transaction: all or none.`,
      },
    ]);
  }
  if (roots.length === 0) return { types, mutation: undefined };
  const mutation = new GraphQLObjectType({
    name: 'Mutation',
    description: `Writes to the Space \`${model.space}\`: one field per Database.`,
    fields: () => Object.fromEntries(roots) as GraphQLFieldConfigMap<unknown, unknown>,
  });
  return { types, mutation };
}
