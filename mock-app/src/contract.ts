// The integration-app contract (spec/app.openapi.yaml) as data: its path and parsed document for
// the request/response validator, and its component schemas for ajv, so that scenario files can
// refer to the spec's own definitions (SchemaField, Filter, ...) instead of copies of them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { components } from '../../generated/app/types.js';

export type AppSchemas = components['schemas'];
export type AppInformation = AppSchemas['AppInformation'];
export type AuthenticationEntry = AppSchemas['AuthenticationEntry'];
export type AppType = AppSchemas['Type'];
export type AppFilter = AppSchemas['Filter'];
export type AppSchema = AppSchemas['SchemaResponse'];
export type AppTypeSchema = AppSchemas['TypeSchema'];
export type AppSchemaField = AppSchemas['SchemaField'];
export type AppDataRow = AppSchemas['DataRow'];
export type AppDataRequest = AppSchemas['DataRequest'];
export type AppDataResponse = AppSchemas['DataResponse'];
export type DatalistItem = AppSchemas['DatalistResponse']['items'][number];
export type AppWebhookRegistration = AppSchemas['WebhookRegistration'];

export const APP_SPEC_PATH = fileURLToPath(new URL('../../spec/app.openapi.yaml', import.meta.url));

/** `$id` under which the spec's component schemas are registered in ajv (as `$defs`). */
export const CONTRACT_SCHEMA_ID = 'https://svc-kit.local/app.openapi.json';

let cached: Record<string, unknown> | undefined;

/** The parsed contract document (a fresh copy: the validator may change what it is given). */
export function appSpecDocument(): Record<string, unknown> {
  cached ??= parse(readFileSync(APP_SPEC_PATH, 'utf8')) as Record<string, unknown>;
  return structuredClone(cached);
}

/** Rewrites `#/components/schemas/X` to `#/$defs/X` and drops OpenAPI-only keywords. */
function asJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asJsonSchema);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'example' || key === 'discriminator') continue;
    out[key] = key === '$ref' && typeof inner === 'string' ? inner.replace('#/components/schemas/', '#/$defs/') : asJsonSchema(inner);
  }
  return out;
}

/** The spec's component schemas as one JSON Schema document (draft 2020-12) with `$id` CONTRACT_SCHEMA_ID. */
export function contractSchemaDocument(): Record<string, unknown> {
  const components = appSpecDocument().components as { schemas: Record<string, unknown> };
  return { $id: CONTRACT_SCHEMA_ID, $defs: asJsonSchema(components.schemas) };
}

/** Property names a SchemaField may have (the spec's list), to catch typos such as `subtype`. */
export function schemaFieldProperties(): string[] {
  const components = appSpecDocument().components as { schemas: { SchemaField: { properties: Record<string, unknown> } } };
  return Object.keys(components.schemas.SchemaField.properties);
}
