/**
 * The workspace schema as \`svc.schema/query\` lists it, with lookups of types and fields by name:
 * the one reader every check uses to see which Databases and fields a server has.
 */
import type { components } from '../../generated/service/types.js';
import { expectSuccess, fail } from './assert.js';
import type { CheckContext } from './check.js';
import { SCHEMA_QUERY } from './fixtures.js';
import type { HttpResponse } from './http.js';
import { isRecord } from './shapes.js';

type Schemas = components['schemas'];
export type WorkspaceSchema = Schemas['WorkspaceSchema'];
export type SchemaType = Schemas['SchemaType'];
export type SchemaField = Schemas['SchemaField'];

/** The workspace schema with lookups by name. */
export class SchemaView {
  /** The types that hold Entities (Databases, enum and system types), by name. */
  readonly byName: Map<string, SchemaType>;
  /** The primitive field types the schema lists (`svc/primitive?`): names of value types, not of Databases. */
  readonly primitives: ReadonlySet<string>;

  /** `res`: the svc.schema/query exchange, for the curl line of failures. */
  constructor(
    readonly schema: WorkspaceSchema,
    readonly res?: HttpResponse,
  ) {
    const live = schema['svc/types'].filter((t) => t['svc/deleted?'] !== true);
    const primitive = (t: SchemaType) => t['svc/meta']['svc/primitive?'] === true;
    this.byName = new Map(live.filter((t) => !primitive(t)).map((t) => [t['svc/name'], t]));
    this.primitives = new Set(live.filter(primitive).map((t) => t['svc/name']));
  }

  type(name: string): SchemaType | undefined {
    return this.byName.get(name);
  }

  /** The type, or a check failure naming what was looked for. */
  requireType(name: string, what: string): SchemaType {
    const type = this.type(name);
    if (!type) fail(`${what}: svc.schema/query lists no type "${name}"; types of that Space: ${this.namesLike(name).join(', ') || 'none'}`, this.res);
    return type;
  }

  field(typeName: string, fieldName: string): SchemaField | undefined {
    return this.type(typeName)?.['svc/fields'].find((f) => f['svc/name'] === fieldName);
  }

  requireField(typeName: string, fieldName: string, what: string): SchemaField {
    const type = this.requireType(typeName, what);
    const field = type['svc/fields'].find((f) => f['svc/name'] === fieldName);
    if (!field) fail(`${what}: Database ${typeName} has no field "${fieldName}"; its fields: ${type['svc/fields'].map((f) => f['svc/name']).join(', ')}`, this.res);
    return field;
  }

  isEnum(typeName: string): boolean {
    return this.type(typeName)?.['svc/meta']['svc/enum?'] === true;
  }

  /** Type names sharing the Space prefix of `name` (for messages). */
  namesLike(name: string): string[] {
    const space = name.includes('/') ? name.slice(0, name.indexOf('/') + 1) : name;
    return [...this.byName.keys()].filter((n) => n.startsWith(space) || n.includes(`_${space}`));
  }
}

export async function readSchema(ctx: CheckContext): Promise<SchemaView> {
  const res = await ctx.http.command(SCHEMA_QUERY);
  const result = expectSuccess(res, 'reading the workspace schema with svc.schema/query');
  if (!isRecord(result) || !Array.isArray(result['svc/types'])) fail('svc.schema/query answered no {svc/types: [...]}', res);
  return new SchemaView(result as unknown as WorkspaceSchema, res);
}

/**
 * The mixins `app/mixins` names: a map `{<mixin>: true}` (the spec's form, the public API's) or a
 * list of names (an older form), each name as often as it is listed.
 */
export function mixinNames(mixins: unknown): string[] {
  if (Array.isArray(mixins)) return mixins.filter((m): m is string => typeof m === 'string');
  if (typeof mixins === 'object' && mixins !== null) return Object.entries(mixins).filter(([, on]) => on === true).map(([name]) => name);
  return [];
}
