import { buildASTSchema, buildClientSchema, getIntrospectionQuery, parse, printSchema, validateSchema, type IntrospectionQuery } from 'graphql';
import { expectStatus, expectSuccess, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import type { TestNames } from '../../model/schema.js';
import { isUnservedRoute, unsupported } from '../../support.js';
import { dropTypes, schemaBatch, withTestWorkspace } from '../../workspace.js';
import { expectData, graphqlPath, isGraphqlRefusal, postGraphql } from './lib/client.js';
import { descriptionProblems, schemaDifferences, testTypes } from './lib/expected-schema.js';
import { typeDelete } from '../../model/schema.js';

export default defineCheck({
  id: 'graphql.schema-sdl',
  name:
    'GET /api/graphql/space/<space>/schema.graphql answers the Space schema as SDL that builds, validates and is the schema the generation rule gives for the test Databases, ' +
    'and is the schema introspection describes (a server without the route answers 404 and lacks it)',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-035'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const removeDistractors = await addDistractors(ctx, n);
      try {
        await compareSchemas(ctx, n);
      } finally {
        await removeDistractors();
      }
    });
  },
});

/**
 * What must stay out of the Space's schema, made before it is read: a Database of another Space
 * whose name starts with this Space's name, an enum type of this Space (the options of a single
 * select, not a Database), a Database of this Space deleted again, and the icon, avatar and rank
 * fields of mixins on Items (where the server has those mixins). Answers the tear-down.
 */
async function addDistractors(ctx: CheckContext, n: TestNames): Promise<() => Promise<void>> {
  const neighbour = `${n.space}x/Others`;
  const gone = `${n.space}/Gone`;
  const text = (name: string) => ({ 'svc/name': name, 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } });
  const created = await schemaBatch(ctx, [
    { command: 'schema.type/create', args: { 'svc/name': neighbour, 'svc/meta': { 'svc/domain?': true }, 'svc/fields': [text(`${n.space}x/Name`)] } },
    { command: 'schema.type/create', args: { 'svc/name': gone, 'svc/meta': { 'svc/domain?': true }, 'svc/fields': [text(`${n.space}/Gone name`)] } },
    { command: 'schema.enum/create', args: { 'svc/name': `${n.space}/Kinds`, 'svc/values': [{ 'enum/name': 'Bug' }] } },
  ]);
  expectSuccess(created, `creating ${neighbour}, ${gone} and the enum type ${n.space}/Kinds`);
  expectSuccess(await schemaBatch(ctx, [typeDelete(gone)]), `deleting ${gone}`);
  const mixins = await schemaBatch(ctx, [{ command: 'svc.app/install-mixins', args: { types: { [n.items]: ['icons/icon-mixin', 'avatars/avatar-mixin', 'svc/rank-mixin'] } } }]);
  if (mixins.status !== 200 || (mixins.json as { success?: unknown } | undefined)?.success !== true) {
    ctx.log(`the icon, avatar and rank mixins could not be installed (answered ${mixins.status}); their fields are not looked for`);
  }
  return () => dropTypes(ctx, [neighbour, `${n.space}/Kinds`]);
}

/** The SDL served against the rule, and against what introspection describes. */
async function compareSchemas(ctx: CheckContext, n: TestNames): Promise<void> {
  const res = await ctx.http.get(`${graphqlPath(n.space)}/schema.graphql`);
  if (isUnservedRoute(res)) unsupported('GET /api/graphql/space/<space>/schema.graphql', res);
  expectStatus(res, 200, 'the SDL of the Space');
  const type = res.headers['content-type'] ?? '';
  if (!/^text\/plain\b/.test(type)) fail(`the SDL should be served as text (text/plain), it is served as ${JSON.stringify(type)}`, res);
  let fromSdl;
  try {
    fromSdl = buildASTSchema(parse(res.text));
  } catch (error) {
    fail(`the SDL does not parse and build: ${error instanceof Error ? error.message : String(error)}`, res);
  }
  const problems = validateSchema(fromSdl);
  if (problems.length > 0) fail(`the SDL does not validate: ${problems.map((p) => p.message).join('; ')}`, res);
  const differences = schemaDifferences(fromSdl, testTypes(n));
  if (differences.length > 0) fail(`the SDL is not the schema the generation rule gives for the test Databases (spec/graphql/README.md): ${differences.slice(0, 3).join('\n')}`, res);
  const descriptions = descriptionProblems(fromSdl, testTypes(n));
  if (descriptions.length > 0) fail(`descriptions of the SDL: ${descriptions.slice(0, 5).join('; ')}`, res);
  const introspected = await postGraphql(ctx, n.space, { query: getIntrospectionQuery() });
  // Introspection is a feature of its own (graphql.introspection): without it there is nothing to compare.
  if (isGraphqlRefusal(introspected)) return;
  const fromIntrospection = buildClientSchema(expectData(introspected, 'introspection') as unknown as IntrospectionQuery);
  if (printSchema(fromSdl) !== printSchema(fromIntrospection)) fail('the SDL served and the schema introspection describes differ', res);
}
