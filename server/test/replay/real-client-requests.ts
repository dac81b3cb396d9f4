// Request shapes real clients of the public workspace API send, written from the public API
// documentation and from reading what the official and community clients send (the vendor prefix
// renamed to `svc`): the official n8n node, the official MCP server, the unofficial TypeScript
// client, the Android client, a Python client, and documentation examples. One session that
// builds a Space, works in it and tears it down, as those clients do; each step names who sends
// that form. No client code is copied: only the shapes of the requests and what the clients read
// from the answers.
import { REST, type ReplayStep } from './replay.js';

const schemaBatch = (...commands: unknown[]) => ({ command: 'svc.schema/batch', args: { commands } });
const command = (body: unknown, expectBody: unknown, client: string, what: string, keep?: Record<string, string>): ReplayStep => ({
  client,
  what,
  request: { method: 'POST', path: '/api/commands', body },
  expect: { status: 200, body: expectBody },
  ...(keep ? { keep } : {}),
});
const ok = (result: unknown = '<any>') => ({ success: true, result });
const okList = (...results: unknown[]) => results.map((result) => ({ success: true, result }));

export const REAL_CLIENT_REQUESTS: ReplayStep[] = [
  {
    client: 'n8n node (credential test, then every operation)',
    what: 'reads the schema over REST and keeps its ETag',
    request: { method: 'GET', path: '/api/schema' },
    expect: { status: 200, body: { 'svc/id': '<uuid>', 'svc/types': [REST] }, headers: { etag: '<string>' } },
    keep: { etag: 'header:etag' },
  },
  {
    client: 'n8n node',
    what: 'reads the schema again with If-None-Match: 304',
    request: { method: 'GET', path: '/api/schema', headers: { 'if-none-match': '{{etag}}' } },
    expect: { status: 304 },
  },
  command(
    schemaBatch(
      { command: 'schema.type/create', args: { 'svc/name': 'Replay/Projects', 'svc/meta': { 'svc/domain?': true, 'app/mixins': { 'svc/rank-mixin': true } }, 'svc/fields': [{ 'svc/name': 'Replay/Name', 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } }] } },
      { command: 'schema.type/create', args: { 'svc/name': 'Replay/Tasks', 'svc/meta': { 'svc/domain?': true }, 'svc/fields': [{ 'svc/name': 'Replay/Title', 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } }] } },
      { command: 'schema.field/create', args: { 'svc/holder-type': 'Replay/Tasks', 'svc/name': 'Replay/Estimate', 'svc/type': 'svc/int' } },
      { command: 'schema.field/create', args: { 'svc/holder-type': 'Replay/Tasks', 'svc/name': 'Replay/Hours', 'svc/type': 'svc/decimal' } },
      { command: 'schema.field/create', args: { 'svc/holder-type': 'Replay/Tasks', 'svc/name': 'Replay/Planned', 'svc/type': 'svc/date-range' } },
      { command: 'schema.field/create', args: { 'svc/holder-type': 'Replay/Tasks', 'svc/name': 'Replay/Notes', 'svc/type': 'Collaboration~Documents/Document' } },
      { command: 'schema.field/create', args: { 'svc/holder-type': 'Replay/Tasks', 'svc/name': 'Replay/Project', 'svc/type': 'Replay/Projects', 'svc/meta': { 'svc/relation': '0b0a1c2d-3e4f-4a5b-8c6d-7e8f90a1b2c3' } } },
      { command: 'schema.field/create', args: { 'svc/holder-type': 'Replay/Projects', 'svc/name': 'Replay/Tasks', 'svc/type': 'Replay/Tasks', 'svc/meta': { 'svc/relation': '0b0a1c2d-3e4f-4a5b-8c6d-7e8f90a1b2c3', 'svc/collection?': true } } },
      { command: 'schema.field/create', args: { 'svc/holder-type': 'Replay/Tasks', 'svc/name': 'Replay/Old', 'svc/type': 'svc/text' } },
    ),
    ok(),
    'unofficial TypeScript client and Field API docs (fibery/int; app/mixins as a map)',
    'creates two Databases, an svc/int field and a relation in one schema batch',
  ),
  command(
    schemaBatch(
      { command: 'schema.enum/create', args: { 'svc/name': 'Replay/Priority_Replay/Tasks', 'svc/meta': { 'svc/type-component?': true } } },
      { command: 'schema.field/create', args: { 'svc/holder-type': 'Replay/Tasks', 'svc/name': 'Replay/Priority', 'svc/type': 'Replay/Priority_Replay/Tasks', 'svc/meta': { 'svc/relation': '1c1b2d3e-4f50-4b6c-9d7e-8f90a1b2c3d4' } } },
      { command: 'schema.field/set-meta', args: { 'holder-type': 'Replay/Tasks', name: 'Replay/Priority', key: 'ui/type', value: 'single-select' } },
    ),
    ok(),
    'unofficial TypeScript client (single select creation)',
    'creates a single select: an enum type with svc/meta, its field, and set-meta with key and value',
  ),
  command(
    { command: 'svc.schema/query', args: { 'with-description?': true } },
    ok({ 'svc/id': '<uuid>', 'svc/types': [REST] }),
    'Schema API docs; MCP server',
    'asks the schema with descriptions',
  ),
  command(
    { command: 'svc.entity/create', args: { type: 'Replay/Projects', entity: { 'Replay/Name': 'Launch' } } },
    ok({ 'svc/id': '<uuid>', 'Replay/Name': 'Launch', 'svc/rank': '<number>' }),
    'n8n node (create)',
    'creates a Project; the rank mixin gives it a rank',
    { project: '/result/svc~1id' },
  ),
  command(
    [
      { command: 'svc.entity/create', args: { type: 'Replay/Tasks', entity: { 'Replay/Title': 'Write', 'Replay/Estimate': 3, 'Replay/Hours': 0.1, 'Replay/Planned': { start: '2026-01-05', end: '2026-01-09' }, 'Replay/Project': { 'svc/id': '{{project}}' } } } },
      { command: 'svc.entity/create', args: { type: 'Replay/Tasks', entity: { 'Replay/Title': 'Review', 'Replay/Estimate': 1, 'Replay/Hours': 0.2, 'Replay/Planned': { start: '2026-02-02', end: '2026-02-03' }, 'Replay/Project': { 'svc/id': '{{project}}' } } } },
      { command: 'svc.entity/create', args: { type: 'Replay/Tasks', entity: { 'Replay/Title': 'Ship', 'Replay/Old': 'x' } } },
    ],
    okList({ 'Replay/Title': 'Write' }, { 'Replay/Title': 'Review' }, { 'Replay/Title': 'Ship' }),
    'MCP server (create entities)',
    'creates three Tasks in one array request, two of them in the Project',
    { write: '/0/result/svc~1id', notes: '/0/result/Replay~1Notes/Collaboration~Documents~1secret' },
  ),
  command(
    {
      command: 'svc.entity/query',
      args: {
        query: {
          'q/from': 'Replay/Tasks',
          'q/select': { id: 'svc/id', title: 'Replay/Title', project: { id: ['Replay/Project', 'svc/id'], name: ['Replay/Project', 'Replay/Name'] } },
          'q/where': ['q/not-equals-ignoring-case?', ['Replay/Title'], '$t'],
          'q/order-by': [[['Replay/Title'], 'q/asc']],
          'q/offset': 0,
          'q/limit': 2,
        },
        params: { $t: 'SHIP' },
      },
    },
    ok([
      { title: 'Review', project: { name: 'Launch', id: '{{project}}' } },
      { title: 'Write', project: { name: 'Launch', id: '{{project}}' } },
    ]),
    'n8n node (getMany: q/select as a map, q/offset 0, "is not" filter)',
    'reads Tasks with aliases, a nested alias map and an offset',
  ),
  command(
    {
      command: 'svc.entity/query',
      args: {
        query: {
          'q/from': 'Replay/Projects',
          'q/select': {
            name: 'Replay/Name',
            tasks: { 'q/from': ['Replay/Tasks'], 'q/select': { title: ['Replay/Title'] }, 'q/order-by': [[['Replay/Title'], 'q/desc']], 'q/limit': 'q/no-limit' },
            first: { 'q/from': 'Replay/Tasks', 'q/select': ['Replay/Title'], 'q/order-by': [[['Replay/Title'], 'q/asc']], 'q/limit': 1, 'q/offset': 1 },
            count: ['q/count', ['Replay/Tasks', 'svc/id']],
            hours: ['q/sum', ['Replay/Tasks', 'Replay/Hours']],
            least: ['q/min', ['Replay/Tasks', 'Replay/Estimate']],
          },
          'q/limit': 'q/no-limit',
        },
        params: null,
      },
    },
    ok([{ name: 'Launch', tasks: [{ title: 'Write' }, { title: 'Review' }], first: [{ 'Replay/Title': 'Write' }], count: 2, hours: 0.3, least: 1 }]),
    'Android client and MCP server (sub-queries with q/from, "q/no-limit" as a value, params null); Entity API docs (select aggregates)',
    'reads a Project with its Tasks, a paged sub-query, a count and aggregates',
  ),
  command(
    {
      command: 'svc.entity/query',
      args: { query: { 'q/from': 'Replay/Tasks', 'q/select': ['Replay/Title'], 'q/where': ['q/and', ['<', ['q/start', ['Replay/Planned']], '$d'], ['=', ['q/null-or-empty?', ['Replay/Old']], true]], 'q/limit': 10 }, params: { $d: '2026-02-01' } },
    },
    ok([{ 'Replay/Title': 'Write' }]),
    'n8n node (date-range and "is empty" filters); Filter docs (q/start)',
    'filters on the start of a date range and on an empty text',
  ),
  command(
    { command: 'svc.entity/query', args: { query: { 'q/from': 'Replay/Tasks', 'q/select': ['Replay/Title'], 'q/where': ['=', ['Replay/Titel'], 'Write'], 'q/limit': 1 } } },
    { success: false, result: { name: 'entity.error/schema-field-not-found', message: '<string>' } },
    'any client (a slip in a field name)',
    'an unknown field is a named error',
  ),
  command(
    [
      { command: 'svc.entity/query', args: { query: { 'q/from': 'Replay/Tasks', 'q/select': ['Replay/Title'], 'q/limt': 1 } } },
      { command: 'svc.entity/query', args: { query: { 'q/from': 'Replay/Tasks', 'q/select': ['Replay/Title'], 'q/where': ['=', ['svc/id'], '$id'], 'q/limit': 1 }, params: { $id: '{{write}}' } } },
    ],
    [{ success: false, result: { name: 'request.error/invalid-body' } }, ok([{ 'Replay/Title': 'Write' }])],
    'scripts written from the docs (one malformed command in an array)',
    'a malformed command fails alone; the other runs',
  ),
  {
    client: 'MCP server (create_or_update_document with append)',
    what: 'appends Markdown to the rich text of a Task',
    request: { method: 'POST', path: '/api/documents/commands?format=md', body: { command: 'create-or-append-documents', args: [{ secret: '{{notes}}', content: 'First line' }, { secret: '{{notes}}', content: 'Second line' }] } },
    expect: { status: 200, body: true },
  },
  {
    client: 'MCP server, n8n node',
    what: 'reads the document back as Markdown',
    request: { method: 'GET', path: '/api/documents/{{notes}}?format=md' },
    expect: { status: 200, body: { secret: '{{notes}}', content: 'First line\n\nSecond line\n' } },
  },
  command(
    {
      command: 'svc.entity.batch/create-or-update',
      args: {
        type: 'Replay/Tasks',
        entities: [
          { 'Replay/Title': 'Write', 'Replay/Estimate': 5 },
          { 'Replay/Title': 'Test', 'Replay/Hours': '1.75' },
        ],
        'conflict-field': 'Replay/Title',
        'conflict-action': 'update-latest',
      },
    },
    ok([
      { action: 'update-latest', duplicate: { 'svc/id': '{{write}}' }, updated: { 'Replay/Estimate': 5 } },
      { action: 'create', created: { 'Replay/Title': 'Test', 'Replay/Hours': 1.75 } },
    ]),
    'sync scripts following the "Upsert entities" docs (decimals sent as strings)',
    'upserts Tasks by title: updates the one that exists, creates the new one',
    { test: '/result/1/created/svc~1id' },
  ),
  command(
    { command: 'svc.entity.batch/create', args: { type: 'Replay/Tasks', entities: [{ 'Replay/Title': 'Plan' }, { 'Replay/Title': 'Retro' }] } },
    ok([{ 'Replay/Title': 'Plan' }, { 'Replay/Title': 'Retro' }]),
    'docs (batch create)',
    'creates two Tasks in one command',
    { plan: '/result/0/svc~1id', retro: '/result/1/svc~1id' },
  ),
  command(
    { command: 'svc.entity/add-collection-items', args: { type: 'Replay/Projects', field: 'Replay/Tasks', entity: { '{{project}}': ['{{plan}}', '{{retro}}'] } } },
    ok(),
    'developers docs "Collections" (compact form)',
    'adds two Tasks to the Project in the compact form',
  ),
  command(
    { command: 'svc.entity/query', args: { query: { 'q/from': 'Replay/Projects', 'q/select': { count: ['q/count', ['Replay/Tasks', 'svc/id']] }, 'q/limit': 1 } } },
    ok([{ count: 4 }]),
    'n8n node',
    'counts the Project\'s Tasks',
  ),
  command(
    { command: 'svc.entity.batch/delete', args: { type: 'Replay/Tasks', entities: [{ 'svc/id': '{{plan}}' }, { 'svc/id': '{{retro}}' }, { 'svc/id': '00000000-0000-4000-8000-00000000dead' }], opts: { 'fail-if-not-found?': false } } },
    ok(),
    'docs (batch delete)',
    'deletes two Tasks, skipping an unknown id',
  ),
  command(
    schemaBatch({ command: 'schema.field/delete', args: { 'holder-type': 'Replay/Tasks', name: 'Replay/Old' } }),
    { success: false, result: { name: 'schema.error/field-has-values', data: { field: 'delete-values?' } } },
    'Field API docs (a field holding values)',
    'deleting a field that holds values without delete-values? is refused',
  ),
  command(
    schemaBatch({ command: 'schema.field/delete', args: { 'holder-type': 'Replay/Tasks', name: 'Replay/Old', 'delete-values?': true } }),
    ok(),
    'Field API docs',
    'deletes the field with delete-values?',
  ),
  command(
    schemaBatch({ command: 'schema.type/delete', args: { name: 'Replay/Projects' } }),
    { success: false, result: { name: 'schema.error/type-has-entities', data: { field: 'delete-entities?' } } },
    'scripts tearing down with {name} only',
    'deleting a type that has Entities without delete-entities? is refused',
  ),
  command(
    schemaBatch(
      { command: 'schema.type/delete', args: { name: 'Replay/Projects', 'delete-entities?': true, 'delete-related-fields?': true } },
      { command: 'schema.type/delete', args: { name: 'Replay/Priority_Replay/Tasks', 'delete-entities?': true, 'delete-related-fields?': true } },
      { command: 'schema.type/delete', args: { name: 'Replay/Tasks', 'delete-entities?': true, 'delete-related-fields?': true } },
    ),
    ok(),
    'Type API docs (teardown)',
    'tears the Space down with the delete flags',
  ),
  command(
    { command: 'svc.schema/query' },
    ok({ 'svc/types': [REST] }),
    'MCP server',
    'reads the schema without args after the teardown',
  ),
];
