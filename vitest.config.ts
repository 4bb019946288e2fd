import { defineConfig } from 'vitest/config';

// One runner for unit, integration and browser tests. Two cores: two forked workers.
export default defineConfig({
  test: {
    include: ['{domain,api,worker,web,tests}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    globalSetup: ['tests/support/global-setup.ts'],
    reporters: ['default', './tests/support/summary-reporter.ts'],
  },
});
