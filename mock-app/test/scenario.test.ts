// Scenario files: the shipped ones load (YAML and JSON alike) and together use every field type
// of the mapping table; a scenario that breaks a rule is refused with an error naming the field.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import emojiRegex from 'emoji-regex';
import { has as isEmojiAlias } from 'node-emoji';
import { describe, expect, it } from 'vitest';
import type { AppDataRow, Scenario } from '../src/index.js';
import { loadScenario, ScenarioError } from '../src/index.js';
import { scenarioPath, withApp } from './support.js';

const SHIPPED = ['tracker.yaml', 'crm.yaml', 'minimal.yaml'];
const load = (name: string) => loadScenario(scenarioPath(name));

interface FieldUse {
  scenario: string;
  type: string;
  id: string;
  field: Scenario['schema'][string][string];
  values: unknown[];
}

/** Every schema field of the shipped scenarios, with the values its rows hold. */
function fieldUses(): FieldUse[] {
  return SHIPPED.flatMap((name) => {
    const scenario = load(name);
    return Object.entries(scenario.schema).flatMap(([type, fields]) =>
      Object.entries(fields).map(([id, field]) => ({
        scenario: name,
        type,
        id,
        field,
        values: (scenario.data?.[type]?.rows ?? []).map((row: AppDataRow) => row[id]).filter((v) => v !== undefined),
      })),
    );
  });
}

const uses = fieldUses();
const find = (predicate: (use: FieldUse) => boolean) => uses.filter(predicate);
const values = (predicate: (use: FieldUse) => boolean) => find(predicate).flatMap((u) => u.values);

