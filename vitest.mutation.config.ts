import { defineConfig } from 'vitest/config';

// The tests npm run test:mutation runs against each mutant: the unit tests (API and browser tests
// start a server and a database, too slow to run once per mutant).
export default defineConfig({
  test: {
    include: ['common/**/*.test.ts', 'server/src/**/*.test.ts', 'scripts/**/*.test.ts', 'web/src/**/*.test.ts'],
    exclude: ['**/*.api.test.ts', '**/node_modules/**', 'server/src/modules/study/study-import.test.ts', 'scripts/lint-boundaries.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
