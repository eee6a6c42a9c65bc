import { defineConfig } from 'vitest/config';

// Three projects: fast unit tests; API tests that start the real app on a real database (PGlite by
// default, PostgreSQL when TEST_DATABASE_URL is set; see server/test/); browser tests that drive
// Debian's Chromium through the real server (e2e/).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'server/src/**/*.test.ts', 'scripts/**/*.test.ts', 'web/src/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.api.test.ts', 'scripts/**/*.api.test.ts'],
          globalSetup: ['server/test/web-build.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
