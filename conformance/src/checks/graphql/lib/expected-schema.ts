/**
 * The GraphQL schema the generation rule (spec/graphql/README.md, "Generation rule") gives for the
 * test Databases (conformance/src/workspace.ts): common.graphql, then per Database `T` (`<Space><Singular>`),
 * `TFilter`, `TCollectionFilter`, `TOrder`, then `Query` (with `me: SvcUser` first). Written out here without descriptions, and compared
 * with a served schema after the served descriptions are checked apart: every type, field,
 * argument and input field has one, and those of a workspace field or Database name it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  buildASTSchema,
  isInputObjectType,
  isObjectType,
  isSpecifiedScalarType,
  parse,
  print,
  printSchema,
  printType,
  visit,
  type ASTNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import type { TestNames } from '../../../model/schema.js';
import { typeName } from './dataset.js';

export const COMMON_SDL = readFileSync(fileURLToPath(new URL('../../../../../spec/graphql/common.graphql', import.meta.url)), 'utf8');

/** One field of a generated type: GraphQL name, output type, filter type (none: not filterable), order key type (none: not orderable). */
interface FieldRow {
  name: string;
  type: string;
  filter: string | null;
  order: string | null;
  /** The workspace field it reads (its descriptions name it). */
  source: string;
  /** An inner list of this type (takes the list arguments). */
  list?: string;
  /** The inner list's arguments as written, when they are not those of a generated type's list (the people list of common.graphql's User). */
  args?: string;
}

export interface TypeRow {
  name: string;
  /** Its `find` query; none for the comment type and option types. */
  query: string | null;
  database: string;
  fields: FieldRow[];
}

export const system = (): FieldRow[] => [
  { name: 'id', type: 'ID!', filter: 'IDFilter', order: 'Order', source: 'svc/id' },
  { name: 'publicId', type: 'String', filter: 'StringFilter', order: 'Order', source: 'svc/public-id' },
  { name: 'creationDate', type: 'String', filter: 'StringFilter', order: 'Order', source: 'svc/creation-date' },
  { name: 'modificationDate', type: 'String', filter: 'StringFilter', order: 'Order', source: 'svc/modification-date' },
  { name: 'rank', type: 'Float', filter: 'FloatFilter', order: 'Order', source: 'svc/rank' },
  { name: 'createdBy', type: 'SvcUser', filter: 'SvcUserFilter', order: 'SvcUserOrder', source: 'svc/created-by' },
];

/** The fields of an option type (single select, multi select, workflow): `final` for a workflow. */
export const optionFields = (workflow: boolean): FieldRow[] => [
  { name: 'id', type: 'ID!', filter: 'IDFilter', order: 'Order', source: 'svc/id' },
  { name: 'publicId', type: 'String', filter: 'StringFilter', order: 'Order', source: 'svc/public-id' },
  { name: 'rank', type: 'Float', filter: 'FloatFilter', order: 'Order', source: 'svc/rank' },
  { name: 'icon', type: 'String', filter: 'StringFilter', order: 'Order', source: 'enum/icon' },
  { name: 'name', type: 'String', filter: 'StringFilter', order: 'Order', source: 'enum/name' },
  ...(workflow ? [{ name: 'final', type: 'Boolean', filter: 'BooleanFilter', order: 'Order', source: 'workflow/Final' }] : []),
];

export const value = (name: string, type: string, source: string): FieldRow => ({ name, type, filter: `${type}Filter`, order: 'Order', source });

