import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { BibleStore } from '../../scripture/store/bible-store.ts';
import type { BibleLibrary, PackCopies } from '../../scripture/store/bible-library.ts';
import type { HttpServer, AppServer } from '../../http/create-server.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import type { StudySources } from '../../modules/ai/passage-finder.ts';

/** How the app is built: `main.ts` passes the configuration; tests, benchmarks and scripts the rest. */
export interface AppOptions {
  config: AppConfig;
  /** Use this database instead of opening one (tests share one per worker). */
  database?: Database;
  /** Import the default translations at start (npm packages, SWORD modules); tests may turn it off. */
  importDefaults?: boolean;
  logger?: boolean;
  /** Where the access log's lines go when LOG_REQUESTS is on (standard output unless given). */
  accessLog?: (line: string) => void;
  /** Send mail through this instead of the configured provider. */
  mailer?: Mailer;
  /** The AI's study sources, in place of those SWORD discovery finds (tests, the AI benchmark). */
  studySources?: StudySources;
  /** How the packs this process lacks are copied from the database (PACK_COPIES); tests of packs arriving while serving set fewer. */
  packCopies?: PackCopies;
}

/**
 * What modules give each other, by name. Each module declares what it provides next to its setup:
 *
 *   declare module '../../lib/module/module.ts' { interface Services { bible: BibleService } }
 *
 * so `use('bible')` is typed everywhere without importing the Bible module's files.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Services {}

/** What happens in one module that others act on, with what the handlers get. */
export interface Events {
  /** A cached page may show something else now (a prayer, a picture): the cached copies are stale. */
  'pages-changed': [];
  /** Published lessons or news changed: cached pages are stale, and a new one may need a picture. */
  'content-changed': [];
  /** Translations or study modules were installed or removed: each process brings its own copy in step. */
  'library-changed': [];
  /** Someone's standing moved (a chapter completed): kept ranking boards are stale. */
  'rankings-changed': [];
  /** An account is about to be deleted: its files go first (the rows go with the account). */
  'before-delete-user': [userId: string];
}

/**
 * The events every process of a site hears (lib/site-events), not only the one they happen in: each
 * says that something other processes keep is stale. Emitted here, they run here and are published.
 */
export const SITE_WIDE_EVENTS = ['pages-changed', 'content-changed', 'library-changed', 'rankings-changed'] as const satisfies readonly (keyof Events)[];
export type SiteWideEvent = (typeof SITE_WIDE_EVENTS)[number];

/** Carries site-wide events between processes: what `emit` publishes, and those other processes published. */
export interface EventRelay {
  carries(event: string): event is SiteWideEvent;
  publish(event: SiteWideEvent): void;
  subscribe(handler: (event: SiteWideEvent) => void): void;
}

export type EventHandler<E extends keyof Events> = (...args: Events[E]) => void | Promise<void>;

/** What a module's setup is given: the shared parts of the app, and the registry of the modules before it. */
export interface ModuleContext {
  server: AppServer;
  /** Trusted hosts, security headers and the fast path for prepared reads (http/create-server.ts). */
  http: HttpServer;
  config: AppConfig;
  options: AppOptions;
  database: Database;
  db: Database['db'];
  log: FastifyBaseLogger;
  /** Every translation, loaded into memory before any module runs. */
  store: BibleStore;
  /** Imports translations and keeps `store` in step with the database (reload after another process changed it). */
  translations: BibleLibrary;
  /** Makes `value` available to the modules after this one. A name is provided once. */
  provide<K extends keyof Services>(name: K, value: Services[K]): void;
  /** What a module listed before this one provided; throws at start when none did. */
  use<K extends keyof Services>(name: K): Services[K];
  /**
   * What a module listed after this one will provide, read when called (after start): for the rare
   * pair that needs each other. The app does not start when no module provides it.
   */
  later<K extends keyof Services>(name: K): () => Services[K];
  on<E extends keyof Events>(event: E, handler: EventHandler<E>): void;
  /**
   * Calls every handler in the order they were added; resolves when all of them have. A site-wide
   * event (SITE_WIDE_EVENTS) is published to the other processes too, whose handlers run on their own.
   */
  emit<E extends keyof Events>(event: E, ...args: Events[E]): Promise<void>;
  /** Runs when the server closes: the last module's first, so nothing stops before what uses it. */
  onClose(close: () => void | Promise<void>): void;
}

/** One server module: its repositories, services, jobs and routes, put together in `setup`. */
export interface SelahModule {
  name: string;
  setup(context: ModuleContext): Promise<void> | void;
}
