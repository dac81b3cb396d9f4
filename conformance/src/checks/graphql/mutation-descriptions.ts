/**
 * The mutation part of a Space's schema describes itself, as the query part does (GQL-061): a
 * client's tooling (GraphiQL, generated SDKs) shows these texts. Read with the standard
 * introspection query and walked from the mutation type: the type, each of its fields, each
 * `<T>Operations` type with its actions and their arguments, and each `<T>Input` an argument
 * takes, also of the root fields' arguments; over the test Space and a Space with every writable
 * kind of field (expected-mutations.ts). The wording is the server's; an empty or missing text is the failure. A target without
 * GraphQL mutations has nothing to describe: the check does not apply (graphql.mutation-create
 * grades the missing feature).
 */
import { buildClientSchema, getIntrospectionQuery, getNamedType, isInputObjectType, isObjectType, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { fail } from '../../assert.js';
import { CheckSkipped, CheckUnsupported, defineCheck, type CheckContext } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { expectData, postGraphql } from './lib/client.js';
import { withAwkwardSpace } from './lib/expected-mutations.js';
import { requireMutations } from './lib/mutations.js';

/** Where the mutation part of `schema` lacks a description, one line each. */
function undescribed(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  const need = (what: string, text: string | null | undefined) => {
    if (typeof text !== 'string' || text.trim() === '') missing.push(what);
  };
  const mutation = schema.getMutationType();
  if (!mutation) return ['the schema has no mutation type'];
  need(`type ${mutation.name}`, mutation.description);
  const inputs = new Set<string>();
  for (const root of Object.values(mutation.getFields())) {
    need(`${mutation.name}.${root.name}`, root.description);
    for (const arg of root.args) need(`${mutation.name}.${root.name}(${arg.name})`, arg.description);
    const operations = getNamedType(root.type);
    if (!isObjectType(operations)) continue;
    need(`type ${operations.name}`, operations.description);
    for (const action of Object.values(operations.getFields())) {
      need(`${operations.name}.${action.name}`, action.description);
      for (const arg of action.args) {
        need(`${operations.name}.${action.name}(${arg.name})`, arg.description);
        const input = getNamedType(arg.type);
        if (isInputObjectType(input) && input.name.endsWith('Input')) inputs.add(input.name);
      }
    }
  }
  for (const name of inputs) need(`input ${name}`, schema.getType(name)?.description);
  return missing;
}

export default defineCheck({
  id: 'graphql.mutation-descriptions',
  name:
    'A server with GraphQL mutations describes their schema as it does the queries: the mutation type, each of its fields, each of their arguments, each <T>Operations type, each action and each of its arguments, ' +
    'and each <T>Input type has a non-empty description (introspection)',
  level: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-061'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      try {
        await requireMutations(ctx, n.space);
      } catch (error) {
        if (error instanceof CheckUnsupported) throw new CheckSkipped(`no GraphQL mutations to describe (${error.message})`);
        throw error;
      }
      await describes(ctx, n.space);
    });
    // Every kind of action and argument: JSON values, rich text and its actions, selects, people, a Database without writable fields.
    await withAwkwardSpace(ctx, async ({ space }) => describes(ctx, space));
  },
});

async function describes(ctx: CheckContext, space: string): Promise<void> {
  const res = await postGraphql(ctx, space, { query: getIntrospectionQuery() });
  const data = expectData(res, 'the standard introspection query');
  let schema: GraphQLSchema;
  try {
    schema = buildClientSchema(data as unknown as IntrospectionQuery);
  } catch (error) {
    fail(`the introspection result does not build a schema with graphql-js: ${error instanceof Error ? error.message : String(error)}`, res);
  }
  const missing = undescribed(schema);
  if (missing.length > 0) fail(`${missing.length} parts of the mutation schema of ${space} have no description: ${missing.slice(0, 8).join('; ')}${missing.length > 8 ? '; ...' : ''}`, res);
}
