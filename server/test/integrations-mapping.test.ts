// The mapping of an app's schema to Databases (spec/integrations.md, "Names", "Fields"), on each
// storage: one test per row of the mapping table and per special case (title, people, integration
// relations, __syncAction, deleted in source, ignore/readonly, formats and options only on new
// fields, workflows), the naming rules, re-runs, option and user resolution, the schema check,
// and the `integration/locked?` rule of the schema writer.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Failure } from '../src/api/failure.js';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { checkAppSchema, convertRow, matchUsers, materializeMapping, resolveOptions } from '../src/integrations/mapping/index.js';
import type { AppSchema, AppTypeSchema, SourceMapping, TypeMapping } from '../src/integrations/types.js';
import { loadCatalog, workspaceVersion, type FieldDef } from '../src/model/catalog.js';
import { insertEntity } from '../src/model/entity-writer.js';
import { AVATAR_MIXIN, ICON_MIXIN, RICH_TEXT_TYPE, USER_TYPE } from '../src/model/field-types.js';
import { createField, createType, deleteField, ensureSystemTypes, renameField } from '../src/model/schema-writer.js';
import { encodeValue } from '../src/model/value-codec.js';
import { openDatabase, storages } from './storages.js';

const ISSUE: AppTypeSchema = {
  id: { name: 'Id', type: 'id' },
  name: { name: 'Name', type: 'text' },
  amount: { name: 'Amount', type: 'number', format: { format: 'Money', currencyCode: 'EUR', hasThousandSeparator: true, precision: 2 } },
  share: { name: 'Share', type: 'number', format: { format: 'Percent', precision: 1 } },
  weight: { name: 'Weight', type: 'number', format: { format: 'Number', unit: 'kg', hasThousandSeparator: false, precision: 0 } },
  plain: { name: 'Plain', type: 'number' },
  count: { name: 'Count', type: 'number', subType: 'integer' },
  summary: { name: 'Summary', type: 'text' },
  phone: { name: 'Phone', type: 'text', format: { format: 'phone' } },
  site: { name: 'Site', type: 'text', subType: 'url' },
  contact: { name: 'Contact', type: 'text', subType: 'email' },
  done: { name: 'Done', type: 'text', subType: 'boolean' },
  period: { name: 'Period', type: 'text', subType: 'date-range' },
  window: { name: 'Window', type: 'text', subType: 'date-time-range' },
  notes: { name: 'Notes', type: 'text', subType: 'html' },
  brief: { name: 'Brief', type: 'text', subType: 'md' },
  icon: { name: 'Icon', type: 'text', subType: 'icon' },
  picture: { name: 'Picture', type: 'text', subType: 'avatar' },
  priority: {
    name: 'Priority',
    type: 'text',
    subType: 'single-select',
    options: [
      { name: 'Low', color: '#cccccc' },
      { name: 'High', color: '#ff0000', icon: 'fire' },
    ],
  },
  category: { name: 'Category', type: 'text', subType: 'single-select' },
  state: {
    name: 'State',
    type: 'text',
    subType: 'workflow',
    options: [
      { name: 'In Progress', type: 'Started' },
      { name: 'Closed', final: true, type: 'Finished', color: '#99d98c' },
      { name: 'New', default: true },
    ],
  },
  stage: { name: 'Stage', type: 'text', subType: 'workflow' },
  tags: { name: 'Tags', type: 'text', subType: 'multi-select', options: [{ name: 'ui' }, { name: 'backend' }] },
  labels: { name: 'Labels', type: 'array[text]', subType: 'multi-select' },
  due: { name: 'Due', type: 'date' },
  day: { name: 'Day', type: 'date', subType: 'day' },
  attachment: { name: 'Attachment', type: 'text', subType: 'file' },
  attachments: { name: 'Attachments', type: 'array[text]', subType: 'files' },
  place: { name: 'Place', type: 'text', subType: 'location' },
  owner: { name: 'Owner', type: 'text', relation: { kind: 'native', cardinality: 'many-to-one', targetType: 'svc/user', targetFieldId: 'user/email' } },
  watchers: { name: 'Watchers', type: 'array[text]', relation: { kind: 'native', cardinality: 'many-to-many', targetType: 'svc/user', targetFieldId: 'name' } },
  projectId: { name: 'Project Id', type: 'text', relation: { cardinality: 'many-to-one', name: 'Project', targetType: 'project', targetName: 'Issues', targetFieldId: 'id' } },
  relatedIds: { name: 'Related Ids', type: 'array[text]', relation: { cardinality: 'many-to-many', name: 'Related', targetType: 'issue', targetName: 'Related by', targetFieldId: 'id' } },
  twinId: { name: 'Twin Id', type: 'text', relation: { cardinality: 'one-to-one', name: 'Twin project', targetType: 'project', targetName: 'Twin issue', targetFieldId: 'id' } },
  labelId: { name: 'Label Id', type: 'text', relation: { cardinality: 'many-to-one', name: 'Label', targetType: 'label', targetName: 'Issues', targetFieldId: 'id' } },
  secret: { name: 'Secret', type: 'text', ignore: true },
  origin: { name: 'Origin', type: 'text', readonly: true },
  __syncAction: { name: '__syncAction', type: 'text' },
};

