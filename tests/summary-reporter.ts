import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, 'tests: N passed, N failed, N skipped', that any CI log reader understands, after the
 * ten slowest files and each project's time from its first file's start to its last file's end (the suite's time is a
 * target, issue 38; the main project and the bursts are `npm test` on SQLite alone).
 */
export default class SummaryReporter implements Reporter {
  private spans = new Map<string, { start: number; end: number }>();

  onTestModuleStart(m: TestModule) {
    const span = this.spans.get(m.project.name);
    if (!span) this.spans.set(m.project.name, { start: Date.now(), end: Date.now() });
  }

  onTestModuleEnd(m: TestModule) {
    const span = this.spans.get(m.project.name);
    if (span) span.end = Date.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const m of modules) {
      // A file that fails to load or whose hooks throw has no failed test, but it is a failure all the same.
      if (m.state() === 'failed' && ![...m.children.allTests()].some((t) => t.result().state === 'failed')) counts.failed += 1;
      for (const test of m.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
    }
    const slowest = [...modules].sort((a, b) => b.diagnostic().duration - a.diagnostic().duration).slice(0, 10);
    console.log('\nslowest files:');
    for (const m of slowest)
      console.log(`  ${(m.diagnostic().duration / 1000).toFixed(1).padStart(6)} s  ${m.project.name} ${m.moduleId.replace(`${process.cwd()}/`, '')}`);
    console.log('\neach project, first file started to last file ended:');
    for (const [name, { start, end }] of this.spans) console.log(`  ${((end - start) / 1000).toFixed(1).padStart(6)} s  ${name}`);
    console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
