/**
 * Every value field type at its edges: the values a type takes, at its limits, read back as
 * written (date-times in UTC with milliseconds), and values of another type or out of its range
 * refused without writing anything, by create and by update. One table of cases per type.
 *
 * If supported, then correct: a field type the server does not offer (it refuses to create the
 * field with schema.error/definition-invalid) is reported as unsupported; every type it offers
 * must hold exactly its values.
 */
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import type { Command } from '../../model/driver.js';
import { canonicalJson, type Json } from '../../model/values.js';
import { commandError, isRecord } from '../../shapes.js';
import { SupportLedger } from '../../support.js';
import { schemaBatch, uniqueSpaceName } from '../../workspace.js';
import { typeDelete } from '../../model/schema.js';

interface TypeCases {
  /** The workspace field type. */
  type: string;
  /** Values the type takes: [written, read back]. */
  valid: Array<[Json, Json]>;
  /** Values it refuses. */
  invalid: Json[];
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const RICH_TEXT = 'Collaboration~Documents/Document';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const VALUE_CASES: readonly TypeCases[] = [
  { type: 'svc/text', valid: [['', ''], [' x ', ' x '], ['ü€😀 "quoted"', 'ü€😀 "quoted"']], invalid: [1, true, {}, ['a']] },
  { type: 'svc/integer', valid: [[0, 0], [-1, -1], [MAX_SAFE, MAX_SAFE], [-MAX_SAFE, -MAX_SAFE]], invalid: [1.5, MAX_SAFE + 1, '1', true] },
  // A decimal string ("1.5") is the public API's form, which a server may take (CMD-018): only strings that spell no number are refused here.
  { type: 'svc/decimal', valid: [[0.1, 0.1], [-2.5, -2.5], [3, 3], [1e15, 1e15]], invalid: ['abc', '', true, {}] },
  { type: 'svc/bool', valid: [[true, true], [false, false]], invalid: ['true', 'false', 1, 0] },
  { type: 'svc/date', valid: [['2024-02-29', '2024-02-29'], ['1999-12-31', '1999-12-31'], ['2030-01-01', '2030-01-01']], invalid: ['2024-02-30', '2023-02-29', '2024-1-1', '2024-01-01T00:00:00.000Z', 20240101] },
  {
    type: 'svc/date-time',
    valid: [
      ['2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z'],
      ['2024-01-01T00:00:00Z', '2024-01-01T00:00:00.000Z'],
      ['2024-01-01T05:30:00.123+05:30', '2024-01-01T00:00:00.123Z'],
      ['1999-12-31T23:59:59.999-01:00', '2000-01-01T00:59:59.999Z'],
    ],
    invalid: ['2024-01-01', '2024-01-01T00:00:00', '2024-13-01T00:00:00.000Z', 'yesterday', 0],
  },
  { type: 'svc/url', valid: [['https://example.com/a?b=c#d', 'https://example.com/a?b=c#d'], ['http://127.0.0.1:8080', 'http://127.0.0.1:8080']], invalid: ['not a url', '/relative/path', 5, ['https://example.com/a']] },
  { type: 'svc/email', valid: [['a@b', 'a@b'], ['first.last+tag@example.co.uk', 'first.last+tag@example.co.uk']], invalid: ['no-at-sign', 'a@', '@b', 'a b@c.d', 'a@b c', 7] },
  {
    type: 'svc/date-range',
    valid: [[{ start: '2024-01-01', end: '2024-12-31' }, { start: '2024-01-01', end: '2024-12-31' }]],
    // A date in a list is no date (though its text is one).
    invalid: ['2024-01-01', { start: '2024-01-01' }, { start: 'soon', end: '2024-01-02' }, { start: '2024-01-01', end: '2024-02-30' }, { start: ['2024-01-01'], end: '2024-01-02' }],
  },
  {
    type: 'svc/date-time-range',
    valid: [[{ start: '2024-01-01T00:00:00.000Z', end: '2024-01-02T00:00:00+01:00' }, { start: '2024-01-01T00:00:00.000Z', end: '2024-01-01T23:00:00.000Z' }]],
    invalid: [{ start: '2024-01-01', end: '2024-01-02' }, { start: '2024-01-01T00:00:00.000Z' }, 'always'],
  },
  {
    type: 'svc/location',
    valid: [
      [{ latitude: 90, longitude: -180 }, { latitude: 90, longitude: -180 }],
      [{ latitude: -33.86, longitude: 151.21, fullAddress: 'Sydney' }, { latitude: -33.86, longitude: 151.21, fullAddress: 'Sydney' }],
    ],
    invalid: [{ latitude: 90.5, longitude: 0 }, { latitude: 0, longitude: 180.5 }, { latitude: 'north', longitude: 0 }, { latitude: 0, longitude: 0, fullAddress: 5 }, [1, 2]],
  },
  {
    type: 'svc/uuid',
    valid: [
      ['6F9619FF-8B86-D011-B42D-00C04FC964FF', '6f9619ff-8b86-d011-b42d-00c04fc964ff'],
      ['00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000000'],
    ],
    // A uuid is a string: not the object form a rich text value may take.
    invalid: ['6f9619ff-8b86-d011-b42d-00c04fc964f', 'x6f9619ff-8b86-d011-b42d-00c04fc964ff', '6f9619ff-8b86-d011-b42d-00c04fc964ff0', '6f9619ff8b86d011b42d00c04fc964ff', 5, {}, { 'Collaboration~Documents/secret': '6f9619ff-8b86-d011-b42d-00c04fc964ff' }],
  },
  { type: 'svc/string', valid: [['', ''], ['a b', 'a b']], invalid: [1, false, ['a']] },
  {
    type: RICH_TEXT,
    valid: [
      [{ 'Collaboration~Documents/secret': 'A1B2C3D4-0000-4000-8000-00000000000A' }, { 'Collaboration~Documents/secret': 'a1b2c3d4-0000-4000-8000-00000000000a' }],
      ['a1b2c3d4-0000-4000-8000-00000000000b', { 'Collaboration~Documents/secret': 'a1b2c3d4-0000-4000-8000-00000000000b' }],
    ],
    invalid: ['not-a-secret', { 'Collaboration~Documents/secret': 'nope' }, { secret: 'a1b2c3d4-0000-4000-8000-00000000000c' }, 5],
  },
  {
    type: 'file/file',
    valid: [
      [[{ 'file/name': 'a.txt', 'file/url': 'https://example.com/a.txt' }, { 'file/name': 'b c.png', 'file/url': 'http://127.0.0.1:8080/b' }], [{ 'file/name': 'a.txt', 'file/url': 'https://example.com/a.txt' }, { 'file/name': 'b c.png', 'file/url': 'http://127.0.0.1:8080/b' }]],
      [[], []],
    ],
    invalid: ['https://example.com/a.txt', [{ 'file/name': 'a.txt' }], [{ 'file/name': 'a.txt', 'file/url': 'not a url' }], [{ 'file/name': 'a.txt', 'file/url': ['https://example.com/a.txt'] }], [{ 'file/name': 5, 'file/url': 'https://example.com/a' }], [null], {}],
  },
];

function fieldName(space: string, type: string): string {
  return `${space}/${type.replace(/^svc\//, '').replace(/[^A-Za-z]/g, '')}`;
}

/** The results of an array of commands sent in one request (one answer per command). */
async function runEach(ctx: CheckContext, commands: Command[]): Promise<Array<{ success: boolean; result: unknown }>> {
  const res = await ctx.http.command(commands);
  const body = res.json;
  if (res.status !== 200 || !Array.isArray(body) || body.length !== commands.length) {
    fail(`an array of ${commands.length} commands: expected status 200 and an array of ${commands.length} results`, res);
  }
  return body.map((item: unknown) => (isRecord(item) ? { success: item['success'] === true, result: item['result'] } : { success: false, result: item }));
}

/**
 * What is wrong with the refusal of a written value, if anything: it is `entity.error/value-invalid`
 * with data `{field, expected}` (spec/service.openapi.yaml, ErrorName), naming the field and saying
 * in words what the field takes.
 */
function valueInvalidProblem(result: unknown, field: string): string | undefined {
  if (!isRecord(result)) return 'the result is no error object';
  if (result['name'] !== 'entity.error/value-invalid') return `expected the error name "entity.error/value-invalid", got ${JSON.stringify(result['name'])}`;
  const data = isRecord(result['data']) ? result['data'] : {};
  if (data['field'] !== field) return `data.field should name ${JSON.stringify(field)}, it is ${JSON.stringify(data['field'])}`;
  if (typeof data['expected'] !== 'string' || data['expected'].trim() === '') return `data.expected should say what the field takes, it is ${JSON.stringify(data['expected'])}`;
  return undefined;
}

async function readAll(ctx: CheckContext, db: string, fields: string[]): Promise<Array<Record<string, unknown>>> {
  const res = await ctx.http.command({ command: 'svc.entity/query', args: { query: { 'q/from': db, 'q/select': ['svc/id', ...fields], 'q/limit': 1000 } } });
  const rows = expectSuccess(res, `reading ${db}`);
  return Array.isArray(rows) ? rows.filter(isRecord) : [];
}

export default defineCheck({
  id: 'command.values-at-edges',
  name:
    'Every value field type takes its values at their edges (the largest safe integers, leap days, time zones, empty and non-ASCII text, ranges and ' +
    'locations at their bounds) and reads them back as written (date-times in UTC with milliseconds), the create answering them so too, and refuses values of another type or out of range ' +
    '(entity.error/value-invalid naming the field and what it takes) without writing anything, by create and by update; uuid, rich text (a document secret; an Entity created without one, or with null, reads a secret of its own, the create answering it so too) and file values too; q/null? true matches exactly the Entities that read no value (files: [])',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-ENT-009', 'QUERY-025'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const db = `${space}/Values`;
    const ledger = new SupportLedger();
    expectSuccess(
      await schemaBatch(ctx, [{ command: 'schema.type/create', args: { 'svc/name': db, 'svc/meta': { 'svc/domain?': true }, 'svc/fields': [{ 'svc/name': `${space}/Name`, 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } }] } }]),
      `creating ${db}`,
    );
    try {
      // One field per type, each in its own schema batch: a type the server lacks refuses only its field.
      const offered: TypeCases[] = [];
      for (const cases of VALUE_CASES) {
        const res = await schemaBatch(ctx, [{ command: 'schema.field/create', args: { 'svc/holder-type': db, 'svc/name': fieldName(space, cases.type), 'svc/type': cases.type } }]);
        const error = commandError(res.json);
        if (error?.name === 'schema.error/definition-invalid') ledger.lacks(cases.type, 'schema.field/create answered schema.error/definition-invalid');
        else {
          expectSuccess(res, `creating a field of type ${cases.type}`);
          offered.push(cases);
        }
      }
      const fields = offered.map((c) => fieldName(space, c.type));

      // Valid values: one Entity each, read back as written.
      const writes = offered.flatMap((c) => c.valid.map(([value, expected], i) => ({ field: fieldName(space, c.type), type: c.type, value, expected, name: `${c.type} ${i}` })));
      const answers = await runEach(ctx, writes.map((w) => ({ command: 'svc.entity/create', args: { type: db, entity: { [`${space}/Name`]: w.name, [w.field]: w.value } } })));
      answers.forEach((answer, i) => {
        const w = writes[i];
        if (w && !answer.success) fail(`svc.entity/create of ${w.type} ${JSON.stringify(w.value)}: a value of the type was refused: ${JSON.stringify(answer.result)?.slice(0, 300)}`, ctx.http.lastExchange?.response);
        // The create answers the value as a query reads it (spec/query-semantics.md, "Writes").
        const answered = isRecord(answer.result) ? answer.result[w?.field ?? ''] : undefined;
        if (w && canonicalJson((answered ?? null) as Json) !== canonicalJson(w.expected)) {
          fail(`svc.entity/create of ${w.type} ${JSON.stringify(w.value)} answered ${JSON.stringify(answered)}, expected ${JSON.stringify(w.expected)} (as a query reads it)`, ctx.http.lastExchange?.response);
        }
      });
      const rows = await readAll(ctx, db, [`${space}/Name`, ...fields]);
      for (const w of writes) {
        const row = rows.find((r) => r[`${space}/Name`] === w.name);
        if (!row) fail(`the Entity written with ${w.type} ${JSON.stringify(w.value)} is not in ${db}`, ctx.http.lastExchange?.response);
        if (canonicalJson(row[w.field] as Json) !== canonicalJson(w.expected)) {
          fail(`${w.type} written as ${JSON.stringify(w.value)} reads back as ${JSON.stringify(row[w.field])}, expected ${JSON.stringify(w.expected)}`, ctx.http.lastExchange?.response);
        }
      }

      // q/null? true: the field has no value (spec/query-semantics.md: null, and for files no item, `[]`).
      for (const c of offered) {
        const field = fieldName(space, c.type);
        const res = await ctx.http.command({ command: 'svc.entity/query', args: { query: { 'q/from': db, 'q/select': [`${space}/Name`], 'q/where': ['=', ['q/null?', [field]], true], 'q/limit': 1000 } } });
        const found = expectSuccess(res, `reading the Entities of ${db} without a ${c.type} value`);
        const names = (Array.isArray(found) ? found.filter(isRecord) : []).map((r) => String(r[`${space}/Name`])).sort();
        const expected = rows.filter((r) => r[field] === null || r[field] === undefined || (Array.isArray(r[field]) && (r[field] as unknown[]).length === 0)).map((r) => String(r[`${space}/Name`])).sort();
        if (JSON.stringify(names) !== JSON.stringify(expected)) {
          fail(`q/null? true of ${field} (${c.type}) matches ${JSON.stringify(names)}, expected the Entities that read no value (null, or [] for files): ${JSON.stringify(expected)}`, res);
        }
      }

      // A rich text field holds a document from the creation of its Entity: one written without it reads a secret of its own.
      if (offered.some((c) => c.type === RICH_TEXT)) {
        const field = fieldName(space, RICH_TEXT);
        const secrets = writes.flatMap((w, i) => {
          if (w.type === RICH_TEXT) return [];
          const value = rows.find((r) => r[`${space}/Name`] === w.name)?.[field];
          const secret = isRecord(value) ? value['Collaboration~Documents/secret'] : undefined;
          if (typeof secret !== 'string' || !UUID.test(secret)) fail(`the Entity created with ${w.type} ${JSON.stringify(w.value)} and no rich text value reads ${field} as ${JSON.stringify(value)}, expected {"Collaboration~Documents/secret": <uuid>}: its document exists from its creation`, ctx.http.lastExchange?.response);
          // The create answers it as a query reads it.
          const answered = answers[i]?.result;
          if (!isRecord(answered) || canonicalJson((answered[field] ?? null) as Json) !== canonicalJson(value as Json)) {
            fail(`svc.entity/create of ${w.type} ${JSON.stringify(w.value)} (no rich text value) answered ${field} as ${JSON.stringify(isRecord(answered) ? answered[field] : undefined)}, and a query reads ${JSON.stringify(value)}: the create answers what a read gives`, ctx.http.lastExchange?.response);
          }
          return [secret];
        });
        // A rich text value given as null on create is no value either: the Entity still gets a document of its own.
        const nullCreate = expectSuccess(await ctx.http.command({ command: 'svc.entity/create', args: { type: db, entity: { [`${space}/Name`]: 'rich text null', [field]: null } } }), `svc.entity/create with ${field} null`);
        const nullValue = isRecord(nullCreate) ? nullCreate[field] : undefined;
        const nullSecret = isRecord(nullValue) ? nullValue['Collaboration~Documents/secret'] : undefined;
        if (typeof nullSecret !== 'string' || !UUID.test(nullSecret) || secrets.includes(nullSecret)) {
          fail(`svc.entity/create with ${field} null answered it as ${JSON.stringify(nullValue)}, expected {"Collaboration~Documents/secret": <uuid>} of a document of its own: a rich text field holds a document from the creation of its Entity`, ctx.http.lastExchange?.response);
        }
        secrets.push(nullSecret);
        // The secret of a document that exists already is a rich text value as any other: the Entity refers to that document.
        const shared = secrets[0];
        if (shared !== undefined) {
          const sharing = await ctx.http.command({ command: 'svc.entity/create', args: { type: db, entity: { [`${space}/Name`]: 'rich text shared', [field]: shared } } });
          const sharedAnswer = expectSuccess(sharing, `svc.entity/create with ${field} the secret of an existing document`);
          const sharedValue = isRecord(sharedAnswer) ? sharedAnswer[field] : undefined;
          if (canonicalJson((sharedValue ?? null) as Json) !== canonicalJson({ 'Collaboration~Documents/secret': shared })) {
            fail(`svc.entity/create with ${field} ${JSON.stringify(shared)} (the secret of an existing document) answered it as ${JSON.stringify(sharedValue)}, expected {"Collaboration~Documents/secret": ${JSON.stringify(shared)}}`, sharing);
          }
        }
        if (new Set(secrets).size !== secrets.length) fail(`Entities created without a rich text value share document secrets: ${JSON.stringify(secrets)}`, ctx.http.lastExchange?.response);
        // Its document exists from then on: it reads (empty), as do those of the secrets written.
        const written = rows.map((r) => r[field]).filter(isRecord).map((v) => String(v['Collaboration~Documents/secret']));
        for (const secret of [secrets[0], nullSecret, ...written.filter((w) => !secrets.includes(w))]) {
          if (secret === undefined) continue;
          const read = await ctx.http.get(`/api/documents/${secret}?format=md`);
          if (read.status !== 200) fail(`the document ${secret} of a rich text field answered ${read.status} to GET /api/documents/${secret}; it exists from the creation of its Entity`, read);
        }
      }

      // Invalid values: refused by create (no Entity appears) and by update (the value stays).
      const target = rows.find((r) => typeof r['svc/id'] === 'string');
      const bad = offered.flatMap((c) => c.invalid.map((value) => ({ field: fieldName(space, c.type), type: c.type, value })));
      const refusedCreates = await runEach(ctx, bad.map((b) => ({ command: 'svc.entity/create', args: { type: db, entity: { [`${space}/Name`]: 'refused', [b.field]: b.value } } })));
      const refusedUpdates = target
        ? await runEach(ctx, bad.map((b) => ({ command: 'svc.entity/update', args: { type: db, entity: { 'svc/id': String(target['svc/id']), [b.field]: b.value } } })))
        : [];
      for (const [i, b] of bad.entries()) {
        for (const [command, answer] of [['svc.entity/create', refusedCreates[i]], ['svc.entity/update', refusedUpdates[i]]] as const) {
          if (answer === undefined) continue;
          if (answer.success) fail(`${command} with ${b.type} ${JSON.stringify(b.value)} succeeded; a value of another type or out of range must be refused`, ctx.http.lastExchange?.response);
          const problem = valueInvalidProblem(answer.result, b.field);
          if (problem !== undefined) fail(`${command} with ${b.type} ${JSON.stringify(b.value)} was refused with ${JSON.stringify(answer.result)?.slice(0, 300)}: ${problem}`, ctx.http.lastExchange?.response);
        }
      }
      const after = await readAll(ctx, db, [`${space}/Name`, ...fields]);
      if (after.some((r) => r[`${space}/Name`] === 'refused')) fail(`a refused svc.entity/create left an Entity in ${db}`, ctx.http.lastExchange?.response);
      const before = target === undefined ? undefined : rows.find((r) => r['svc/id'] === target['svc/id']);
      const now = target === undefined ? undefined : after.find((r) => r['svc/id'] === target['svc/id']);
      if (before && canonicalJson(before as Json) !== canonicalJson((now ?? null) as Json)) {
        fail(`refused updates changed ${String(target?.['svc/id'])}: it was ${JSON.stringify(before)}, it is ${JSON.stringify(now)}`, ctx.http.lastExchange?.response);
      }
    } finally {
      const out = await schemaBatch(ctx, [typeDelete(db)]);
      if (out.status !== 200) ctx.log(`tear-down of ${db} answered ${out.status}`);
    }
    ledger.finish();
  },
});
