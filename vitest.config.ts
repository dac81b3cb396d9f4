import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['spec/test/**/*.test.ts', 'bench/test/**/*.test.ts', 'server/test/**/*.test.ts', 'conformance/test/**/*.test.ts', 'mock-app/test/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
