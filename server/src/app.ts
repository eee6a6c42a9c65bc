import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { AppError } from './lib/errors.ts';
import { pageHead } from './modules/web/head.ts';
import { PageTemplate, renderPage } from './modules/web/page-html.ts';
import { BibleStore } from './bible/store/bible-store.ts';
import { BibleLibrary } from './bible/store/bible-library.ts';
import { TranslationRepository } from './bible/store/translation-repository.ts';
import { importDefaultsInChild, staleDefaultSources } from './bible/store/default-imports.ts';
import { defaultBibleSources } from './bible/sources.ts';
import { BibleService } from './modules/bible/bible.service.ts';
import { bibleRoutes } from './modules/bible/bible.routes.ts';
import { SearchService } from './modules/search/search.service.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { HomeService } from './modules/home/home.service.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { createMailer, type Mailer } from './providers/mail/mailer.ts';
import { createAuth } from './modules/auth/auth.ts';
import { authSecret } from './modules/auth/secret.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AccountLimiter } from './modules/auth/account-limiter.ts';
import { viewerResolver } from './modules/auth/viewer.ts';
import { refuseCrossSiteWrites } from './modules/auth/origin-check.ts';
import { StudyRepository } from './modules/study/study.repository.ts';
import { StudyService } from './modules/study/study.service.ts';
import { ActivityRepository } from './modules/activity/activity.repository.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import { studyRoutes } from './modules/study/study.routes.ts';
import { StudyTransferRepository } from './modules/study/study-transfer.repository.ts';
import { StudyTransferService } from './modules/study/study-transfer.service.ts';
import { studyTransferRoutes } from './modules/study/study-transfer.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { ProfileRepository } from './modules/profile/profile.repository.ts';
import { ProfileService } from './modules/profile/profile.service.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';

export interface AppOptions {
  config: AppConfig;
  /** Use this database instead of opening one (tests share one per worker). */
  database?: Database;
  /** Import the default translations at start (npm packages, SWORD modules); tests may turn it off. */
  importDefaults?: boolean;
  logger?: boolean;
  /** Send mail through this instead of the configured provider. */
  mailer?: Mailer;
}

export interface App {
  server: FastifyInstance;
  library: BibleLibrary;
  database: Database;
}

/** Builds the whole application: database, Bible store, routes. `main.ts` listens; tests inject. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const server = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // Behind a proxy (TRUST_PROXY=on) the client address comes from X-Forwarded-For; else the socket's.
    trustProxy: config.trustProxy,
    // Per-request logs cost more than a chapter read; errors are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);

  server.setErrorHandler((error, _req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ message: error.validation[0]?.message ?? 'Invalid request.' });
    }
    if (error instanceof AppError) return reply.code(error.statusCode).send({ message: error.message });
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) return reply.code(status).send({ message: (error as Error).message });
    server.log.error(error);
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });

  const open = () => openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let database = options.database ?? (await open());
  const store = new BibleStore();
  let library = new BibleLibrary(new TranslationRepository(database.db), store, server.log);
  if (options.importDefaults !== false && !options.database && (await staleDefaultSources(config, library)).length > 0) {
    await database.close();
    await importDefaultsInChild(config);
    database = await open();
    library = new BibleLibrary(new TranslationRepository(database.db), store, server.log);
  }
  await library.loadAll();
  // A caller's database may live in memory only, out of a child's reach: import in this process.
  if (options.importDefaults !== false && options.database) await library.ensure(defaultBibleSources(config));

  const bible = new BibleService(store);
  const search = new SearchService(store, bible);
  await server.register(bibleRoutes(bible));
  await server.register(searchRoutes(search));
  await server.register(homeRoutes(new HomeService(bible)));

  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: server.log });
  const auth = createAuth({ db: database.db, mailer, secret: authSecret(config.authSecret, config.dataDir), publicUrl: config.publicUrl });
  const viewerOf = viewerResolver(auth);
  const studyRepository = new StudyRepository(database.db);
  server.addHook('onRequest', refuseCrossSiteWrites(config.publicUrl));
  const accountLimiter = new AccountLimiter(database.db);
  const profileRepository = new ProfileRepository(database.db);
  await server.register(authRoutes(auth, accountLimiter));
  await server.register(profileRoutes(new ProfileService(profileRepository), viewerOf));
  await server.register(adminRoutes(auth, accountLimiter, viewerOf, (id) => profileRepository.role(id)));
  await server.register(settingsRoutes(studyRepository, store, viewerOf));
  await server.register(studyRoutes(new StudyService(studyRepository), viewerOf));
  await server.register(studyTransferRoutes(new StudyTransferService(new StudyTransferRepository(database.db)), viewerOf));
  await server.register(activityRoutes(new ActivityRepository(database.db), viewerOf));
  server.get('/api/health', async () => ({ status: 'ok', translations: store.list().length }));

  registerWeb(server, config, bible);
  server.addHook('onClose', async () => {
    if (!options.database) await database.close();
  });
  return { server, library, database };
}

/**
 * Serves the built SPA. Page requests get index.html with the page's head (title, description,
 * canonical, social preview, JSON-LD) written in, and a 404 status for paths that are no page.
 */
function registerWeb(server: FastifyInstance, config: AppConfig, bible: BibleService): void {
  const hasWeb = existsSync(join(config.webDist, 'index.html'));
  const template = new PageTemplate(config.webDist);
  if (hasWeb) server.register(fastifyStatic, { root: config.webDist, index: false, preCompressed: true });
  const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(req.url, 'http://local');
    const head = pageHead(url.pathname, url.searchParams, bible);
    const origin = config.publicUrl ?? `${req.protocol}://${req.host}`;
    return reply
      .code(head.status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(renderPage(await template.html(), head, origin));
  };
  // The static plugin answers "/" itself (a folder): the home page is an app page like any other.
  if (hasWeb) server.get('/', sendPage);
  server.setNotFoundHandler(async (req, reply) => {
    // A missing asset is a 404, not the app: a stale page must not get HTML for its script.
    if (req.url.startsWith('/api/') || req.url.startsWith('/assets/') || req.method !== 'GET' || !hasWeb) {
      return reply.code(404).send({ message: `No such endpoint: ${req.method} ${req.url.split('?')[0]}` });
    }
    return sendPage(req, reply);
  });
}
