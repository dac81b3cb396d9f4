// A Space's GraphQL schema from its SpaceModel: the types of spec/graphql/common.graphql plus,
// per Database, `T`, `TFilter`, `TListFilter`, `TOrderBy` and a `findTs` query (README,
// "Per Database"). Built with graphql-js; the generated part is printed back to SDL, so the
// served `schema.graphql` is exactly the executable schema.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  GraphQLBoolean,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  assertInputType,
  assertOutputType,
  buildASTSchema,
  parse,
  printType,
  validateSchema,
  type GraphQLArgumentConfig,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
} from 'graphql';
import { DEFAULT_LIMIT } from './limits/values.js';
import { buildMutationTypes } from './mutations/schema.js';
import { FILTER_OF, filterableFields, orderableFields, sourceName, type FieldModel, type ObjectModel, type SpaceModel } from './space-model.js';

type InputSuffix = 'Filter' | 'CollectionFilter' | 'Order';

export const COMMON_SDL_PATH = fileURLToPath(new URL('../../../spec/graphql/common.graphql', import.meta.url));
/** spec/graphql/common.graphql as written; every Space's SDL starts with it. */
export const COMMON_SDL = readFileSync(COMMON_SDL_PATH, 'utf8');
const commonSchema = buildASTSchema(parse(`${COMMON_SDL}\ntype Query { _: Boolean }`));
/** The types common.graphql defines, in its order. */
// Stryker disable next-line ArrayDeclaration,StringLiteral: graphql-js's built-in scalars are shared instances, so listing them among the types adds nothing
const BUILT_IN_SCALARS: readonly string[] = ['String', 'Int', 'Float', 'Boolean', 'ID'];
const COMMON_TYPES: GraphQLNamedType[] = Object.values(commonSchema.getTypeMap()).filter((t) => !t.name.startsWith('__') && t.name !== 'Query' && !BUILT_IN_SCALARS.includes(t.name));

function common(name: string): GraphQLNamedType {
  const type = commonSchema.getType(name);
  if (!type) throw new Error(`common.graphql has no type ${name}`);
  return type;
}

export interface BuiltSchema {
  schema: GraphQLSchema;
  /** The generated part of the SDL (README: what follows common.graphql). */
  generatedSdl: string;
  /** common.graphql followed by the generated part: the whole schema as served. */
  sdl: string;
}

