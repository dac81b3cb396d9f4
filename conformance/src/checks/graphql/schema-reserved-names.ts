/**
 * Type names taken from the start (spec/graphql/README.md, "Names" 4): the names of
 * common.graphql, `Query`, `Mutation`, `MutationResult`, `Entity`, `Document` and `ContentInput`.
 * A Space whose name has no ASCII letter or digit gives its types no prefix, so Databases named
 * after these names would take them: each gets `_2`.
 */
import { randomInt } from 'node:crypto';
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { dropTypes, schemaBatch } from '../../workspace.js';
import { typeDelete } from '../../model/schema.js';
import { expectData, postGraphql } from './lib/client.js';

/** The Database part after `<Space>/`, and the taken type name its singular in PascalCase would be. */
const TAKEN: ReadonlyArray<[string, string]> = [
  ['Orders', 'Order'],
  ['String filters', 'StringFilter'],
  ['Int filters', 'IntFilter'],
  ['Float filters', 'FloatFilter'],
  ['Boolean filters', 'BooleanFilter'],
  ['ID filters', 'IDFilter'],
  ['Files', 'File'],
  ['Rich fields', 'RichField'],
  ['Svc users', 'SvcUser'],
  ['Svc user filters', 'SvcUserFilter'],
  ['Svc user orders', 'SvcUserOrder'],
  ['Svc user collection filters', 'SvcUserCollectionFilter'],
  ['Mutation results', 'MutationResult'],
  ['Entities', 'Entity'],
  ['Documents', 'Document'],
  ['Content inputs', 'ContentInput'],
  ['Queries', 'Query'],
  ['Mutations', 'Mutation'],
];

/** A unique Space name without ASCII letters or digits (Greek letters). */
function letterlessSpace(): string {
  const greek = 'αβγδεζηθικλμνξοπρστυφχψω';
  return `Δ ${Array.from({ length: 10 }, () => greek.charAt(randomInt(greek.length))).join('')}`;
}

async function servedTypes(ctx: CheckContext, space: string): Promise<Set<string>> {
  const res = await postGraphql(ctx, space, { query: '{ __schema { queryType { fields { name type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } } }' });
  const data = expectData(res, `the find fields of the Space "${space}" (introspection)`);
  const schema = data['__schema'];
  const query = isRecord(schema) ? schema['queryType'] : undefined;
  const fields = isRecord(query) && Array.isArray(query['fields']) ? query['fields'].filter(isRecord) : [];
  const named = (type: unknown): string | undefined => (isRecord(type) ? (typeof type['name'] === 'string' ? type['name'] : named(type['ofType'])) : undefined);
  return new Set(fields.map((f) => named(f['type'])).filter((n): n is string => n !== undefined));
}

export default defineCheck({
  id: 'graphql.schema-reserved-names',
  name:
    'Type names of common.graphql (Order, the scalar filters, File, RichField, SvcUser and its inputs), Query, Mutation, MutationResult, Entity, Document and ContentInput are taken from the start: ' +
    'in a Space without ASCII letters in its name, Databases whose types would take them get <Name>_2',
  level: 'MUST',
  area: 'graphql',
  requirements: ['GQL-044'],
  target: 'server',
  async run(ctx) {
    const space = letterlessSpace();
    const databases = TAKEN.map(([local]) => `${space}/${local}`);
    const created = await schemaBatch(
      ctx,
      databases.map((name) => ({ command: 'schema.type/create' as const, args: { 'svc/name': name, 'svc/meta': { 'svc/domain?': true }, 'svc/fields': [] } })),
    );
    try {
      expectSuccess(created, `creating the Databases ${databases.join(', ')}`);
      const types = await servedTypes(ctx, space);
      const missing = TAKEN.filter(([, name]) => !types.has(`${name}_2`));
      if (missing.length > 0) {
        fail(
          `in the Space "${space}" (no ASCII letter: no type prefix) ${missing.map(([local, name]) => `the Database ${local} should have the type ${name}_2 (${name} is taken)`).join('; ')}; the find fields answer ${[...types].join(', ')}`,
          ctx.http.lastExchange?.response,
        );
      }
    } finally {
      const dropped = await schemaBatch(ctx, databases.map(typeDelete)).catch(() => undefined);
      if (dropped?.status !== 200 || (dropped.json as { success?: unknown } | undefined)?.success !== true) await dropTypes(ctx, databases);
    }
  },
});
