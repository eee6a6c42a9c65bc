import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { defaultBibleSources, editionFamilies } from '../sources.ts';
import { BibleLibrary, type PackCopies } from './bible-library.ts';
import { BibleStore } from './bible-store.ts';
import { importDefaultsInChild } from './default-imports.ts';
import { TranslationRepository } from './translation.repository.ts';
import { shareMemory } from './memory-budget.ts';
import { PackShelf } from './pack-shelf.ts';
import { join } from 'node:path';

export interface OpenedStore {
  database: Database;
  store: BibleStore;
  library: BibleLibrary;
}

/**
 * Opens the database and lists every translation (reading only their packs' headers, see pack-shelf.ts),
 * importing the default ones first when they are missing or stale (in a child process, whose memory is
 * returned when it ends).
 */
export async function openStore(
  config: AppConfig,
  options: { database?: Database; importDefaults?: boolean; packCopies?: PackCopies },
  log: FastifyBaseLogger,
): Promise<OpenedStore> {
  const onConnectionError = (error: Error) => log.warn({ err: error }, `a database connection broke: ${error.message}`);
  const open = () => openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, onConnectionError });
  let database = options.database ?? (await open());
  const store = new BibleStore(shareMemory(config.bibleMemoryBytes));
  const sources = defaultBibleSources(config);
  store.setEditions(editionFamilies(sources));
  const shelf = new PackShelf(join(config.dataDir, 'packs'));
  let library = new BibleLibrary(new TranslationRepository(database.db), store, log, shelf, options.packCopies);
  if (options.importDefaults !== false && !options.database && (await library.staleSources(sources)).length > 0) {
    await database.close();
    await importDefaultsInChild(config);
    database = await open();
    library = new BibleLibrary(new TranslationRepository(database.db), store, log, shelf, options.packCopies);
  }
  if (options.importDefaults !== false) await library.forgetVanishedModules(sources);
  await library.loadAll();
  // A caller's database may live in memory only, out of a child's reach: import in this process.
  if (options.importDefaults !== false && options.database) await database.exclusively('default-imports', () => library.ensure(sources));
  return { database, store, library };
}
