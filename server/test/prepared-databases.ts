import { copyFileSync, cpSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../src/db/client.ts';
import { BibleLibrary } from '../src/scripture/store/bible-library.ts';
import { BibleStore } from '../src/scripture/store/bible-store.ts';
import { PackShelf } from '../src/scripture/store/pack-shelf.ts';
import { TranslationRepository } from '../src/scripture/store/translation.repository.ts';
import { defaultBibleSources } from '../src/scripture/sources.ts';

/** Where this run's prepared databases are, for the test workers (set by the global setup below). */
const FOLDER = 'SELAH_TEST_PREPARED_DATABASES';
/** On PostgreSQL, where this run keeps the packs its apps copied out of the database (set by the global setup below). */
const PACKS = 'SELAH_TEST_PACKS';

/**
 * `migrated`: every migration run; `defaults`: that, with the default translations imported as a test app
 * (SWORD discovery off) would; `system-sword`: that, with the Bibles SWORD discovery finds in this machine's
 * SWORD root, as a test app with SWORD_DISCOVERY=on and SWORD_PATH=SYSTEM_SWORD would (Debian's KJV with
 * Strong's numbers, WEB, RV1909: about 29 s of every such start, done once here instead).
 */
export type PreparedDatabase = 'migrated' | 'defaults' | 'system-sword';

/** The machine's SWORD root, where Debian's modules are installed. */
export const SYSTEM_SWORD = '/usr/share/sword';

/**
 * Vitest global setup of the API tests on PGlite. Each test app starts on a fresh in-memory PGlite;
 * migrating it and importing the default translations took about 11 s of every start (a copy loads in
 * about 1 s), so both are done once here and each app begins from a copy. The same database is kept as a
 * data folder for the tests that start the server as its own process (newDataFolder). On PostgreSQL the
 * tables are emptied instead (test-app.ts), and nothing is prepared.
 */
export default async function setup(): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    // On PostgreSQL nothing is prepared, but the packs an app copies out of the database are kept for the
    // next app on it (knownPacks).
    const packs = mkdtempSync(join(tmpdir(), 'selah-test-packs-'));
    process.env[PACKS] = packs;
    return () => rmSync(packs, { recursive: true, force: true });
  }
  const { folder, release } = await usePreparedFolder();
  // Made while the unit tests run: only four API files need it (word study, the AI's study sources,
  // SWORD's own texts), and they wait for it (preparedDatabaseReady).
  const systemSword = prepareSystemSword(folder).catch((error: unknown) => {
    // The apps that wanted it import for themselves: slower, not wrong.
    console.warn(String(error));
    writeFileSync(join(folder, 'system-sword.failed'), String(error));
  });
  return async () => {
    await systemSword;
    await release();
  };
}

/** The prepared folder of this run, made once for the set-ups that want it (each project's runs in this process). */
interface SharedFolder {
  made: Promise<string>;
  users: number;
}
const SHARED = Symbol.for('selah.prepared-databases');

/**
 * The prepared databases, made by whichever set-up asks first (the API tests' or the browser tests', whose
 * order vitest does not fix) and shared with the other: importing the default translations is done once a
 * run. `release` removes the folder once every set-up that asked is done with it.
 */
export async function usePreparedFolder(): Promise<{ folder: string; release: () => Promise<void> }> {
  const global = globalThis as { [SHARED]?: SharedFolder };
  const shared = (global[SHARED] ??= { made: makePreparedFolder(), users: 0 });
  shared.users++;
  const folder = await shared.made;
  process.env[FOLDER] = folder;
  return {
    folder,
    release: async () => {
      if (--shared.users > 0) return;
      delete global[SHARED];
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function makePreparedFolder(): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'selah-prepared-databases-'));
  const database = await openDatabase({ dataDir: null });
  try {
    await save(database, join(folder, 'migrated.tar'));
    const library = new BibleLibrary(new TranslationRepository(database.db), new BibleStore(), failOnError);
    await library.ensure(defaultBibleSources({ swordDiscovery: false, swordPaths: [] }));
    await save(database, join(folder, 'defaults.tar'));
    // The default translations' packs, which every app on a copy of this database would otherwise copy out
    // of it on start (about 1.5 s of each, most of it reading rows): made once, linked into each app's folder.
    await new BibleLibrary(new TranslationRepository(database.db), new BibleStore(), failOnError, new PackShelf(preparedPacks(folder))).loadAll();
  } finally {
    await database.close();
  }
  // A data folder's database is <DATA_DIR>/db (db/client.ts).
  mkdirSync(join(folder, 'data-folder', 'db'), { recursive: true });
  const onDisk = new PGlite(join(folder, 'data-folder', 'db'), { loadDataDir: preparedDatabase('defaults', folder) });
  await onDisk.close();
  return folder;
}

