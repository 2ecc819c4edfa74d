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
