import { testEnded, testStarted } from './browser';

// Browser specs click through several screens against a real server. A bound on a hung test, sized for a loaded
// machine, not a speed target (spa-quality's admin pass took over 120 s at a load average of 12–15 on 2 cores).
jest.setTimeout(300_000);

/**
 * Every test of a browser spec runs between testStarted and testEnded (support/browser.ts): a failed test's open
 * pages are pictured before the contexts it closed close.
 */
type TestFn = () => unknown;
function tracked(fn: TestFn | undefined): TestFn | undefined {
  if (!fn) return fn;
  return async () => {
    testStarted();
    let failed: string | null = null;
    try {
      return await fn();
    } catch (error) {
      failed = expect.getState().currentTestName ?? 'test';
      throw error;
    } finally {
      await testEnded(failed);
    }
  };
}
for (const name of ['it', 'test'] as const) {
  const original = globalThis[name];
  const wrapped = ((title: string, fn?: TestFn, timeout?: number) => original(title, tracked(fn) as jest.ProvidesCallback | undefined, timeout)) as typeof original;
  globalThis[name] = Object.assign(wrapped, original);
}
