import { defineConfig } from 'vitest/config';

// End-to-end journeys: one built server (started by global setup) and a real Chromium per file.
export default defineConfig({
  test: {
    root: '.',
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
    // A page answers after a server round trip or two; on a busy two-core machine that can take seconds.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
