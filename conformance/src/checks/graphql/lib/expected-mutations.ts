/**
 * The mutation part of a Space's schema as spec/graphql/README.md ("Mutations", "Schema") derives
 * it: from the Databases of the Space (svc.schema/query) and their GraphQL types as the query part
 * serves them (checked against the generation rule by graphql.introspection, graphql.naming and
 * graphql.field-kinds), `<T>Input`, `<T>Operations` and `type Mutation`, written out without
 * descriptions and compared type by type with a served schema. Also a Space with awkward names and
 * kinds to compare on (awkwardSpace).
 */
import { randomUUID } from 'node:crypto';
import pluralize from 'pluralize';
import { getNamedType, isInputObjectType, isListType, isNonNullType, isObjectType, isScalarType, printType, type GraphQLField, type GraphQLSchema } from 'graphql';
import { expectSuccess } from '../../../assert.js';
import type { CheckContext } from '../../../check.js';
import { isRecord } from '../../../shapes.js';
import { dropTypes, run, schemaBatch, uniqueSpaceName, type Command } from '../../../workspace.js';
import { FILE_TYPE, RICH_TEXT_TYPE } from '../../sync/read.js';
import { withoutDescriptions } from './expected-schema.js';

const WORD = /[A-Za-z0-9]+/g;
const words = (text: string): string[] => text.match(WORD) ?? [];
const digitGuard = (name: string): string => (/^[0-9]/.test(name) ? `_${name}` : name);
const upperFirst = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** PascalCase (README, "Names" 1): every character not an ASCII letter or digit dropped, each word's first letter upper-cased, `_` before a leading digit. */
export function pascalCase(text: string): string {
  return digitGuard(words(text).map(upperFirst).join(''));
}

/** camelCase (README, "Names" 5): as PascalCase, the first letter lower-cased (the whole first word when written in capitals). */
export function camelCase(text: string): string {
  const [first, ...rest] = words(text);
  if (first === undefined) return '';
  const head = first === first.toUpperCase() ? first.toLowerCase() : first.charAt(0).toLowerCase() + first.slice(1);
  return digitGuard(head + rest.map(upperFirst).join(''));
}

/** `base`, else `base_2`, `base_3`, ... : the first name not in `taken` (added to it). */
function firstFree(base: string, taken: Set<string>): string {
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  taken.add(name);
  return name;
}

/** The root mutation field of a Database (README, "Mutations" 3): the Database part's last word plural, in camelCase. */
export function mutationBaseName(database: string): string {
  const local = database.slice(database.indexOf('/') + 1);
  const all = [...local.matchAll(WORD)];
  const last = all.at(-1);
  const plural = last?.index === undefined ? local : `${local.slice(0, last.index)}${pluralize.plural(last[0])}${local.slice(last.index + last[0].length)}`;
  return camelCase(plural);
}

