// graphql-codegen: TypeScript types for the SDL shared by every Space (spec/graphql/common.graphql),
// for the example Space (common + example-space), and typed operations for the demo Space (common +
// demo-space, the SDL the server generates for the seeded demo; operations in
// spec/graphql/operations/demo). Run through `make generate`.
import type { CodegenConfig } from '@graphql-codegen/cli';

const scalars = { ID: 'string' };

const config: CodegenConfig = {
  overwrite: true,
  generates: {
    'generated/graphql/example-space.ts': {
      schema: ['spec/graphql/common.graphql', 'spec/graphql/example-space.graphql'],
      plugins: ['typescript'],
      config: { scalars, enumsAsTypes: true, useTypeImports: true },
    },
    'generated/graphql/demo-space.ts': {
      schema: ['spec/graphql/common.graphql', 'spec/graphql/demo-space.graphql'],
      documents: ['spec/graphql/operations/demo/*.graphql'],
      plugins: ['typescript', 'typescript-operations'],
      config: { scalars, enumsAsTypes: true, useTypeImports: true, avoidOptionals: { field: true, inputValue: false, object: false } },
    },
  },
};
export default config;
