import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp, type App, type AppOptions } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import type { BibleSource } from '../src/scripture/store/bible-library.ts';
import { defaultBibleSources } from '../src/scripture/sources.ts';
import { TEXT_FORMAT_VERSION } from '../src/scripture/store/translation-text.ts';
import { PackShelf } from '../src/scripture/store/pack-shelf.ts';
import { TranslationRepository } from '../src/scripture/store/translation.repository.ts';
import { knownPacks, linkPacks, preparedDatabaseReady, SYSTEM_SWORD, type PreparedDatabase } from './prepared-databases.ts';

/**
 * A real app on a real database for API tests: PostgreSQL when TEST_DATABASE_URL is set (CI starts a
 * throwaway cluster), else PGlite in memory. Tables are emptied first so every file starts clean.
 *
 * `keepTables` starts a second instance on the PostgreSQL another test app already uses, as a second
 * process would (tests of work shared by several processes): emptying the tables then would wipe the
 * first app's data under it, and the test would check nothing.
 */
export async function startTestApp(
  options: {
    importDefaults?: boolean;
    env?: Record<string, string>;
    studySources?: AppOptions['studySources'];
    keepTables?: boolean;
    /** A second process on this app's database: its own pool on PostgreSQL, the same PGlite otherwise. */
    beside?: App;
    accessLog?: AppOptions['accessLog'];
  } = {},
): Promise<App & { stop(): Promise<void> }> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const shared = options.beside && !databaseUrl ? options.beside.database : undefined;
  const importDefaults = options.importDefaults ?? true;
  // Each app its own data folder, as each process of a site has its own disk: the library unpacks its
  // modules there, and a second app must find them through the database, not a shared folder.
  const dataDir = mkdtempSync(join(tmpdir(), 'selah-test-data-'));
  const config = testConfig(dataDir, options.env);
  const start = startingPoint(config, importDefaults);
  const database: Database = shared ?? (await openDatabase({ databaseUrl, dataDir: null, startFrom: await preparedDatabaseReady(start) }));
  // The packs made already of the translations this app's database holds (none of another import).
  const packs = importDefaults && (databaseUrl || start === 'defaults') ? knownPacks() : undefined;
  if (packs) {
    const shelf = new PackShelf(join(dataDir, 'packs'));
    const held = new Set((await new TranslationRepository(database.db).list()).map((row) => basename(shelf.fileOf(row))));
    linkPacks(packs, shelf.folder, (name) => held.has(name.replace(/\.facts\.json$/, '')));
  }
  // A PGlite of its own is fresh already; PostgreSQL keeps what the last file left, except the default
  // translations this app would import again the same (importing them is most of a start).
  if (databaseUrl && !options.keepTables && !options.beside) await emptyTables(database, importDefaults ? defaultBibleSources(config) : []);
  const app = await buildApp({
    config,
    database,
    importDefaults,
    logger: false,
    studySources: options.studySources,
    accessLog: options.accessLog,
  });
  // On PostgreSQL, what this app copied out of the database is kept for the next app on it.
  if (databaseUrl && packs) linkPacks(join(dataDir, 'packs'), packs);
  return {
    ...app,
    async stop() {
      await app.server.close();
      if (!shared) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The prepared database holding what this app would import on its first start. */
function startingPoint(config: AppConfig, importDefaults: boolean): PreparedDatabase {
  if (!importDefaults) return 'migrated';
  const systemOnly = config.swordPaths.length === 1 && config.swordPaths[0] === SYSTEM_SWORD;
  return config.swordDiscovery && systemOnly ? 'system-sword' : 'defaults';
}

/** A test app's configuration: offline, quiet, no sample content, this data folder; `env` adds to it. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    SWORD_DISCOVERY: 'off',
    SAMPLE_CONTENT: 'off',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: dataDir,
    // The tests play one proxy: a single X-Forwarded-For value is the client address each names.
    TRUST_PROXY: '1',
    // The name the test browser uses (test/accounts.ts), and inject()'s default.
    ALLOWED_HOSTS: 'selah.test,localhost',
    // No probing of this machine's model servers unless a test asks for it.
    AI_DISCOVER_PORTS: 'off',
    ...env,
  });
}

/** Empties the shared PostgreSQL test database for tests that start their own server process on it. */
export async function resetSharedTestDatabase(): Promise<void> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) return;
  const database = await openDatabase({ databaseUrl, dataDir: null });
  await emptyTables(database);
  await database.close();
}

/** Empties every table, keeping the translations stored from `keep` as they are now (same source, same format). */
export async function emptyTables(database: Database, keep: readonly BibleSource[] = []): Promise<void> {
  const kept = keep.map((source) => `${source.code} ${source.fingerprint}`);
  await database.db.execute(
    sql`DELETE FROM translations WHERE code || ' ' || fingerprint <> ALL(string_to_array(${kept.join('\n')}, E'\n')) OR format_version <> ${TEXT_FORMAT_VERSION}`,
  );
  await database.db.execute(
    sql`TRUNCATE licensed_cache, "user", rate_limit, picture, quota_use, media_file, sign_in_known, daily_prayer, job_run, author, lesson, news_post, audit_log, newsletter_subscriber, newsletter_issue, contact_message, library_repositories, library_modules, library_jobs, ai_model_download, ai_engine_choice, mail_outbox CASCADE`,
  );
  await database.db.execute(sql`UPDATE library_state SET revision = revision + 1, repositories_seeded = false`);
}

export function databaseKind(): string {
  return process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
}
