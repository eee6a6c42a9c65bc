import { defineConfig } from 'vitest/config';

// Three projects: fast unit tests; API tests that start the real app on a real database (PGlite by
// default, PostgreSQL when TEST_DATABASE_URL is set; see server/test/); browser tests that drive
// Debian's Chromium through the real server (e2e/).
/**
 * How long `expect.poll` waits for a state (a row, a dialog, a class) before failing. Vitest's default
 * (1 s) is shorter than a real server and browser take on a busy machine; a state that never comes still
 * fails, only later.
 */
const BUSY_MACHINE_POLL = { timeout: 20_000, interval: 50 };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // Projects with different worker counts run in turn, in this order (vitest requires it).
          sequence: { groupOrder: 0 },
          include: ['common/**/*.test.ts', 'server/src/**/*.test.ts', 'scripts/**/*.test.ts', 'web/src/**/*.test.ts', 'web/src/**/*.test.tsx'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          testTimeout: 60_000,
          // Reading a whole SWORD Bible in a beforeAll takes more than vitest's default 10 s on a busy machine.
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          include: ['server/**/*.api.test.ts', 'scripts/**/*.api.test.ts'],
          globalSetup: ['server/test/web-build.ts'],
          // Two files at a time: each starts its own app on its own database (worker-database.ts).
          setupFiles: ['server/test/worker-database.ts'],
          maxWorkers: 2,
          // Two files share the machine's cores: a test's time-out is a guard against a hang, not a budget.
          testTimeout: 240_000,
          hookTimeout: 300_000,
          expect: { poll: BUSY_MACHINE_POLL },
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          expect: { poll: BUSY_MACHINE_POLL },
        },
      },
    ],
  },
});
