// @hey-api/openapi-ts: client SDKs for both OpenAPI documents. Run through `make generate`.
// Inputs are written `./spec/...`: a bare `spec/...` would be read as a registry shorthand.
import { defineConfig } from '@hey-api/openapi-ts';

export default defineConfig([
  {
    input: './spec/service.openapi.yaml',
    output: { path: './generated/service/sdk', postProcess: [] },
    plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
  },
  {
    input: './spec/app.openapi.yaml',
    output: { path: './generated/app/sdk', postProcess: [] },
    plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
  },
]);