export function buildSchema(model: SpaceModel): BuiltSchema {
  const outputs = new Map<string, GraphQLObjectType>();
  const filters = new Map<string, GraphQLInputObjectType>();
  const listFilters = new Map<string, GraphQLInputObjectType>();
  const orders = new Map<string, GraphQLInputObjectType>();
  const outputOf = (o: ObjectModel): GraphQLOutputType => (o.common ? assertOutputType(common(o.name)) : (outputs.get(o.name) as GraphQLObjectType));
  const inputOf = (o: ObjectModel, suffix: InputSuffix): GraphQLInputType => {
    if (o.common) return assertInputType(common(`${o.name}${suffix}`));
    const map = suffix === 'Filter' ? filters : suffix === 'CollectionFilter' ? listFilters : orders;
    return map.get(o.name) as GraphQLInputObjectType;
  };
  const listArgs = (target: ObjectModel): Record<string, GraphQLArgumentConfig> => ({
    ...Object.fromEntries(filterableFields(target).map((f) => [f.name, { type: filterInput(f, inputOf), description: `Filter on the ${target.label}'s ${fieldLabel(f)}.` }])),
    orderBy: { type: inputOf(target, 'Order'), description: `Sort order of the ${target.label} items. Without it: creation order, then id.` },
    limit: { type: GraphQLInt, defaultValue: DEFAULT_LIMIT, description: `Maximum number of ${target.label} items returned (0 to 10000).` },
    offset: { type: GraphQLInt, defaultValue: 0, description: `Number of ${target.label} items skipped before the first one returned.` },
  });

  for (const object of model.objects) {
    outputs.set(
      object.name,
      new GraphQLObjectType({
        name: object.name,
        description: objectDescription(object),
        fields: () => Object.fromEntries([...object.fields.values()].map((f) => [f.name, outputField(f, outputOf, listArgs)])) as GraphQLFieldConfigMap<unknown, unknown>,
      }),
    );
    filters.set(
      object.name,
      new GraphQLInputObjectType({
        name: `${object.name}Filter`,
        description: `Filter over ${article(object.label)} (${sourceOf(object)}). All given field filters must hold (AND).`,
        fields: () =>
          ({
            ...Object.fromEntries(filterableFields(object).map((f) => [f.name, { type: filterInput(f, inputOf), description: filterDescription(f) }])),
            ...selectionFields(object, inputOf(object, 'Order')),
          }) as GraphQLInputFieldConfigMap,
      }),
    );
    listFilters.set(
      object.name,
      new GraphQLInputObjectType({
        name: `${object.name}CollectionFilter`,
        description: `Filter over an inner list (collection) of ${object.label} items. Instance of the \`<Type>CollectionFilter\` template.`,
        fields: () => {
          const item = new GraphQLList(new GraphQLNonNull(inputOf(object, 'Filter')));
          return {
            isEmpty: { type: GraphQLBoolean, description: 'true: the list has no items; false: the list has at least one item.' },
            contains: { type: item, description: 'Every filter in the list is matched by at least one item (AND).' },
            containsAny: { type: item, description: 'At least one filter in the list is matched by at least one item (OR).' },
            notContains: { type: item, description: 'No filter in the list is matched by any item (AND of "not contains").' },
            notContainsAny: { type: item, description: 'At least one filter in the list is matched by no item (OR of "not contains").' },
          };
        },
      }),
    );
    orders.set(
      object.name,
      new GraphQLInputObjectType({
        name: `${object.name}Order`,
        description: `Sort keys of ${article(object.label)}. Set one key per object; when several are set they apply in the order declared here.`,
        fields: () =>
          Object.fromEntries(
            orderableFields(object).map((f) => [
              f.name,
              { type: f.kind === 'object' ? inputOf(f.target, 'Order') : assertInputType(common('Order')), description: orderDescription(f) },
            ]),
          ) as GraphQLInputFieldConfigMap,
      }),
    );
  }

  // A Space without Databases still has `me`.
  const query = new GraphQLObjectType({
          name: 'Query',
          // Stryker disable next-line StringLiteral: a description (documentation the spec leaves to the implementation)
          description: `Read queries of the Space \`${model.space}\`: one \`find<Plural>\` per Database.`,
          fields: () =>
            Object.fromEntries([
              // Stryker disable next-line StringLiteral: a description (documentation the spec leaves to the implementation)
              ['me', { type: outputOf(model.user), description: 'The user whose token makes the request (`svc/user`).' }],
              ...model.queries.map((q) => [
                q.name,
                {
                  type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(outputOf(q.target)))),
                  // Stryker disable next-line StringLiteral: a description (documentation the spec leaves to the implementation)
                  description: `Entities of the Database \`${q.target.type.name}\` matching all given field filters (AND).`,
                  args: listArgs(q.target),
                },
              ]),
            ]) as GraphQLFieldConfigMap<unknown, unknown>,
        });

  const generated: GraphQLNamedType[] = [];
  for (const object of model.objects) {
    generated.push(outputs.get(object.name) as GraphQLNamedType, filters.get(object.name) as GraphQLNamedType);
    generated.push(listFilters.get(object.name) as GraphQLNamedType, orders.get(object.name) as GraphQLNamedType);
  }
  generated.push(query);
  const filterArgs = (target: ObjectModel): Record<string, GraphQLArgumentConfig> =>
    Object.fromEntries(filterableFields(target).map((f) => [f.name, { type: filterInput(f, inputOf), description: `Filter on the ${target.label}'s ${fieldLabel(f)}.` }]));
  const mutations = buildMutationTypes(model, { filterOf: (o) => inputOf(o, 'Filter'), filterArgs, common });
  generated.push(...mutations.types);
  if (mutations.mutation) generated.push(mutations.mutation);
  const schema = new GraphQLSchema({ query, ...(mutations.mutation ? { mutation: mutations.mutation } : {}), types: [...COMMON_TYPES, ...generated] });
  const problems = validateSchema(schema);
  // Stryker disable next-line all: unreachable: the builder makes valid schemas (server/test builds every field kind); a guard against its own bugs
  if (problems.length > 0) throw new Error(`the generated schema of ${model.space} is invalid: ${problems.map((p) => p.message).join('; ')}`);
  // Stryker disable StringLiteral,MethodExpression: comments and blank lines of the SDL text, which parses the same
  const header = `# Generated part of the GraphQL schema of the Space \`${model.space}\` (spec/graphql/README.md).\n# The whole schema is spec/graphql/common.graphql followed by this part.\n`;
  const generatedSdl = `${header}\n${generated.map((t) => printType(t)).join('\n\n')}\n`;
  return { schema, generatedSdl, sdl: `${COMMON_SDL.trimEnd()}\n\n${generatedSdl}` };
}

