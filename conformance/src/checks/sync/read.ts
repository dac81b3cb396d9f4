/**
 * Reading what a sync wrote, through the command API only: the workspace schema
 * (`svc.schema/query`) with lookups of types and fields, and every Entity of a Database with each
 * field selected in the shape that compares well (select and workflow values by `enum/name`,
 * people by `user/email` and `user/name`, integration relations by the target's `svc/id`, rich
 * text by its document secret), paged by the cursor rule.
 */
import type { components } from '../../../../generated/service/types.js';
import { fail } from '../../assert.js';
import type { CheckContext } from '../../check.js';
import type { SchemaField, SchemaType, SchemaView } from '../../schema-view.js';
import { isRecord, type JsonRecord } from '../../shapes.js';
import { run } from '../../workspace.js';

type Schemas = components['schemas'];

export const RICH_TEXT_TYPE = 'Collaboration~Documents/Document';
export const RICH_TEXT_SECRET = 'Collaboration~Documents/secret';
export const FILE_TYPE = 'file/file';
export const USER_TYPE = 'svc/user';
export const ICON_FIELD = 'icon/icon';
export const AVATAR_FIELD = 'avatar/avatar';
export const SYSTEM_FIELDS: ReadonlySet<string> = new Set(['svc/id', 'svc/public-id', 'svc/creation-date', 'svc/modification-date', 'svc/created-by']);

/** Largest page the cursor rule reads (spec: 1000, query limit 1001). */
const PAGE = 1000;

export type SelectItem = string | Record<string, unknown>;

/** Every Entity of a Database matching `where`, with `select`, in `svc/id` order, paged by the cursor rule. */
export async function queryAll(ctx: CheckContext, database: string, select: SelectItem[], where?: unknown[], params: JsonRecord = {}): Promise<JsonRecord[]> {
  const out: JsonRecord[] = [];
  let last: string | undefined;
  for (;;) {
    const cursor = last === undefined ? undefined : ['>', ['svc/id'], '$sync-last-seen-id'];
    const condition = where && cursor ? ['q/and', where, cursor] : (where ?? cursor);
    const query = {
      'q/from': database,
      'q/select': select.includes('svc/id') ? select : ['svc/id', ...select],
      'q/order-by': [[['svc/id'], 'q/asc']],
      'q/limit': PAGE + 1,
      ...(condition ? { 'q/where': condition } : {}),
    } as unknown as Schemas['Query'];
    const allParams = last === undefined ? params : { ...params, '$sync-last-seen-id': last };
    const result = await run(
      ctx,
      { command: 'svc.entity/query', args: { query, ...(Object.keys(allParams).length > 0 ? { params: allParams } : {}) } },
      `reading the Entities of ${database}`,
    );
    if (!Array.isArray(result) || !result.every(isRecord)) fail(`svc.entity/query of ${database} answered ${JSON.stringify(result)?.slice(0, 200)}, not an array of Entities`);
    const page = result as JsonRecord[];
    out.push(...page.slice(0, PAGE));
    if (page.length <= PAGE) return out;
    last = String(page[PAGE - 1]?.['svc/id']);
  }
}

/** How a field of a synchronized Database is selected and compared. */
export type FieldShape = 'value' | 'enum' | 'enum-many' | 'user' | 'users' | 'relation' | 'relations' | 'rich-text' | 'files';

export function fieldShape(schema: SchemaView, field: SchemaField): FieldShape {
  const type = field['svc/type'];
  const many = field['svc/meta']['svc/collection?'] === true;
  if (type === RICH_TEXT_TYPE) return 'rich-text';
  if (type === FILE_TYPE) return 'files';
  if (type === USER_TYPE) return many ? 'users' : 'user';
  if (schema.isEnum(type)) return many ? 'enum-many' : 'enum';
  if (schema.type(type)) return many ? 'relations' : 'relation';
  return 'value';
}

function selectItem(schema: SchemaView, field: SchemaField): SelectItem {
  const name = field['svc/name'];
  switch (fieldShape(schema, field)) {
    case 'enum':
    case 'enum-many':
      return { [name]: ['svc/id', 'enum/name'] };
    case 'user':
    case 'users':
      return { [name]: ['svc/id', 'user/email', 'user/name'] };
    case 'relation':
    case 'relations':
      return { [name]: ['svc/id'] };
    case 'rich-text':
      return { [name]: [RICH_TEXT_SECRET] };
    default:
      return name;
  }
}

/** The fields a sync wrote or may read (every field but the system ones). */
export function dataFields(type: SchemaType): SchemaField[] {
  return type['svc/fields'].filter((f) => !SYSTEM_FIELDS.has(f['svc/name']));
}

/** Every Entity of a synchronized Database with every field (and `svc/modification-date`). */
export async function readEntities(ctx: CheckContext, schema: SchemaView, database: string, what: string): Promise<JsonRecord[]> {
  const type = schema.requireType(database, what);
  const select: SelectItem[] = ['svc/id', 'svc/modification-date', ...dataFields(type).map((f) => selectItem(schema, f))];
  return queryAll(ctx, database, select);
}

/** An option of a select or workflow enum type, as stored. */
export interface EnumValue {
  id: string;
  name: string;
  color: unknown;
  icon: unknown;
  rank: unknown;
  final: unknown;
  workflowType: unknown;
}

/** The values of an enum type, in rank order (then creation order). */
export async function readEnumValues(ctx: CheckContext, schema: SchemaView, enumType: string, what: string): Promise<EnumValue[]> {
  const type = schema.requireType(enumType, what);
  const has = (name: string) => type['svc/fields'].some((f) => f['svc/name'] === name);
  const select = ['svc/id', 'enum/name', ...['enum/color', 'enum/icon', 'svc/rank', 'workflow/Final', 'workflow/Type'].filter(has)];
  const rows = await queryAll(ctx, enumType, select);
  const values = rows.map(
    (r): EnumValue => ({
      id: String(r['svc/id']),
      name: String(r['enum/name']),
      color: r['enum/color'] ?? null,
      icon: r['enum/icon'] ?? null,
      rank: r['svc/rank'] ?? null,
      final: r['workflow/Final'] ?? null,
      workflowType: workflowTypeName(r['workflow/Type']),
    }),
  );
  const rank = (v: EnumValue) => (typeof v.rank === 'number' ? v.rank : Number.MAX_SAFE_INTEGER);
  return values.map((v, i) => ({ v, i })).sort((a, b) => rank(a.v) - rank(b.v) || a.i - b.i).map(({ v }) => v);
}

/** `workflow/Type` may be a text or a reference to an enum value; answers its name. */
function workflowTypeName(value: unknown): unknown {
  if (isRecord(value)) return value['enum/name'] ?? value['svc/id'] ?? null;
  return value ?? null;
}

/** The name of the to-one enum value of a field (`{enum/name}` or null). */
export function enumName(value: unknown): string | null {
  return isRecord(value) && typeof value['enum/name'] === 'string' ? value['enum/name'] : null;
}

/** The names of a collection of enum values, sorted. */
export function enumNames(value: unknown): string[] {
  return (Array.isArray(value) ? value : []).map(enumName).filter((n): n is string => n !== null).sort();
}
