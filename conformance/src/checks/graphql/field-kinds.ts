import { randomUUID } from 'node:crypto';
import { buildASTSchema, parse } from 'graphql';
import { expectStatus, expectSuccess, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import { isUnservedRoute } from '../../support.js';
import { dropTypes, schemaBatch, uniqueSpaceName } from '../../workspace.js';
import { FILE_TYPE, RICH_TEXT_TYPE } from '../sync/read.js';
import { graphqlPath } from './lib/client.js';
import { descriptionProblems, optionFields, schemaDifferences, system, value, type TypeRow } from './lib/expected-schema.js';
import { spacePrefix, typeName } from './lib/dataset.js';

const USER_LIST_ARGS = '(id: IDFilter, publicId: StringFilter, creationDate: StringFilter, modificationDate: StringFilter, email: StringFilter, name: StringFilter, orderBy: SvcUserOrder, limit: Int = 100, offset: Int = 0)';

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
  const record = typeName(space, 'Record');
  const comment = 'CommentsComment';
  const kind = `${spacePrefix(space)}KindRecords`;
  const labels = `${spacePrefix(space)}LabelsRecords`;
  const state = `WorkflowState${spacePrefix(space)}Records`;
  const optionArgs = (t: string) => `(id: IDFilter, publicId: StringFilter, rank: FloatFilter, icon: StringFilter, name: StringFilter, orderBy: ${t}Order, limit: Int = 100, offset: Int = 0)`;
  const types: TypeRow[] = [
    { name: typeName(space, 'Plain'), query: 'findPlains', database: plain, fields: [...system(), value('plainName', 'String', f('Plain name'))] },
    {
      name: record,
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
        { name: 'notes', type: 'RichField', filter: null, order: null, source: f('Notes') },
        { name: 'files', type: '[File!]!', filter: null, order: null, source: f('Files') },
        { name: 'state', type: state, filter: `${state}Filter`, order: `${state}Order`, source: f('State') },
        { name: 'kind', type: kind, filter: `${kind}Filter`, order: `${kind}Order`, source: f('Kind') },
        { name: 'labels', type: `[${labels}!]!`, filter: `${labels}CollectionFilter`, order: null, source: f('Labels'), list: labels, args: optionArgs(labels) },
        { name: 'owner', type: 'SvcUser', filter: 'SvcUserFilter', order: 'SvcUserOrder', source: f('Owner') },
        { name: 'watchers', type: '[SvcUser!]!', filter: 'SvcUserCollectionFilter', order: null, source: f('Watchers'), list: 'SvcUser', args: USER_LIST_ARGS },
        { name: 'comments', type: `[${comment}!]!`, filter: `${comment}CollectionFilter`, order: null, source: 'comments/comments', list: comment },
      ],
    },
    {
      name: comment,
      query: null,
      database: 'comments/comment',
      fields: [
        ...system(),
        { name: 'content', type: 'RichField', filter: null, order: null, source: 'comment/document-secret' },
        { name: 'author', type: 'SvcUser', filter: 'SvcUserFilter', order: 'SvcUserOrder', source: 'comment/author' },
      ],
    },
    // The option types of the selects and of the workflow, in order of their names.
    { name: kind, query: null, database: f('Kind_Records'), fields: optionFields(false) },
    { name: labels, query: null, database: f('Labels_Records'), fields: optionFields(false) },
    { name: state, query: null, database: workflow, fields: optionFields(true) },
  ];
  // The other Space: its one Database, whose relation to Records is not exposed, and no Comment type (comments exist in the workspace, not in this Space).
  const otherSpace: TypeRow[] = [{ name: typeName(`${space}x`, 'Other'), query: 'findOthers', database: others, fields: [...system(), value('name', 'String', `${space}x/Name`)] }];
  return { operations, types, otherSpace, drop: [db, plain, others, f('Kind_Records'), f('Labels_Records'), workflow] };
}

export default defineCheck({
  id: 'graphql.field-kinds',
  name:
    'Every workspace field kind becomes the GraphQL type, filter and order key the README table gives it (as the public API names them): url, email, ranges and location as String, ' +
    'single select and workflow an option object (id, publicId, rank, icon, name; final for a workflow) with its filter and order, multi select an inner list of options, files [File!]!, rich text RichField, ' +
    'people SvcUser and [SvcUser!]!, comments [CommentsComment!]! with the CommentsComment type; every type has publicId and rank; ' +
    'a relation to a Database of another Space, a field type outside the table (svc/uuid) and a field of the svc/ namespace are not exposed; the schema has no other types (no Comment type in a Space without comments)',
  level: 'MUST',
  area: 'graphql',
  requirements: ['GQL-003', 'GQL-035', 'GQL-044', 'GQL-045', 'GQL-046'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const { operations, types, otherSpace, drop } = records(space);
    expectSuccess(await schemaBatch(ctx, operations), `creating ${space}/Records with a field of every kind`);
    try {
      // A field of the `svc/` namespace beyond the system fields: a system field too, not exposed (where the server lets one be made).
      const svcField = await schemaBatch(ctx, [{ command: 'schema.field/create', args: { 'svc/holder-type': `${space}/Records`, 'svc/name': 'svc/extra-note', 'svc/type': 'svc/text' } }]);
      if ((svcField.json as { success?: unknown } | undefined)?.success !== true) ctx.log(`the field svc/extra-note could not be made (answered ${svcField.status}); it is not looked for`);
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
