/**
 * Malformed app schemas (spec/integrations.md, "Refused schemas"): the cases, each one rule
 * broken at its edge, and the accepted neighbours just inside the same rules. A front before the
 * mock app answers the schema of the next run, so a check can serve schemas the
 * mock app's scenario rules would never let it hold (`__proto__` keys, an empty field id, two
 * keys). Used by schema-refused.ts and schema-refused-message.ts.
 */
import { createServer } from 'node:http';
import { expectStatus, fail } from '../../assert.js';
import type { CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { isRecord, type JsonRecord } from '../../shapes.js';
import { uniqueSpaceName } from '../../workspace.js';
import { addAccount, addSourceRaw, expectAdminError, runSync, type ErrorBody, type IntegrationAccount, type SyncRun } from './admin.js';
import { expectClearError } from './failed-run.js';
import { forward, listenFront } from './cut-front.js';
import { lastResponse, withIntegration, withMockApp, type Front, type Integration, type Leftovers } from './integration.js';
import { readSchema } from '../../schema-view.js';
import { APP_PATHS } from './mock.js';
import { ACCOUNT_TYPE, buildScenario, GOOD_TOKEN, MONEY, NUMBER_FORMAT, PERCENT, PHONE, type AppTypeSchema } from './scenarios.js';

type Fields = Record<string, unknown>;

/**
 * The schema the mock app holds (the runs the cases leave alone): `thing` is keyed by its field
 * `id` of type text (it has no field of type id), `group` by `code` (type id, its `id` a text
 * field), and `thing` relates to `group` by that key; a number and a text field take a format.
 */
const GOOD_THING: AppTypeSchema = {
  id: { name: 'Id', type: 'text' },
  name: { name: 'Name', type: 'text' },
  size: { name: 'Size', type: 'number' },
  price: { name: 'Price', type: 'number', format: MONEY },
  phone: { name: 'Phone', type: 'text', format: PHONE },
  groupCode: { name: 'Group Code', type: 'text', relation: { cardinality: 'many-to-one', name: 'Group', targetType: 'group', targetName: 'Things', targetFieldId: 'code' } },
};
const GOOD_GROUP: AppTypeSchema = { id: { name: 'Id', type: 'text' }, name: { name: 'Name', type: 'text' }, code: { name: 'Code', type: 'id' } };

export const SCENARIO = buildScenario({
  description: 'Two types whose schema a front replaces with malformed ones (schema-refused checks).',
  types: [
    { id: 'thing', name: 'Things' },
    { id: 'group', name: 'Groups' },
  ],
  schema: { thing: GOOD_THING, group: GOOD_GROUP },
  rows: { thing: [{ id: 't1', name: 'Thing 1', size: 1 }], group: [] },
});

/** A valid field every malformed schema adds to `thing`: a run that refuses the schema must not create it. */
export const FRESH_FIELD = { id: 'fresh', name: 'Fresh field' } as const;

/** The schema answer: the good fields of each type, then `thing`'s fresh field, then the given ones (a key given again keeps its place). */
function schemaWith(thing: Fields = {}, group: Fields = {}): JsonRecord {
  return {
    thing: { ...GOOD_THING, [FRESH_FIELD.id]: { name: FRESH_FIELD.name, type: 'text' }, ...thing },
    group: { ...GOOD_GROUP, ...group },
  };
}

/** An object holding `key` as its own property (also `__proto__`, which an object literal would take as the prototype). */
function own(key: string, value: unknown): Fields {
  const out: Fields = {};
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

const relation = (fields: Fields): Fields => ({ cardinality: 'many-to-one', name: 'Rel', targetType: 'group', targetName: 'Rel things', targetFieldId: 'code', ...fields });
const withRelation = (fields: Fields, field: Fields = {}): Fields => ({ rel: { name: 'Rel', type: 'text', ...field, relation: relation(fields) } });
const select = (options: unknown, subType = 'single-select'): Fields => ({ name: 'Pick', type: 'text', subType, options });

/** A malformed schema and the type (and field) the run's error must name. */
export interface RefusedCase {
  /** What is wrong, as the failure message says it. */
  why: string;
  /** The schema answer. */
  schema: unknown;
  /** The type at fault and the field at fault (absent: the whole type). `contract`: the answer breaks the app contract, and the error may name neither. */
  expect: { type: string; field?: string } | 'contract';
  /** Words of which the message must hold one, saying what is wrong (MAP-060); absent: not checked. */
  says?: readonly string[];
  /** Every field at fault when the rule is broken by several together (two keys, two titles): the message names each of them (MAP-060). */
  involves?: readonly string[];
}


const onThing = (field: string): RefusedCase['expect'] => ({ type: 'thing', field });

/** The edge of each rule (the quick profile draws all of them). */
export const EDGES: readonly RefusedCase[] = [
  { why: 'no entry for the source type "group"', schema: { thing: schemaWith()['thing'] }, expect: { type: 'group' }, says: ['fields'] },
  { why: 'a second field of type id in "group" ("ref", besides its key "code")', schema: schemaWith({}, { ref: { name: 'Ref', type: 'id' } }), expect: { type: 'group', field: 'ref' }, says: ['id'], involves: ['code', 'ref'] },
  // The second title's id does not hold the word "title": the message must say it beyond naming the field.
  { why: 'two text fields with subType title ("headline" and "caption")', schema: schemaWith({ headline: { name: 'Headline', type: 'text', subType: 'title' }, caption: { name: 'Caption', type: 'text', subType: 'title' } }), expect: onThing('caption'), says: ['title'], involves: ['headline', 'caption'] },
  {
    why: 'a number field with subType title listed before a text title field (a number field is no title, and number/title has no row of the mapping table)',
    schema: { ...schemaWith(), thing: { rank: { name: 'Rank', type: 'number', subType: 'title' }, ...(schemaWith({ headline: { name: 'Headline', type: 'text', subType: 'title' } })['thing'] as Fields) } },
    expect: onThing('rank'),
  },
  { why: 'an empty field id', schema: schemaWith({ '': { name: 'Nameless', type: 'text' } }), expect: onThing(''), says: ['field id'] },
  { why: 'the field id "__proto__"', schema: schemaWith(own('__proto__', { name: 'Proto', type: 'text' })), expect: onThing('__proto__'), says: ['field id'] },
  { why: 'the reserved field __syncAction of type number', schema: schemaWith({ __syncAction: { name: '__syncAction', type: 'number' } }), expect: onThing('__syncAction'), says: ['__syncAction'] },
  { why: 'the reserved field __syncAction with a subType', schema: schemaWith({ __syncAction: { name: '__syncAction', type: 'text', subType: 'url' } }), expect: onThing('__syncAction'), says: ['__syncAction'] },
  { why: 'the reserved field __syncAction with a relation', schema: schemaWith({ __syncAction: { name: '__syncAction', type: 'text', relation: relation({}) } }), expect: onThing('__syncAction'), says: ['__syncAction'] },
  { why: 'the row key "id" with a subType', schema: schemaWith({ id: { name: 'Id', type: 'text', subType: 'url' } }), expect: onThing('id'), says: ['row key'] },
  { why: 'the row key "id" with a relation', schema: schemaWith({ id: { name: 'Id', type: 'text', relation: relation({}) } }), expect: onThing('id'), says: ['row key'] },
  { why: 'the row key "id" of type date', schema: schemaWith({ id: { name: 'Id', type: 'date' } }), expect: onThing('id'), says: ['row key'] },
  { why: 'type number with subType url (no row of the mapping table)', schema: schemaWith({ link: { name: 'Link', type: 'number', subType: 'url' } }), expect: onThing('link'), says: ['subType'] },
  { why: 'a relation with an empty targetType', schema: schemaWith(withRelation({ targetType: '' })), expect: onThing('rel'), says: ['targetType'] },
  { why: 'a relation to a type outside the source with an empty targetFieldId', schema: schemaWith(withRelation({ targetType: 'elsewhere', targetFieldId: '' })), expect: onThing('rel'), says: ['targetFieldId'] },
  { why: 'a relation on a field of type number', schema: schemaWith(withRelation({}, { type: 'number' })), expect: onThing('rel'), says: ['relation'] },
  { why: 'a relation on a field with a subType', schema: schemaWith(withRelation({}, { subType: 'url' })), expect: onThing('rel'), says: ['subType'] },
  { why: 'a native relation to a type of the source, not svc/user', schema: schemaWith(withRelation({ kind: 'native' })), expect: onThing('rel'), says: ['native'] },
  { why: 'a relation to "group" naming its field "id", not its key "code"', schema: schemaWith(withRelation({ targetFieldId: 'id' })), expect: onThing('rel'), says: ['targetFieldId'] },
  { why: 'the phone format on a number field', schema: schemaWith({ amount: { name: 'Amount', type: 'number', format: PHONE } }), expect: onThing('amount'), says: ['format'] },
  { why: 'a format on a single select field', schema: schemaWith({ pick: { ...select([]), format: PHONE } }), expect: onThing('pick'), says: ['format'] },
  { why: 'an option whose name is blank', schema: schemaWith({ pick: select([{ name: 'Low' }, { name: '   ' }]) }), expect: onThing('pick') },
  { why: 'two options whose names are the same once trimmed ("Low" and " Low ")', schema: schemaWith({ pick: select([{ name: 'Low' }, { name: ' Low ' }]) }), expect: onThing('pick') },
  { why: 'an option whose default is "yes", not a boolean', schema: schemaWith({ pick: select([{ name: 'Low', default: 'yes' }]) }), expect: onThing('pick') },
  { why: 'an option whose type is "Blocked"', schema: schemaWith({ pick: select([{ name: 'Low', type: 'Blocked' }]) }), expect: onThing('pick') },
  { why: 'workflow options with two defaults', schema: schemaWith({ flow: select([{ name: 'A', default: true }, { name: 'B', default: true, final: true }], 'workflow') }), expect: onThing('flow') },
  { why: 'workflow options without a final one', schema: schemaWith({ flow: select([{ name: 'A', default: true }, { name: 'B', final: false }], 'workflow') }), expect: onThing('flow') },
];

/** Further cases of the full profile: the same rules elsewhere, and answers that break the app contract itself. */
export const MORE: readonly RefusedCase[] = [
  { why: 'two fields of type id in "thing" ("code" and "ref")', schema: schemaWith({ code: { name: 'Code', type: 'id' }, ref: { name: 'Ref', type: 'id' } }), expect: onThing('ref'), involves: ['code', 'ref'] },
  { why: 'type date with subType integer', schema: schemaWith({ when: { name: 'When', type: 'date', subType: 'integer' } }), expect: onThing('when') },
  { why: 'type array[text] with subType url', schema: schemaWith({ links: { name: 'Links', type: 'array[text]', subType: 'url' } }), expect: onThing('links') },
  { why: 'type text with subType day', schema: schemaWith({ day: { name: 'Day', type: 'text', subType: 'day' } }), expect: onThing('day') },
  { why: 'the row key "id" of type array[text]', schema: schemaWith({ id: { name: 'Id', type: 'array[text]' } }), expect: onThing('id') },
  { why: 'the row key "code" of "group" with a subType', schema: schemaWith({}, { code: { name: 'Code', type: 'id', subType: 'url' } }), expect: { type: 'group', field: 'code' } },
  { why: 'a format on a date field', schema: schemaWith({ due: { name: 'Due', type: 'date', format: MONEY } }), expect: onThing('due') },
  { why: 'a format on the row key', schema: schemaWith({ id: { name: 'Id', type: 'number', format: MONEY } }), expect: onThing('id') },
  { why: 'a format on a rich text field', schema: schemaWith({ body: { name: 'Body', type: 'text', subType: 'md', format: PHONE } }), expect: onThing('body') },
  { why: 'the Money format on a text field', schema: schemaWith({ note: { name: 'Note', type: 'text', format: MONEY } }), expect: onThing('note') },
  { why: 'a relation on a field of type date', schema: schemaWith(withRelation({}, { type: 'date' })), expect: onThing('rel') },
  { why: 'a relation to "group" with an empty targetFieldId', schema: schemaWith(withRelation({ targetFieldId: '' })), expect: onThing('rel') },
  { why: 'a people relation with an empty targetFieldId', schema: schemaWith(withRelation({ kind: 'native', targetType: 'svc/user', targetFieldId: '' })), expect: onThing('rel') },
  { why: 'a relation to "group" naming its field "name", not its key "code"', schema: schemaWith(withRelation({ targetFieldId: 'name' })), expect: onThing('rel') },
  { why: 'a native relation to a type outside the source', schema: schemaWith(withRelation({ kind: 'native', targetType: 'elsewhere' })), expect: onThing('rel') },
  { why: 'an option whose name is empty', schema: schemaWith({ tags: select([{ name: '' }], 'multi-select') }), expect: onThing('tags') },
  { why: 'two options of the same name', schema: schemaWith({ tags: select([{ name: 'red' }, { name: 'green' }, { name: 'red' }], 'multi-select') }), expect: onThing('tags') },
  { why: 'an option whose final is 1, not a boolean', schema: schemaWith({ pick: select([{ name: 'Low', final: 1 }]) }), expect: onThing('pick') },
  { why: 'workflow options without a default', schema: schemaWith({ flow: select([{ name: 'A' }, { name: 'B', final: true }], 'workflow') }), expect: onThing('flow') },
  { why: 'a workflow option whose type is "Done"', schema: schemaWith({ flow: select([{ name: 'A', default: true }, { name: 'B', final: true, type: 'Done' }], 'workflow') }), expect: onThing('flow') },
  // Answers outside the app contract (SchemaResponse): refused too, whatever they name.
  { why: 'a schema that is a string', schema: 'schema', expect: 'contract' },
  { why: 'a schema that is an array', schema: [schemaWith()], expect: 'contract' },
  { why: 'a schema that is null', schema: null, expect: 'contract' },
  { why: 'a type whose fields are an array', schema: { ...schemaWith(), group: Object.values(GOOD_GROUP) }, expect: 'contract' },
  { why: 'a type without its field "name"', schema: { ...schemaWith(), group: { id: GOOD_GROUP['id'], code: GOOD_GROUP['code'] } }, expect: 'contract' },
  { why: 'a field that is not an object', schema: schemaWith({ odd: 'text' }), expect: 'contract' },
  { why: 'a field that is null', schema: schemaWith({ odd: null }), expect: 'contract' },
  { why: 'a field without a type', schema: schemaWith({ odd: { name: 'Odd' } }), expect: 'contract' },
  { why: 'an unknown type "boolean"', schema: schemaWith({ odd: { name: 'Odd', type: 'boolean' } }), expect: 'contract' },
  { why: 'a subType that is a number', schema: schemaWith({ odd: { name: 'Odd', type: 'number', subType: 7 } }), expect: 'contract' },
  { why: 'a name that is a number', schema: schemaWith({ odd: { name: 7, type: 'text' } }), expect: 'contract' },
  { why: 'ignore "yes", not a boolean', schema: schemaWith({ odd: { name: 'Odd', type: 'text', ignore: 'yes' } }), expect: 'contract' },
  { why: 'a format that is a string', schema: schemaWith({ odd: { name: 'Odd', type: 'number', format: 'Money' } }), expect: 'contract' },
  { why: 'an unknown format name', schema: schemaWith({ odd: { name: 'Odd', type: 'number', format: { format: 'Currency' } } }), expect: 'contract' },
  { why: 'a relation that is a string', schema: schemaWith({ odd: { name: 'Odd', type: 'text', relation: 'group' } }), expect: 'contract' },
  // Not one-to-many: real apps send it and the real service syncs it (APP-085), so a server may take it.
  { why: 'the cardinality many-to-few', schema: schemaWith(withRelation({ cardinality: 'many-to-few' })), expect: 'contract' },
  { why: 'a relation name that is a number', schema: schemaWith(withRelation({ name: 7 })), expect: 'contract' },
  { why: 'options that are an object', schema: schemaWith({ odd: select({ name: 'Low' }) }), expect: 'contract' },
  { why: 'an option colour that is null', schema: schemaWith({ odd: select([{ name: 'Low', color: null }]) }), expect: 'contract' },
];

/** A schema close to refused ones that must be taken. */
export interface AcceptedCase {
  why: string;
  /** The fields added to (or replaced in) `thing`. */
  thing: Fields;
}

/** The accepted neighbours of the edges (the quick profile takes them in one run, the full profile one run each, then more). */
export const ACCEPTED: readonly AcceptedCase[] = [
  { why: 'options (an empty name, a repeated one) on a text field that is no select, which ignores them', thing: { note: { name: 'Note', type: 'text', options: [{ name: '' }, { name: 'a' }, { name: 'a' }] } } },
  { why: 'a workflow with an empty options list (as without options: inferred)', thing: { stage: { name: 'Stage', type: 'text', subType: 'workflow', options: [] } } },
  { why: 'a relation to a type outside the source naming any field', thing: { extRef: { name: 'Ext Ref', type: 'text', relation: { cardinality: 'one-to-one', name: 'Ext', targetType: 'elsewhere', targetFieldId: 'name' } } } },
  { why: 'the row key "id" of type number', thing: { id: { name: 'Id', type: 'number' } } },
  { why: 'the Percent format on a number field, the Number format on an integer field', thing: { ratio: { name: 'Ratio', type: 'number', format: PERCENT }, units: { name: 'Units', type: 'number', subType: 'integer', format: NUMBER_FORMAT } } },
];

/** Further accepted neighbours of the full profile (the mapping-* checks take such schemas in every profile). */
export const MORE_ACCEPTED: readonly AcceptedCase[] = [
  {
    why: 'a single select without options, one whose options have a colour, an icon, default and final false and a type, a workflow with one default and one final option',
    thing: {
      kind: { name: 'Kind', type: 'text', subType: 'single-select' },
      pick: select([{ name: 'Low', color: '#d0f0c0', icon: 'turtle', default: false, final: false }, { name: 'High', type: 'Started' }]),
      flow: { ...select([{ name: 'Open', default: true }, { name: 'Doing', type: 'Started' }, { name: 'Closed', final: true }], 'workflow'), name: 'Flow' },
    },
  },
  {
    why: 'a many-to-many relation on an array[text] field, a people relation by e-mail, __syncAction of type text',
    thing: {
      groupCodes: { name: 'Group Codes', type: 'array[text]', relation: { cardinality: 'many-to-many', name: 'Groups', targetType: 'group', targetName: 'Member things', targetFieldId: 'code' } },
      owner: { name: 'Owner', type: 'text', relation: { cardinality: 'many-to-one', name: 'Owner', targetType: 'svc/user', targetFieldId: 'user/email', kind: 'native' } },
      __syncAction: { name: '__syncAction', type: 'text' },
    },
  },
  { why: 'ignore and readonly false, the phone format on a title field', thing: { quiet: { name: 'Quiet', type: 'text', ignore: false, readonly: false }, headline: { name: 'Headline', type: 'text', subType: 'title', format: PHONE } } },
  { why: 'a workflow option both default and final, options whose names differ only in case', thing: { once: select([{ name: 'Only', default: true, final: true }], 'workflow'), cased: select([{ name: 'low' }, { name: 'Low' }], 'multi-select') } },
  { why: 'a people relation by name (targetFieldId user/name) on an array[text] field', thing: { people: { name: 'People', type: 'array[text]', relation: { cardinality: 'many-to-many', name: 'People', targetType: 'svc/user', targetFieldId: 'user/name', kind: 'native' } } } },
  { why: 'the row key "id" of type id with a title field of type text', thing: { id: { name: 'Id', type: 'id' }, headline: { name: 'Headline', type: 'text', subType: 'title' } } },
];

/** The schema answer of accepted neighbours (all of them at once). */
export function acceptedSchema(cases: readonly AcceptedCase[]): JsonRecord {
  return schemaWith(Object.assign({}, ...cases.map((c) => c.thing)) as Fields);
}

/** The front that answers `next` (when set) to the schema requests; every other answer is the mock app's. */
export interface SchemaSwitch {
  /** The schema answer of the following requests; undefined: the mock app's own. */
  next: unknown;
  /** Config types to add to the mock app's (e.g. one named `__proto__`). */
  extraTypes: Array<{ id: string; name: string }>;
}

/**
 * A front (integration.ts `front`) that answers the schema requests itself with `state.next`
 * (when set; 200, whatever the mock app would say) and adds `state.extraTypes` to the config
 * answer; every other request goes to the mock app.
 */
export function schemaFront(state: SchemaSwitch): (appUrl: string) => Promise<Front> {
  const withTypes = (method: string, path: string, status: number, bytes: Buffer): Buffer => {
    if (method !== 'POST' || path !== APP_PATHS.config || status !== 200 || state.extraTypes.length === 0) return bytes;
    const body = JSON.parse(bytes.toString('utf8')) as unknown;
    if (!isRecord(body) || !Array.isArray(body['types'])) return bytes;
    return Buffer.from(JSON.stringify({ ...body, types: [...body['types'], ...state.extraTypes] }), 'utf8');
  };
  return (appUrl) =>
    listenFront(
      createServer((req, res) => {
        const path = (req.url ?? '/').split('?')[0];
        if (req.method === 'POST' && path === APP_PATHS.schema && state.next !== undefined) {
          req.resume();
          const bytes = Buffer.from(JSON.stringify(state.next), 'utf8');
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(bytes.length) });
          res.end(bytes);
          return;
        }
        forward(appUrl, req, res, withTypes).catch(() => {
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
          res.end('{"message":"the conformance front could not reach the mock app"}');
        });
      }),
    );
}