const PROJECT: AppTypeSchema = {
  id: { name: 'Id', type: 'id' },
  name: { name: 'Name', type: 'text' },
  headline: { name: 'Headline', type: 'text', subType: 'title' },
};

const LABEL: AppTypeSchema = { id: { name: 'Id', type: 'id' }, name: { name: 'Name', type: 'text' } };
/** Two types and a relation: for the naming rules. */
const SMALL: AppSchema = {
  issue: {
    id: { name: 'Id', type: 'id' },
    name: { name: 'Name', type: 'text' },
    projectId: { name: 'Project Id', type: 'text', relation: { cardinality: 'many-to-one', name: 'Project', targetType: 'project', targetName: 'Issues', targetFieldId: 'id' } },
  },
  project: LABEL,
};
const SCHEMA: AppSchema = { issue: ISSUE, project: PROJECT, label: LABEL };
const TYPES = [
  { id: 'issue', name: 'Issue' },
  { id: 'project', name: 'Project' },
];

function failureOf(fn: () => unknown): Failure {
  try {
    fn();
  } catch (error) {
    if (error instanceof Failure) return error;
    throw error;
  }
  throw new Error('expected a Failure');
}

async function rejection(promise: Promise<unknown>): Promise<Failure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Failure) return error;
    throw error;
  }
  throw new Error('expected a Failure');
}

describe('checkAppSchema', () => {
  const check = (schema: Record<string, unknown>, types = Object.keys(schema)) => failureOf(() => checkAppSchema(schema as AppSchema, types));
  const withField = (field: unknown) => ({ t: { id: { name: 'Id', type: 'id' }, name: { name: 'Name', type: 'text' }, f: field } });

  it('APP-025 accepts the full schema and refuses a type without `id` or `name` fields, naming type and field', () => {
    expect(() => checkAppSchema(SCHEMA, ['issue', 'project'])).not.toThrow();
    const noName = check({ t: { id: { name: 'Id', type: 'id' } } });
    expect(noName).toMatchObject({ name: 'integration.error/app-failed', status: 422, data: { operation: 'schema', type: 't', field: 'name' } });
    expect(noName.message).toMatch(/type "t", field "name".*"id" and "name"/);
    expect(check({ t: { name: { name: 'Name', type: 'text' } } }).data).toMatchObject({ type: 't', field: 'id' });
    expect(check({}, ['missing']).data).toEqual({ operation: 'schema', type: 'missing' });
  });

  it('MAP-001..MAP-041 refuses a type/subType pair the mapping table has no row for', () => {
    expect(check(withField({ name: 'F', type: 'number', subType: 'url' })).message).toMatch(/type "number" with subType "url" has no workspace field type/);
    expect(check(withField({ name: 'F', type: 'blob' })).message).toMatch(/unknown type "blob"/);
    expect(check(withField({ name: 'F', type: 'array[text]' })).data).toMatchObject({ type: 't', field: 'f' });
    expect(check(withField({ name: 'F', type: 'text', subType: 'sparkles' })).data).toMatchObject({ field: 'f' });
    expect(check(withField({ name: 'F', type: 'id' })).message).toMatch(/only one field may have type "id"/);
    expect(check(withField('just a string')).message).toMatch(/must be an object/);
  });

  it('MAP-002 MAP-008 refuses a format that does not fit the field', () => {
    expect(check(withField({ name: 'F', type: 'text', format: { format: 'Money' } })).message).toMatch(/format: phone/);
    expect(check(withField({ name: 'F', type: 'number', format: { format: 'phone' } })).message).toMatch(/Money \| Percent \| Number/);
    expect(check(withField({ name: 'F', type: 'date', format: { format: 'Money' } })).message).toMatch(/only number fields/);
  });

  it('MAP-024 refuses workflow options without exactly one default option', () => {
    const none = check(withField({ name: 'F', type: 'text', subType: 'workflow', options: [{ name: 'A', final: true }] }));
    expect(none.message).toMatch(/exactly one option with `default: true` \(found 0\)/);
    const two = check(withField({ name: 'F', type: 'text', subType: 'workflow', options: [{ name: 'A', default: true }, { name: 'B', default: true, final: true }] }));
    expect(two.message).toMatch(/found 2/);
    expect(two.data).toEqual({ operation: 'schema', type: 't', field: 'f' });
  });

  it('MAP-025 refuses workflow options without a final option', () => {
    expect(check(withField({ name: 'F', type: 'text', subType: 'workflow', options: [{ name: 'A', default: true }, { name: 'B' }] })).message).toMatch(/at least one option with `final: true`/);
  });

  it('MAP-026 refuses a workflow option type other than Not started, Started, Finished; and bad options', () => {
    expect(check(withField({ name: 'F', type: 'text', subType: 'workflow', options: [{ name: 'A', default: true, final: true, type: 'Done' }] })).message).toMatch(
      /Not started, Started, Finished/,
    );
    expect(check(withField({ name: 'F', type: 'text', subType: 'single-select', options: [{ name: 'A' }, { name: 'A' }] })).message).toMatch(/listed twice/);
    expect(check(withField({ name: 'F', type: 'text', subType: 'single-select', options: 'A,B' })).message).toMatch(/must be an array/);
  });

  it('MAP-048 refuses an integration relation whose targetFieldId is not the target key, and malformed relations', () => {
    const schema = { ...SCHEMA, issue: { ...ISSUE, projectId: { name: 'P', type: 'text', relation: { cardinality: 'many-to-one', targetType: 'project', targetFieldId: 'name' } } } };
    expect(check(schema, ['issue', 'project']).message).toMatch(/key field of "project" \("id"\)/);
    expect(check(withField({ name: 'F', type: 'text', relation: { cardinality: 'some', targetType: 'x', targetFieldId: 'id' } })).message).toMatch(/cardinality/);
    expect(check(withField({ name: 'F', type: 'number', relation: { cardinality: 'many-to-one', targetType: 'x', targetFieldId: 'id' } })).message).toMatch(/"text" or "array\[text\]"/);
    expect(check(withField({ name: 'F', type: 'text', relation: { kind: 'native', cardinality: 'many-to-one', targetType: 'x', targetFieldId: 'id' } })).message).toMatch(
      /native relation must target svc\/user/,
    );
  });
});

