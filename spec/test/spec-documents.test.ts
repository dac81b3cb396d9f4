// The hand-written spec documents keep the rules of the kit: every schema described and with an
// example, every operation documented, the GraphQL filters exactly the contract's operator table.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildASTSchema, isInputObjectType, parse as parseGraphql, validateSchema } from 'graphql';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const read = (file: string) => readFileSync(root + file, 'utf8');

interface OpenApi {
  paths: Record<string, Record<string, { operationId?: string; description?: string; responses?: object }>>;
  webhooks?: Record<string, Record<string, { operationId?: string; description?: string }>>;
  components: { schemas: Record<string, { description?: string; example?: unknown; examples?: unknown[] }> };
}

describe.each(['service.openapi.yaml', 'app.openapi.yaml'])('%s', (file) => {
  const doc = parse(read(file)) as OpenApi;

  it('gives every component schema a description and an example', () => {
    const missing = Object.entries(doc.components.schemas)
      .filter(([, s]) => !s.description || (s.example === undefined && s.examples === undefined))
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('gives every operation an operationId and a description', () => {
    const operations = [...Object.values(doc.paths), ...Object.values(doc.webhooks ?? {})].flatMap((item) =>
      Object.entries(item).filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method)),
    );
    expect(operations.length).toBeGreaterThan(5);
    for (const [, op] of operations) {
      expect(op.operationId).toBeTruthy();
      expect(op.description).toBeTruthy();
    }
  });
});

describe('GraphQL SDL', () => {
  const common = read('graphql/common.graphql');

  it('builds and validates with an example Space', () => {
    const schema = buildASTSchema(parseGraphql(common + '\n' + read('graphql/example-space.graphql')));
    expect(validateSchema(schema)).toEqual([]);
  });

  it('has exactly the operators of the contract per scalar filter', () => {
    const schema = buildASTSchema(parseGraphql(common + '\ntype Query { _: Boolean }'));
    const fields = (name: string) => {
      const type = schema.getType(name);
      if (!isInputObjectType(type)) throw new Error(`${name} is not an input`);
      return Object.keys(type.getFields()).sort();
    };
    const numeric = ['greater', 'greaterOrEquals', 'in', 'is', 'isNot', 'isNull', 'less', 'lessOrEquals', 'notIn'];
    expect(fields('StringFilter')).toEqual([...numeric, 'contains', 'notContains'].sort());
    expect(fields('IntFilter')).toEqual(numeric);
    expect(fields('FloatFilter')).toEqual(numeric);
    expect(fields('BooleanFilter')).toEqual(['is', 'isNull']);
    expect(fields('IDFilter')).toEqual(['in', 'is', 'isNot', 'isNull', 'notIn']);
  });
});
