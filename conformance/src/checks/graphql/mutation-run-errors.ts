import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { isRecord, type JsonRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';
import { postGraphql, queryRows } from './lib/client.js';
import { RESULT, mutate, requireMutations } from './lib/mutations.js';

/** One failing action, run after a `create` in the same mutation field, between two other mutation fields. */
interface ErrorCase {
  /** The actions of `items { ... }`; `failing` is the one that fails (its text, found in the document for its location). */
  failing: string;
  /** The action's path: the error message starts with it. */
  path: string;
  /** `extensions.code` (undefined: the command API's error for a date that is not a date). */
  code?: string;
  /** Other members `extensions` must hold. */
  extensions: (n: Names) => JsonRecord;
  /** A path the message must name (an argument out of range). */
  names?: string;
}

interface Names {
  group: string;
  tags: string;
  groups: string;
  due: string;
}

const CASES: readonly ErrorCase[] = [
  { failing: 'update(due: "not a date")', path: 'items.update', extensions: (n) => ({ field: n.due }) },
  {
    failing: 'update(group: {name: {is: "none"}})',
    path: 'items.update',
    code: 'entity.error/entity-not-found',
    extensions: (n) => ({ field: n.group, type: n.groups, matched: 0 }),
  },
  {
    failing: 'update(group: {name: {in: ["g1", "g2"]}})',
    path: 'items.update',
    code: 'entity.error/value-invalid',
    extensions: (n) => ({ field: n.group, type: n.groups, matched: 2 }),
  },
  {
    failing: 'update(group: {limit: 0})',
    path: 'items.update',
    code: 'entity.error/entity-not-found',
    extensions: (n) => ({ field: n.group, type: n.groups, matched: 0 }),
  },
  {
    failing: 'update(tags: [{name: {is: "g1"}}, {name: {is: "none"}}])',
    path: 'items.update',
    code: 'entity.error/entity-not-found',
    extensions: (n) => ({ field: n.tags, type: n.groups, matched: 0 }),
  },
  {
    failing: 'update(group: {name: {is: "g1"}, limit: -1})',
    path: 'items.update',
    code: 'BAD_USER_INPUT',
    extensions: () => ({ field: 'items.update.group.limit' }),
    names: 'items.update.group.limit',
  },
  {
    failing: 'createBatch(data: [{title: "b1"}, {title: "b2", tags: [{name: {is: "g1"}}, {offset: -1}]}])',
    path: 'items.createBatch',
    code: 'BAD_USER_INPUT',
    extensions: () => ({ field: 'items.createBatch.data[1].tags[1].offset' }),
    names: 'items.createBatch.data[1].tags[1].offset',
  },
];

/** Line and column (1-based) of `text` in `doc`. */
function locationOf(doc: string, text: string): { line: number; column: number } {
  const at = doc.indexOf(text);
  const before = doc.slice(0, at).split('\n');
  return { line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 };
}

function firstErrorOf(res: HttpResponse, what: string): JsonRecord {
  const body = res.json;
  const errors = isRecord(body) ? body['errors'] : undefined;
  const first: unknown = Array.isArray(errors) ? errors[0] : undefined;
  if (!isRecord(first) || typeof first['message'] !== 'string') fail(`${what}: expected a GraphQL error, got ${JSON.stringify(body)?.slice(0, 300)}`, res);
  if (Array.isArray(errors) && errors.length !== 1) fail(`${what}: one failing action should give one error, got ${JSON.stringify(errors).slice(0, 400)}`, res);
  return first;
}

export default defineCheck({
  id: 'graphql.mutation-run-errors',
  name:
    'A server with GraphQL mutations reports a failing action as one GraphQL error (status 200) whose message starts with the action path and then says why, whose locations ' +
    'point at the action and whose extensions carry the error name as code and its data (field; type and matched for a relation filter; the argument path for a negative ' +
    'limit or offset); that mutation field is null and writes nothing, the other mutation fields of the document run',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-048', 'GQL-055', 'GQL-060', 'GQL-070', 'GQL-071'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      await mutate(ctx, n.space, `mutation { groups { createBatch(data: [{name: "g1"}, {name: "g2"}]) ${RESULT} } }`, 'groups', 'creating the Groups g1 and g2');
      const viaCommand = await ctx.http.command({ command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: 'x', [n.due]: 'not a date' } } });
      const result = isRecord(viaCommand.json) ? viaCommand.json['result'] : undefined;
      const dateError = isRecord(result) ? result['name'] : undefined;
      if (typeof dateError !== 'string') fail(`svc.entity/create with ${n.due} "not a date" should fail, it answered ${JSON.stringify(viaCommand.json)?.slice(0, 300)}`, viaCommand);
      for (const [i, c] of CASES.entries()) {
        const doc = `mutation {\n  before: groups { create(name: "before-${i}") { message } }\n  items { create(title: "failed-${i}") { message } ${c.failing} { message } }\n  after: groups { create(name: "after-${i}") { message } }\n}`;
        const what = `${c.failing} in items { create(...) ${c.failing} } between two other mutation fields`;
        const res = await postGraphql(ctx, n.space, { query: doc });
        if (res.status !== 200) fail(`${what}: a mutation whose action fails while running should be answered 200 with errors, got ${res.status}`, res);
        const error = firstErrorOf(res, what);
        const message = String(error['message']);
        // The action's path, or a path below it (an argument), then ": " and what failed.
        const rest = message.startsWith(c.path) ? message.slice(c.path.length) : '';
        const colon = rest.indexOf(': ');
        if (!/^[.:[]/.test(rest) || colon === -1 || rest.slice(colon + 2).trim() === '') fail(`${what}: the error message should start with the action path "${c.path}: " (or a path below it) and then say what failed, got ${JSON.stringify(message)}`, res);
        if (c.names !== undefined && !message.includes(c.names)) fail(`${what}: the error message should name the argument ${c.names}, got ${JSON.stringify(message)}`, res);
        const want = locationOf(doc, c.failing);
        const locations = error['locations'];
        if (JSON.stringify(locations) !== JSON.stringify([want])) fail(`${what}: the error's locations should point at the failing action (${JSON.stringify([want])}), got ${JSON.stringify(locations)}`, res);
        if (JSON.stringify(error['path']) !== JSON.stringify(['items'])) fail(`${what}: the error's path should be ["items"] (the mutation field made null), got ${JSON.stringify(error['path'])}`, res);
        const extensions = isRecord(error['extensions']) ? error['extensions'] : {};
        const code = c.code ?? dateError;
        if (extensions['code'] !== code) fail(`${what}: extensions.code should be ${code}, got ${JSON.stringify(extensions['code'])}`, res);
        for (const [key, value] of Object.entries(c.extensions({ group: n.group, tags: n.tags, groups: n.groups, due: n.due }))) {
          if (JSON.stringify(extensions[key]) !== JSON.stringify(value)) fail(`${what}: extensions.${key} should be ${JSON.stringify(value)}, got ${JSON.stringify(extensions[key])}`, res);
        }
        const data = isRecord(res.json) ? res.json['data'] : undefined;
        if (!isRecord(data)) fail(`${what}: the answer should carry data with the other mutation fields, got ${JSON.stringify(res.json)?.slice(0, 300)}`, res);
        if (data['items'] !== null) fail(`${what}: data.items should be null after its action failed, got ${JSON.stringify(data['items'])?.slice(0, 300)}`, res);
        for (const key of ['before', 'after']) {
          const ops = data[key];
          const made = isRecord(ops) ? ops['create'] : undefined;
          if (!isRecord(made) || typeof made['message'] !== 'string') fail(`${what}: the mutation field ${key}: groups { create } should run on its own and answer its result, got ${JSON.stringify(ops)}`, res);
        }
      }
      const items = await queryRows(ctx, n.space, '{ findItems { title } }', 'findItems', 'looking for the Items of the failed mutation fields');
      if (items.length > 0) fail(`the mutation fields whose action failed wrote nothing, yet findItems reads ${JSON.stringify(items)} (one mutation field is all or nothing)`);
      const groups = await queryRows(ctx, n.space, '{ findGroups(orderBy: {name: ASC}) { name } }', 'findGroups', 'reading the Groups the other mutation fields created');
      const names = groups.map((g) => String(g['name']));
      const expected = [...CASES.flatMap((_, i) => [`after-${i}`, `before-${i}`]), 'g1', 'g2'].sort();
      if (JSON.stringify(names) !== JSON.stringify(expected)) fail(`the other mutation fields of each document should have run: findGroups reads ${JSON.stringify(names)}, expected ${JSON.stringify(expected)}`);
    });
  },
});
