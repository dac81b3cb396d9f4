/**
 * Scenarios of the mock app built in code for the sync checks: a common frame (app information,
 * one token account type with one valid account) and the field catalogue: one app field per row
 * of the mapping table (spec/integrations.md, "Fields"), with the names the checks expect.
 */
import type { components } from '../../../../generated/app/types.js';
import type { AppDataRow, Scenario } from './mock.js';

type AppSchemas = components['schemas'];
export type AppType = AppSchemas['Type'];
export type AppSchema = AppSchemas['SchemaResponse'];
export type AppTypeSchema = AppSchemas['TypeSchema'];
export type AppSchemaField = AppSchemas['SchemaField'];

/** The account type and the one account every scenario of these checks accepts. */
export const ACCOUNT_TYPE = 'token';
export const GOOD_TOKEN = 'conformance-good-token';
export const ACCOUNT_NAME = 'Conformance account';

export interface ScenarioParts {
  description: string;
  types: AppType[];
  schema: AppSchema;
  rows?: Record<string, AppDataRow[]>;
  /** Rows per data page (all types). */
  pageSize?: number;
  /** `false`: the app always answers full data. */
  supportsDelta?: boolean;
  extra?: Partial<Omit<Scenario, 'app' | 'types' | 'schema' | 'data' | 'description'>>;
}

/** A scenario with the common frame: app information (with extra keys), a token account type, the given types, schema and rows. */
export function buildScenario(parts: ScenarioParts): Scenario {
  const data: NonNullable<Scenario['data']> = {};
  for (const type of parts.types) {
    data[type.id] = {
      rows: parts.rows?.[type.id] ?? [],
      ...(parts.pageSize === undefined ? {} : { pageSize: parts.pageSize }),
      ...(parts.supportsDelta === undefined ? {} : { supportsDelta: parts.supportsDelta }),
    };
  }
  return {
    description: parts.description,
    app: {
      name: 'Conformance mock app',
      version: '1.0.0',
      website: 'https://svc-kit.example/conformance',
      description: 'A mock integration app started by the sync checks of the conformance suite.',
      // Unknown keys real apps send (APP-077): the server must ignore them.
      extra: { id: 'conformance-mock', type: 'integration', actions: [] },
    },
    accountTypes: [
      {
        id: ACCOUNT_TYPE,
        name: 'API token',
        description: 'A token of the external system.',
        fields: [{ id: 'token', title: 'Token', description: 'The API token.', type: 'password' }],
        validAccounts: [{ name: ACCOUNT_NAME, fields: { token: GOOD_TOKEN } }],
      },
    ],
    types: parts.types,
    schema: parts.schema,
    data,
    ...parts.extra,
  };
}

/** The fields every type has: its key `id` and its `name`. */
export function keyAndName(extra: Record<string, AppSchemaField> = {}): AppTypeSchema {
  return { id: { name: 'Id', type: 'id' }, name: { name: 'Name', type: 'text' }, ...extra };
}

// ------------------------------------------------------------------ the field catalogue

export const SELECT_OPTIONS = [
  { name: 'Low', color: '#d0f0c0', icon: '🐢' },
  { name: 'High', color: '#ffb3b3', icon: '🔥' },
];
export const WORKFLOW_OPTIONS = [
  { name: 'Doing', color: '#ffe08a', type: 'Started' as const },
  { name: 'Open', color: '#e0e0e0', default: true, type: 'Not started' as const },
  { name: 'Closed', color: '#99d98c', final: true, type: 'Finished' as const },
];
export const MULTI_OPTIONS = [{ name: 'red' }, { name: 'green' }, { name: 'blue' }];

export const MONEY = { format: 'Money' as const, currencyCode: 'EUR', hasThousandSeparator: true, precision: 2 };
export const PERCENT = { format: 'Percent' as const, precision: 1 };
export const NUMBER_FORMAT = { format: 'Number' as const, unit: 'kg', hasThousandSeparator: false, precision: 3 };
export const PHONE = { format: 'phone' as const };

