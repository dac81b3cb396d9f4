// Runs the slowest test files first (then vitest's own order): in a fresh clone vitest has no
// durations cached and starts larger files first, so the long, small files below (a CLI run of the
// whole suite, the npm package install) started last and ran alone at the end on one of two workers.
// The list is taken from the "slowest test files" of CI's summary (scripts/summary-reporter.ts).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SLOWEST_FIRST = [
  'conformance/test/full-run.test.ts',
  'conformance/test/package.test.ts',
  'conformance/test/server.test.ts',
  'conformance/test/faults-server.test.ts',
  'conformance/test/sync.test.ts',
  'conformance/test/harness.test.ts',
  'conformance/test/app.test.ts',
];

function rank(file: TestSpecification): number {
  const at = SLOWEST_FIRST.findIndex((path) => file.moduleId.endsWith(path));
  return at === -1 ? SLOWEST_FIRST.length : at;
}

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}
