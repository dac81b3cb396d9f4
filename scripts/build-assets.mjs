#!/usr/bin/env node
// Part of `npm run build` (and so of `npm pack` / `npm publish`, through prepack):
//   node scripts/build-assets.mjs --clean   removes dist/ before tsc compiles into it
//   node scripts/build-assets.mjs           copies the files the compiled modules read at run time
// dist/ keeps the repository's layout (dist/server/src/..., dist/spec/..., dist/mock-app/...), so
// every `new URL('../../spec/...', import.meta.url)` of the sources finds the same file from dist/.
// Plain Node (no shell, no tsx): it runs wherever `npm pack` runs.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const dist = join(root, 'dist');

/** Files read at run time, relative to the repository root; each is copied to the same path under dist/. */
const FILES = [
  'spec/service.openapi.yaml', // server/src/api/spec-document.ts, conformance/src/refused-addresses.ts
  'spec/app.openapi.yaml', // server/src/integrations/app/contract.ts, conformance/src/checks/app/contract.ts, mock-app/src/contract.ts
  'spec/graphql/common.graphql', // server/src/graphql/schema-builder.ts, conformance/src/checks/graphql/lib/expected-schema.ts
  'spec/requirements.yaml', // conformance/src/requirements.ts
  'spec/conformance/expected-failures.schema.json', // conformance/src/expected-failures.ts
  'spec/conformance/report.schema.json',
  'server/src/webhooks/settings-page.html', // server/src/webhooks/settings-page.ts
  'server/src/webhooks/settings-page.css',
  'server/src/webhooks/settings-page.client.js',
  'mock-app/scenario.schema.json', // mock-app/src/scenario.ts
];
/** Directories whose files are all read at run time (server/src/db/migrate.ts: the SQL migrations). */
const DIRECTORIES = ['server/migrations'];

function copy(relative) {
  const from = join(root, relative);
  if (!existsSync(from)) throw new Error(`build-assets: ${relative} is missing`);
  const to = join(dist, relative);
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
}

if (process.argv.includes('--clean')) {
  rmSync(dist, { recursive: true, force: true });
} else {
  if (!existsSync(join(dist, 'server/src/main.js'))) throw new Error('build-assets: run tsc -p tsconfig.build.json first (dist/server/src/main.js is missing)');
  for (const file of FILES) copy(file);
  for (const directory of DIRECTORIES) {
    for (const name of readdirSync(join(root, directory)).sort()) copy(`${directory}/${name}`);
  }
  // conformance/src/reports/build.ts reads the version from ../../../package.json: from dist/ that is
  // dist/package.json, which also keeps dist/ an ES module scope of its own.
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  writeFileSync(join(dist, 'package.json'), `${JSON.stringify({ private: true, version, type: 'module' }, null, 2)}\n`);
  process.stdout.write(`build-assets: ${FILES.length} files and ${DIRECTORIES.join(', ')} copied into dist/\n`);
}