/** Fields of the catalogue type `item`, one per row of the mapping table. */
export function catalogueItemSchema(): AppTypeSchema {
  return keyAndName({
    amount: { name: 'Amount', type: 'number', format: MONEY },
    ratio: { name: 'Ratio', type: 'number', format: PERCENT },
    weight: { name: 'Weight', type: 'number', format: NUMBER_FORMAT },
    score: { name: 'Score', type: 'number' },
    count: { name: 'Count', type: 'number', subType: 'integer' },
    phone: { name: 'Phone', type: 'text', format: PHONE },
    remark: { name: 'Remark', type: 'text' },
    homepage: { name: 'Homepage', type: 'text', subType: 'url' },
    contact: { name: 'Contact', type: 'text', subType: 'email' },
    done: { name: 'Done', type: 'text', subType: 'boolean' },
    period: { name: 'Period', type: 'text', subType: 'date-range' },
    window: { name: 'Window', type: 'text', subType: 'date-time-range' },
    notes: { name: 'Notes', type: 'text', subType: 'html' },
    summary: { name: 'Summary', type: 'text', subType: 'md' },
    emoji: { name: 'Emoji', type: 'text', subType: 'icon' },
    priority: { name: 'Priority', type: 'text', subType: 'single-select', options: SELECT_OPTIONS },
    kind: { name: 'Kind', type: 'text', subType: 'single-select' },
    state: { name: 'State', type: 'text', subType: 'workflow', options: WORKFLOW_OPTIONS },
    stage: { name: 'Stage', type: 'text', subType: 'workflow' },
    labels: { name: 'Labels', type: 'array[text]', subType: 'multi-select', options: MULTI_OPTIONS },
    tags: { name: 'Tags', type: 'text', subType: 'multi-select' },
    due: { name: 'Due', type: 'date' },
    day: { name: 'Day', type: 'date', subType: 'day' },
    attachments: { name: 'Attachments', type: 'array[text]', subType: 'file' },
    gallery: { name: 'Gallery', type: 'array[text]', subType: 'files' },
    cover: { name: 'Cover', type: 'text', subType: 'file' },
    photo: { name: 'Photo', type: 'text', subType: 'avatar' },
    place: { name: 'Place', type: 'text', subType: 'location' },
    owner: { name: 'Owner', type: 'text', relation: { cardinality: 'many-to-one', name: 'Owner', targetType: 'svc/user', targetFieldId: 'user/email', kind: 'native' } },
    watchers: { name: 'Watchers', type: 'array[text]', relation: { cardinality: 'many-to-many', name: 'Watchers', targetType: 'svc/user', targetFieldId: 'user/name', kind: 'native' } },
    groupId: { name: 'Group Id', type: 'text', relation: { cardinality: 'many-to-one', name: 'Group', targetType: 'group', targetName: 'Items', targetFieldId: 'id' } },
    secret: { name: 'Secret', type: 'text', ignore: true },
    code: { name: 'Code', type: 'text', readonly: true },
    __syncAction: { name: '__syncAction', type: 'text' },
  });
}

export const CATALOGUE_TYPES: AppType[] = [
  { id: 'item', name: 'Items' },
  { id: 'group', name: 'Groups' },
];

/** One row of `item` with a value in every field (files point at the mock app's own files). */
export function catalogueItemRow(users: { email: string; name: string }[]): AppDataRow {
  return {
    id: 'i1',
    name: 'First item',
    amount: 1234.5,
    ratio: 0.25,
    weight: 2.5,
    score: 7.25,
    count: 3,
    phone: '+1 555 0100',
    remark: 'plain text',
    homepage: 'https://example.org/i1',
    contact: 'i1@example.org',
    done: 'yes',
    period: JSON.stringify({ start: '2026-01-01', end: '2026-01-31' }),
    window: JSON.stringify({ start: '2026-01-01T08:00:00.000Z', end: '2026-01-01T17:30:00.000Z' }),
    notes: '<p>Hello <strong>world</strong></p>',
    summary: '# Summary\n\nSome *markdown* text.',
    emoji: '🚀',
    priority: 'High',
    kind: 'Bug',
    state: 'Doing',
    stage: 'Review',
    labels: ['red', 'blue'],
    tags: 'alpha, beta',
    due: '2026-03-04T05:06:07.089Z',
    day: '2026-03-04',
    attachments: ['{{url}}/files/a.txt', '{{url}}/files/b.txt'],
    gallery: ['{{url}}/files/c.txt'],
    cover: '{{url}}/files/d.txt',
    photo: '{{url}}/files/avatar.svg',
    place: '40.7128, -74.0060',
    owner: users[0]?.email ?? '',
    watchers: users.map((u) => u.name),
    groupId: 'g1',
    secret: 'hidden value',
    code: 'C-1',
  };
}

