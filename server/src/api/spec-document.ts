// The service spec as data, for the few places that need its values at run time (the names a
// discriminated `command` may take). Read once.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const SERVICE_SPEC_PATH = fileURLToPath(new URL('../../../spec/service.openapi.yaml', import.meta.url));

interface SpecShape {
  components: { schemas: Record<string, { discriminator?: { mapping?: Record<string, string> } }> };
}

const spec = parse(readFileSync(SERVICE_SPEC_PATH, 'utf8')) as SpecShape;

function discriminatorValues(schema: string): string[] {
  return Object.keys(spec.components.schemas[schema]?.discriminator?.mapping ?? {});
}

/** Every value a `command` property may take, by the schema that discriminates on it. */
export const COMMAND_NAMES = {
  command: discriminatorValues('Command'),
  schemaOperation: discriminatorValues('SchemaOperation'),
  documentCommand: discriminatorValues('DocumentCommand'),
};
