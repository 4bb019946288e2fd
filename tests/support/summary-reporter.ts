import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, 'tests: N passed, N failed, N skipped', and lists every skipped
 * test with its suite, so a run on a bare machine says what it could not run.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const skippedNames: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else if (state === 'skipped') {
          skipped++;
          skippedNames.push(`${module.moduleId.replace(process.cwd() + '/', '')} > ${test.fullName}`);
        }
      }
    }
    if (skippedNames.length) {
      console.log(`\nSkipped (a service or browser was not available):\n${skippedNames.map((n) => `  - ${n}`).join('\n')}`);
    }
    console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
