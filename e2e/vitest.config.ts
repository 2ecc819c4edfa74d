import { defineConfig } from 'vitest/config';

// End-to-end journeys: one built server (started by global setup) and one real Chromium, one file at a time, all in
// one process with one module cache: a file starts without importing the app's modules again (84 s of the step's
// 1,500 on this machine went to imports) and borrows the browser the file before it used (support/browser.ts closes
// the contexts a file opened). Files share nothing else: each makes its own members, content and browser contexts.
// Two at a time was tried (issue 28): a journey is mostly Chromium's work and one file alone keeps about 80% of two
// cores busy, so two files together took twice as long each and the step no less; it also needs the journeys that
// share the admin account or site-wide figures kept apart.
export default defineConfig({
  test: {
    root: '.',
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
    isolate: false,
    // A page answers after a server round trip or two; on a busy two-core machine that can take seconds.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
