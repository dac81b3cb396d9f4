// What the parts of the integration engine hand each other: the app contract's shapes (generated
// from spec/app.openapi.yaml), the stored account and source, the mapping of an app type to its
// Database, and a data row converted for writing. The rules are written in spec/integrations.md.
import type { components } from '../../../generated/app/types.js';

type AppSchemas = components['schemas'];
export type AppInformation = AppSchemas['AppInformation'];
export type AppConfig = AppSchemas['ConfigResponse'];
export type AppSchema = AppSchemas['SchemaResponse'];
export type AppTypeSchema = AppSchemas['TypeSchema'];
export type AppSchemaField = AppSchemas['SchemaField'];
export type AppRelation = AppSchemas['Relation'];
export type AppDataRequest = AppSchemas['DataRequest'];
export type AppDataResponse = AppSchemas['DataResponse'];
export type AppDataRow = AppSchemas['DataRow'];
export type AppWebhookRegistration = AppSchemas['WebhookRegistration'];
export type AppTransformResponse = AppSchemas['TransformResponse'];
export type AppValidateResponse = AppSchemas['ValidateResponse'];

/** An account as stored (with its credentials). */
export interface AccountRecord {
  id: string;
  appUrl: string;
  appName: string;
  accountType: string;
  name: string;
  fields: Record<string, unknown>;
  createdAt: string;
  /** Deviations from the app contract tolerated when the app was read (app/deviations.ts). */
  warnings: string[];
}

/** A source as stored. */
export interface SourceRecord {
  id: string;
  accountId: string;
  space: string;
  /** App type ids, in the order they are synchronized. */
  types: string[];
  filter: Record<string, unknown>;
  keepUnsynced: boolean;
  mapping: SourceMapping;
  webhook: AppWebhookRegistration | null;
  lastSynchronizedAt: string | null;
  /** The user who added the source: the sync's writes are made in their name. */
  createdBy: string;
  createdAt: string;
}

/** How each app type of a source lands in the workspace. */
export interface SourceMapping {
  types: Record<string, TypeMapping>;
}

export interface TypeMapping {
  appType: string;
  /** The Database (`<Space>/<Name>`). */
  database: string;
  /** App field id of the row key (the field of type `id`; `id` by default). */
  keyField: string;
  /** Workspace field `<Space>/deleted in source` (text, `yes` / `no`). */
  deletedInSourceField: string;
  /** Per app field id (fields of the app schema, `__syncAction` included). */
  fields: Record<string, FieldMapping>;
  /** Workspace fields the sync created (system fields excluded): any other field was added by an administrator. */
  ownFields: string[];
}

/** Conversions of a scalar value (spec/integrations.md, "Values"). */
export type ValueKind =
  | 'text'
  | 'url'
  | 'email'
  | 'bool'
  | 'integer'
  | 'decimal'
  | 'date'
  | 'date-time'
  | 'date-range'
  | 'date-time-range'
  | 'location';

export type FieldMapping =
  /** A primitive field (`field` is the workspace field name). The key field and ignored fields are `value` too. */
  | { kind: 'value'; field: string; value: ValueKind }
  | { kind: 'rich-text'; field: string; format: 'md' | 'html' }
  /** Icons extension: field `icon/icon`. */
  | { kind: 'icon'; field: string }
  /** Avatar extension: field `avatar/avatar`. */
  | { kind: 'avatar'; field: string }
  /** Single select, multi select or workflow: a relation to the enum type `enumType`. */
  | { kind: 'select'; field: string; enumType: string; multi: boolean; workflow: boolean }
  | { kind: 'files'; field: string; multi: boolean }
  /** People relation to `svc/user`, matched by `user/email` or `user/name`. */
  | { kind: 'people'; field: string; multi: boolean; match: 'email' | 'name' }
  /**
   * Integration relation: `keyField` is the hidden text field holding the key(s) (a JSON array
   * for a many-to-many relation), `field` the relation field on this Database, whose other end
   * (the collection named by `targetName`) is on the Database of `targetAppType`.
   */
  | { kind: 'relation'; keyField: string; field: string; targetAppType: string; multi: boolean }
  /** `__syncAction`: a hidden text field. */
  | { kind: 'sync-action'; field: string };

/** A file a row refers to. */
export interface FileReference {
  /** The URL as delivered (`app://resource?...` included). */
  url: string;
  /** `__file-key` of the URL when it has one, else the URL: a file with the same key is the same file. */
  key: string;
  /** File name: the last path segment of `url` (or `params.url`'s) or `file`. */
  name: string;
  /** For `app://resource?...`: every query parameter of the address, passed to the app's `resource`. */
  resource?: Record<string, string>;
}

/** One data row, converted: what the sync engine writes for it. */
export interface ConvertedRow {
  key: string;
  syncAction: 'SET' | 'REMOVE';
  /** Primitive field values by workspace field name (null clears). */
  values: Record<string, unknown>;
  /** Option names per select field (created in the enum type when missing). */
  selects: { field: string; enumType: string; workflow: boolean; multi: boolean; names: string[] }[];
  /** User e-mails or names per people field. */
  people: { field: string; multi: boolean; match: 'email' | 'name'; values: string[] }[];
  /** Keys of target rows per integration relation. */
  relations: { field: string; keyField: string; targetAppType: string; multi: boolean; keys: string[] }[];
  richText: { field: string; format: 'md' | 'html'; content: string }[];
  files: { field: string; multi: boolean; files: FileReference[] }[];
}