// Stryker restore StringLiteral,MethodExpression: here, before a declaration (a comment that closes a block attaches to no node)
function outputField(
  f: FieldModel,
  outputOf: (o: ObjectModel) => GraphQLOutputType,
  listArgs: (target: ObjectModel) => Record<string, GraphQLArgumentConfig>,
): GraphQLFieldConfig<unknown, unknown> {
  const description = fieldDescription(f);
  switch (f.kind) {
    case 'scalar':
      return { type: f.scalar === 'ID' ? new GraphQLNonNull(assertOutputType(commonSchema.getType('ID'))) : assertOutputType(commonSchema.getType(f.scalar)), description };
    case 'absent':
      return { type: assertOutputType(commonSchema.getType(f.scalar)), description };
    case 'files':
      return { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(assertOutputType(common('File'))))), description };
    case 'richText':
      return { type: assertOutputType(common('RichField')), description };
    case 'object':
      if (!f.many) return { type: outputOf(f.target), description };
      return { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(outputOf(f.target)))), description, args: listArgs(f.target) };
  }
}

function filterInput(f: FieldModel, inputOf: (o: ObjectModel, suffix: InputSuffix) => GraphQLInputType): GraphQLInputType {
  if (f.kind === 'object') return inputOf(f.target, f.many ? 'CollectionFilter' : 'Filter');
  if (f.kind === 'scalar' || f.kind === 'absent') return assertInputType(common(FILTER_OF[f.scalar]));
  // Stryker disable next-line all: unreachable: files and rich text take no filter (filterableFields)
  throw new Error(`the field ${f.name} takes no filter`);
}

// ---------------------------------------------------------------------------------------------
// Descriptions: each names the workspace field it comes from.
// Stryker disable all: descriptions are documentation in the generated schema, which the spec leaves to the implementation

function article(label: string): string {
  return `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label}`;
}

function sourceOf(object: ObjectModel): string {
  if (object.kind === 'comment') return 'a comment of the Comments extension, `comments/comment`';
  if (object.kind === 'option') return `an option of \`${object.type.name}\``;
  return `an Entity of \`${object.type.name}\``;
}

function objectDescription(object: ObjectModel): string {
  if (object.kind === 'comment') return 'A comment on an Entity (Comments extension, type `comments/comment`); its content is a collaborative document.';
  if (object.kind === 'option') return `An option of \`${object.type.name}\` (${object.type.kind === 'workflow' ? 'the states of a workflow field' : 'the options of a single or multi select field'}).`;
  return `An Entity of the Database \`${object.type.name}\`.`;
}

const SYSTEM_DESCRIPTIONS: Record<string, string> = {
  'svc/id': 'Identifier of the Entity (`svc/id`, a UUID).',
  'svc/public-id': 'Public identifier of the Entity (`svc/public-id`), a number written as a string.',
  'svc/creation-date': 'Creation time (`svc/creation-date`): ISO 8601 UTC timestamp with milliseconds.',
  'svc/modification-date': 'Time of the last modification (`svc/modification-date`): ISO 8601 UTC timestamp with milliseconds.',
  'svc/rank': 'Rank of the Entity (`svc/rank`); null where the type has no rank.',
  'svc/created-by': 'Author of the Entity (`svc/created-by`).',
};