/** The generated types of the test Databases, Databases in order of their full names (Groups, then Items). */
export function testTypes(n: TestNames): TypeRow[] {
  const group = typeName(n.space, 'Group');
  const item = typeName(n.space, 'Item');
  return [
    {
      name: group,
      query: 'findGroups',
      database: n.groups,
      fields: [
        ...system(),
        value('name', 'String', n.name),
        value('rank_2', 'Int', n.rank),
        { name: 'members', type: `[${item}!]!`, filter: `${item}CollectionFilter`, order: null, source: n.members, list: item },
        { name: 'tagged', type: `[${item}!]!`, filter: `${item}CollectionFilter`, order: null, source: n.tagged, list: item },
      ],
    },
    {
      name: item,
      query: 'findItems',
      database: n.items,
      fields: [
        ...system(),
        value('title', 'String', n.title),
        value('count', 'Int', n.count),
        value('amount', 'Float', n.amount),
        value('done', 'Boolean', n.done),
        value('due', 'String', n.due),
        value('at', 'String', n.at),
        { name: 'group', type: group, filter: `${group}Filter`, order: `${group}Order`, source: n.group },
        { name: 'tags', type: `[${group}!]!`, filter: `${group}CollectionFilter`, order: null, source: n.tags, list: group },
      ],
    },
  ];
}

function listArgs(types: TypeRow[], target: string): string {
  const row = types.find((t) => t.name === target);
  const filters = (row?.fields ?? []).filter((f) => f.filter !== null).map((f) => `${f.name}: ${f.filter}`);
  return `(${[...filters, `orderBy: ${target}Order`, 'limit: Int = 100', 'offset: Int = 0'].join(', ')})`;
}

/** The generated part of the SDL, without descriptions. */
export function expectedSdl(types: TypeRow[]): string {
  const parts: string[] = [];
  for (const t of types) {
    parts.push(`type ${t.name} {\n${t.fields.map((f) => `  ${f.name}${f.args ?? (f.list ? listArgs(types, f.list) : '')}: ${f.type}`).join('\n')}\n}`);
    // The field filters, then what chooses among the matches (the public API's filter inputs take orderBy, limit, offset).
    parts.push(`input ${t.name}Filter {\n${t.fields.filter((f) => f.filter !== null).map((f) => `  ${f.name}: ${f.filter}`).join('\n')}\n  orderBy: ${t.name}Order\n  limit: Int\n  offset: Int\n}`);
    parts.push(`input ${t.name}CollectionFilter {\n  isEmpty: Boolean\n${['contains', 'containsAny', 'notContains', 'notContainsAny'].map((op) => `  ${op}: [${t.name}Filter!]`).join('\n')}\n}`);
    parts.push(`input ${t.name}Order {\n${t.fields.filter((f) => f.order !== null).map((f) => `  ${f.name}: ${f.order}`).join('\n')}\n}`);
  }
  parts.push(`type Query {\n  me: SvcUser\n${types.flatMap((t) => (t.query === null ? [] : [`  ${t.query}${listArgs(types, t.name)}: [${t.name}!]!`])).join('\n')}\n}`);
  return parts.join('\n\n');
}

/** A schema with every description left out. */
export function withoutDescriptions(schema: GraphQLSchema): GraphQLSchema {
  const stripped = visit(parse(printSchema(schema)), {
    enter(node: ASTNode) {
      return 'description' in node && node.description ? { ...node, description: undefined } : undefined;
    },
  });
  return buildASTSchema(parse(print(stripped)));
}

/** The differences between a served schema and the expected one, type by type (none: they agree). */
export function schemaDifferences(served: GraphQLSchema, types: TypeRow[]): string[] {
  const out: string[] = [];
  const compare = (name: string, got: GraphQLNamedType | undefined, want: GraphQLNamedType | undefined) => {
    if (!want) return;
    if (!got) out.push(`the type ${name} is missing`);
    else if (printType(got) !== printType(want)) out.push(`the type ${name} is\n${printType(got)}\nexpected\n${printType(want)}`);
  };
  // common.graphql's types as written there, descriptions included.
  const common = buildASTSchema(parse(`${COMMON_SDL}\ntype Query { _: Boolean }`));
  for (const name of Object.keys(common.getTypeMap()).filter((n) => !n.startsWith('__') && n !== 'Query' && !isSpecifiedScalarType(common.getType(n) as GraphQLNamedType))) {
    compare(name, served.getType(name), common.getType(name));
  }
  // The generated types, descriptions left out (descriptionProblems checks them).
  const expected = withoutDescriptions(buildASTSchema(parse(`${COMMON_SDL}\n${expectedSdl(types)}`)));
  const actual = withoutDescriptions(served);
  for (const name of [...types.flatMap((t) => [t.name, `${t.name}Filter`, `${t.name}CollectionFilter`, `${t.name}Order`]), 'Query']) compare(name, actual.getType(name), expected.getType(name));
  // And no type beyond these (a comment type only where a Database of the Space has comments, option types only where a field uses them).
  // The mutation types (`Mutation`, `<T>Input`, `<T>Operations`) are a feature beyond the contract, checked by the mutation checks.
  const mutationTypes = new Set(['Mutation', ...types.flatMap((t) => [`${t.name}Input`, `${t.name}Operations`])]);
  const extra = Object.keys(actual.getTypeMap()).filter((name) => !name.startsWith('__') && expected.getType(name) === undefined && !mutationTypes.has(name));
  if (extra.length > 0) out.push(`the schema has types the README's rule does not give it: ${extra.join(', ')}`);
  return out;
}