/**
 * Makes the system-SWORD database in a process of its own: importing is seconds of synchronous work at a
 * time, which in vitest's own process would hold up the workers it serves.
 */
function prepareSystemSword(folder: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'system-sword', folder], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the system-SWORD database could not be made (exit ${code}): ${errors.slice(-2000)}`)),
    ),
  );
}

async function makeSystemSword(folder: string): Promise<void> {
  const database = await openDatabase({ dataDir: null, startFrom: preparedDatabase('defaults', folder) });
  try {
    const library = new BibleLibrary(new TranslationRepository(database.db), new BibleStore(), failOnError);
    await library.ensure(defaultBibleSources({ swordDiscovery: true, swordPaths: [SYSTEM_SWORD] }));
    // Written aside, then renamed: a worker never reads half a file.
    await save(database, join(folder, 'system-sword.tar.part'));
    renameSync(join(folder, 'system-sword.tar.part'), join(folder, 'system-sword.tar'));
  } finally {
    await database.close();
  }
}

/**
 * `preparedDatabase`, once it is made: the system-SWORD one is made in the background, and a test app
 * that needs it before then waits (up to the hook's time-out). Undefined if it could not be made: the
 * app then imports for itself, as outside a test run.
 */
export async function preparedDatabaseReady(kind: PreparedDatabase, folder = process.env[FOLDER]): Promise<Blob | undefined> {
  if (!folder) return undefined;
  while (kind === 'system-sword' && !existsSync(join(folder, 'system-sword.tar'))) {
    if (existsSync(join(folder, 'system-sword.failed'))) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return preparedDatabase(kind, folder);
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
  if (folder && !env.DATABASE_URL) {
    cpSync(join(folder, 'data-folder'), dir, { recursive: true, filter: (from) => from !== preparedPacks(folder) });
    linkPacks(preparedPacks(folder), join(dir, 'packs'));
  }
  return dir;
}

/** Where the prepared database's packs are: the prepared data folder's own (`<DATA_DIR>/packs`, open-store.ts). */
const preparedPacks = (folder: string) => join(folder, 'data-folder', 'packs');

/**
 * The packs an app about to start on this run's database may find made already, so that it reads no text out
 * of the database: the prepared database's on PGlite; on PostgreSQL, those the apps before it copied out
 * (each named by what it holds, so a pack of another import is simply not used, and pruned from the app's folder).
 */
export function knownPacks(): string | undefined {
  if (process.env.TEST_DATABASE_URL) return process.env[PACKS];
  const folder = process.env[FOLDER];
  return folder ? preparedPacks(folder) : undefined;
}

/**
 * Links the packs of `from` that `into` lacks (those `wanted`, by file name). Linked, not copied: a pack is
 * never changed once written (PackShelf writes a new file and renames it over the old).
 */
export function linkPacks(from: string | undefined, into: string, wanted: (name: string) => boolean = () => true): void {
  if (!from || !existsSync(from)) return;
  mkdirSync(into, { recursive: true });
  for (const name of readdirSync(from)) {
    if (name.includes('.staging-') || !wanted(name) || existsSync(join(into, name))) continue;
    try {
      linkSync(join(from, name), join(into, name));
    } catch (error) {
      // Linked meanwhile by another app: the same file. Another file system: a copy.
      if ((error as { code?: string }).code !== 'EEXIST') copyFileSync(join(from, name), join(into, name));
    }
  }
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

// Run as a process of its own by prepareSystemSword (last, once everything above is defined).
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'system-sword') await makeSystemSword(process.argv[3]!);
