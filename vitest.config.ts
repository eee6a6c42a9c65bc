import { existsSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import { SlowestFirstSequencer } from './vitest.sequencer.ts';

// Three projects: fast unit tests; API tests that start the real app on a real database (PGlite by
// default, PostgreSQL when TEST_DATABASE_URL is set; see server/test/); browser tests that drive
// Debian's Chromium through the real server (e2e/).
/**
 * How long `expect.poll` waits for a state (a row, a dialog, a class) before failing. Vitest's default
 * (1 s) is shorter than a real server and browser take on a busy machine; a state that never comes still
 * fails, only later.
 */
const BUSY_MACHINE_POLL = { timeout: 20_000, interval: 50 };

/**
 * API test files whose subject never depends on which database is under the app: outside services'
 * adapters against their stand-ins, engines that do not query, HTTP headers, logs and the shipped proxy
 * files, and the fuzz walk, whose refusals all come from the routes' schemas before any query (what a
 * database itself refuses, such as NUL in text, is hostile-input.api.test.ts, run on both), and the AI's
 * answers, made from the Bible store and the study modules on disk (their hourly limit is the quota the
 * limit files test on both; conversations, the AI's only tables, are conversations.api). They run on
 * PGlite with the README's command; CI's second round, on PostgreSQL, leaves them out (issue 33 §4: slow
 * checks that add no safety move out of the default run). Everything they store goes through
 * repositories the other files test on both databases.
 */
const DATABASE_AGNOSTIC = [
  'server/src/http/api-fuzz.api.test.ts',
  'server/src/http/access-log.api.test.ts',
  'server/src/http/host-and-headers.api.test.ts',
  'server/src/http/upload-gate.api.test.ts',
  'server/src/modules/ai/ai.api.test.ts',
  'server/src/modules/ai/reference-check.api.test.ts',
  'server/src/modules/web/first-load.api.test.ts',
  'server/src/providers/ai/language-model.api.test.ts',
  'server/src/providers/ai/local-model/local-model-engine.api.test.ts',
  'server/src/providers/images/openai-image.api.test.ts',
  'server/src/providers/images/scene-engine.api.test.ts',
  'server/src/providers/speech/openai-speech.api.test.ts',
  'server/src/providers/storage/s3-media-store.api.test.ts',
  'server/src/scripture/sword-sources.api.test.ts',
  'server/test/deploy-proxies.api.test.ts',
  'server/test/deploy-unit.api.test.ts',
];
// A file renamed or removed must leave this list too, or the PostgreSQL round would quietly run it again.
for (const file of DATABASE_AGNOSTIC) if (!existsSync(new URL(file, import.meta.url))) throw new Error(`vitest.config.ts: ${file} does not exist`);

/**
 * False: a test worker loads the server's and common's modules once and runs file after file on them,
 * instead of loading them again for every file (about 5 s a file on two cores: 122 s to 73 s for the unit
 * tests, 756 s to 683 s for the API tests on PGlite). Every file starts its own app, database and stand-ins
 * in its hooks, so nothing a file relies on is module state left by another; ISOLATE_FILES=1 loads each
 * file afresh, to tell such a leak from a real failure.
 */
const ISOLATE_FILES = process.env.ISOLATE_FILES === '1';

/** How many browser test files run at once (E2E_WORKERS=1 runs them one after another). */
const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 3);

export default defineConfig({
  test: {
    // The slowest files first on a fresh clone, so that no worker runs one alone at the end.
    sequence: { sequencer: SlowestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          // Projects with different worker counts run in turn, in this order (vitest requires it).
          sequence: { groupOrder: 0 },
          include: ['common/**/*.test.ts', 'server/src/**/*.test.ts', 'scripts/**/*.test.ts', 'web/src/**/*.test.ts', 'web/src/**/*.test.tsx'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          // A worker keeps the modules it loaded from one file to the next (ISOLATE_FILES above).
          isolate: ISOLATE_FILES,
          // Two at a time: vitest's default on two cores is one (the cores less one), 90 s where two take 67 s.
          maxWorkers: 2,
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
          exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? DATABASE_AGNOSTIC : [])],
          globalSetup: ['server/test/web-build.ts', 'server/test/prepared-databases.ts'],
          // Two files at a time: each starts its own app on its own database (worker-database.ts).
          setupFiles: ['server/test/worker-database.ts'],
          maxWorkers: 2,
          isolate: ISOLATE_FILES,
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
          // A guard against a hang, not a budget: a sign-up through mail takes over a minute when another
          // suite shares the machine (issue 33 §4).
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Three files at a time, each worker on a site of its own (e2e/site.ts): a browser test waits now and
          // then (for the server, for the page to settle), and a third fills those gaps on two cores (all
          // browser files: 539 s with two, 508 s with three, on the headless shell).
          maxWorkers: E2E_WORKERS,
          expect: { poll: BUSY_MACHINE_POLL },
        },
      },
    ],
  },
});