/** The common.graphql texts of the `<T>CollectionFilter` template, by input field. */
const LIST_FILTER_TEXTS: Record<string, string> = {
  isEmpty: 'true: the list has no items; false: the list has at least one item.',
  contains: 'Every filter in the list is matched by at least one item (AND).',
  containsAny: 'At least one filter in the list is matched by at least one item (OR).',
  notContains: 'No filter in the list is matched by any item (AND of "not contains").',
  notContainsAny: 'At least one filter in the list is matched by no item (OR of "not contains").',
};

/**
 * Descriptions the rule asks for (README: every type, field, argument and input field of the
 * generated SDL carries a description naming the workspace field it comes from): missing ones,
 * and those of a workspace field, Database or list filter template that do not say what they should.
 */
export function descriptionProblems(served: GraphQLSchema, types: TypeRow[]): string[] {
  const out: string[] = [];
  const names = (text: string | null | undefined, what: string, source: string | undefined) => {
    if (!text || text.trim() === '') out.push(`${what} has no description`);
    else if (source !== undefined && !text.includes(`\`${source}\``)) out.push(`the description of ${what} does not name \`${source}\`: ${JSON.stringify(text)}`);
  };
  const sourceOf = (t: TypeRow, field: string) => t.fields.find((f) => f.name === field)?.source;
  const argsOf = (field: GraphQLField<unknown, unknown>, what: string, target: TypeRow | undefined) => {
    for (const arg of field.args) names(arg.description, `the argument ${what}(${arg.name})`, target ? sourceOf(target, arg.name) : undefined);
  };
  const query = served.getQueryType();
  for (const t of types) {
    const object = served.getType(t.name);
    if (isObjectType(object)) {
      names(object.description, `the type ${t.name}`, t.database);
      for (const field of Object.values(object.getFields())) {
        names(field.description, `the field ${t.name}.${field.name}`, sourceOf(t, field.name));
        const row = t.fields.find((f) => f.name === field.name);
        if (row?.list && row.args === undefined) argsOf(field, `${t.name}.${field.name}`, types.find((x) => x.name === row.list));
      }
    }
    for (const suffix of ['Filter', 'Order']) {
      const input = served.getType(`${t.name}${suffix}`);
      if (!isInputObjectType(input)) continue;
      names(input.description, `the input ${t.name}${suffix}`, undefined);
      for (const field of Object.values(input.getFields())) names(field.description, `the input field ${t.name}${suffix}.${field.name}`, sourceOf(t, field.name));
    }
    const list = served.getType(`${t.name}CollectionFilter`);
    if (isInputObjectType(list)) {
      names(list.description, `the input ${t.name}CollectionFilter`, undefined);
      for (const field of Object.values(list.getFields())) {
        const text = LIST_FILTER_TEXTS[field.name];
        if (text !== undefined && field.description !== text) out.push(`the input field ${t.name}CollectionFilter.${field.name} should say ${JSON.stringify(text)} (the template of common.graphql), it says ${JSON.stringify(field.description)}`);
      }
    }
    const find = t.query === null ? undefined : query?.getFields()[t.query];
    if (find && t.query !== null) {
      names(find.description, `the query ${t.query}`, t.database);
      argsOf(find, t.query, t);
    }
  }
  return out;
}
