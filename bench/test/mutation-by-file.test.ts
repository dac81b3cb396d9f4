// A module measured one file at a time (`--by-file`): its files, when a file's record still stands
// for it, and the module's record put together from the files' records, saying what it lacks.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assemble, isCurrent, moduleFiles, partsOf, selectParts } from '../mutation/by-file.js';
import { moduleNamed, type MutationModule } from '../mutation/modules.js';
import { notedAgainstLaterRuns, renderMarkdown, score, sourceDigest, type Counts, type RunRecord } from '../mutation/results.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const sync = moduleNamed('sync') as MutationModule;
const counts = (killed: number, survived: number): Counts => ({ Killed: killed, Timeout: 0, Survived: survived, NoCoverage: 0, Ignored: 1, RuntimeError: 0, CompileError: 0, killedBelowMust: 0 });

function fileRecord(file: string, text: string, killed: number, survived: number, date: string): RunRecord {
  return {
    label: file,
    module: 'sync',
    mutate: [file],
    checks: sync.checks,
    profile: 'full',
    seed: 7,
    date,
    durationMs: 60_000,
    machine: 'test',
    claims: ['all'],
    total: counts(killed, survived),
    files: { [file]: counts(killed, survived) },
    survivors: Array.from({ length: survived }, (_, i) => ({ file, line: i + 1, mutator: 'BooleanLiteral', original: 'true', replacement: 'false' })),
    equivalent: [],
    sources: { [file]: sourceDigest(text) },
  };
}

