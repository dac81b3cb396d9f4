/**
 * A client of the Workspace Data Service written with the SDK that @hey-api/openapi-ts generates
 * from spec/service.openapi.yaml (`generated/service/sdk`, `make generate`). It creates a Database
 * `Tasks` in a fresh Space with the schema commands, creates, updates and queries Entities through
 * the command API, reads them through GraphQL, writes and reads a rich text document in markdown,
 * lists the webhooks, and deletes the Database again, printing what it does:
 *
 *   npx tsx examples/sdk-client.ts --base-url http://127.0.0.1:8080 --token "$SVC_TOKEN"
 *
 * Every step is an exported function taking the configured client, so that a program (or
 * examples/sdk-client.test.ts) can run them one by one.
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { createClient, createConfig, type Client } from '../generated/service/sdk/client/index.js';
import {
  getDocument,
  listWebhooks,
  putDocument,
  runCommands,
  runGraphql,
  type ClientOptions,
  type Command,
  type CommandResult,
  type Entity,
  type EntityInput,
  type Query,
  type ReadFormat,
  type SchemaBatchResult,
  type SchemaOperation,
  type Webhook,
} from '../generated/service/sdk/index.js';

/** A client bound to one server: base URL and `Authorization: Token <token>` on every request. */
export function connect(baseUrl: string, token: string): Client {
  return createClient(createConfig<ClientOptions>({ baseUrl: baseUrl.replace(/\/+$/, ''), headers: { Authorization: `Token ${token}` } }));
}

/**
 * The error of a failed SDK call as a sentence. The generated client answers `{error, response}`
 * instead of throwing: `response` is undefined when no answer came (no connection), and `error`
 * is the parsed body the spec declares for that status (`{success: false, result: {name,
 * message}}` for the command API, `{name, message}` elsewhere, `{errors}` for GraphQL), or the
 * text of a body that is not JSON.
 */
