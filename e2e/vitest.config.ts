import { defineConfig } from 'vitest/config';

/**
 * Journeys that share something site-wide run one at a time, after the others: the run's one admin account (its
 * second factor's codes each pass once, its saved language is switched by the admin's Spanish check, its session
 * is kept in a file), or figures counted over the whole site (the overview's totals, page views, the needs figures,
 * the map's members per state).
 */
const ONE_AT_A_TIME = [
  'admin-churches',
  'admin',
  'care-journey',
  'church-belonging',
  'church-map',
  'churches-journey',
  'clearances',
  'directory',
  'landing-map',
  'needs-approvals',
  'needs-board',
  'needs-figures',
  'needs-journey',
  'needs-respond',
  'page-views',
  'pseudo-locale',
  'stored-xss',
  'suspension',
].map((name) => `e2e/${name}.spec.ts`);

// End-to-end journeys: a real Chromium per file against the real built server (started by global setup, one per
// group below, so the two groups share no data). A journey is mostly Chromium's work and leaves about a fifth of
// two cores idle, so the journeys that touch nothing site-wide run two at a time (issue 28: the suite was over
// its 20 minutes).
export default defineConfig({
  test: {
    root: '.',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A page answers after a server round trip or two; on a busy two-core machine that can take seconds.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    // The global setup is each group's, not the root's: vitest runs the root's too, which would start a third server.
    projects: [
      {
        extends: true,
        test: {
          name: 'two at a time',
          include: ['e2e/**/*.spec.ts'],
          exclude: ONE_AT_A_TIME,
          globalSetup: ['e2e/support/global-setup.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'one at a time',
          include: ONE_AT_A_TIME,
          globalSetup: ['e2e/support/global-setup.ts'],
          maxWorkers: 1,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