describe('mutation by file', () => {
  it('lists the files a module mutates, less its exclusions', async () => {
    const files = await moduleFiles(sync, ROOT);
    expect(files).toContain('server/src/integrations/sync/engine.ts');
    expect(files.every((f) => f.startsWith('server/src/integrations/sync/') && f.endsWith('.ts'))).toBe(true);
    const webhooks = await moduleFiles(moduleNamed('webhooks') as MutationModule, ROOT);
    expect(webhooks).toContain('server/src/webhooks/queue.ts');
    expect(webhooks).not.toContain('server/src/webhooks/settings-page.ts');
  });

  it('runs each top-level file alone and each subfolder as one part', () => {
    const mapping = moduleNamed('mapping') as MutationModule;
    const top = 'server/src/integrations/mapping';
    const parts = partsOf(mapping, [`${top}/check-schema.ts`, `${top}/names.ts`, `${top}/values/bool.ts`, `${top}/values/dates.ts`, `${top}/values/deep/x.ts`]);
    expect(parts).toEqual([
      { path: `${top}/check-schema.ts`, files: [`${top}/check-schema.ts`] },
      { path: `${top}/names.ts`, files: [`${top}/names.ts`] },
      { path: `${top}/values`, files: [`${top}/values/bool.ts`, `${top}/values/dates.ts`, `${top}/values/deep/x.ts`] },
    ]);
  });

  it('runs only the parts --parts names, by path or by name below the module, and names the parts for a name it lacks', () => {
    const mapping = moduleNamed('mapping') as MutationModule;
    const top = 'server/src/integrations/mapping';
    const parts = partsOf(mapping, [`${top}/check-schema.ts`, `${top}/names.ts`, `${top}/values/bool.ts`]);
    expect(selectParts(parts, undefined)).toEqual(new Set([`${top}/check-schema.ts`, `${top}/names.ts`, `${top}/values`]));
    expect(selectParts(parts, ['names.ts', `${top}/values`])).toEqual(new Set([`${top}/names.ts`, `${top}/values`]));
    expect(() => selectParts(parts, ['name.ts'])).toThrow('--parts: no part "name.ts"; the parts are check-schema.ts, names.ts, values');
  });

  it('refuses a glob it cannot expand', async () => {
    await expect(moduleFiles({ ...sync, mutate: ['server/src/**/run-*.ts'] }, ROOT)).rejects.toThrow(/understands "<folder>\/\*\*\/\*\.ts"/);
  });

  it('keeps a record current only for the same texts, checks, profile and seed', () => {
    const file = 'server/src/integrations/sync/a.ts';
    const r = fileRecord(file, 'const a = 1;\n', 3, 0, '2026-11-28T00:00:00.000Z');
    const want = { checks: sync.checks, profile: 'full', seed: 7 };
    const texts = (text: string) => new Map([[file, text]]);
    expect(isCurrent(r, texts('const a = 1;\n'), want)).toBe(true);
    expect(isCurrent(r, texts('const a = 2;\n'), want)).toBe(false);
    expect(isCurrent(r, new Map([[file, 'const a = 1;\n'], ['server/src/integrations/sync/new.ts', '']]), want)).toBe(false);
    expect(isCurrent(r, texts('const a = 1;\n'), { ...want, seed: 8 })).toBe(false);
    expect(isCurrent(r, texts('const a = 1;\n'), { ...want, profile: 'quick' })).toBe(false);
    expect(isCurrent(r, texts('const a = 1;\n'), { ...want, checks: ['sync'] })).toBe(false);
    expect(isCurrent({ ...r, error: 'stopped' }, texts('const a = 1;\n'), want)).toBe(false);
    expect(isCurrent(undefined, texts('const a = 1;\n'), want)).toBe(false);
  });

  it('sums the files\' records into the module\'s and names the files still missing', () => {
    const [a, b, c] = ['server/src/integrations/sync/a.ts', 'server/src/integrations/sync/b.ts', 'server/src/integrations/sync/c.ts'] as const;
    const records = new Map<string, RunRecord>([
      [b, fileRecord(b, 'b', 5, 1, '2026-11-29T00:00:00.000Z')],
      [a, fileRecord(a, 'a', 3, 0, '2026-11-28T00:00:00.000Z')],
    ]);
    const parts = [a, b, c].map((f) => ({ path: f, files: [f] }));
    const partial = assemble(sync, { profile: 'full', seed: 7 }, parts, records);
    expect(partial.total.Killed).toBe(8);
    expect(partial.total.Survived).toBe(1);
    expect(partial.total.Ignored).toBe(2);
    expect(score(partial.total)).toBeCloseTo(8 / 9);
    expect(Object.keys(partial.files)).toEqual([a, b]);
    expect(partial.survivors.map((m) => m.file)).toEqual([b]);
    expect(partial.durationMs).toBe(120_000);
    expect(partial.date).toBe('2026-11-29T00:00:00.000Z');
    expect(partial.assembled).toEqual({ files: 2, of: 3, missing: [c], since: '2026-11-28T00:00:00.000Z', fileDates: { [a]: '2026-11-28T00:00:00.000Z', [b]: '2026-11-29T00:00:00.000Z' }, rangesDone: {} });
    // A run of a path made after a's run and before b's: it notes a survivor of a (its file's run is older), not one of b.
    const survivorOf = (file: string) => ({ file, line: 3, mutator: 'BooleanLiteral', original: 'true', replacement: 'false' });
    const path: RunRecord = { ...fileRecord(a, 'a', 1, 0, '2026-11-28T12:00:00.000Z'), label: `${a}:1-9`, module: 'sync', survivors: [], killed: [survivorOf(a), survivorOf(b)] };
    const noted = notedAgainstLaterRuns({ ...partial, survivors: [survivorOf(a), survivorOf(b)] }, [path]);
    expect(noted.survivors.map((m) => m.reason?.slice(0, 12))).toEqual(['killed since', undefined]);
    const md = renderMarkdown([partial]);
    expect(md).toContain('| sync (by file: 2 of 3, not done) | full |');
    expect(md).toContain(`**Not done**: the counts leave out \`${c}\``);

    records.set(c, fileRecord(c, 'c', 1, 0, '2026-11-29T01:00:00.000Z'));
    const whole = assemble(sync, { profile: 'full', seed: 7 }, parts, records);
    expect(whole.assembled?.missing).toEqual([]);
    expect(renderMarkdown([whole])).toContain('| sync (by file) | full |');
    expect(renderMarkdown([whole])).not.toContain('Not done');
  });
});