describe('shipped scenarios (fixtures exercising the server-side MAP-* clauses)', () => {
  it.each(SHIPPED)('%s loads and starts', async (name) => {
    const scenario = load(name);
    expect(scenario.types.length).toBeGreaterThan(0);
    await withApp({ scenario: scenarioPath(name) }, async (app) => {
      expect(app.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(JSON.stringify(app.scenario)).not.toContain('{{url}}');
    });
  });

  it('a JSON scenario file is read like the same YAML one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-app-'));
    const path = join(dir, 'tracker.json');
    writeFileSync(path, JSON.stringify(load('tracker.yaml')));
    expect(loadScenario(path)).toEqual(load('tracker.yaml'));
  });

  it('fixtures for MAP-001 MAP-002 MAP-003 MAP-004 MAP-006: numbers: decimal with Money, Percent and Number formats, and integer', () => {
    const decimals = find((u) => u.field.type === 'number' && u.field.subType === undefined);
    expect(new Set(decimals.map((u) => u.field.format?.format))).toEqual(new Set([undefined, 'Money', 'Percent', 'Number']));
    const numberFormat = decimals.find((u) => u.field.format?.format === 'Number')?.field.format;
    expect(numberFormat).toMatchObject({ unit: expect.any(String), hasThousandSeparator: true, precision: 0 });
    expect(find((u) => u.field.type === 'number' && u.field.subType === 'integer')[0].values.every((v) => Number.isInteger(v))).toBe(true);
  });

  it('fixtures for MAP-007 MAP-008 MAP-009 MAP-010: text, phone format, url and email', () => {
    expect(find((u) => u.field.type === 'text' && u.field.format?.format === 'phone')).toHaveLength(1);
    expect(values((u) => u.field.subType === 'url').every((v) => typeof v === 'string' && /^https?:\/\//.test(v))).toBe(true);
    expect(values((u) => u.field.subType === 'email').every((v) => typeof v === 'string' && v.includes('@'))).toBe(true);
    expect(values((u) => u.field.subType === 'url').length).toBeGreaterThan(0);
  });

  it('fixtures for MAP-011 MAP-012 MAP-013: booleans: true, yes, on, 1, checked and false, no, off, 0, empty', () => {
    const booleans = values((u) => u.field.type === 'text' && u.field.subType === 'boolean');
    expect(new Set(booleans)).toEqual(new Set(['true', 'yes', 'on', '1', 'checked', 'false', 'no', 'off', '0', '']));
  });

  it('fixtures for MAP-014 MAP-015: date ranges and date-time ranges as stringified {start, end}', () => {
    const [range] = values((u) => u.field.subType === 'date-range').map((v) => JSON.parse(String(v)) as { start: string; end: string });
    expect(range.start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(range.end).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [timeRange] = values((u) => u.field.subType === 'date-time-range').map((v) => JSON.parse(String(v)) as { start: string; end: string });
    expect(timeRange.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(timeRange.end).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('fixtures for MAP-016 MAP-017: rich text as html and as md', () => {
    expect(values((u) => u.field.subType === 'html').some((v) => /<strong>/.test(String(v)))).toBe(true);
    expect(values((u) => u.field.subType === 'md').some((v) => /\*\*/.test(String(v)))).toBe(true);
  });

  it('fixtures for MAP-018 MAP-019: icons: a native emoji, an alias, and a value that is not an emoji', () => {
    const icons = values((u) => u.field.subType === 'icon').map(String);
    const isEmoji = (v: string) => emojiRegex().exec(v)?.[0] === v;
    expect(icons.some(isEmoji)).toBe(true);
    expect(icons.some((v) => /^:[a-z_]+:$/.test(v) && isEmojiAlias(v))).toBe(true);
    expect(icons.some((v) => !isEmoji(v) && !isEmojiAlias(v))).toBe(true);
  });

  it('fixtures for MAP-020 MAP-021 MAP-022: single selects with options and without', () => {
    const selects = find((u) => u.field.subType === 'single-select');
    expect(selects.some((u) => (u.field.options ?? []).length > 0)).toBe(true);
    expect(selects.some((u) => u.field.options === undefined && u.values.length > 0)).toBe(true);
  });

  it('fixtures for MAP-023 MAP-024 MAP-025 MAP-026 MAP-027: workflows with options (one default, one final, typed) and without', () => {
    const workflows = find((u) => u.field.subType === 'workflow');
    const withOptions = workflows.find((u) => u.field.options);
    const options = (withOptions?.field.options ?? []) as { default?: boolean; final?: boolean; type?: string }[];
    expect(options.filter((o) => o.default === true)).toHaveLength(1);
    expect(options.filter((o) => o.final === true).length).toBeGreaterThanOrEqual(1);
    expect(new Set(options.map((o) => o.type))).toEqual(new Set(['Not started', 'Started', 'Finished']));
    expect(workflows.some((u) => u.field.options === undefined && u.values.length > 0)).toBe(true);
  });

  it('fixtures for MAP-028 MAP-029 MAP-030: multi selects: a comma-separated text and a JSON array', () => {
    expect(values((u) => u.field.subType === 'multi-select' && u.field.type === 'text').some((v) => typeof v === 'string' && v.includes(','))).toBe(true);
    expect(values((u) => u.field.subType === 'multi-select' && u.field.type === 'array[text]').some((v) => Array.isArray(v) && v.length > 1)).toBe(true);
  });

  it('fixtures for MAP-031 MAP-032: dates: timestamps and days', () => {
    const timestamps = values((u) => u.field.type === 'date' && u.field.subType === undefined);
    expect(timestamps.length).toBeGreaterThan(0);
    expect(timestamps.every((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(String(v)))).toBe(true);
    const days = values((u) => u.field.type === 'date' && u.field.subType === 'day');
    expect(days.every((v) => /^\d{4}-\d{2}-\d{2}$/.test(String(v)))).toBe(true);
  });

  it('fixtures for MAP-033 MAP-034 MAP-035 MAP-036 MAP-037 MAP-053: files: single and several, __file-key, app://resource with url, value and id, the files subType', () => {
    const single = values((u) => u.field.subType === 'file' && u.field.type === 'text');
    expect(single.some((v) => String(v).includes('__file-key='))).toBe(true);
    const several = values((u) => u.field.subType === 'file' && u.field.type === 'array[text]');
    expect(several.some((v) => Array.isArray(v) && v.length > 1)).toBe(true);
    expect(several.flat().some((v) => !String(v).includes('__file-key'))).toBe(true);
    const resources = values((u) => u.field.subType === 'files').flat().map((v) => new URL(String(v)));
    const resource = resources.find((u) => u.protocol === 'app:' && u.host === 'resource');
    expect(resource && [...resource.searchParams.keys()].sort()).toEqual(['id', 'url', 'value']);
  });

  it('fixtures for MAP-038: avatars link to a file the app serves', () => {
    const avatars = values((u) => u.field.subType === 'avatar');
    expect(avatars.some((v) => String(v).startsWith('{{url}}/files/'))).toBe(true);
  });

  it('fixtures for MAP-039 MAP-040 MAP-041: locations: decimal, degrees-minutes-seconds with hemispheres, stringified JSON', () => {
    const locations = values((u) => u.field.subType === 'location').map(String);
    expect(locations.some((v) => /^-?\d+\.\d+, ?-?\d+\.\d+$/.test(v))).toBe(true);
    expect(locations.some((v) => /^\d+°\d+'\d+"[NS] \d+°\d+'\d+"[EW]$/.test(v))).toBe(true);
    const json = locations.filter((v) => v.startsWith('{')).map((v) => JSON.parse(v) as Record<string, unknown>);
    expect(json[0]).toEqual({ longitude: expect.any(String), latitude: expect.any(String), fullAddress: expect.any(String) });
  });

  it('fixtures for MAP-042 MAP-043: every type has a name field; one type has a text field of subType title', () => {
    expect(uses.filter((u) => u.id === 'name').length).toBe(SHIPPED.reduce((n, s) => n + load(s).types.length, 0));
    expect(find((u) => u.field.type === 'text' && u.field.subType === 'title')).toHaveLength(1);
  });

  it('fixtures for MAP-044 MAP-045 MAP-046 MAP-047: people relations: many-to-one text by e-mail, many-to-many array[text] by name', () => {
    const people = find((u) => u.field.relation?.kind === 'native' && u.field.relation.targetType === 'svc/user');
    expect(people.some((u) => u.field.type === 'text' && u.field.relation?.cardinality === 'many-to-one' && u.field.relation.targetFieldId === 'user/email')).toBe(true);
    expect(people.some((u) => u.field.type === 'array[text]' && u.field.relation?.cardinality === 'many-to-many' && u.field.relation.targetFieldId !== 'user/email')).toBe(true);
  });

  it('fixtures for MAP-048 MAP-049 MAP-050: integration relations between types, many-to-one and many-to-many, naming both ends', () => {
    const relations = find((u) => u.field.relation !== undefined && u.field.relation.targetType !== 'svc/user');
    for (const cardinality of ['many-to-one', 'many-to-many']) {
      const relation = relations.find((u) => u.field.relation?.cardinality === cardinality);
      expect(relation?.field.relation).toMatchObject({ name: expect.any(String), targetName: expect.any(String), targetFieldId: 'id' });
      expect(load(relation?.scenario ?? '').types.map((t) => t.id)).toContain(relation?.field.relation?.targetType);
    }
  });

  it('APP-008, fixtures for MAP-051: __syncAction, ignore and readonly fields are used', () => {
    expect(find((u) => u.id === '__syncAction' && u.field.type === 'text')).toHaveLength(1);
    expect(find((u) => u.field.ignore === true).length).toBeGreaterThan(0);
    expect(find((u) => u.field.readonly === true).length).toBeGreaterThan(0);
  });
});

describe('invalid scenarios are refused with an error naming the field', () => {
  const base = () => structuredClone(load('minimal.yaml')) as Scenario & Record<string, unknown>;
  const cases: [string, (s: Scenario & Record<string, unknown>) => void, RegExp][] = [
    ['no account type', (s) => (s.accountTypes = []), /\/accountTypes must NOT have fewer than 1 items/],
    ['an authentication field without type', (s) => (s.accountTypes[0].fields = [{ id: 'a', title: 'A' } as never]), /\/accountTypes\/0\/fields\/0\/type is required/],
    ['a type schema without name', (s) => delete (s.schema.holiday as Record<string, unknown>).name, /\/schema\/holiday\/name is required/],
    ['an unknown subType', (s) => (s.schema.holiday.country = { name: 'C', type: 'text', subType: 'dropdown' as never }), /\/schema\/holiday\/country\/subType must be one of "integer"/],
    ['a misspelt SchemaField property', (s) => (s.schema.holiday.country = { name: 'C', type: 'text', subtype: 'url' } as never), /\/schema\/holiday\/country\/subtype is not a SchemaField property/],
    ['a bad number format', (s) => (s.schema.holiday.country = { name: 'C', type: 'number', format: { format: 'Euro' } } as never), /\/schema\/holiday\/country\/format\/format must be one of "Money", "Percent", "Number", "phone"/],
    ['a row field not in the schema', (s) => (s.data!.holiday.rows[0].nme = 'x'), /\/data\/holiday\/rows\/0\/nme is not a field of the schema/],
    ['a row without key', (s) => delete s.data!.holiday.rows[1].id, /\/data\/holiday\/rows\/1\/id is missing/],
    ['a key twice', (s) => (s.data!.holiday.rows[1].id = s.data!.holiday.rows[0].id), /\/data\/holiday\/rows\/1\/id the key "2024-01-01-CY" appears twice/],
    ['data of an unknown type', (s) => (s.data!.country = { rows: [] }), /\/data\/country names no type/],
    ['a type without schema', (s) => s.types.push({ id: 'country', name: 'Countries' }), /\/schema\/country is missing/],
    [
      'a workflow with two defaults',
      (s) => (s.schema.holiday.country = { name: 'S', type: 'text', subType: 'workflow', options: [{ name: 'A', default: true, final: true }, { name: 'B', default: true }] }),
      /\/schema\/holiday\/country\/options a workflow needs exactly one option with default: true \(MAP-024\)/,
    ],
    ['a workflow without final', (s) => (s.schema.holiday.country = { name: 'S', type: 'text', subType: 'workflow', options: [{ name: 'A', default: true }] }), /MAP-025/],
    ['a data-list filter without list', (s) => (s.filters = [{ id: 'country', title: 'Country', type: 'list', datalist: true }]), /\/filters\/0\/datalist the filter "country" is a data list but \/datalists\/country is missing/],
    ['events without webhooks', (s) => (s.events = [{ name: 'e', body: {} }]), /\/events need \/webhooks/],
    ['a step updating a missing row', (s) => (s.steps = [{ changes: { holiday: { update: [{ id: 'nope', name: 'x' }] } } }]), /\/steps\/0\/changes\/holiday\/update\/0\/id there is no row "nope"/],
    ['an unknown failure kind', (s) => (s.failures = [{ endpoint: 'data', kind: 'explode' as never }]), /\/failures\/0\/kind must be one of "tryLater"/],
    ['a redirect logo without url', (s) => (s.logo = { kind: 'redirect' } as never), /\/logo\/url is required/],
    ['an unknown top-level key', (s) => (s.colour = 'blue'), /\/colour is not a known property here/],
    ['oauth settings on a non-OAuth type', (s) => (s.accountTypes[0].oauth = {}), /\/accountTypes\/0\/oauth is only allowed on the account types "oauth" and "oauth2"/],
    ['a file with content and base64', (s) => (s.files = { '/files/a.txt': { content: 'a', base64: 'YQ==' } }), /\/files\/~1files~1a\.txt needs exactly one of content and base64/],
    ['a file outside /files/', (s) => (s.files = { '/logo': { content: 'a' } }), /\/files\/~1logo is not an allowed name here \(the name must match pattern/],
    ['app extra keys replacing a contract key', (s) => (s.app.extra = { name: 'Other' }), /\/app\/extra\/name is not an allowed name here/],
    ['a refused filter rule on an unknown filter', (s) => (s.filterRules = [{ filter: 'year', refuse: [1999], message: 'no' }]), /\/filterRules\/0\/filter names no filter/],
  ];

  it.each(cases)('%s', (_title, mutate, message) => {
    const scenario = base();
    mutate(scenario);
    let error: unknown;
    try {
      loadScenario(scenario);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScenarioError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toMatch(/^Invalid scenario object: \//);
  });

  it('a file that is not YAML, not JSON or of another kind is refused naming the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-app-'));
    const yaml = join(dir, 'broken.yaml');
    writeFileSync(yaml, 'app: [unclosed\n');
    expect(() => loadScenario(yaml)).toThrow(new RegExp(`Invalid scenario ${yaml}: is not valid YAML`));
    const json = join(dir, 'broken.json');
    writeFileSync(json, '{"app": ');
    expect(() => loadScenario(json)).toThrow(/is not valid JSON/);
    expect(() => loadScenario(join(dir, 'scenario.txt'))).toThrow(/must be a \.json, \.yaml or \.yml file/);
    expect(() => loadScenario(join(dir, 'missing.yaml'))).toThrow(/cannot be read/);
  });

  it('startMockApp refuses an invalid scenario before listening', async () => {
    const scenario = base();
    scenario.types = [];
    await expect(withApp({ scenario }, async () => undefined)).rejects.toThrow(/\/types must NOT have fewer than 1 items/);
  });
});
