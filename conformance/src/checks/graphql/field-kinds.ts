import { randomUUID } from 'node:crypto';
import { buildASTSchema, parse } from 'graphql';
import { expectStatus, expectSuccess, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import { isUnservedRoute } from '../../support.js';
import { dropTypes, schemaBatch, uniqueSpaceName } from '../../workspace.js';
import { FILE_TYPE, RICH_TEXT_TYPE } from '../sync/read.js';
import { graphqlPath } from './lib/client.js';
import { descriptionProblems, schemaDifferences, system, value, type TypeRow } from './lib/expected-schema.js';

const USER_LIST_ARGS = '(id: IDFilter, email: StringFilter, name: StringFilter, orderBy: UserOrderBy, limit: Int = 100, offset: Int = 0)';

/** The Space's Database with a field of every kind the README's table names, and what the table makes of each. */
function records(space: string): { operations: Parameters<typeof schemaBatch>[1]; types: TypeRow[]; otherSpace: TypeRow[]; drop: string[] } {
  const db = `${space}/Records`;
  const plain = `${space}/Plain`;
  const workflow = `workflow/state_${db}`;
  const others = `${space}x/Others`;
  const f = (name: string) => `${space}/${name}`;
  const relation = randomUUID();
  const field = (name: string, type: string, meta?: Record<string, unknown>) => ({
    command: 'schema.field/create' as const,
    args: { 'svc/holder-type': db, 'svc/name': f(name), 'svc/type': type, ...(meta ? { 'svc/meta': meta } : {}) },
  });
  const text = (name: string, type: string) => ({ 'svc/name': f(name), 'svc/type': type });
  const operations = [
    {
      command: 'schema.type/create' as const,
      args: {
        'svc/name': db,
        'svc/meta': { 'svc/domain?': true },
        'svc/fields': [
          { ...text('Label', 'svc/text'), 'svc/meta': { 'ui/title?': true } },
          text('Link', 'svc/url'),
          text('Mail', 'svc/email'),
          text('Span', 'svc/date-range'),
          text('Window', 'svc/date-time-range'),
          text('Place', 'svc/location'),
          text('Notes', RICH_TEXT_TYPE),
          { ...text('Files', FILE_TYPE), 'svc/meta': { 'svc/collection?': true } },
          // Not in the README's table: not exposed.
          text('Token', 'svc/uuid'),
        ],
      },
    },
    // A second Database of the Space, without comments.
    { command: 'schema.type/create' as const, args: { 'svc/name': plain, 'svc/meta': { 'svc/domain?': true }, 'svc/fields': [{ ...text('Plain name', 'svc/text'), 'svc/meta': { 'ui/title?': true } }] } },
    { command: 'schema.enum/create' as const, args: { 'svc/name': workflow, 'svc/workflow?': true, 'svc/values': [{ 'enum/name': 'Open' }, { 'enum/name': 'Done', 'workflow/Final': true }] } },
    field('State', workflow),
    { command: 'schema.type/create' as const, args: { 'svc/name': others, 'svc/meta': { 'svc/domain?': true }, 'svc/fields': [{ 'svc/name': `${space}x/Name`, 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } }] } },
    { command: 'schema.enum/create' as const, args: { 'svc/name': f('Kind_Records'), 'svc/values': [{ 'enum/name': 'Bug' }] } },
    { command: 'schema.enum/create' as const, args: { 'svc/name': f('Labels_Records'), 'svc/values': [{ 'enum/name': 'Red' }] } },
    field('Kind', f('Kind_Records')),
    field('Labels', f('Labels_Records'), { 'svc/collection?': true }),
    field('Owner', 'svc/user'),
    field('Watchers', 'svc/user', { 'svc/collection?': true }),
    // A relation to a Database of another Space: not exposed (its type is not in this schema).
    field('Other', others, { 'svc/relation': relation }),
    { command: 'schema.field/create' as const, args: { 'svc/holder-type': others, 'svc/name': `${space}x/Records`, 'svc/type': db, 'svc/meta': { 'svc/relation': relation, 'svc/collection?': true } } },
    { command: 'svc.app/install-mixins' as const, args: { types: { [db]: ['comments/comments-mixin'] } } },
  ];
  const types: TypeRow[] = [
    { name: 'Plain', query: 'findPlains', database: plain, fields: [...system(), value('plainName', 'String', f('Plain name'))] },
    {
      name: 'Record',
      query: 'findRecords',
      database: db,
      fields: [
        ...system(),
        value('label', 'String', f('Label')),
        value('link', 'String', f('Link')),
        value('mail', 'String', f('Mail')),
        value('span', 'String', f('Span')),
        value('window', 'String', f('Window')),
        value('place', 'String', f('Place')),
        { name: 'notes', type: 'RichText', filter: null, order: null, source: f('Notes') },
        { name: 'files', type: '[File!]!', filter: null, order: null, source: f('Files') },
        value('state', 'String', f('State')),
        value('kind', 'String', f('Kind')),
        { name: 'labels', type: '[String!]', filter: null, order: null, source: f('Labels') },
        { name: 'owner', type: 'User', filter: 'UserFilter', order: 'UserOrderBy', source: f('Owner') },
        { name: 'watchers', type: '[User!]!', filter: 'UserListFilter', order: null, source: f('Watchers'), list: 'User', args: USER_LIST_ARGS },
        { name: 'comments', type: '[Comment!]!', filter: 'CommentListFilter', order: null, source: 'comments/comments', list: 'Comment' },
      ],
    },
    {
      name: 'Comment',
      query: null,
      database: 'comments/comment',
      fields: [
        ...system(),
        { name: 'content', type: 'RichText', filter: null, order: null, source: 'comment/document-secret' },
        { name: 'author', type: 'User', filter: 'UserFilter', order: 'UserOrderBy', source: 'comment/author' },
      ],
    },
  ];
  // The other Space: its one Database, whose relation to Records is not exposed, and no Comment type (comments exist in the workspace, not in this Space).
  const otherSpace: TypeRow[] = [{ name: 'Other', query: 'findOthers', database: others, fields: [...system(), value('name', 'String', `${space}x/Name`)] }];
  return { operations, types, otherSpace, drop: [db, plain, others, f('Kind_Records'), f('Labels_Records'), workflow] };
}

