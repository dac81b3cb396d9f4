#!/usr/bin/env node
// The conformance CLI run from the TypeScript sources through tsx, for the tests and for work in
// a clone of the repository. The installed command is bin/svc-conformance.js (compiled, no tsx).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
