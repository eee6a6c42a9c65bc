import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../src/db/client.ts';
import { BibleLibrary } from '../src/scripture/store/bible-library.ts';
import { BibleStore } from '../src/scripture/store/bible-store.ts';
import { TranslationRepository } from '../src/scripture/store/translation.repository.ts';
import { defaultBibleSources } from '../src/scripture/sources.ts';

/** Where this run's prepared databases are, for the test workers (set by the global setup below). */
const FOLDER = 'SELAH_TEST_PREPARED_DATABASES';

/** `migrated`: every migration run; `defaults`: that, with the default translations imported as a test app (SWORD discovery off) would. */
export type PreparedDatabase = 'migrated' | 'defaults';

/**
 * Vitest global setup of the API tests on PGlite. Each test app starts on a fresh in-memory PGlite;
 * migrating it and importing the default translations took about 11 s of every start (a copy loads in
 * about 1 s), so both are done once here and each app begins from a copy. The same database is kept as a
 * data folder for the tests that start the server as its own process (newDataFolder). On PostgreSQL the
 * tables are emptied instead (test-app.ts), and nothing is prepared.
 */
export default async function setup(): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) return () => {};
  const folder = mkdtempSync(join(tmpdir(), 'selah-prepared-databases-'));
  const database = await openDatabase({ dataDir: null });
  try {
    await save(database, join(folder, 'migrated.tar'));
    const library = new BibleLibrary(new TranslationRepository(database.db), new BibleStore(), failOnError);
    await library.ensure(defaultBibleSources({ swordDiscovery: false, swordPaths: [] }));
    await save(database, join(folder, 'defaults.tar'));
  } finally {
    await database.close();
  }
  // A data folder's database is <DATA_DIR>/db (db/client.ts).
  mkdirSync(join(folder, 'data-folder', 'db'), { recursive: true });
  const onDisk = new PGlite(join(folder, 'data-folder', 'db'), { loadDataDir: preparedDatabase('defaults', folder) });
  await onDisk.close();
  process.env[FOLDER] = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}

/** Each prepared database read once per test process (a file that starts several apps reads it once). */
const read = new Map<string, Blob>();

/** A copy of the prepared database to start an in-memory PGlite from; undefined outside a test run (benchmarks). */
export function preparedDatabase(kind: PreparedDatabase, folder = process.env[FOLDER]): Blob | undefined {
  if (!folder) return undefined;
  const file = join(folder, `${kind}.tar`);
  let blob = read.get(file);
  if (!blob) read.set(file, (blob = new Blob([readFileSync(file)])));
  return blob;
}

/**
 * A new data folder for a server or CLI process, holding a copy of the prepared database when it will
 * use PGlite (`env` names no DATABASE_URL) and one was prepared; empty otherwise. Tests of a first
 * start (the default translations' import) make their own empty folder instead.
 */
export function newDataFolder(prefix: string, env: Record<string, string | undefined> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const folder = process.env[FOLDER];
  if (folder && !env.DATABASE_URL) cpSync(join(folder, 'data-folder'), dir, { recursive: true });
  return dir;
}

async function save(database: Database, file: string): Promise<void> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
}

/** Quiet, except that a default translation failing to import fails the run (ensure() would skip it). */
const failOnError: ConstructorParameters<typeof BibleLibrary>[2] = {
  info() {},
  warn() {},
  error(_details: unknown, message?: string) {
    throw new Error(message);
  },
} as never;
