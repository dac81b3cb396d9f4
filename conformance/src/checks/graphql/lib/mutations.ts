/**
 * GraphQL mutations (spec/graphql/README.md, "Mutations"), a feature beyond the contract: the
 * checks send them, and a target whose schema has no `Mutation` type lacks the feature
 * (CheckUnsupported); one that has it must answer right.
 */
import { expectSuccess, fail } from '../../../assert.js';
import { CheckUnsupported, type CheckContext } from '../../../check.js';
import type { HttpResponse } from '../../../http.js';
import { isRecord, type JsonRecord } from '../../../shapes.js';
import { schemaBatch } from '../../../workspace.js';
import { expectData, firstErrorMessage, postGraphql } from './client.js';

/** A `MutationResult` as answered. */
export interface MutationResult {
  message: string;
  entities: Array<{ id: string; type: string }>;
  documents: Array<{ secret: string }>;
}

/** The selection of a MutationResult the checks ask for. */
export const RESULT = '{ message entities { id type } documents { secret } }';

/** Throws CheckUnsupported when the Space's schema has no mutation type (the target lacks GraphQL mutations). */
export async function requireMutations(ctx: CheckContext, space: string): Promise<void> {
  const res = await postGraphql(ctx, space, { query: '{ __schema { mutationType { name } } }' });
  const data = expectData(res, 'asking the schema for its mutation type (introspection)');
  const schema = data['__schema'];
  const type = isRecord(schema) ? schema['mutationType'] : undefined;
  if (!isRecord(type)) throw new CheckUnsupported(['GraphQL mutations'], `the schema of ${space} has no mutation type`);
}

/** Sends a mutation (with `variables`, if given) that must succeed; answers `data[root]` (the `<T>Operations` object, by response key). */
export async function mutate(
  ctx: CheckContext,
  space: string,
  query: string,
  root: string,
  what: string,
  variables?: Record<string, unknown>,
): Promise<{ res: HttpResponse; ops: Record<string, MutationResult> }> {
  const res = await postGraphql(ctx, space, variables === undefined ? { query } : { query, variables });
  const data = expectData(res, what);
  const ops = data[root];
  if (!isRecord(ops)) fail(`${what}: data.${root} should be the <T>Operations object, got ${JSON.stringify(ops)?.slice(0, 300)}`, res);
  for (const [key, value] of Object.entries(ops)) {
    if (!isMutationResult(value)) fail(`${what}: data.${root}.${key} should be a MutationResult {message, entities {id type}, documents {secret}}, got ${JSON.stringify(value)?.slice(0, 300)}`, res);
  }
  return { res, ops: ops as Record<string, MutationResult> };
}

function isMutationResult(value: unknown): value is MutationResult {
  if (!isRecord(value) || typeof value['message'] !== 'string') return false;
  const entities = value['entities'];
  const documents = value['documents'];
  return (
    Array.isArray(entities) &&
    entities.every((e) => isRecord(e) && typeof e['id'] === 'string' && typeof e['type'] === 'string') &&
    Array.isArray(documents) &&
    documents.every((d) => isRecord(d) && typeof d['secret'] === 'string')
  );
}

/** `ops[key]`, which must be there. */
export function resultOf(res: HttpResponse, ops: Record<string, MutationResult>, key: string, what: string): MutationResult {
  const result = ops[key];
  if (!result) fail(`${what}: the answer has no ${key}`, res);
  return result;
}

/** The ids of a result's entities, in order. */
export function entityIds(result: MutationResult): string[] {
  return result.entities.map((e) => e.id);
}

/** A mutation that must fail: answers its first error; data must hold nothing of the failed field. */
export function firstError(res: HttpResponse, root: string, what: string): { message: string; extensions: JsonRecord } {
  const body = res.json;
  const errors = isRecord(body) ? body['errors'] : undefined;
  const first: unknown = Array.isArray(errors) ? errors[0] : undefined;
  if (!isRecord(first) || typeof first['message'] !== 'string') fail(`${what}: expected a GraphQL error, got ${firstErrorMessage(res)} ${JSON.stringify(body)?.slice(0, 300)}`, res);
  const data = isRecord(body) ? body['data'] : undefined;
  if (isRecord(data) && data[root] !== null && data[root] !== undefined) fail(`${what}: data.${root} should be null after its action failed, got ${JSON.stringify(data[root]).slice(0, 300)}`, res);
  return { message: first['message'], extensions: isRecord(first['extensions']) ? first['extensions'] : {} };
}

/**
 * The message of a failing action's error (spec/graphql/README.md, "Mutations", Semantics 9): the
 * action's path (or a path below it, naming an argument), `: `, then what failed, for a person.
 */
export function expectActionMessage(res: HttpResponse, message: string, path: string, what: string): void {
  const rest = message.startsWith(path) ? message.slice(path.length) : '';
  const colon = rest.indexOf(': ');
  if (!/^[.:[]/.test(rest) || colon === -1 || rest.slice(colon + 2).trim() === '') {
    fail(`${what}: the error message should start with the action path "${path}: " (or a path below it) and then say what failed, got ${JSON.stringify(message)}`, res);
  }
}

/** A field added to a Database after it exists (`schema.field/create`): a rich text field, a relation of a Database to itself. */
export interface AddedField {
  holder: string;
  name: string;
  type: string;
  meta?: Record<string, unknown>;
}

/** Adds fields to the test Databases with one `svc.schema/batch` (the Databases' tear-down deletes them along). */
export async function addFields(ctx: CheckContext, fields: readonly AddedField[], what: string): Promise<void> {
  const res = await schemaBatch(
    ctx,
    fields.map((f) => ({ command: 'schema.field/create' as const, args: { 'svc/holder-type': f.holder, 'svc/name': f.name, 'svc/type': f.type, ...(f.meta ? { 'svc/meta': f.meta } : {}) } })),
  );
  expectSuccess(res, what);
}

/** `{data: [{}, ...]}` with `count` empty items, as variables (a long list costs no query tokens). */
export function emptyItems(count: number): { data: Array<Record<string, never>> } {
  return { data: Array.from({ length: count }, () => ({})) };
}

/** Whether `message` names the number `n` (as a number of its own, not a part of another). */
export function namesNumber(message: string, n: number): boolean {
  return new RegExp(`(^|[^0-9])${n}([^0-9]|$)`).test(message);
}
