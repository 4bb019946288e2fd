import { defineConfig } from 'vitest/config';

// One runner for unit, integration and browser tests. Two cores: two forked workers.
export default defineConfig({
  test: {
    include: ['{domain,api,worker,web,tests}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    pool: 'forks',
    maxWorkers: 2,
    // Each worker runs its files one after another in one process, without a fresh module graph per
    // file: starting one (spawn, environment, imports) cost about 2 s a file, against well under
    // 1 s of tests in most of the 156 files. The files hold no state between them (each test file
    // makes its own database, queue prefix, servers and fetch stubs, and undoes them).
    isolate: false,
    // Browser flows take several seconds each on 2 cores; a hung test still fails in a minute.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll's own default (1 s) failed a browser test whose filtered list took longer to
    // arrive while another test file loaded both cores; the browser helpers wait up to 20 s (visible).
    expect: { poll: { timeout: 20_000 } },
    globalSetup: ['tests/support/global-setup.ts'],
    // Components read their texts through react-i18next: every test file starts with the catalogs loaded (English).
    setupFiles: ['web/src/i18n/index.ts'],
    reporters: ['default', './tests/support/summary-reporter.ts'],
  },
});
