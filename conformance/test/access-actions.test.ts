// The access-level check's table agrees with the spec: each request's `needs` is the x-svc-access
// of its operation, or of its command (a batch or an array: the highest of its commands).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { CheckContext } from '../src/check.js';
import type { HttpResponse, RequestSpec } from '../src/http.js';
import { testNames } from '../src/model/schema.js';
import { ACCESS_ACTIONS, LEVELS, rank, type Level } from '../src/checks/server/access-actions.js';

interface Spec {
  paths: Record<string, Record<string, { 'x-svc-access'?: string }>>;
  components: { schemas: Record<string, { 'x-svc-access'?: string; discriminator?: { mapping?: Record<string, string> } }> };
}
const spec = parse(readFileSync(new URL('../../spec/service.openapi.yaml', import.meta.url), 'utf8')) as Spec;

function commandLevel(command: unknown): Level {
  const c = command as { command: string; args?: { commands?: unknown[] } };
  const mapping = { ...spec.components.schemas['Command']?.discriminator?.mapping, ...spec.components.schemas['DocumentCommand']?.discriminator?.mapping };
  const ref = mapping[c.command] ?? '';
  const marked = spec.components.schemas[ref.replace('#/components/schemas/', '')]?.['x-svc-access'];
  if (marked !== 'by-command') return marked as Level;
  return highest((c.args?.commands ?? []).map(commandLevel));
}

function highest(levels: Level[]): Level {
  return levels.reduce<Level>((a, b) => (rank(b) > rank(a) ? b : a), 'reader');
}

function operationOf(path: string): string {
  if (spec.paths[path] !== undefined) return path;
  return Object.keys(spec.paths).find((p) => new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+').replace(/\./g, '\\.')}$`).test(path)) ?? path;
}

describe('auth.access-levels requests', () => {
  it.each(ACCESS_ACTIONS.map((a) => [a.id, a] as const))('%s needs the level the spec gives it', async (_id, action) => {
    let sent: RequestSpec | undefined;
    const ctx = { http: { request: (spec: RequestSpec) => ((sent = spec), Promise.resolve({} as HttpResponse)) } } as unknown as CheckContext;
    await action.send(ctx, 'token', testNames('Spec'), { item: 'i', document: 'd', newDocument: 'n', fieldName: 'Spec/F' });
    expect(sent).toBeDefined();
    const operation = spec.paths[operationOf(sent?.path ?? '')]?.[(sent?.method ?? 'get').toLowerCase()]?.['x-svc-access'];
    expect(operation, `${sent?.method} ${sent?.path} is marked in the spec`).toBeDefined();
    const level = operation === 'by-command' ? highest((Array.isArray(sent?.json) ? sent.json : [sent?.json]).map(commandLevel)) : operation;
    expect(LEVELS).toContain(level);
    expect(level).toBe(action.needs);
  });
});
