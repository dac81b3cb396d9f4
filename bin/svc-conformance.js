#!/usr/bin/env node
// svc-conformance: the conformance suite's CLI (conformance/src/cli.ts), compiled into dist/ by `npm run build` (run by prepack).
import '../dist/conformance/src/cli.js';
