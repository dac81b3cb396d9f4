// Prints one plain closing line, "tests: N passed, N failed, N skipped", after vitest's own report,
// so CI logs have a runner-independent summary, and the ten slowest test files (collect + tests +
// hooks), so the CI time budget can be kept without a second run.
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SLOWEST_SHOWN = 10;

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const durations: Array<{ file: string; ms: number }> = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed++;
      const diagnostic = module.diagnostic();
      durations.push({ file: relative(process.cwd(), module.moduleId), ms: diagnostic.collectDuration + diagnostic.duration });
    }
    durations.sort((a, b) => b.ms - a.ms);
    const slowest = durations.slice(0, SLOWEST_SHOWN).map(({ file, ms }) => `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
    if (slowest.length > 0) process.stdout.write(`\nslowest test files:\n${slowest.join('\n')}\n`);
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