export function failure(what: string, error: unknown, response: Response | undefined): Error {
  if (response === undefined) {
    const cause = error instanceof Error ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}` : String(error);
    return new Error(`${what}: the server did not answer: ${cause}`);
  }
  const record = (value: unknown): Record<string, unknown> | undefined => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);
  const body = record(error);
  const named = record(body?.['result']) ?? body;
  const errors = Array.isArray(body?.['errors']) ? (body['errors'] as unknown[]).map((e) => record(e)?.['message']).filter((m) => typeof m === 'string') : [];
  const detail =
    typeof named?.['name'] === 'string' ? `${named['name']}: ${String(named['message'])}` : errors.length > 0 ? errors.join('; ') : JSON.stringify(error)?.slice(0, 300);
  return new Error(`${what} failed with status ${response.status}: ${detail}`);
}

/** Runs one command; answers its `result`, or throws with the error the service named. */
export async function command(client: Client, body: Command): Promise<CommandResult> {
  const { data, error, response } = await runCommands({ client, body });
  if (error !== undefined) throw failure(body.command, error, response);
  if (Array.isArray(data)) throw new Error(`${body.command}: one command in, but an array came back`);
  if (!data.success) throw new Error(`${body.command} failed: ${data.result.name}: ${data.result.message}`);
  return data.result;
}

function isEntity(value: unknown): value is Entity {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---------------------------------------------------------------- the Database

/** The example Database: its Space, its name and its fields' names. */
export interface TasksDatabase {
  space: string;
  type: string;
  fields: { title: string; estimate: string; done: string; due: string; notes: string };
}

/** A Space name no one else uses: `Example` and 8 random hex digits. */
export function freshSpaceName(): string {
  return `Example${randomBytes(4).toString('hex')}`;
}

/**
 * `svc.schema/batch` with one `schema.type/create`: `<Space>/Tasks` with a title (text), an
 * estimate (integer), done (bool), a due date and notes (rich text, a collaborative document).
 */
export async function createDatabase(client: Client, space: string = freshSpaceName()): Promise<TasksDatabase> {
  const db: TasksDatabase = {
    space,
    type: `${space}/Tasks`,
    fields: { title: `${space}/Title`, estimate: `${space}/Estimate`, done: `${space}/Done`, due: `${space}/Due`, notes: `${space}/Notes` },
  };
  const create: SchemaOperation = {
    command: 'schema.type/create',
    args: {
      'svc/name': db.type,
      'svc/meta': { 'svc/domain?': true },
      'svc/fields': [
        { 'svc/name': db.fields.title, 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } },
        { 'svc/name': db.fields.estimate, 'svc/type': 'svc/integer' },
        { 'svc/name': db.fields.done, 'svc/type': 'svc/bool' },
        { 'svc/name': db.fields.due, 'svc/type': 'svc/date' },
        { 'svc/name': db.fields.notes, 'svc/type': 'Collaboration~Documents/Document' },
      ],
    },
  };
  const result = await command(client, { command: 'svc.schema/batch', args: { commands: [create] } });
  const affected = result as SchemaBatchResult;
  if (!Array.isArray(affected) || !affected.some((a) => a['svc/name'] === db.type)) throw new Error(`svc.schema/batch did not report ${db.type} as created: ${JSON.stringify(result)}`);
  return db;
}

/** `schema.type/delete` of the Database; `delete-entities?` lets its Entities go with it. */
export async function deleteDatabase(client: Client, db: TasksDatabase): Promise<void> {
  await command(client, { command: 'svc.schema/batch', args: { commands: [{ command: 'schema.type/delete', args: { name: db.type, 'delete-entities?': true, 'delete-related-fields?': true } }] } });
}

// ---------------------------------------------------------------- Entities through the command API

export interface TaskInput {
  title: string;
  estimate?: number;
  done?: boolean;
  /** `YYYY-MM-DD`. */
  due?: string;
}

function entityOf(db: TasksDatabase, task: Partial<TaskInput>): EntityInput {
  const entity: EntityInput = {};
  if (task.title !== undefined) entity[db.fields.title] = task.title;
  if (task.estimate !== undefined) entity[db.fields.estimate] = task.estimate;
  if (task.done !== undefined) entity[db.fields.done] = task.done;
  if (task.due !== undefined) entity[db.fields.due] = task.due;
  return entity;
}

/** Creates the tasks in one `svc.command/batch` (one transaction); answers the created Entities. */
export async function createTasks(client: Client, db: TasksDatabase, tasks: TaskInput[]): Promise<Entity[]> {
  const commands: Command[] = tasks.map((task) => ({ command: 'svc.entity/create', args: { type: db.type, entity: entityOf(db, task) } }));
  const results = await command(client, { command: 'svc.command/batch', args: { commands } });
  if (!Array.isArray(results) || results.length !== tasks.length) throw new Error(`svc.command/batch answered ${JSON.stringify(results)}`);
  return results.map((inner, i) => {
    if (typeof inner !== 'object' || inner === null || !('success' in inner) || inner.success !== true || !isEntity(inner.result)) {
      throw new Error(`creating task ${i} failed: ${JSON.stringify(inner)}`);
    }
    return inner.result;
  });
}

/** `svc.entity/update` of some fields of one task; answers the Entity as it is now. */
export async function updateTask(client: Client, db: TasksDatabase, id: string, changes: Partial<TaskInput>): Promise<Entity> {
  const result = await command(client, { command: 'svc.entity/update', args: { type: db.type, entity: { 'svc/id': id, ...entityOf(db, changes) } } });
  if (!isEntity(result)) throw new Error(`svc.entity/update answered ${JSON.stringify(result)}`);
  return result;
}

/** `svc.entity/query`: the tasks (done or not), largest estimate first, with their fields and notes secret. */
export async function queryTasks(client: Client, db: TasksDatabase, done: boolean): Promise<Entity[]> {
  const f = db.fields;
  const query: Query = {
    'q/from': db.type,
    'q/select': ['svc/id', f.title, f.estimate, f.done, f.due, f.notes],
    'q/where': ['=', [f.done], '$done'],
    'q/order-by': [[[f.estimate], 'q/desc']],
    'q/limit': 100,
  };
  const result = await command(client, { command: 'svc.entity/query', args: { query, params: { $done: done } } });
  if (!Array.isArray(result) || !result.every(isEntity)) throw new Error(`svc.entity/query answered ${JSON.stringify(result)}`);
  return result as Entity[];
}

/** The secret of a task's notes document (`{Collaboration~Documents/secret}`, given to every rich text field on create). */
export function notesSecret(db: TasksDatabase, task: Entity): string {
  const value = task[db.fields.notes];
  const secret = typeof value === 'object' && value !== null && 'Collaboration~Documents/secret' in value ? value['Collaboration~Documents/secret'] : undefined;
  if (typeof secret !== 'string') throw new Error(`the task ${task['svc/id']} has no notes document: ${JSON.stringify(value)}`);
  return secret;
}

// ---------------------------------------------------------------- documents

/** Writes a document's content in markdown (`PUT /api/documents/{secret}?format=md`). */
export async function writeMarkdown(client: Client, secret: string, markdown: string): Promise<void> {
  const { error, response } = await putDocument({ client, path: { secret }, query: { format: 'md' }, body: { content: markdown } });
  if (error !== undefined) throw failure(`writing the document ${secret}`, error, response);
}

/** Reads a document's content in one format (`GET /api/documents/{secret}?format=...`); answers it as text. */
export async function readDocument(client: Client, secret: string, format: ReadFormat = 'md'): Promise<string> {
  const { data, error, response } = await getDocument({ client, path: { secret }, query: { format } });
  if (error !== undefined) throw failure(`reading the document ${secret}`, error, response);
  return typeof data.content === 'string' ? data.content : JSON.stringify(data.content);
}

// ---------------------------------------------------------------- GraphQL

/** A task as the GraphQL query below selects it (`Tasks` gives the type `Task` and the query `findTasks`, spec/graphql/README.md). */
export interface TaskRow {
  id: string;
  title: string | null;
  estimate: number | null;
  done: boolean | null;
  due: string | null;
  notes: { md: string | null } | null;
}

export const FIND_TASKS = `query Tasks($done: Boolean) {
  findTasks(done: {is: $done}, orderBy: {estimate: DESC}) { id title estimate done due notes { md } }
}`;

function isTaskRow(value: unknown): value is TaskRow {
  return typeof value === 'object' && value !== null && 'id' in value && typeof value.id === 'string' && 'title' in value && 'notes' in value;
}

/** `POST /api/graphql/space/{space}`: the tasks (done or not), largest estimate first, with their notes in markdown. */
export async function findTasksWithGraphql(client: Client, db: TasksDatabase, done: boolean): Promise<TaskRow[]> {
  const { data, error, response } = await runGraphql({ client, path: { space: db.space }, body: { query: FIND_TASKS, variables: { done } } });
  if (error !== undefined) throw failure('GraphQL findTasks', error, response);
  // GraphQL over HTTP: a field that fails while running is answered 200 with `errors`.
  if (data.errors?.length) throw failure('GraphQL findTasks', data, response);
  const rows = data.data?.['findTasks'];
  if (!Array.isArray(rows) || !rows.every(isTaskRow)) throw new Error(`GraphQL answered no list of tasks: ${JSON.stringify(data)}`);
  return rows;
}

// ---------------------------------------------------------------- webhooks

/** `GET /api/webhooks/v2`: every webhook with its latest runs. */
export async function listAllWebhooks(client: Client): Promise<Webhook[]> {
  const { data, error, response } = await listWebhooks({ client });
  if (error !== undefined) throw failure('listing the webhooks', error, response);
  return data;
}

// ---------------------------------------------------------------- the program

export interface Options {
  baseUrl: string;
  token: string;
  /** Keep the Database afterwards (default: delete it). */
  keep: boolean;
}

export function parseArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): Options {
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const baseUrl = value('--base-url') ?? env['SVC_BASE_URL'];
  const token = value('--token') ?? env['SVC_TOKEN'];
  if (!baseUrl || !token) throw new Error('usage: npx tsx examples/sdk-client.ts --base-url URL --token TOKEN [--keep] (or SVC_BASE_URL and SVC_TOKEN)');
  return { baseUrl, token, keep: argv.includes('--keep') };
}

/** Runs every step against a server, printing what it does; answers what it read. */
export async function main(options: Options, print: (line: string) => void = console.log): Promise<{ open: Entity[]; done: TaskRow[]; notes: string; webhooks: Webhook[] }> {
  const client = connect(options.baseUrl, options.token);
  const db = await createDatabase(client);
  print(`created the Database ${db.type} with svc.schema/batch`);
  try {
    const [write, review, ship] = await createTasks(client, db, [
      { title: 'Write the spec', estimate: 5, done: false, due: '2026-12-01' },
      { title: 'Review the spec', estimate: 2, done: false },
      { title: 'Ship it', estimate: 1, done: false, due: '2026-12-24' },
    ]);
    if (!write || !review || !ship) throw new Error('three tasks were created, fewer came back');
    print(`created 3 tasks in one svc.command/batch: ${[write, review, ship].map((t) => t['svc/id']).join(', ')}`);
    const updated = await updateTask(client, db, String(write['svc/id']), { done: true });
    print(`svc.entity/update: "${updated[db.fields.title]}" is done (modified ${updated['svc/modification-date']})`);
    const open = await queryTasks(client, db, false);
    print(`svc.entity/query, open tasks by estimate: ${open.map((t) => `${t[db.fields.title]} (${t[db.fields.estimate]})`).join(', ')}`);
    const secret = notesSecret(db, write);
    await writeMarkdown(client, secret, '# Notes\n\nThe spec is **done**; see [the kit](https://example.org/svc-kit).');
    const notes = await readDocument(client, secret, 'md');
    print(`wrote the notes of "${write[db.fields.title]}" in markdown and read them back:\n${notes}`);
    const done = await findTasksWithGraphql(client, db, true);
    print(`GraphQL findTasks(done: {is: true}): ${done.map((t) => `${t.title} (notes: ${JSON.stringify(t.notes?.md ?? null)})`).join(', ')}`);
    const webhooks = await listAllWebhooks(client);
    print(`GET /api/webhooks/v2: ${webhooks.length} webhook(s)${webhooks.map((w) => `\n  ${w.id} ${w.type} -> ${w.url} (${w.state})`).join('')}`);
    return { open, done, notes, webhooks };
  } finally {
    if (options.keep) print(`kept ${db.type}`);
    else {
      await deleteDatabase(client, db);
      print(`deleted ${db.type}`);
    }
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    await main(parseArgs(process.argv.slice(2)));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
