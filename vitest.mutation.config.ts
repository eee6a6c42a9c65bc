import { defineConfig } from 'vitest/config';

// The tests npm run test:mutation runs against each mutant: the unit tests, and the API tests of the
// mutated modules (on PGlite in memory). Browser tests are too slow to run per mutant.
export default defineConfig({
  test: {
    include: [
      'common/**/*.test.ts',
      'server/src/modules/study/*.test.ts',
      'server/src/modules/bible/*.test.ts',
      'server/src/modules/search/*.api.test.ts',
      'server/src/modules/web/*.api.test.ts',
      'server/src/http/fast-reads.api.test.ts',
    ],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
