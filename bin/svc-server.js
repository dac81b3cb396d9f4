#!/usr/bin/env node
// svc-server: the reference server (server/src/main.ts), compiled into dist/ by `npm run build` (run by prepack).
import '../dist/server/src/main.js';