/** The Databases of `space` as svc.schema/query lists them, in ordinal order of name (README, "Names" 4). */
export async function spaceDatabases(ctx: CheckContext, space: string): Promise<string[]> {
  const schema = await run(ctx, { command: 'svc.schema/query' } as Command, 'reading the workspace schema (svc.schema/query)');
  const types = isRecord(schema) && Array.isArray(schema['svc/types']) ? schema['svc/types'].filter(isRecord) : [];
  return types
    .filter((t) => t['svc/deleted?'] !== true && isRecord(t['svc/meta']) && t['svc/meta']['svc/domain?'] === true && String(t['svc/name']).startsWith(`${space}/`))
    .map((t) => String(t['svc/name']))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

const SYSTEM = ['id', 'publicId', 'creationDate', 'modificationDate', 'rank', 'createdBy'];
const SELECTION = new Set(['orderBy', 'limit', 'offset']);

interface InputRow {
  name: string;
  /** The argument / input field type as printed. */
  type: string;
  rich: boolean;
  /** A relation (to a Database, option type or users): its target type and whether it is a collection. */
  relation?: { target: string; many: boolean };
}

/** The writable fields of a served Database type, as `<T>Input` takes them (README, "Mutations", "Schema" 1). */
function inputRows(object: ReturnType<GraphQLSchema['getType']>): InputRow[] {
  if (!isObjectType(object)) return [];
  const fields = Object.values(object.getFields());
  let start = 0;
  while (start < fields.length && fields[start]?.name === SYSTEM[start]) start++;
  const out: InputRow[] = [];
  for (const f of fields.slice(start)) {
    const named = getNamedType(f.type);
    const list = isListType(isNonNullType(f.type) ? f.type.ofType : f.type);
    if (named.name === 'File' || named.name === 'CommentsComment') continue;
    if (named.name === 'RichField') out.push({ name: f.name, type: 'String', rich: true });
    else if (isScalarType(named)) out.push({ name: f.name, type: named.name, rich: false });
    else if (isObjectType(named)) out.push({ name: f.name, type: list ? `[${named.name}Filter!]` : `${named.name}Filter`, rich: false, relation: { target: named.name, many: list } });
  }
  return out;
}

/** The field filters of a target type `O`: the fields of `OFilter` but orderBy, limit, offset. */
function filterArgs(schema: GraphQLSchema, target: string): string {
  const filter = schema.getType(`${target}Filter`);
  const fields = isInputObjectType(filter) ? Object.values(filter.getFields()).filter((f) => !SELECTION.has(f.name)) : [];
  return fields.map((f) => `${f.name}: ${String(f.type)}`).join(', ');
}

const call = (name: string, args: string, type = 'MutationResult!'): string => `  ${name}${args === '' ? '' : `(${args})`}: ${type}`;

/**
 * The mutation types the README gives for the Databases of a Space (full names, in order), by
 * name, as graphql-js prints them without descriptions; `absent` lists the `<T>Input` types that
 * must not exist (a Database without a writable field).
 */
export function expectedMutationTypes(served: GraphQLSchema, databases: readonly string[]): { types: Map<string, string>; absent: string[]; problems: string[] } {
  const schema = withoutDescriptions(served);
  const problems: string[] = [];
  const finds = Object.values(schema.getQueryType()?.getFields() ?? {}).filter((f) => f.name !== 'me');
  if (finds.length !== databases.length) problems.push(`the Space has ${databases.length} Databases (${databases.join(', ')}) but Query has ${finds.length} find fields`);
  const typeOf = (find: GraphQLField<unknown, unknown> | undefined): string => (find ? getNamedType(find.type).name : '');
  const rows = new Map(finds.map((find) => [typeOf(find), inputRows(schema.getType(typeOf(find)))]));
  const types = new Map<string, string>();
  const absent: string[] = [];
  const roots: string[] = [];
  const rootNames = new Set<string>();
  for (const [i, database] of databases.entries()) {
    const t = typeOf(finds[i]);
    const inputs = rows.get(t) ?? [];
    const args = inputs.map((r) => `${r.name}: ${r.type}`).join(', ');
    if (inputs.length > 0) types.set(`${t}Input`, `input ${t}Input {\n${inputs.map((r) => `  ${r.name}: ${r.type}`).join('\n')}\n}`);
    else absent.push(`${t}Input`);
    const actions = new Map<string, string>();
    const add = (base: string, argsText: string): void => {
      const name = firstFree(base, new Set(actions.keys()));
      actions.set(name, call(name, argsText));
    };
    add('create', args);
    if (inputs.length > 0) add('createBatch', `data: [${t}Input!]!`);
    add('update', args);
    if (inputs.length > 0) add('updateBatch', `data: [${t}Input!]!`);
    add('delete', '');
    for (const r of inputs) {
      const part = pascalCase(r.name);
      if (r.rich) {
        for (const prefix of ['appendContentTo', 'prependContentTo', 'overwrite']) {
          add(`${prefix}${part}`, 'value: String!');
          add(`${prefix}${part}Batch`, 'data: [ContentInput!]!');
        }
      } else if (r.relation) {
        const { target, many } = r.relation;
        add(`link${part}`, filterArgs(schema, target));
        add(`unlink${part}`, filterArgs(schema, target));
        // Actions on the related Entities: where the target is a Database of the Space.
        const targetInputs = rows.get(target);
        if (targetInputs === undefined) continue;
        const targetArgs = targetInputs.map((x) => `${x.name}: ${x.type}`).join(', ');
        if (targetInputs.length > 0) {
          add(many ? `add${part}Item` : `add${part}`, targetArgs);
          add(`update${part}`, targetArgs);
        }
        add(`delete${part}`, many ? filterArgs(schema, target) : '');
      }
    }
    types.set(`${t}Operations`, `type ${t}Operations {\n${[...actions.values()].join('\n')}\n}`);
    roots.push(call(firstFree(mutationBaseName(database), rootNames), filterArgs(schema, t), `${t}Operations`));
  }
  if (roots.length > 0) types.set('Mutation', `type Mutation {\n${roots.join('\n')}\n}`);
  return { types, absent, problems };
}

/** The differences between the mutation part of `served` and what the README gives for `databases` (none: they agree). */
export function mutationSchemaDifferences(served: GraphQLSchema, databases: readonly string[]): string[] {
  const { types, absent, problems } = expectedMutationTypes(served, databases);
  const schema = withoutDescriptions(served);
  const out = [...problems];
  if (types.has('Mutation') && served.getMutationType()?.name !== 'Mutation') out.push(`the schema's mutation type should be Mutation, it is ${served.getMutationType()?.name ?? 'none'}`);
  for (const [name, want] of types) {
    const got = schema.getType(name);
    if (!got) out.push(`the type ${name} is missing`);
    else if (printType(got) !== want) out.push(`the type ${name} is\n${printType(got)}\nexpected\n${want}`);
  }
  for (const name of absent) if (schema.getType(name)) out.push(`the Database of ${name} has no writable field, so the schema should have no ${name} (GraphQL has no empty input type)`);
  return out;
}

/** Names of the awkward Space's parts: its Databases and the types to drop afterwards. */
export interface AwkwardSpace {
  space: string;
  records: string;
  plain: string;
  empty: string;
  /** The option type each select field reads: named in order of their enum types' names (`Kind a` before `Kind-a`), so `labels` and `grades` have the `_2`. */
  optionTypes: Record<'kind' | 'labels' | 'tier' | 'grades', string>;
  drop: string[];
}

/**
 * A Space whose name starts with a digit and has a space, with three Databases: `Records` with
 * a field of every writable kind (values, ranges and location read as stringified JSON, rich text,
 * files, a single select, a multi select, a workflow, people, comments; the two selects' option types
 * collide pairwise, one pair made in its name order, one in the reverse), a self relation
 * (`Parent` / `Children`), relations to `Plain` whose action names collide (`Batch` gives
 * `updateBatch_2`, `Tags item` and `Tags` both give `addTagsItem`), two fields whose names
 * collide, and a relation to `Empties`, a Database without any writable field.
 */
export async function withAwkwardSpace<T>(ctx: CheckContext, body: (space: AwkwardSpace) => Promise<T>): Promise<T> {
  const space = `2 ${uniqueSpaceName(ctx)}`;
  const f = (name: string) => `${space}/${name}`;
  const records = f('Records');
  const plain = f('Plain');
  const empty = f('Empties');
  const workflow = `workflow/state_${records}`;
  // Two pairs of enum types whose PascalCase names collide, one pair used in its name order, one in the reverse.
  const kinds = f('Kind a');
  const labels = f('Kind-a');
  const tiers = f('Tier a');
  const grades = f('Tier-a');
  const self = randomUUID();
  const field = (name: string, type: string, meta?: Record<string, unknown>) => ({
    command: 'schema.field/create' as const,
    args: { 'svc/holder-type': records, 'svc/name': f(name), 'svc/type': type, ...(meta ? { 'svc/meta': meta } : {}) },
  });
  const title = (name: string) => [{ 'svc/name': f(name), 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } }];
  const created = await schemaBatch(ctx, [
    { command: 'schema.type/create', args: { 'svc/name': empty, 'svc/meta': { 'svc/domain?': true }, 'svc/fields': [] } },
    { command: 'schema.type/create', args: { 'svc/name': plain, 'svc/meta': { 'svc/domain?': true }, 'svc/fields': title('Plain name') } },
    { command: 'schema.type/create', args: { 'svc/name': records, 'svc/meta': { 'svc/domain?': true }, 'svc/fields': title('Label') } },
    { command: 'schema.enum/create', args: { 'svc/name': kinds, 'svc/values': [{ 'enum/name': 'Bug' }] } },
    { command: 'schema.enum/create', args: { 'svc/name': labels, 'svc/values': [{ 'enum/name': 'Red' }] } },
    { command: 'schema.enum/create', args: { 'svc/name': tiers, 'svc/values': [{ 'enum/name': 'Gold' }] } },
    { command: 'schema.enum/create', args: { 'svc/name': grades, 'svc/values': [{ 'enum/name': 'A' }] } },
    { command: 'schema.enum/create', args: { 'svc/name': workflow, 'svc/workflow?': true, 'svc/values': [{ 'enum/name': 'Open' }, { 'enum/name': 'Done', 'workflow/Final': true }] } },
    field('Span', 'svc/date-range'),
    field('Place', 'svc/location'),
    field('Body', RICH_TEXT_TYPE),
    field('Files', FILE_TYPE, { 'svc/collection?': true }),
    field('Due date', 'svc/date'),
    field('Due-date', 'svc/text'),
    field('State', workflow),
    field('Labels', labels, { 'svc/collection?': true }),
    field('Kind', kinds),
    field('Tier', tiers),
    field('Grades', grades, { 'svc/collection?': true }),
    field('Owner', 'svc/user'),
    field('Watchers', 'svc/user', { 'svc/collection?': true }),
    field('Parent', records, { 'svc/relation': self }),
    field('Children', records, { 'svc/relation': self, 'svc/collection?': true }),
    field('Batch', plain),
    field('Tags item', plain),
    field('Tags', plain, { 'svc/collection?': true }),
    field('Void', empty),
    { command: 'svc.app/install-mixins', args: { types: { [records]: ['comments/comments-mixin'] } } },
  ]);
  const drop = [records, plain, empty, kinds, labels, tiers, grades, workflow];
  try {
    expectSuccess(created, `creating the Databases of the Space "${space}" (a field of every writable kind, a self relation, colliding names, a Database without fields)`);
    const prefix = pascalCase(space);
    return await body({ space, records, plain, empty, optionTypes: { kind: `${prefix}KindA`, labels: `${prefix}KindA_2`, tier: `${prefix}TierA`, grades: `${prefix}TierA_2` }, drop });
  } finally {
    await dropTypes(ctx, drop);
  }
}
