// What a target of `npm run mutation` mutates: a module, a path with a line range, paths joined by +.
import { describe, expect, it } from 'vitest';
import { planFor } from '../mutation/plan.js';

describe('mutation plan', () => {
  it('takes a module by name with its checks', () => {
    const plan = planFor('files', undefined);
    expect(plan.mutate).toEqual(['server/src/files/**/*.ts']);
    expect(plan.checks).toContain('files');
  });

  it('takes a file with a line range, a single line, and a folder, with the checks of their module', () => {
    expect(planFor('server/src/query/where.ts:120-180', undefined).mutate).toEqual(['server/src/query/where.ts:120-180']);
    expect(planFor('server/src/query/where.ts:7', undefined).mutate).toEqual(['server/src/query/where.ts:7-7']);
    expect(planFor('./server/src/webhooks/', undefined).mutate).toEqual(['server/src/webhooks/**/*.ts']);
    expect(planFor('server/src/query/where.ts', undefined).module?.name).toBe('query');
  });

  it('runs paths of one module joined by + in one plan', () => {
    const plan = planFor('server/src/model/batch-failure.ts+server/src/model/entity-writer.ts:270-400', undefined);
    expect(plan.mutate).toEqual(['server/src/model/batch-failure.ts', 'server/src/model/entity-writer.ts:270-400']);
    expect(plan.module?.name).toBe('model');
  });

  it('refuses paths of two modules, or outside every module, unless --checks names the checks', () => {
    expect(() => planFor('server/src/model/batch-failure.ts+server/src/query/where.ts', undefined)).toThrow(/different modules \(model, query\)/);
    expect(() => planFor('server/src/http/app.ts', undefined)).toThrow(/neither a module/);
    expect(planFor('server/src/http/app.ts', ['http']).checks).toEqual(['http']);
  });
});

describe('mutation file names', () => {
  it('keeps a short label readable and cuts a long one with a digest, distinct per label', async () => {
    const { fileStem } = await import('../mutation/plan.js');
    expect(fileStem('server/src/query/where.ts:120-180')).toBe('server_src_query_where.ts_120-180');
    const long = 'server/src/model/entity-writer.ts:270-400+server/src/model/batch-failure.ts+server/src/model/schema-view.ts+server/src/model/schema-route.ts';
    expect(fileStem(long).length).toBeLessThanOrEqual(100);
    expect(fileStem(long)).not.toBe(fileStem(`${long}+server/src/model/value-codec.ts`));
  });
});
