/**
 * POST /api/v1/synchronizer/schema for every type of the config answers a SchemaResponse with
 * an object of fields for each type: `id` and `name` fields, valid `type` / `subType` values in
 * the pairs of the mapping table, at most one key field (type `id`), relations with a valid
 * cardinality whose target exists (people relations: `svc/user`, many-to-one on a text field or
 * many-to-many on an array[text] field).
 */
import { expectJson, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { appPost } from './client.js';
import { contractProblems } from './contract.js';
import { PATHS, readConfig, schemaRequest, startSession, type SchemaField } from './session.js';

/** The `type` values each `subType` goes with (spec/integrations.md, "Fields"). */
const SUBTYPE_TYPES: Record<string, readonly string[]> = {
  integer: ['number'],
  url: ['text'],
  email: ['text'],
  boolean: ['text'],
  'date-range': ['text'],
  'date-time-range': ['text'],
  html: ['text'],
  md: ['text'],
  icon: ['text'],
  'single-select': ['text'],
  workflow: ['text'],
  'multi-select': ['text', 'array[text]'],
  day: ['date'],
  file: ['text', 'array[text]'],
  files: ['array[text]'],
  avatar: ['text'],
  location: ['text'],
  title: ['text'],
};

function fieldProblems(type: string, id: string, field: SchemaField, schema: Record<string, unknown>): string[] {
  const at = `${type}.${id}`;
  const problems: string[] = [];
  if (field.id !== undefined && field.id !== id) problems.push(`${at}: its "id" is ${JSON.stringify(field.id)}, not its key ${JSON.stringify(id)}`);
  if (field.subType !== undefined) {
    const types = SUBTYPE_TYPES[field.subType];
    if (types !== undefined && !types.includes(field.type)) problems.push(`${at}: subType ${field.subType} goes with type ${types.join(' or ')}, not ${field.type}`);
    if (field.type === 'id') problems.push(`${at}: a key field (type id) has no subType`);
  }
  if (id === '__syncAction' && field.type !== 'text') problems.push(`${at}: the reserved field __syncAction is of type text, not ${field.type}`);
  const relation = field.relation;
  if (relation !== undefined) {
    if (relation.kind === 'native' || relation.targetType === 'svc/user') {
      if (relation.targetType !== 'svc/user') problems.push(`${at}: a native (people) relation targets svc/user, not ${JSON.stringify(relation.targetType)}`);
      if (relation.kind !== 'native') problems.push(`${at}: a relation to svc/user is a people relation: kind native`);
      if (relation.cardinality === 'many-to-one' && field.type !== 'text') problems.push(`${at}: a many-to-one people relation is on a text field, not ${field.type}`);
      if (relation.cardinality === 'many-to-many' && field.type !== 'array[text]') problems.push(`${at}: a many-to-many people relation is on an array[text] field, not ${field.type}`);
      if (relation.cardinality === 'one-to-one') problems.push(`${at}: a people relation is many-to-one or many-to-many`);
    } else {
      const target = schema[relation.targetType];
      if (!isRecord(target)) problems.push(`${at}: the relation targets ${JSON.stringify(relation.targetType)}, which is not a type of the config`);
      else if (!Object.hasOwn(target, relation.targetFieldId)) problems.push(`${at}: targetFieldId ${JSON.stringify(relation.targetFieldId)} is not a field of ${relation.targetType}`);
      if (field.type !== 'text' && field.type !== 'array[text]') problems.push(`${at}: an integration relation is on a text field, not ${field.type}`);
    }
  }
  return problems;
}

export default defineCheck({
  id: 'app.schema',
  name:
    'POST /api/v1/synchronizer/schema answers, for every type of the config, fields keyed by id with `id` and `name` among them, valid type / subType pairs, ' +
    'at most one key field, and relations with a valid cardinality and an existing target',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-008', 'APP-011', 'APP-012', 'APP-013', 'APP-024', 'APP-025'],
  target: 'app',
  async run(ctx) {
    const session = await startSession(ctx);
    const { config } = await readConfig(ctx, session);
    const types = config.types.map((t) => t.id);
    const what = `the schema of ${types.length} type(s) (${types.join(', ')})`;
    const res = await appPost(ctx, PATHS.schema, schemaRequest(ctx, session, types));
    expectStatus(res, 200, what);
    const body = expectJson(res, what);
    if (!isRecord(body)) fail(`${what}: the body is not an object of types`, res);
    const problems: string[] = [];
    for (const type of types) {
      const fields = body[type];
      if (!isRecord(fields)) {
        problems.push(`${type}: the schema has no object of fields for this type of the config`);
        continue;
      }
      const missing = ['id', 'name'].filter((required) => !Object.hasOwn(fields, required));
      for (const required of missing) problems.push(`${type}: there is no field "${required}" (every type has the fields id and name)`);
      if (missing.length > 0) continue;
      const shape = contractProblems('TypeSchema', fields, `/${type}`);
      problems.push(...shape);
      if (shape.length > 0) continue;
      const keys = Object.entries(fields).filter(([, f]) => isRecord(f) && f['type'] === 'id').map(([id]) => id);
      if (keys.length > 1) problems.push(`${type}: ${keys.length} fields of type id (${keys.join(', ')}); a type has one key field`);
      for (const [id, field] of Object.entries(fields)) problems.push(...fieldProblems(type, id, field as SchemaField, body));
    }
    if (problems.length > 0) {
      const shown = problems.slice(0, 15);
      fail(`${what}:\n  ${shown.join('\n  ')}${problems.length > shown.length ? `\n  ... ${problems.length - shown.length} more` : ''}`, res);
    }
  },
});
