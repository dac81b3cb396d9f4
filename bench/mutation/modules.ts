/**
 * What `npm run mutation` mutates and which conformance checks must kill the mutants: one entry per
 * module of the reference server, with the areas of the suite that speak about it. A path given on
 * the command line runs with the checks of the module that holds it.
 */
export interface MutationModule {
  /** Short name given on the command line (`npm run mutation -- query`). */
  name: string;
  /** Files Stryker mutates (globs relative to the project root). */
  mutate: string[];
  /** Check selectors (areas, check IDs or prefixes; conformance/src/registry.ts) whose checks run against each mutant. */
  checks: string[];
  /** One line on what the module does, for the results table. */
  what: string;
  /** With `--by-file`: files cut into this many line ranges, each run as a part of its own (split-ranges.ts). */
  split?: Record<string, number>;
}

export const MODULES: readonly MutationModule[] = [
  {
    name: 'query',
    mutate: ['server/src/query/**/*.ts'],
    // GraphQL filters compile to the same conditions (where.ts: or, not, some): its checks speak too.
    checks: ['command-api', 'query', 'pagination', 'limits', 'consistency', 'graphql', 'documents.rich-text-field'],
    what: 'the command API query compiler (q/where, q/order-by, selects, paths), shared by GraphQL filters',
    // With --by-file, the largest files in parts of ~150 mutants (where.ts has ~600).
    split: { 'server/src/query/where.ts': 4, 'server/src/query/execute.ts': 3, 'server/src/query/select.ts': 2 },
  },
  {
    name: 'graphql',
    mutate: ['server/src/graphql/**/*.ts'],
    checks: ['graphql', 'consistency'],
    what: 'the GraphQL read API (schema per Space, filters, order, limits, files, rich text)',
  },
  {
    name: 'files',
    mutate: ['server/src/files/**/*.ts'],
    // Signed addresses of GraphQL file fields and the files of synchronized rows are served here too.
    checks: ['files', 'graphql.file-urls', 'sync.values-files'],
    what: 'the files API, file Entities, signed file addresses, stored and downloaded files',
  },
  {
    name: 'webhooks',
    mutate: ['server/src/webhooks/**/*.ts', '!server/src/webhooks/settings-page.ts'],
    checks: ['webhooks', 'auth.webhooks-need-architect', 'consistency'],
    what: 'webhook effects, signing, sending, the outbox queue and the routes',
  },
  {
    name: 'documents',
    mutate: ['server/src/documents/**/*.ts'],
    checks: ['documents', 'comments', 'graphql.rich-text', 'sync.values-rich-text', 'sync.protection-rich-text'],
    what: 'document codecs (md, html, json, plain text), the Yjs store and the routes',
  },
  {
    name: 'model',
    mutate: ['server/src/model/**/*.ts'],
    // Of the webhook checks only those of the effects (the entity writer reports each change with its
    // relation ends): the others wait real time for retries, and would cost every survivor here. One
    // sync check: the sync engine writes pages of Entities at once and synchronized fields are locked.
    // The comments checks: the schema writer creates the comment type when the Comments mixin is installed.
    // Of the files checks those of file Entities: the schema writer makes the file type with the first
    // file (its stored fields read-only: files.readonly-fields), and deleting a file Entity deletes its content.
    checks: ['command-api', 'schema', 'query', 'consistency', 'comments', 'webhooks.update-effect', 'webhooks.collection-effect', 'webhooks.create-delete-effects', 'webhooks.inverse-same-name', 'webhooks.replay', 'sync.mapping-databases', 'files.unknown-secret', 'files.attach-collection', 'files.entity-query', 'files.readonly-fields'],
    what: 'the value codec, the entity writer, the schema writer and the catalogue',
    // With --by-file, the largest files in parts of ~150 mutants (the entity writer has ~700).
    split: { 'server/src/model/entity-writer.ts': 5, 'server/src/model/schema-writer.ts': 4, 'server/src/model/value-codec.ts': 3 },
  },
  {
    name: 'sync',
    mutate: ['server/src/integrations/sync/**/*.ts'],
    checks: ['sync', 'events', 'mapping'],
    what: 'sync runs: pages, delta and full rules, protection, links, retries',
    // Every sync check reaches each mutant of the engine and the run (hours on two cores): parts of 30 to 80 mutants.
    split: { 'server/src/integrations/sync/engine.ts': 4, 'server/src/integrations/sync/run.ts': 4 },
  },
  {
    name: 'mapping',
    mutate: ['server/src/integrations/mapping/**/*.ts'],
    checks: ['mapping', 'sync', 'events'],
    what: 'the app schema to Databases mapping and the value conversions',
  },
];

export function moduleNamed(name: string): MutationModule | undefined {
  return MODULES.find((m) => m.name === name);
}

/** The module whose files hold a path (a file or folder under server/src, `:from-to` lines allowed). */
export function moduleOfPath(path: string): MutationModule | undefined {
  const file = path.replace(/:[\d-]+$/, '').replace(/^\.\//, '').replace(/\/$/, '');
  return MODULES.find((m) => m.mutate.some((glob) => !glob.startsWith('!') && (file.startsWith(glob.replace(/\/\*\*.*$/, '')) || glob.startsWith(`${file}/`))));
}