/** Starts the mock app behind a schema front, adds the account and the source of both types (no first sync). */
export async function withSchemaFront<T>(ctx: CheckContext, body: (it: Integration, state: SchemaSwitch) => Promise<T>): Promise<T> {
  const state: SchemaSwitch = { next: undefined, extraTypes: [] };
  return withIntegration(ctx, SCENARIO, { sync: false, front: schemaFront(state) }, (it) => body(it, state));
}

/** Starts the mock app behind a schema front and adds the account only; `leftovers` takes what a check adds. */
export async function withSchemaAccount<T>(ctx: CheckContext, body: (account: IntegrationAccount, state: SchemaSwitch, leftovers: Leftovers) => Promise<T>): Promise<T> {
  const state: SchemaSwitch = { next: undefined, extraTypes: [] };
  return withMockApp(ctx, SCENARIO, async (app, leftovers) => {
    const front = await schemaFront(state)(app.url);
    leftovers.last.push(() => front.close());
    const account = await addAccount(ctx, { appUrl: front.url, accountType: ACCOUNT_TYPE, fields: { token: GOOD_TOKEN } });
    leftovers.accounts.push(account.id);
    return body(account, state, leftovers);
  });
}

/** The error refusing the case's schema: app-failed, data.operation `schema`, and the case's type and field. */
function expectSchemaError(error: ErrorBody, c: RefusedCase, what: string, res: HttpResponse | undefined): void {
  const data = isRecord(error.data) ? error.data : {};
  const shown = `${error.name} ${JSON.stringify(error.data ?? null)}`;
  if (error.name !== 'integration.error/app-failed' || data['operation'] !== 'schema') fail(`${what} has the error ${shown}, expected integration.error/app-failed with data.operation "schema"`, res);
  if (c.expect === 'contract') return;
  const expected = c.expect.field === undefined ? `data.type ${JSON.stringify(c.expect.type)} and no data.field` : `data.type ${JSON.stringify(c.expect.type)} and data.field ${JSON.stringify(c.expect.field)}`;
  if (data['type'] !== c.expect.type || data['field'] !== c.expect.field) fail(`${what} has the error ${shown}, expected ${expected} (the type and the field at fault)`, res);
}