export default defineCheck({
  id: 'graphql.field-kinds',
  name:
    'Every workspace field kind becomes the GraphQL type, filter and order key the README table gives it: url, email, ranges and location as String, single select and workflow String, ' +
    'multi select [String!] (no filter, no order), files [File!]!, rich text RichText, people User and [User!]! (with id, email and name filters), comments [Comment!]! with the Comment type; ' +
    'a relation to a Database of another Space and a field type outside the table (svc/uuid) are not exposed; the schema has no other types (no Comment type in a Space without comments)',
  level: 'MUST',
  area: 'graphql',
  requirements: ['GQL-003', 'GQL-035'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const { operations, types, otherSpace, drop } = records(space);
    expectSuccess(await schemaBatch(ctx, operations), `creating ${space}/Records with a field of every kind`);
    try {
      await compare(ctx, space, types);
      await compare(ctx, `${space}x`, otherSpace);
    } finally {
      await dropTypes(ctx, drop);
    }
  },
});

async function compare(ctx: CheckContext, space: string, types: TypeRow[]): Promise<void> {
  const res = await ctx.http.get(`${graphqlPath(space)}/schema.graphql`);
  // Without the SDL route (graphql.schema-sdl grades that) introspection would do; the route is how this check reads the schema.
  if (isUnservedRoute(res)) return;
  expectStatus(res, 200, 'the SDL of the Space');
  let served;
  try {
    served = buildASTSchema(parse(res.text));
  } catch (error) {
    fail(`the SDL does not parse and build: ${error instanceof Error ? error.message : String(error)}`, res);
  }
  const differences = schemaDifferences(served, types);
  if (differences.length > 0) fail(`the schema of a Database with a field of every kind is not what the README's table gives: ${differences.slice(0, 3).join('\n')}`, res);
  const descriptions = descriptionProblems(served, types);
  if (descriptions.length > 0) fail(`descriptions: ${descriptions.slice(0, 5).join('; ')}`, res);
}
