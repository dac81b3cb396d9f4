/**
 * A deterministic sweep that complements the random runs of the model-based checks: one data set
 * with every kind of value (and, in the full profile, missing values), then one query per
 * (path, operator) pair of spec/query-semantics.md, one per sort key and direction, and selects of
 * every shape, each compared with the model. The queries travel in svc.command/batch requests; a
 * difference is confirmed by sending the query alone, so the failure carries its own curl line.
 */
import { fail } from '../assert.js';
import { isRecord } from '../shapes.js';
import { comparisonOps, orderPaths, wherePaths, type PathInfo, type Profile, type QueryTemplate, type SchemaShapes, type WriteOp } from './arbitraries.js';
import type { Command, ModelDriver, Query } from './driver.js';
import { exactDifference } from './driver.js';
import { QueryEvaluator } from './query.js';
import type { ValueKind } from './schema.js';
import type { Json, JsonObject } from './values.js';

const VALUES: Record<Exclude<ValueKind, 'uuid' | 'public-id'>, Json[]> = {
  text: ['a', 'aB', 'b%c', '', 'A', 'a_'],
  integer: [1, -2, 1, 30, 0, 7],
  decimal: [1.5, -0.25, 1.5, 10, 0, 2],
  bool: [true, false, true, false, true, false],
  date: ['2024-01-02', '2023-12-31', '2024-01-02', '1999-01-01', '2030-06-15', '2024-01-03'],
  'date-time': ['2024-01-01T10:00:00.000Z', '2024-01-01T09:59:59.999Z', '2024-01-01T10:00:00.000Z', '2000-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z', '2024-01-01T10:00:00.001Z'],
};

/** Creates of the sweep: 6 Entities of the first Database (with relation values), 3 of each other, with shared, distinct and (full profile) missing values. */
export function sweepData(shapes: SchemaShapes, profile: Profile): WriteOp[] {
  const ops: WriteOp[] = [];
  for (const info of [...shapes.types].reverse()) {
    // The first Database holds the relation values; the others are created first, as their targets.
    const referenced = info.index !== 0;
    const count = referenced ? 3 : 6;
    for (let i = 0; i < count; i++) {
      const values: JsonObject = {};
      info.writable.forEach((field, j) => {
        if (profile === 'full' && (i + j) % 4 === 3) return;
        const table = VALUES[field.valueKind as keyof typeof VALUES];
        if (table) values[field.name] = table[(i + j) % table.length] as Json;
      });
      for (const rel of info.relations) {
        const target = shapes.typeIndex(rel.target);
        if (referenced) continue;
        if (rel.collection) {
          const picks = i % 3 === 0 ? [0, 1] : i % 3 === 1 ? [] : [2];
          values[rel.name] = picks.map((p): Json => ({ 'svc/id': `@ref:${target}:${p}` }));
        } else if (i % 4 !== 3) {
          values[rel.name] = { 'svc/id': `@ref:${target}:${i % 3}` };
        }
      }
      ops.push({ op: 'create', type: info.index, values, supplyId: true });
    }
  }
  return ops;
}

function operand(p: PathInfo, k: number): Json {
  if (p.kind === 'uuid') return p.idType === -1 ? '@user' : `@ref:${p.idType ?? p.owner}:${k}`;
  if (p.fieldName === 'svc/public-id') return `@pid:${p.owner}:${k}`;
  if (p.fieldName === 'svc/creation-date') return `@cd:${p.owner}:${k}`;
  return `@val|${p.owner}|${k}|${p.fieldName}`;
}

