import path from 'node:path';
import type { FullResult, Reporter, TestCase } from '@playwright/test/reporter';

/** An error message on one line, without the terminal's colours, for a log line. */
function oneLine(message: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const plain = (message ?? '(no message)').replace(/\u001b\[[0-9;]*m/g, '');
  return plain.replace(/\s*\n\s*/g, ' ').slice(0, 500);
}

/**
 * At the end of the run (next to the list reporter): a `FLAKY:` line for every test that passed only on a retry —
 * its file, title and the first attempt's error — then `N passed, N failed`, so CI's log states the result. Passed
 * counts the flaky tests; failed counts the tests that still failed after their retries.
 */
export default class FlakyReporter implements Reporter {
  private readonly tests: TestCase[] = [];
  private rootDir = '';

  onBegin(config: { rootDir: string }): void {
    this.rootDir = config.rootDir;
  }

  onTestEnd(test: TestCase): void {
    if (!this.tests.includes(test)) this.tests.push(test);
  }

  onEnd(result: FullResult): void {
    let passed = 0;
    let failed = 0;
    const flaky: string[] = [];
    for (const test of this.tests) {
      const outcome = test.outcome();
      if (outcome === 'expected') passed += 1;
      else if (outcome === 'unexpected') failed += 1;
      else if (outcome === 'flaky') {
        passed += 1;
        const file = path.relative(this.rootDir, test.location.file);
        const first = test.results.find((r) => r.status !== 'passed' && r.status !== 'skipped');
        flaky.push(`FLAKY: ${file} › ${test.titlePath().slice(3).join(' › ')} — first attempt: ${oneLine(first?.error?.message)}`);
      }
    }
    for (const line of flaky) console.log(line);
    // Global setup failing, a worker crashing or the time limit fail the run without a failed test: say so.
    if (failed === 0 && result.status !== 'passed')
      console.log(`The run ${result.status === 'timedout' ? 'timed out' : result.status === 'interrupted' ? 'was interrupted' : 'failed outside the tests'}.`);
    console.log(`${passed} passed, ${failed} failed`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
