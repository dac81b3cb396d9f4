// graphql-codegen: TypeScript types for the SDL shared by every Space (spec/graphql/common.graphql)
// and for the example Space (common + example-space). Run through `make generate`.
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
  },
};
export default config;
