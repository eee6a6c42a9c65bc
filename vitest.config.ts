import { defineConfig } from 'vitest/config';

// Two projects: fast unit tests, and API tests that start the real app on a real database
// (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set; see server/test/).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.api.test.ts', 'scripts/**/*.api.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
