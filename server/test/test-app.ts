import { sql } from 'drizzle-orm';
import { buildApp, type App, type AppOptions } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';

/**
 * A real app on a real database for API tests: PostgreSQL when TEST_DATABASE_URL is set (CI starts a
 * throwaway cluster), else PGlite in memory. Tables are emptied first so every file starts clean.
 */
export async function startTestApp(
  options: { importDefaults?: boolean; env?: Record<string, string>; studySources?: AppOptions['studySources'] } = {},
): Promise<App & { stop(): Promise<void> }> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const database: Database = await openDatabase({ databaseUrl, dataDir: null });
  await database.db.execute(
    sql`TRUNCATE translations, licensed_cache, "user", rate_limit, picture, picture_use, daily_prayer, job_run, author, lesson, news_post, audit_log, newsletter_subscriber, newsletter_issue, contact_message CASCADE`,
  );
  const config = loadConfig({
    SWORD_DISCOVERY: 'off',
    SAMPLE_CONTENT: 'off',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: '/tmp/selah-test-data',
    // The tests play the proxy: each may name its client address in X-Forwarded-For.
    TRUST_PROXY: 'on',
    // The name the test browser uses (test/accounts.ts), and inject()'s default.
    ALLOWED_HOSTS: 'selah.test,localhost',
    ...options.env,
  });
  const app = await buildApp({ config, database, importDefaults: options.importDefaults ?? true, logger: false, studySources: options.studySources });
  return {
    ...app,
    async stop() {
      await app.server.close();
      await database.close();
    },
  };
}

/** Empties the shared PostgreSQL test database for tests that start their own server process on it. */
export async function resetSharedTestDatabase(): Promise<void> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) return;
  const database = await openDatabase({ databaseUrl, dataDir: null });
  await database.db.execute(
    sql`TRUNCATE translations, licensed_cache, "user", rate_limit, picture, picture_use, daily_prayer, job_run, author, lesson, news_post, audit_log, newsletter_subscriber, newsletter_issue, contact_message CASCADE`,
  );
  await database.close();
}

export function databaseKind(): string {
  return process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
}
