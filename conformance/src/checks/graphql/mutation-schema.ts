/**
 * The mutation part of a Space's schema, every type, field, argument and argument type, is the one
 * spec/graphql/README.md ("Mutations", "Schema") derives from the Space's Databases: compared type
 * by type (descriptions aside) over the test Databases and over a Space with awkward names and
 * kinds (expected-mutations.ts); and a Space without Databases has no mutation type. A target
 * without GraphQL mutations lacks the feature (graphql.mutation-create grades it the same way).
 */
import { buildClientSchema, getIntrospectionQuery, getNamedType, isObjectType, type GraphQLNamedType, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { schemaBatch, uniqueSpaceName, withTestWorkspace } from '../../workspace.js';
import { typeDelete } from '../../model/schema.js';
import { expectData, postGraphql } from './lib/client.js';
import { mutationSchemaDifferences, spaceDatabases, withAwkwardSpace } from './lib/expected-mutations.js';
import { requireMutations } from './lib/mutations.js';

async function introspect(ctx: CheckContext, space: string): Promise<GraphQLSchema> {
  const res = await postGraphql(ctx, space, { query: getIntrospectionQuery() });
  const data = expectData(res, `the standard introspection query on the Space "${space}"`);
  try {
    return buildClientSchema(data as unknown as IntrospectionQuery);
  } catch (error) {
    fail(`the introspection result of "${space}" does not build a schema with graphql-js: ${error instanceof Error ? error.message : String(error)}`, res);
  }
}

async function compare(ctx: CheckContext, space: string, what: string): Promise<GraphQLSchema> {
  const served = await introspect(ctx, space);
  const differences = mutationSchemaDifferences(served, await spaceDatabases(ctx, space));
  if (differences.length > 0) fail(`the mutation schema of ${what} is not the one spec/graphql/README.md ("Mutations", "Schema") gives: ${differences.slice(0, 3).join('\n')}`, ctx.http.lastExchange?.response);
  return served;
}

/** Option types whose names collide take them in order of their enum types' names (README, "Names" 4), whatever order the fields were made in. */
function optionOrder(records: GraphQLNamedType | undefined, expected: Record<string, string>): void {
  const fields = isObjectType(records) ? records.getFields() : {};
  const got = Object.fromEntries(Object.keys(expected).map((name) => [name, fields[name] ? getNamedType(fields[name].type).name : undefined]));
  if (Object.entries(expected).some(([name, type]) => got[name] !== type)) {
    fail(`option types whose names collide are named in order of their enum types' names ("Kind a" before "Kind-a", "Tier a" before "Tier-a"): the select fields should read ${JSON.stringify(expected)}, they read ${JSON.stringify(got)}`);
  }
}

/** A Space whose one Database was deleted: no Database, so no mutation type (and `me` still answers). */
async function emptySpace(ctx: CheckContext): Promise<void> {
  const space = uniqueSpaceName(ctx);
  const gone = `${space}/Gone`;
  expectSuccess(await schemaBatch(ctx, [{ command: 'schema.type/create', args: { 'svc/name': gone, 'svc/meta': { 'svc/domain?': true }, 'svc/fields': [] } }]), `creating ${gone}`);
  expectSuccess(await schemaBatch(ctx, [typeDelete(gone)]), `deleting ${gone}`);
  const res = await postGraphql(ctx, space, { query: '{ me { id } __schema { mutationType { name } } }' });
  const data = expectData(res, `the Space "${space}" without Databases`);
  const schema = data['__schema'];
  if (!isRecord(schema) || schema['mutationType'] !== null) fail(`a Space without Databases has no mutation type (no field to give it), got ${JSON.stringify(schema)}`, res);
}

export default defineCheck({
  id: 'graphql.mutation-schema',
  name:
    'The mutation part of the schema is the one the README derives from the Databases: <T>Input with the writable fields (values, JSON as String, rich text as String, relations and selects as <O>Filter, collections as [<O>Filter!]), ' +
    '<T>Operations with create, createBatch, update, updateBatch, delete, the rich text, link and unlink actions and the actions on related Databases (addF / addFItem, updateF, deleteF) with their arguments, _2 on a taken action name, ' +
    'no <T>Input nor batch actions for a Database without writable fields, Mutation with one field per Database (plural camelCase, its field filters); a Space without Databases has no mutation type; two colliding option types are named in order of their enum types\' names',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-067', 'GQL-048', 'GQL-044'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      await compare(ctx, n.space, `the test Space ${n.space}`);
    });
    await withAwkwardSpace(ctx, async ({ space, optionTypes }) => {
      const served = await compare(ctx, space, `the Space "${space}" (every writable kind, a self relation, colliding names, a Database without writable fields)`);
      const records = Object.values(served.getQueryType()?.getFields() ?? {}).find((f) => f.name === 'findRecords');
      optionOrder(records ? getNamedType(records.type) : undefined, optionTypes);
    });
    await emptySpace(ctx);
  },
});
