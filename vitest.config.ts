import { defineConfig } from 'vitest/config';

// Two projects in one run (`npm run test:api`): the API and unit tests (*.test.ts) in Node against a real
// PGlite copy, and the browser's component tests (*.test.tsx) in happy-dom, which need no database.
export default defineConfig({
  test: {
    setupFiles: ['src/server/testing/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/testing/global-setup.ts'],
          // Each worker runs its files one after another in one process with one module cache: a file starts
          // without loading the app's modules and compiling PGlite again (42% less CPU on 11 files, decision 033).
          // Files share nothing else: each makes its own app on its own database copy, and the setup file
          // restores spies after every test. (The component tests keep their own DOM per file.)
          // The same on PostgreSQL (DATABASE_URL set): the live events some runs missed there were missed by isolated
          // runs too (the bus's LISTEN connection reconnecting under load; tests count its resync as heard), so a
          // process per file bought nothing but ~2 minutes of module loading (decision 033).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/web/testing/setup.ts'],
        },
      },
    ],
  },
});