/** The catalogue scenario: `item` (every field kind) and `group` (target of the integration relation). */
export function catalogueScenario(users: { email: string; name: string }[]): Scenario {
  return buildScenario({
    description: 'Field catalogue: one field per row of the mapping table.',
    types: CATALOGUE_TYPES,
    schema: { item: catalogueItemSchema(), group: keyAndName() },
    rows: {
      item: [catalogueItemRow(users)],
      group: [
        { id: 'g1', name: 'Group one' },
        { id: 'g2', name: 'Group two' },
      ],
    },
    extra: {
      files: {
        '/files/a.txt': { contentType: 'text/plain', content: 'file a' },
        '/files/b.txt': { contentType: 'text/plain', content: 'file b' },
        '/files/c.txt': { contentType: 'text/plain', content: 'file c' },
        '/files/d.txt': { contentType: 'text/plain', content: 'file d' },
        '/files/avatar.svg': { contentType: 'image/svg+xml', content: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle cx="4" cy="4" r="4"/></svg>' },
      },
    },
  });
}

/** A one-type scenario `thing` with the key, the name and the given fields. */
export function oneTypeScenario(description: string, fields: Record<string, AppSchemaField>, rows: AppDataRow[], extra: ScenarioParts['extra'] = {}, options: Pick<ScenarioParts, 'pageSize' | 'supportsDelta'> = {}): Scenario {
  return buildScenario({ description, types: [{ id: 'thing', name: 'Things' }], schema: { thing: keyAndName(fields) }, rows: { thing: rows }, extra, ...options });
}

/** Single select, workflow and multi select fields, with and without options, and rows that use given, new and empty values. */
export function selectsScenario(): Scenario {
  return oneTypeScenario(
    'Single select, workflow and multi select fields.',
    {
      priority: { name: 'Priority', type: 'text', subType: 'single-select', options: SELECT_OPTIONS },
      kind: { name: 'Kind', type: 'text', subType: 'single-select' },
      state: { name: 'State', type: 'text', subType: 'workflow', options: WORKFLOW_OPTIONS },
      stage: { name: 'Stage', type: 'text', subType: 'workflow' },
      labels: { name: 'Labels', type: 'array[text]', subType: 'multi-select', options: MULTI_OPTIONS },
      tags: { name: 'Tags', type: 'text', subType: 'multi-select' },
    },
    [
      { id: 't1', name: 'One', priority: 'High', kind: 'Bug', state: 'Doing', stage: 'Review', labels: ['red', 'blue'], tags: 'alpha, beta' },
      { id: 't2', name: 'Two', priority: 'Urgent', kind: 'Feature', state: '', stage: '', labels: [], tags: '["gamma"]' },
      { id: 't3', name: 'Three', priority: 'Low', kind: 'Bug', state: 'Closed', stage: 'Done', labels: ['green'], tags: ['delta', 'alpha'] },
    ],
  );
}

/** `thing` rows t1..t<count> with a name and a size; `supportsDelta: false` makes every answer full. */
export function plainScenario(count: number, supportsDelta = true, fields: Record<string, AppSchemaField> = {}): Scenario {
  return oneTypeScenario(
    `${count} plain rows${supportsDelta ? '' : ', always full'}.`,
    { size: { name: 'Size', type: 'number' }, ...fields },
    Array.from({ length: count }, (_, i) => ({ id: `t${i + 1}`, name: `Thing ${i + 1}`, size: i + 1 })),
    {},
    { supportsDelta },
  );
}

/**
 * One type of one row, and an account type `session` of an access and a refresh token whose only
 * valid account holds `seed`: the scenario of the token-refresh checks.
 */
export function sessionScenario(description: string, seed: { access_token: string; refresh_token: string }): Scenario {
  return buildScenario({
    description,
    types: [{ id: 'thing', name: 'Things' }],
    schema: { thing: keyAndName() },
    rows: { thing: [{ id: 't1', name: 'Thing 1' }] },
    extra: {
      accountTypes: [
        {
          id: 'session',
          name: 'Session',
          description: 'Access and refresh tokens.',
          fields: [
            { id: 'access_token', title: 'Access token', type: 'password' },
            { id: 'refresh_token', title: 'Refresh token', type: 'password' },
          ],
          validAccounts: [{ name: 'Session account', fields: seed }],
        },
      ],
    },
  });
}
