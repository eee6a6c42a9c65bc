// Child process of importDefaultsInChild: opens the database, imports stale default sources, exits.
import pino from 'pino';
import type { AppConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { defaultBibleSources } from '../sources.ts';
import { BibleLibrary } from './bible-library.ts';
import { BibleStore } from './bible-store.ts';
import { TranslationRepository } from './translation.repository.ts';

const config = JSON.parse(process.env.SELAH_CONFIG!) as AppConfig;
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const library = new BibleLibrary(new TranslationRepository(database.db), new BibleStore(), pino({ level: config.logLevel }));
  // Processes starting together on a new database each run this child: the first imports, the others
  // wait and then find every translation current.
  await database.exclusively('default-imports', () => library.ensure(defaultBibleSources(config)));
} finally {
  await database.close();
}