/** Runs a sync with the case's schema; it must fail with app-failed naming operation `schema`, the type and the field. Answers the run and its error. */
export async function expectRefusedRun(ctx: CheckContext, it: Integration, state: SchemaSwitch, c: RefusedCase, req: string): Promise<{ run: SyncRun; error: ErrorBody }> {
  state.next = c.schema;
  const { run, res } = await runSync(ctx, it.source.id);
  const sent = `${req}: the app answered the schema with ${c.why}`;
  if (run.status !== 'failed' || !isRecord(run.error)) {
    fail(`${sent}; the sync run ${run.id} ended "${run.status}"${run.error ? ` with ${JSON.stringify(run.error)}` : ''}, expected "failed" with integration.error/app-failed`, res);
  }
  const error = expectClearError(run as SyncRun & { error: ErrorBody }, sent, res);
  expectSchemaError(error, c, `${sent}; the failed run ${run.id}`, res);
  return { run, error };
}

/**
 * Adds a source of `types` into a fresh Space while the app answers the case's schema: it must be
 * refused (422, the case's error) and the Space must hold nothing. Answers the error.
 */
export async function expectRefusedSource(ctx: CheckContext, account: IntegrationAccount, state: SchemaSwitch, leftovers: Leftovers, c: RefusedCase, types: string[], req: string): Promise<ErrorBody> {
  state.next = c.schema;
  const space = uniqueSpaceName(ctx);
  leftovers.spaces.push(space);
  const what = `${req}: adding a source of ${types.map((t) => `"${t}"`).join(', ')} while the app answers the schema with ${c.why}`;
  const res = await addSourceRaw(ctx, { accountId: account.id, space, types });
  if (res.status === 201 && isRecord(res.json) && typeof res.json['id'] === 'string') leftovers.sources.push(res.json['id']);
  expectStatus(res, 422, what);
  const error = expectAdminError(res, what);
  expectSchemaError(error, c, `${what}: the answer`, res);
  const created = [...(await readSchema(ctx)).byName.keys()].filter((n) => n.startsWith(`${space}/`));
  if (created.length > 0) fail(`${what}: the source was refused, yet the Space ${space} holds ${created.join(', ')}`, lastResponse(ctx));
  return error;
}

/** No field the refused schemas added exists, and the runs wrote no Entity. */
export async function expectNothingWritten(ctx: CheckContext, it: Integration, req: string, what: string): Promise<void> {
  const view = await it.schema();
  const things = it.database('thing');
  const fresh = it.field(FRESH_FIELD.name);
  if (view.field(things, fresh)) fail(`${req}: ${what}; each schema also added the valid field "${FRESH_FIELD.id}", yet ${things} has the field ${fresh}: a refused schema must create nothing`, view.res);
  const rows = await it.entities('thing', view);
  if (rows.length > 0) fail(`${req}: ${what}; no run got past the schema, yet ${things} holds ${rows.length} Entities (first: ${JSON.stringify(rows[0]).slice(0, 200)})`, lastResponse(ctx));
}