describe.each(storages)('integration mapping on $name', (storage) => {
  let db: Database;
  let admin: string;
  let mapping: SourceMapping;
  let issue: TypeMapping;
  let project: TypeMapping;
  const users: Record<string, string> = {};

  const materialize = (space: string, schema: AppSchema = SCHEMA, previous: SourceMapping | null = null, types = TYPES) =>
    db.transaction((tx) => materializeMapping(tx, { space, types, schema, previous, authorId: admin }));
  const fieldOf = async (database: string, name: string): Promise<FieldDef> => {
    const field = (await loadCatalog(db)).byName.get(database)?.fieldsByName.get(name);
    if (!field) throw new Error(`${database} has no field ${name}`);
    return field;
  };
  const mapped = (type: TypeMapping, id: string) => type.fields[id] as Extract<TypeMapping['fields'][string], { field: string }>;
  const fieldFor = (type: TypeMapping, id: string) => fieldOf(type.database, mapped(type, id).field);
  const optionsOf = async (enumType: string) => {
    const catalog = await loadCatalog(db);
    const type = catalog.type(enumType);
    const key = (name: string) => type.fieldsByName.get(name)?.key as string;
    const { rows } = await db.query<{ id: string; data: Record<string, unknown> }>('SELECT id, data FROM entities WHERE type_id = $1', [type.id]);
    return rows
      .map((r) => ({
        id: r.id,
        name: r.data[key('enum/name')],
        rank: r.data[key('svc/rank')],
        color: r.data[key('enum/color')],
        icon: r.data[key('enum/icon')],
        final: type.fieldsByName.has('workflow/Final') ? r.data[key('workflow/Final')] : undefined,
        state: type.fieldsByName.has('workflow/Type') ? r.data[key('workflow/Type')] : undefined,
      }))
      .sort((a, b) => Number(a.rank) - Number(b.rank));
  };

  beforeAll(async () => {
    db = await openDatabase(storage);
    await migrate(db);
    await db.transaction((tx) => ensureSystemTypes(tx));
    const addUser = (email: string, name: string) =>
      db.transaction(async (tx) => (await insertEntity(tx, await loadCatalog(tx), USER_TYPE, { 'user/email': email, 'user/name': name }, '00000000-0000-4000-8000-000000000000'))['svc/id'] as string);
    admin = await addUser('admin@example.org', 'Admin');
    users.jane = await addUser('Jane@example.org', 'Jane Doe');
    await sleep(5);
    users.janeLower = await addUser('jane@example.org', 'Jane Doe');
    users.bob = await addUser('bob@example.org', 'Bob');
    mapping = await materialize('Tracker');
    issue = mapping.types.issue as TypeMapping;
    project = mapping.types.project as TypeMapping;
  });
  afterAll(() => db?.close());

  it('SYNC-006 one Database <Space>/<type name> per chosen type, with `deleted in source` (svc/text)', async () => {
    expect(Object.keys(mapping.types)).toEqual(['issue', 'project']);
    expect(issue).toMatchObject({ appType: 'issue', database: 'Tracker/Issue', keyField: 'id', deletedInSourceField: 'Tracker/deleted in source' });
    expect(project.database).toBe('Tracker/Project');
    expect((await loadCatalog(db)).byName.get('Tracker/Issue')?.kind).toBe('domain');
    for (const type of [issue, project]) expect((await fieldOf(type.database, type.deletedInSourceField)).fieldType).toBe('svc/text');
    expect(JSON.parse(JSON.stringify(mapping))).toEqual(mapping);
  });

  it('MAP-001 number without subType: svc/decimal', async () => {
    expect(issue.fields.plain).toEqual({ kind: 'value', field: 'Tracker/Plain', value: 'decimal' });
    expect((await fieldFor(issue, 'plain')).fieldType).toBe('svc/decimal');
  });

  it('MAP-002 Money format kept in svc/format', async () => {
    const field = await fieldFor(issue, 'amount');
    expect(field.fieldType).toBe('svc/decimal');
    expect(field.meta['svc/format']).toEqual({ format: 'Money', currencyCode: 'EUR', hasThousandSeparator: true, precision: 2 });
  });

  it('MAP-003 Percent format kept in svc/format', async () => {
    expect((await fieldFor(issue, 'share')).meta['svc/format']).toEqual({ format: 'Percent', precision: 1 });
  });

  it('MAP-004 Number format (with unit) kept in svc/format', async () => {
    expect((await fieldFor(issue, 'weight')).meta['svc/format']).toEqual({ format: 'Number', unit: 'kg', hasThousandSeparator: false, precision: 0 });
  });

  it('MAP-006 number/integer: svc/integer', async () => {
    expect(issue.fields.count).toMatchObject({ kind: 'value', value: 'integer' });
    expect((await fieldFor(issue, 'count')).fieldType).toBe('svc/integer');
  });

  it('MAP-007 text without subType: svc/text', async () => {
    expect((await fieldFor(issue, 'summary')).fieldType).toBe('svc/text');
    expect((await fieldFor(issue, 'summary')).meta['svc/format']).toBeUndefined();
  });

  it('MAP-008 text with {format: phone} kept in svc/format', async () => {
    const field = await fieldFor(issue, 'phone');
    expect(field.fieldType).toBe('svc/text');
    expect(field.meta['svc/format']).toEqual({ format: 'phone' });
  });

  it('MAP-009 text/url: svc/url', async () => {
    expect((await fieldFor(issue, 'site')).fieldType).toBe('svc/url');
  });

  it('MAP-010 text/email: svc/email', async () => {
    expect((await fieldFor(issue, 'contact')).fieldType).toBe('svc/email');
  });

  it('MAP-011 text/boolean: svc/bool', async () => {
    expect(issue.fields.done).toMatchObject({ value: 'bool' });
    expect((await fieldFor(issue, 'done')).fieldType).toBe('svc/bool');
  });

  it('MAP-014 text/date-range: svc/date-range', async () => {
    expect((await fieldFor(issue, 'period')).fieldType).toBe('svc/date-range');
  });

  it('MAP-015 text/date-time-range: svc/date-time-range', async () => {
    expect((await fieldFor(issue, 'window')).fieldType).toBe('svc/date-time-range');
  });

  it('MAP-016 text/html: a rich text field converted from HTML', async () => {
    expect(issue.fields.notes).toEqual({ kind: 'rich-text', field: 'Tracker/Notes', format: 'html' });
    expect((await fieldFor(issue, 'notes')).fieldType).toBe(RICH_TEXT_TYPE);
  });

  it('MAP-017 text/md: a rich text field converted from Markdown', async () => {
    expect(issue.fields.brief).toEqual({ kind: 'rich-text', field: 'Tracker/Brief', format: 'md' });
    expect((await fieldFor(issue, 'brief')).fieldType).toBe(RICH_TEXT_TYPE);
  });

  it('MAP-018 text/icon: the Icons extension installed on the Database, field icon/icon', async () => {
    expect(issue.fields.icon).toEqual({ kind: 'icon', field: 'icon/icon' });
    const type = (await loadCatalog(db)).type('Tracker/Issue');
    expect(type.meta['app/mixins']).toContain(ICON_MIXIN);
    expect(type.fieldsByName.get('icon/icon')?.fieldType).toBe('svc/text');
    expect(issue.ownFields).toContain('icon/icon');
  });

  it('MAP-038 text/avatar: the Avatar extension installed, field avatar/avatar (a file)', async () => {
    expect(issue.fields.picture).toEqual({ kind: 'avatar', field: 'avatar/avatar' });
    const type = (await loadCatalog(db)).type('Tracker/Issue');
    expect(type.meta['app/mixins']).toContain(AVATAR_MIXIN);
    expect(type.fieldsByName.get('avatar/avatar')?.fieldType).toBe('file/file');
    expect(issue.ownFields).toContain('avatar/avatar');
  });

  it('MAP-020 single select: a relation to the enum <Space>/<Field>_<Database>', async () => {
    expect(issue.fields.priority).toEqual({ kind: 'select', field: 'Tracker/Priority', enumType: 'Tracker/Priority_Tracker/Issue', multi: false, workflow: false });
    const field = await fieldFor(issue, 'priority');
    expect(field).toMatchObject({ fieldType: 'Tracker/Priority_Tracker/Issue', storage: 'link', isCollection: false });
    expect((await loadCatalog(db)).type('Tracker/Priority_Tracker/Issue').kind).toBe('enum');
  });

  it('MAP-021 given options become the enum values in their order, with colour and icon', async () => {
    expect(await optionsOf('Tracker/Priority_Tracker/Issue')).toMatchObject([
      { name: 'Low', rank: 0, color: '#cccccc' },
      { name: 'High', rank: 1, color: '#ff0000', icon: '🔥' },
    ]);
  });

  it('MAP-022 single select without options: inferred from data (a new value is appended, ranked last)', async () => {
    const select = { field: 'Tracker/Category', enumType: 'Tracker/Category_Tracker/Issue', workflow: false, multi: false };
    expect(await optionsOf(select.enumType)).toEqual([]);
    const [bug] = await db.transaction((tx) => resolveOptions(tx, admin, { ...select, names: ['Bug'] }));
    const [idea, bugAgain] = await db.transaction((tx) => resolveOptions(tx, admin, { ...select, names: ['Idea', 'Bug'] }));
    expect(bugAgain).toBe(bug);
    expect(idea).not.toBe(bug);
    expect((await optionsOf(select.enumType)).map((o) => [o.name, o.rank])).toEqual([
      ['Bug', 0],
      ['Idea', 1],
    ]);
    expect(await db.transaction((tx) => resolveOptions(tx, admin, { ...select, names: [] }))).toEqual([]);
  });

  it('MAP-023 workflow: enum workflow/state_<Database> with workflow/Final and workflow/Type, default option first', async () => {
    expect(issue.fields.state).toEqual({ kind: 'select', field: 'Tracker/State', enumType: 'workflow/state_Tracker/Issue', multi: false, workflow: true });
    const enumType = (await loadCatalog(db)).type('workflow/state_Tracker/Issue');
    expect(enumType.kind).toBe('workflow');
    expect(enumType.fieldsByName.get('workflow/Final')?.fieldType).toBe('svc/bool');
    expect(enumType.fieldsByName.get('workflow/Type')?.fieldType).toBe('svc/text');
    expect(await optionsOf('workflow/state_Tracker/Issue')).toMatchObject([
      { name: 'New', rank: 0, final: false, state: 'Not started' },
      { name: 'In Progress', rank: 1, final: false, state: 'Started' },
      { name: 'Closed', rank: 2, final: true, state: 'Finished', color: '#99d98c' },
    ]);
    const select = { field: 'Tracker/State', enumType: 'workflow/state_Tracker/Issue', workflow: true, multi: false };
    const [first] = await optionsOf(select.enumType);
    expect(await db.transaction((tx) => resolveOptions(tx, admin, { ...select, names: [] }))).toEqual([first?.id]);
  });

  it('MAP-027 workflow without options: Open (default, Not started) and Done (final, Finished); new values Started; empty is the default', async () => {
    const enumType = 'workflow/state_Tracker/Issue (2)';
    expect(issue.fields.stage).toMatchObject({ kind: 'select', enumType, workflow: true });
    expect(await optionsOf(enumType)).toMatchObject([
      { name: 'Open', rank: 0, final: false, state: 'Not started' },
      { name: 'Done', rank: 1, final: true, state: 'Finished' },
    ]);
    const select = { field: 'Tracker/Stage', enumType, workflow: true, multi: false };
    const [review] = await db.transaction((tx) => resolveOptions(tx, admin, { ...select, names: ['Review'] }));
    const options = await optionsOf(enumType);
    expect(options[2]).toMatchObject({ id: review, name: 'Review', rank: 2, final: false, state: 'Started' });
    expect(await db.transaction((tx) => resolveOptions(tx, admin, { ...select, names: [] }))).toEqual([options[0]?.id]);
  });

  it('MAP-028 multi select (text and array[text]): a collection of the enum <Space>/<Field>_<Database>', async () => {
    expect(issue.fields.tags).toMatchObject({ kind: 'select', enumType: 'Tracker/Tags_Tracker/Issue', multi: true, workflow: false });
    expect(issue.fields.labels).toMatchObject({ kind: 'select', enumType: 'Tracker/Labels_Tracker/Issue', multi: true });
    for (const id of ['tags', 'labels']) expect(await fieldFor(issue, id)).toMatchObject({ storage: 'link', isCollection: true });
    expect((await optionsOf('Tracker/Tags_Tracker/Issue')).map((o) => o.name)).toEqual(['ui', 'backend']);
    const ids = await db.transaction((tx) => resolveOptions(tx, admin, { field: 'Tracker/Tags', enumType: 'Tracker/Tags_Tracker/Issue', workflow: false, multi: true, names: ['backend', 'docs', 'ui', 'docs'] }));
    const options = await optionsOf('Tracker/Tags_Tracker/Issue');
    expect(options.map((o) => o.name)).toEqual(['ui', 'backend', 'docs']);
    expect(ids).toEqual([options[1]?.id, options[2]?.id, options[0]?.id]);
  });

  it('MAP-031 date without subType: svc/date-time', async () => {
    expect(issue.fields.due).toMatchObject({ value: 'date-time' });
    expect((await fieldFor(issue, 'due')).fieldType).toBe('svc/date-time');
  });

  it('MAP-032 date/day: svc/date', async () => {
    expect(issue.fields.day).toMatchObject({ value: 'date' });
    expect((await fieldFor(issue, 'day')).fieldType).toBe('svc/date');
  });

  it('MAP-033 files: file/file, a collection; a single file field holds at most one', async () => {
    expect(issue.fields.attachment).toEqual({ kind: 'files', field: 'Tracker/Attachment', multi: false });
    expect(await fieldFor(issue, 'attachment')).toMatchObject({ fieldType: 'file/file', isCollection: true });
  });

  it('MAP-037 the subType `files` is accepted as the files subType', async () => {
    expect(issue.fields.attachments).toEqual({ kind: 'files', field: 'Tracker/Attachments', multi: true });
    expect((await fieldFor(issue, 'attachments')).fieldType).toBe('file/file');
  });

  it('MAP-039 MAP-040 MAP-041 text/location: svc/location', async () => {
    expect(issue.fields.place).toMatchObject({ value: 'location' });
    expect((await fieldFor(issue, 'place')).fieldType).toBe('svc/location');
  });

  it('MAP-042 the field `name` is the title (ui/title?)', async () => {
    expect((await fieldFor(issue, 'name')).meta['ui/title?']).toBe(true);
    const titles = (await loadCatalog(db)).type('Tracker/Issue').fields.filter((f) => f.meta['ui/title?'] === true);
    expect(titles.map((f) => f.name)).toEqual(['Tracker/Name']);
  });

  it('MAP-043 a text field with subType title overrides `name` as the title', async () => {
    expect((await fieldFor(project, 'headline')).meta['ui/title?']).toBe(true);
    expect((await fieldFor(project, 'name')).meta['ui/title?']).toBeUndefined();
    expect((await fieldFor(project, 'headline')).fieldType).toBe('svc/text');
  });

  it('MAP-044 people relation many-to-one: a relation to svc/user', async () => {
    expect(issue.fields.owner).toEqual({ kind: 'people', field: 'Tracker/Owner', multi: false, match: 'email' });
    expect(await fieldFor(issue, 'owner')).toMatchObject({ fieldType: USER_TYPE, storage: 'link', isCollection: false });
  });

  it('MAP-045 people relation many-to-many: a collection of svc/user', async () => {
    expect(issue.fields.watchers).toEqual({ kind: 'people', field: 'Tracker/Watchers', multi: true, match: 'name' });
    expect(await fieldFor(issue, 'watchers')).toMatchObject({ fieldType: USER_TYPE, isCollection: true });
  });

  it('MAP-046 people matched by user/email, case sensitive; unknown values link nothing', async () => {
    expect(await matchUsers(db, 'email', ['Jane@example.org'])).toEqual([users.jane]);
    expect(await matchUsers(db, 'email', ['jane@example.org'])).toEqual([users.janeLower]);
    expect(await matchUsers(db, 'email', ['JANE@EXAMPLE.ORG', 'nobody@example.org'])).toEqual([]);
    expect(await matchUsers(db, 'email', ['bob@example.org', 'nobody@example.org', 'Jane@example.org', 'bob@example.org'])).toEqual([users.bob, users.jane]);
  });

  it('MAP-047 people matched by user/name for any other targetFieldId (two users of one name: the oldest)', async () => {
    expect(await matchUsers(db, 'name', ['Bob'])).toEqual([users.bob]);
    expect(await matchUsers(db, 'name', ['Jane Doe'])).toEqual([users.jane]);
    expect(await matchUsers(db, 'name', ['bob', ''])).toEqual([]);
  });

  it('MAP-048 integration relation: a hidden text field `<field name> key` holds the key', async () => {
    expect(issue.fields.projectId).toEqual({ kind: 'relation', keyField: 'Tracker/Project Id key', field: 'Tracker/Project', targetAppType: 'project', multi: false });
    const key = await fieldOf('Tracker/Issue', 'Tracker/Project Id key');
    expect(key).toMatchObject({ fieldType: 'svc/text', storage: 'value' });
    expect(key.meta['svc/hidden?']).toBe(true);
  });

  it('MAP-049 integration relation: the relation field named by relation.name on the source type', async () => {
    const field = await fieldOf('Tracker/Issue', 'Tracker/Project');
    expect(field).toMatchObject({ fieldType: 'Tracker/Project', storage: 'link', isCollection: false });
    const related = await fieldOf('Tracker/Issue', 'Tracker/Related');
    expect(related).toMatchObject({ fieldType: 'Tracker/Issue', isCollection: true });
    expect(issue.fields.relatedIds).toMatchObject({ kind: 'relation', multi: true, targetAppType: 'issue' });
  });

  it('MAP-050 integration relation: the targetName field on the target type, a collection unless one-to-one', async () => {
    const catalog = await loadCatalog(db);
    const source = await fieldOf('Tracker/Issue', 'Tracker/Project');
    const back = await fieldOf('Tracker/Project', 'Tracker/Issues');
    expect(back).toMatchObject({ fieldType: 'Tracker/Issue', isCollection: true, relationId: source.relationId });
    expect(catalog.inverse(source)?.id).toBe(back.id);
    const twin = await fieldOf('Tracker/Issue', 'Tracker/Twin project');
    const twinBack = await fieldOf('Tracker/Project', 'Tracker/Twin issue');
    expect([twin.isCollection, twinBack.isCollection, twinBack.relationId]).toEqual([false, false, twin.relationId]);
    const relatedBy = await fieldOf('Tracker/Issue', 'Tracker/Related by');
    expect(relatedBy).toMatchObject({ isCollection: true, relationId: (await fieldOf('Tracker/Issue', 'Tracker/Related')).relationId });
    expect(project.ownFields).toEqual(expect.arrayContaining(['Tracker/Issues', 'Tracker/Twin issue']));
  });

  it('MAP-048 a relation whose target type is not part of the source keeps only its key field', async () => {
    expect(issue.fields.labelId).toEqual({ kind: 'relation', keyField: 'Tracker/Label Id key', field: '', targetAppType: 'label', multi: false });
    const type = (await loadCatalog(db)).type('Tracker/Issue');
    expect(type.fieldsByName.has('Tracker/Label')).toBe(false);
    expect((await loadCatalog(db)).byName.has('Tracker/Label')).toBe(false);
  });

  it('MAP-051 __syncAction: a hidden text field <Space>/__syncAction on every Database', async () => {
    for (const type of [issue, project]) {
      expect(type.fields.__syncAction).toEqual({ kind: 'sync-action', field: 'Tracker/__syncAction' });
      const field = await fieldOf(type.database, 'Tracker/__syncAction');
      expect(field.fieldType).toBe('svc/text');
      expect(field.meta['svc/hidden?']).toBe(true);
    }
  });

  it('MAP-048 the key field (type id): read-only svc/text, locked', async () => {
    expect(issue.fields.id).toEqual({ kind: 'value', field: 'Tracker/Id', value: 'text' });
    const key = await fieldFor(issue, 'id');
    expect(key.fieldType).toBe('svc/text');
    expect(key.meta).toMatchObject({ 'svc/readonly?': true, 'integration/locked?': true });
  });

  it('APP-009 ignore: true gives svc/hidden?: true', async () => {
    expect((await fieldFor(issue, 'secret')).meta['svc/hidden?']).toBe(true);
    expect((await fieldFor(issue, 'summary')).meta['svc/hidden?']).toBeUndefined();
  });

  it('APP-010 readonly: true gives integration/locked?: renaming or deleting it is refused; other fields rename', async () => {
    const origin = await fieldFor(issue, 'origin');
    expect(origin.meta['integration/locked?']).toBe(true);
    const rename = await rejection(db.transaction((tx) => renameField(tx, 'Tracker/Issue', 'Tracker/Origin', 'Tracker/Source')));
    expect(rename).toMatchObject({ name: 'schema.error/definition-invalid', data: { field: 'from-name', name: 'Tracker/Origin' } });
    expect(rename.message).toMatch(/read-only; it cannot be renamed/);
    const remove = await rejection(db.transaction((tx) => deleteField(tx, 'Tracker/Issue', 'Tracker/Id')));
    expect(remove).toMatchObject({ name: 'schema.error/definition-invalid', data: { field: 'name' } });
    expect(remove.message).toMatch(/cannot be deleted/);
    await db.transaction((tx) => renameField(tx, 'Tracker/Issue', 'Tracker/Summary', 'Tracker/Abstract'));
    await db.transaction((tx) => renameField(tx, 'Tracker/Issue', 'Tracker/Abstract', 'Tracker/Summary'));
    expect((await fieldFor(issue, 'summary')).name).toBe('Tracker/Summary');
  });

  it('SYNC-006 ownFields lists every field the sync created (mixins and relation ends included), no system field', async () => {
    const type = (await loadCatalog(db)).type('Tracker/Issue');
    const own = new Set(issue.ownFields);
    const notOwn = type.fields.filter((f) => !own.has(f.name)).map((f) => f.name);
    expect(notOwn.sort()).toEqual(['svc/created-by', 'svc/creation-date', 'svc/id', 'svc/modification-date', 'svc/public-id']);
    expect(issue.ownFields).toEqual(expect.arrayContaining(['Tracker/deleted in source', 'Tracker/__syncAction', 'Tracker/Project Id key', 'Tracker/Related by']));
    expect(new Set(issue.ownFields).size).toBe(issue.ownFields.length);
  });

  it('MAP-001..MAP-053 converted values of every kind pass the value codec of the created fields', async () => {
    const row = convertRow(issue, {
      id: 'ISS-1',
      name: 'Crash',
      amount: '12.50',
      share: 0.5,
      weight: '3',
      plain: 1,
      count: '7',
      summary: 'text',
      phone: '+49 30 1234',
      site: 'https://example.org',
      contact: 'jane@example.org',
      done: 'checked',
      period: '{"start":"2026-01-01","end":"2026-01-02"}',
      window: { start: '2026-01-01T10:00:00+01:00', end: '2026-01-01T11:00:00Z' },
      icon: 'rocket',
      due: '2026-01-01T00:00:00Z',
      day: '2026-01-01',
      place: `40°42'46"N 74°0'22"W`,
      secret: 's',
      origin: 'o',
      __syncAction: 'SET',
    });
    const type = (await loadCatalog(db)).type('Tracker/Issue');
    for (const [name, value] of Object.entries(row.values)) {
      const field = type.fieldsByName.get(name);
      expect(field, name).toBeDefined();
      expect(() => encodeValue(field as FieldDef, value), name).not.toThrow();
    }
    expect(Object.keys(row.values)).toHaveLength(21);
  });

  it('MAP-005 re-running reuses everything and changes nothing (no schema change at all)', async () => {
    const before = await workspaceVersion(db);
    const again = await materialize('Tracker', SCHEMA, mapping);
    expect(again).toEqual(mapping);
    expect(await workspaceVersion(db)).toBe(before);
  });

  it('MAP-005 format and options apply to new fields only; a field that appeared is created', async () => {
    const space = 'Formats';
    const first = await materialize(space);
    const changed: AppSchema = {
      ...SCHEMA,
      issue: {
        ...ISSUE,
        amount: { name: 'Amount', type: 'number', format: { format: 'Percent', precision: 3 } },
        summary: { name: 'Summary', type: 'text', format: { format: 'phone' } },
        priority: { name: 'Priority', type: 'text', subType: 'single-select', options: [{ name: 'Urgent' }] },
        cost: { name: 'Cost', type: 'number', format: { format: 'Money', currencyCode: 'USD' } },
        kind: { name: 'Kind', type: 'text', subType: 'single-select', options: [{ name: 'A' }, { name: 'B' }] },
      },
    };
    const second = await materialize(space, changed, first);
    const issue2 = second.types.issue as TypeMapping;
    expect((await fieldFor(issue2, 'amount')).meta['svc/format']).toEqual({ format: 'Money', currencyCode: 'EUR', hasThousandSeparator: true, precision: 2 });
    expect((await fieldFor(issue2, 'summary')).meta['svc/format']).toBeUndefined();
    expect((await optionsOf(`${space}/Priority_${space}/Issue`)).map((o) => o.name)).toEqual(['Low', 'High']);
    expect((await fieldFor(issue2, 'cost')).meta['svc/format']).toEqual({ format: 'Money', currencyCode: 'USD' });
    expect((await optionsOf(`${space}/Kind_${space}/Issue`)).map((o) => o.name)).toEqual(['A', 'B']);
    expect(issue2.ownFields).toEqual(expect.arrayContaining([`${space}/Cost`, `${space}/Kind`]));
    expect(issue2.database).toBe(`${space}/Issue`);
  });

  it('MAP-005 a synchronized field deleted by an administrator is created again; administrator fields are not the sync\'s', async () => {
    const space = 'Again';
    const schema: AppSchema = { ...SMALL, issue: { ...SMALL.issue, summary: { name: 'Summary', type: 'text' }, notes: { name: 'Notes', type: 'text' } } as AppTypeSchema };
    const first = await materialize(space, schema);
    await db.transaction(async (tx) => {
      await deleteField(tx, `${space}/Issue`, `${space}/Notes`);
      await deleteField(tx, `${space}/Issue`, `${space}/Summary`);
      await createField(tx, `${space}/Issue`, { name: `${space}/Summary`, type: 'svc/integer' });
      await createField(tx, `${space}/Issue`, { name: `${space}/Admin notes`, type: 'svc/text' });
    });
    const second = await materialize(space, schema, first);
    const type = second.types.issue as TypeMapping;
    expect(type.fields.notes).toEqual({ kind: 'value', field: `${space}/Notes`, value: 'text' });
    expect(type.fields.summary).toEqual({ kind: 'value', field: `${space}/Summary (2)`, value: 'text' });
    expect(type.ownFields).toEqual(expect.arrayContaining([`${space}/Notes`, `${space}/Summary (2)`]));
    expect(type.ownFields).not.toContain(`${space}/Summary`);
    expect(type.ownFields).not.toContain(`${space}/Admin notes`);
    expect(type.fields.projectId).toEqual((first.types.issue as TypeMapping).fields.projectId);
  });

  it('SYNC-006 a Database name taken by a Database the source does not own gets (2); its own is reused', async () => {
    await db.transaction((tx) => createType(tx, { name: 'Taken/Issue' }));
    const first = await materialize('Taken', SMALL);
    expect(first.types.issue?.database).toBe('Taken/Issue (2)');
    expect(first.types.project?.database).toBe('Taken/Project');
    expect(await fieldOf('Taken/Project', 'Taken/Issues')).toMatchObject({ fieldType: 'Taken/Issue (2)' });
    const second = await materialize('Taken', SMALL, first);
    expect(second).toEqual(first);
    const types = [
      { id: 'issue', name: 'Same' },
      { id: 'project', name: 'Same' },
    ];
    const same = await materialize('Twice', SMALL, null, types);
    expect([same.types.issue?.database, same.types.project?.database]).toEqual(['Twice/Same', 'Twice/Same (2)']);
    const unnamed = await materialize('Unnamed', SMALL, null, [{ id: 'issue', name: ' ' }, { id: 'project', name: 'Project' }]);
    expect(unnamed.types.issue?.database).toBe('Unnamed/issue');
  });

  it('SYNC-006 a field name taken twice in one type gets (2), as does a schema field named like a reserved one', async () => {
    const schema: AppSchema = {
      thing: {
        id: { name: 'Id', type: 'id' },
        name: { name: 'Name', type: 'text' },
        a: { name: 'Name', type: 'number' },
        b: { name: 'deleted in source', type: 'text' },
        c: { name: 'Status', type: 'text', subType: 'single-select' },
        d: { name: 'Status', type: 'text', subType: 'single-select' },
        e: { type: 'text' } as AppTypeSchema[string],
      },
    };
    const thing = (await materialize('Dup', schema, null, [{ id: 'thing', name: 'Thing' }])).types.thing as TypeMapping;
    expect(mapped(thing, 'name').field).toBe('Dup/Name');
    expect(mapped(thing, 'a').field).toBe('Dup/Name (2)');
    expect(thing.deletedInSourceField).toBe('Dup/deleted in source');
    expect(mapped(thing, 'b').field).toBe('Dup/deleted in source (2)');
    expect(thing.fields.c).toMatchObject({ field: 'Dup/Status', enumType: 'Dup/Status_Dup/Thing' });
    expect(thing.fields.d).toMatchObject({ field: 'Dup/Status (2)', enumType: 'Dup/Status (2)_Dup/Thing' });
    expect(mapped(thing, 'e').field).toBe('Dup/e');
  });

  it('APP-025 a refused schema changes nothing', async () => {
    const before = await workspaceVersion(db);
    const failure = await rejection(materialize('Refused', { ...SCHEMA, project: { id: { name: 'Id', type: 'id' } } as unknown as AppTypeSchema }));
    expect(failure).toMatchObject({ name: 'integration.error/app-failed', data: { operation: 'schema', type: 'project', field: 'name' } });
    expect(await workspaceVersion(db)).toBe(before);
    expect((await loadCatalog(db)).byName.has('Refused/Issue')).toBe(false);
  });
});
