#!/usr/bin/env node
// svc-mock-app: the mock integration app (mock-app/src/cli.ts), compiled into dist/ by `npm run build` (run by prepack).
import '../dist/mock-app/src/cli.js';
