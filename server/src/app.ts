import type { FastifyInstance } from 'fastify';
import type { BibleLibrary } from './scripture/store/bible-library.ts';
import { openStore } from './scripture/store/open-store.ts';
import type { Database } from './db/client.ts';
import { poolStats } from './db/pool-stats.ts';
import { createHttpServer, type RouteEntry } from './http/create-server.ts';
import { composeModules } from './lib/module/compose.ts';
import { SITE_WIDE_EVENTS, type AppOptions, type Services } from './lib/module/module.ts';
import { SiteEvents } from './lib/site-events/site-events.ts';
import { openNotifyChannel } from './lib/site-events/notify-channel.repository.ts';
import { loadModules } from './modules/index.ts';

export type { AppOptions } from './lib/module/module.ts';
export type { RouteEntry } from './http/create-server.ts';

export interface App {
  server: FastifyInstance;
  library: BibleLibrary;
  /** The Bible module's service, for the modules built on it and their tests. */
  bible: Services['bible'];
  audio: Services['audio'];
  /** The daily prayer; `main.ts` starts its jobs, tests run them by hand. */
  daily: Services['daily'];
  lessons: Services['lessons'];
  news: Services['news'];
  /** Paints a picture for published lessons and news that have none (in the background). */
  heroes: Services['heroes'];
  /** The weekly devotional; `main.ts` runs its schedule, tests send by hand. */
  newsletter: Services['newsletter'];
  /** Loads a content folder (lessons, authors, news, prayers): `npm run content`, and the samples on a first start. */
  importContent: Services['content']['importContent'];
  /** The sample content, on the first start only (however many processes start at once). */
  loadSampleContent: Services['content']['loadSampleContent'];
  database: Database;
  /** This process's SWORD root for the modules installed from the library. */
  libraryRoot: string;
  routes: RouteEntry[];
  /** How many requests the fast path for prepared reads answered. */
  fastReadsServed(): number;
  /** Imports holding a place in the checker's queue (from their headers until they are answered). */
  importsInFlight(): number;
  /** Tells requests that may run for long (AI answer streams) to stop: the process is about to. */
  stopLongRequests(): void;
}

/**
 * Builds the whole application: the HTTP server, the database with every translation loaded, then
 * each module of `modules/index.ts` in order. `main.ts` listens; tests inject.
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const http = createHttpServer(config, options);
  const { server } = http;
  const { database, store, library } = await openStore(config, options, server.log);
  const pool = poolStats(database);
  if (pool) {
    http.metrics.gauge('selah_db_pool_connections', 'PostgreSQL connections in this process’s pool, by state', ['state'], () => {
      const { total, idle } = pool();
      return [
        [{ state: 'total' }, total],
        [{ state: 'idle' }, idle],
      ];
    });
    http.metrics.gauge('selah_db_pool_waiting', 'Queries in this process waiting for a PostgreSQL connection', [], () => [[{}, pool().waiting]]);
  }
  // What one process changes that others keep (pages, replies, boards, translations) is told through the database.
  const siteEvents = new SiteEvents(SITE_WIDE_EVENTS, server.log);
  await siteEvents.connect((listener) => openNotifyChannel(database, listener, server.log));
  const modules = await composeModules(
    await loadModules(),
    {
      server,
      http,
      config,
      options,
      database,
      db: database.db,
      log: server.log,
      store,
      translations: library,
    },
    siteEvents,
  ).catch(async (error: unknown) => {
    // A start that fails must not leave the listening connection holding the process open.
    await siteEvents.close();
    throw error;
  });
  server.addHook('onReady', async () => library.copyArrivals());
  server.addHook('onClose', async () => {
    await siteEvents.close();
    await library.stop();
    await modules.close();
    if (!options.database) await database.close();
  });
  const { use } = modules;
  const content = use('content');
  return {
    server,
    library,
    bible: use('bible'),
    audio: use('audio'),
    daily: use('daily'),
    lessons: use('lessons'),
    news: use('news'),
    heroes: use('heroes'),
    newsletter: use('newsletter'),
    database,
    libraryRoot: use('library').root,
    routes: http.routes,
    fastReadsServed: () => http.fast.reads?.served ?? 0,
    importsInFlight: () => use('studyImports').inUse,
    stopLongRequests: () => http.closing.abort(),
    importContent: content.importContent,
    loadSampleContent: content.loadSampleContent,
  };
}