/** One query per (path, operator), per sort key and direction, and selects of every shape. */
export function sweepQueries(shapes: SchemaShapes, profile: Profile): QueryTemplate[] {
  const out: QueryTemplate[] = [];
  const add = (from: string, extra: JsonObject): void => {
    out.push({ query: { 'q/from': from, 'q/select': ['svc/id'], 'q/limit': 100, ...extra }, paramize: [out.length % 2 === 0], altTimes: profile === 'full' && out.length % 3 === 0 });
  };
  for (const info of shapes.types) {
    const paths = wherePaths(shapes, info.index, profile).filter((p) => {
      // Through a relation: the target's svc/id and its first field of each kind are enough.
      if (!p.throughRelation || p.endsOnRelation) return true;
      const holder = shapes.types[p.owner];
      const firsts = new Set(['svc/id', ...['text', 'integer', 'date-time'].map((k) => holder?.writable.find((f) => f.valueKind === k)?.name)]);
      return firsts.has(p.fieldName) && p.path.length <= 2;
    });
    for (const [index, p] of paths.entries()) {
      const path: Json = p.path;
      const own = !p.throughRelation;
      const twoSteps = p.path.length > 2 || (p.path.length === 2 && p.endsOnRelation);
      const ops = comparisonOps(p, profile).filter((op) => own || op === '=' || op === '!=' || (!twoSteps && op === '<'));
      for (const op of ops) add(info.name, { 'q/where': [op, path, operand(p, 1)] });
      if (p.kind !== 'bool' && !twoSteps) {
        add(info.name, { 'q/where': ['q/in', path, [operand(p, 0), operand(p, 2)]] });
        if (profile === 'full') add(info.name, { 'q/where': ['q/not-in', path, [operand(p, 0), operand(p, 2)]] });
        if (index === 0) {
          // Each match comes once, however often the list names it.
          add(info.name, { 'q/where': ['q/in', path, [operand(p, 1), operand(p, 1), operand(p, 0)]] });
          if (profile === 'full') {
            add(info.name, { 'q/where': ['q/in', path, []] });
            add(info.name, { 'q/where': ['q/not-in', path, []] });
          }
        }
      }
      if (profile !== 'full') continue;
      add(info.name, { 'q/where': ['!=', ['q/null?', path], true] });
      if (!twoSteps) add(info.name, { 'q/where': ['=', path, null] });
      if (own) {
        add(info.name, { 'q/where': ['!=', path, null] });
        add(info.name, { 'q/where': ['=', ['q/null?', path], true] });
      }
      if (p.kind === 'text' && !twoSteps) {
        const textOps = own
          ? ['q/contains', 'q/not-contains', 'q/starts-with-ignoring-case?', 'q/ends-with-ignoring-case?', 'q/equals-ignoring-case?']
          : ['q/contains', 'q/not-contains', 'q/equals-ignoring-case?'];
        for (const op of textOps) {
          add(info.name, { 'q/where': [op, path, operand(p, 1)] });
          if (own) add(info.name, { 'q/where': [op, path, op.includes('contains') ? 'b' : 'A'] });
        }
        if (own) {
          add(info.name, { 'q/where': ['q/contains', path, '%'] });
          add(info.name, { 'q/where': ['q/starts-with-ignoring-case?', path, '_'] });
        }
      }
      if (p.endsOnRelation && p.idType !== -1 && !twoSteps) {
        add(info.name, { 'q/where': ['q/contains', path, operand(p, 0)] });
        add(info.name, { 'q/where': ['q/not-contains', path, operand(p, 0)] });
      }
    }
    if (profile === 'full') {
      for (const rel of info.relations.filter((r) => r.collection)) {
        for (const op of ['=', '!=', '<', '<=', '>', '>=']) add(info.name, { 'q/where': [op, ['q/count', [rel.name, 'svc/id']], 1] });
      }
      // q/and and q/or take one or more expressions.
      add(info.name, { 'q/where': ['q/or', ['=', [info.writable[0]?.name ?? 'svc/id'], null], ['q/and', ['!=', ['svc/id'], `@ref:${info.index}:0`]]] });
    }
    for (const p of orderPaths(shapes, info.index, profile)) {
      for (const dir of profile === 'full' ? ['q/asc', 'q/desc'] : ['q/asc']) {
        add(info.name, { 'q/order-by': [[p.path, dir]] });
        // The same key under a condition every Entity meets (an empty q/not-in list; contract: svc/id > the nil UUID).
        const all: Json = profile === 'full' ? ['q/not-in', ['svc/id'], []] : ['>', ['svc/id'], '00000000-0000-0000-0000-000000000000'];
        add(info.name, { 'q/where': all, 'q/order-by': [[p.path, dir]] });
      }
    }
    // Every select shape: plain fields, relations with sub-fields, sub-queries, aliases and counts.
    const plain = shapes.fieldsOf(info.index).filter((f) => f.system !== 'svc/modification-date' && (profile === 'full' || f.system !== 'svc/created-by')).map((f) => f.name);
    const maps: Json[] = [];
    for (const rel of info.relations) {
      const target = shapes.types[shapes.typeIndex(rel.target)];
      const sub = ['svc/id', ...(target?.writable.map((f) => f.name) ?? [])];
      maps.push({ [rel.name]: sub });
      if (rel.collection) {
        const key = target?.writable.find((f) => f.valueKind === 'integer')?.name;
        const subQuery: JsonObject = { 'q/select': sub, 'q/limit': profile === 'full' ? 1 : 100 };
        if (profile === 'full' && key) subQuery['q/order-by'] = [[[key], 'q/desc']];
        out.push({ query: { 'q/from': info.name, 'q/select': ['svc/id', { [rel.name]: subQuery }], 'q/limit': 100 }, paramize: [], altTimes: false });
        if (profile === 'full') {
          maps.push({ [`count-${rel.name}`]: ['q/count', [rel.name, 'svc/id']] });
          maps.push({ [`ids-${rel.name}`]: [rel.name, 'svc/id'] });
        }
      } else if (profile === 'full') {
        maps.push({ [`via-${rel.name}`]: [rel.name, target?.writable[0]?.name ?? 'svc/id'] });
      }
    }
    out.push({ query: { 'q/from': info.name, 'q/select': [...plain, ...maps], 'q/limit': 100 }, paramize: [], altTimes: false });
  }
  return out;
}

