// The service spec as data, for the few places that need its values at run time (the names a
// discriminated `command` may take, the access level of each operation and command). Read once.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const SERVICE_SPEC_PATH = fileURLToPath(new URL('../../../spec/service.openapi.yaml', import.meta.url));

interface SpecShape {
  paths: Record<string, Record<string, { 'x-svc-access'?: string } | undefined>>;
  components: { schemas: Record<string, { discriminator?: { mapping?: Record<string, string> }; 'x-svc-access'?: string }> };
}

const spec = parse(readFileSync(SERVICE_SPEC_PATH, 'utf8')) as SpecShape;

/** The whole document, for a validator of a part of it (server/src/http/command-validation.ts). */
export const SPEC_DOCUMENT: Readonly<Record<string, unknown>> = spec as unknown as Record<string, unknown>;

function discriminatorValues(schema: string): string[] {
  return Object.keys(spec.components.schemas[schema]?.discriminator?.mapping ?? {});
}

/** Every value a `command` property may take, by the schema that discriminates on it. */
export const COMMAND_NAMES = {
  command: discriminatorValues('Command'),
  schemaOperation: discriminatorValues('SchemaOperation'),
  documentCommand: discriminatorValues('DocumentCommand'),
};

/** `x-svc-access` of every command schema a discriminator names, by command name (`svc.entity/create`, `get-documents`). */
export const COMMAND_ACCESS: ReadonlyMap<string, string | undefined> = new Map(
  ['Command', 'DocumentCommand'].flatMap((holder) =>
    Object.entries(spec.components.schemas[holder]?.discriminator?.mapping ?? {}).map(([name, ref]) => [name, spec.components.schemas[ref.replace('#/components/schemas/', '')]?.['x-svc-access']] as const),
  ),
);

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** `x-svc-access` of every operation, by `<METHOD> <OpenAPI path>` (`PUT /api/documents/{secret}`). */
export const OPERATION_ACCESS: ReadonlyMap<string, string | undefined> = new Map(
  Object.entries(spec.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation?.['x-svc-access']] as const),
  ),
);