const VALUE_NOTES: Record<string, string> = {
  'svc/date': ': `YYYY-MM-DD`',
  'svc/date-time': ': ISO 8601 UTC timestamp with milliseconds',
  'svc/date-range': ': stringified JSON `{start, end}` of dates `YYYY-MM-DD`',
  'svc/date-time-range': ': stringified JSON `{start, end}` of ISO 8601 UTC timestamps',
  'svc/location': ': stringified JSON `{longitude, latitude, fullAddress}`',
};

function fieldDescription(f: FieldModel): string {
  const system = SYSTEM_DESCRIPTIONS[sourceName(f)];
  if (system) return system;
  const name = `\`${sourceName(f)}\``;
  switch (f.kind) {
    case 'scalar':
      return `Field ${name} (${f.field.fieldType})${VALUE_NOTES[f.field.fieldType] ?? ''}.`;
    case 'absent':
      return `Field ${name}: null (the type has no such field).`;
    case 'files':
      return `Field ${name} (files). Never null; an empty list when there are none.`;
    case 'richText':
      return f.field.name === 'comment/document-secret' ? 'Content of the comment: the document `comment/document-secret` names.' : `Field ${name} (rich text).`;
    case 'object': {
      if (f.field.name === 'comments/comments') return 'Field `comments/comments`: the comments on the Entity (Comments extension). Never null; an empty list when there are none.';
      const target = `\`${f.target.type.name}\``;
      if (f.target.kind === 'option') {
        return f.many
          ? `Field ${name} (multi select, options of ${target}): the chosen options. Accepts the filter, orderBy, limit and offset arguments of a list. Never null; an empty list when there are none.`
          : `Field ${name} (${f.target.type.kind === 'workflow' ? 'workflow' : 'single select'}, options of ${target}): the chosen option.`;
      }
      if (!f.many) return `Field ${name} (relation to ${target}).`;
      return `Field ${name} (collection of ${target}). Accepts the filter, orderBy, limit and offset arguments of a query of that type. Never null; an empty list when there are none.`;
    }
  }
}

function fieldLabel(f: FieldModel): string {
  return `\`${sourceName(f)}\``;
}

function filterDescription(f: FieldModel): string {
  if (sourceName(f) === 'svc/id') return 'Filter on the identifier (`svc/id`). `{id: {isNull: true}}` used as a relation filter matches an empty relation.';
  if (f.kind === 'object' && f.many) return `Filter on the items of ${fieldLabel(f)} (inner list).`;
  if (f.kind === 'object') return `Filter on ${fieldLabel(f)} (the target's filter).`;
  return `Filter on ${fieldLabel(f)}.`;
}

function orderDescription(f: FieldModel): string {
  if (f.kind === 'object') return `Sort by a property of ${fieldLabel(f)}, for example \`{${f.name}: {id: ASC}}\`.`;
  return `Sort by ${fieldLabel(f)}.`;
}
// Stryker restore all

/**
 * `orderBy`, `limit` and `offset` of a `<T>Filter` (as the public API's filter inputs take them):
 * they apply where the filter selects Entities (a relation value of a mutation), not inside a
 * find filter (spec/graphql/README.md, "Query semantics").
 */
function selectionFields(object: ObjectModel, order: GraphQLInputType): GraphQLInputFieldConfigMap {
  const where = 'Only where the filter selects Entities (a relation value of a mutation); refused inside a find filter.';
  return {
    orderBy: { type: order, description: `Order in which the matching ${object.label} items are taken. ${where}` },
    limit: { type: GraphQLInt, description: `Take at most this many of the matching ${object.label} items (without it: all of them). ${where}` },
    offset: { type: GraphQLInt, description: `Skip this many of the matching ${object.label} items first. ${where}` },
  };
}