/** Runs the sweep: fixed data, then every query of `sweepQueries` in batches of 50, each compared with the model. */
export async function runSweep(driver: ModelDriver): Promise<void> {
  await driver.reset(0, sweepData(driver.shapes, driver.profile));
  const templates = sweepQueries(driver.shapes, driver.profile);
  for (let start = 0; start < templates.length; start += 50) {
    const chunk = templates.slice(start, start + 50);
    const resolved = chunk.map((t) => driver.resolveQuery(t));
    const commands: Command[] = resolved.map(({ query, params }) => {
      const args: { query: Query; params?: Record<string, unknown> } = { query: query as unknown as Query };
      if (Object.keys(params).length > 0) args.params = params;
      return { command: 'svc.entity/query', args };
    });
    const res = await driver.ctx.http.command({ command: 'svc.command/batch', args: { commands } } satisfies Command);
    const body = res.json;
    const results = isRecord(body) && body['success'] === true && Array.isArray(body['result']) ? body['result'] : undefined;
    if (results === undefined) {
      // The batch as a whole failed: find the query that fails alone.
      for (const [i, template] of chunk.entries()) await driver.compareQuery(template, `sweep query ${start + i + 1} of ${templates.length}`);
      fail(`a svc.command/batch of ${chunk.length} sweep queries failed, although each of them is answered alone`, res);
    }
    for (const [i, template] of chunk.entries()) {
      const inner: unknown = results?.[i];
      const ok = isRecord(inner) && inner['success'] === true;
      const { query, params } = resolved[i] as { query: JsonObject; params: JsonObject };
      const rows = ok ? inner['result'] : undefined;
      const differs =
        !ok ||
        (driver.mode === 'exact' ? exactDifference(new QueryEvaluator(driver.model, params).run(query), rows) : driver.tolerantDifference({ query, params }, rows)) !== undefined;
      // A difference is settled by the query alone, with its own curl line.
      if (differs) await driver.compareQuery(template, `sweep query ${start + i + 1} of ${templates.length}`);
      if (differs) fail(`sweep query ${start + i + 1} differs inside a svc.command/batch but not alone: ${JSON.stringify(query)}`, res);
    }
  }
  driver.finishRun();
}
