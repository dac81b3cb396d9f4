import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './scripts/slow-first-sequencer.js';

export default defineConfig({
  test: {
    include: ['spec/test/**/*.test.ts', 'bench/test/**/*.test.ts', 'server/test/**/*.test.ts', 'conformance/test/**/*.test.ts', 'mock-app/test/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // vitest runs one file at a time on a 2-core machine by default (cores - 1); most files wait on
    // sockets, timers and child processes rather than the CPU, so two at a time halve CI's wall time.
    maxWorkers: 2,
    reporters: ['default', './scripts/summary-reporter.ts'],
    sequence: { sequencer: SlowFirstSequencer },
  },
});
