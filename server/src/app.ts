import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:http';
import Fastify, { LogController, type FastifyInstance, type HTTPMethods } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { guardInput } from './http/input-guard.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { refuseUnknownHosts, TrustedHosts } from './http/trusted-hosts.ts';
import { refuseCrossSiteWrites } from './http/cross-site.ts';
import { fastReads } from './http/fast-reads.ts';
import { Places, workerPool } from './lib/worker-pool.ts';
import { createMediaStore } from './providers/storage/create-media-store.ts';
import { createSpeechEngine } from './providers/speech/create-speech-engine.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { MediaFilesRepository } from './modules/media/media-files.repository.ts';
import { RecordedMediaStore } from './modules/media/recorded-media-store.ts';
import { audioRoutes } from './modules/audio/audio.routes.ts';
import { AudioService } from './modules/audio/audio.service.ts';
import { AudioQuota } from './modules/audio/audio-quota.ts';
import { createImageEngine } from './providers/images/create-image-engine.ts';
import { PicturesRepository } from './modules/pictures/pictures.repository.ts';
import { PictureQuota } from './modules/pictures/picture-quota.ts';
import { Quota } from './lib/quota/quota.ts';
import { QuotaRepository } from './lib/quota/quota.repository.ts';
import { PicturesService } from './modules/pictures/pictures.service.ts';
import { picturesRoutes } from './modules/pictures/pictures.routes.ts';
import { SharedVersesService } from './modules/pictures/shared-verses.service.ts';
import { sharedVersesRoutes } from './modules/pictures/shared-verses.routes.ts';
import { registerWeb } from './modules/web/web.routes.ts';
import { BibleStore } from './bible/store/bible-store.ts';
import { BibleLibrary } from './bible/store/bible-library.ts';
import { TranslationRepository } from './bible/store/translation-repository.ts';
import { importDefaultsInChild } from './bible/store/default-imports.ts';
import { defaultBibleSources, editionFamilies } from './bible/sources.ts';
import { BibleService } from './modules/bible/bible.service.ts';
import { bibleRoutes } from './modules/bible/bible.routes.ts';
import { startLicensedCatalogue } from './modules/bible/licensed-setup.ts';
import { SearchService } from './modules/search/search.service.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { HomeService } from './modules/home/home.service.ts';
import { DailyRepository } from './modules/daily/daily.repository.ts';
import { DailyService } from './modules/daily/daily.service.ts';
import { JobClaims } from './modules/daily/job-claims.ts';
import { HeroPainter } from './modules/hero-pictures/hero-painter.ts';
import { prayerDrafter } from './modules/daily/prayer-writer.ts';
import { dailyRoutes } from './modules/daily/daily.routes.ts';
import { prayersAdminRoutes } from './modules/daily/prayers-admin.routes.ts';
import { moderationRoutes } from './modules/pictures/moderation.routes.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { AdminRepository } from './modules/admin/admin.repository.ts';
import { AuditLog } from './modules/admin/audit-log.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { closeAdminRoutes, staffGate } from './modules/admin/staff.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { AdminService } from './modules/admin/admin.service.ts';
import { engineChecks, folderBytes } from './modules/admin/engine-checks.ts';
import { LessonsRepository } from './modules/lessons/lessons.repository.ts';
import { LessonsService } from './modules/lessons/lessons.service.ts';
import { lessonsRoutes } from './modules/lessons/lessons.routes.ts';
import { lessonsAdminRoutes } from './modules/lessons/lessons-admin.routes.ts';
import { NewsRepository } from './modules/news/news.repository.ts';
import { NewsService } from './modules/news/news.service.ts';
import { newsRoutes } from './modules/news/news.routes.ts';
import { NewsletterRepository } from './modules/newsletter/newsletter.repository.ts';
import { NewsletterService } from './modules/newsletter/newsletter.service.ts';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.ts';
import { ConfirmationQuota } from './modules/newsletter/confirmation-quota.ts';
import { ContactRepository } from './modules/contact/contact.repository.ts';
import { ContactService } from './modules/contact/contact.service.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { readContentFolder } from './modules/content/content-folder.ts';
import { importContent, type ImportCounts } from './modules/content/content-import.ts';
import { createMailer, type Mailer } from './providers/mail/mailer.ts';
import { createAuth } from './modules/auth/better-auth.ts';
import { authSecret } from './modules/auth/secret.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { AttemptLimiter } from './modules/auth/attempt-limiter.ts';
import { AttemptLimiterRepository } from './modules/auth/attempt-limiter.repository.ts';
import { viewerResolver } from './modules/auth/viewer.ts';
import { StudyRepository } from './modules/study/study.repository.ts';
import { StudyService } from './modules/study/study.service.ts';
import { studyRoutes } from './modules/study/study.routes.ts';
import { StudyTransferRepository } from './modules/study/study-transfer.repository.ts';
import { StudyTransferService } from './modules/study/study-transfer.service.ts';
import { studyTransferRoutes } from './modules/study/study-transfer.routes.ts';
import { ActivityService } from './modules/activity/activity.service.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import { SettingsRepository } from './modules/settings/settings.repository.ts';
import { SettingsService } from './modules/settings/settings.service.ts';
import { AiService } from './modules/ai/ai.service.ts';
import { aiRoutes } from './modules/ai/ai.routes.ts';
import { checkKeptAnswer, ReferenceCheck } from './modules/ai/reference-check.ts';
import { conversationRoutes } from './modules/ai/conversations.routes.ts';
import { ConversationsRepository } from './modules/ai/conversations.repository.ts';
import { ConversationsService } from './modules/ai/conversations.service.ts';
import { PassageFinder, type StudySources } from './modules/ai/passage-finder.ts';
import { naveTopics } from './modules/ai/nave-topics.ts';
import { installedCommentary } from './modules/ai/commentary.ts';
import { CrossReferences } from './modules/ai/cross-references.ts';
import { DEFAULT_CRISIS_TEXT } from './modules/ai/safety.ts';
import { createAnswerEngine } from './providers/ai/create-answer-engine.ts';
import { RateWindow } from './lib/rate-window.ts';
import { StudyDays } from './modules/progress/study-days.ts';
import { StudyDaysRepository } from './modules/progress/study-days.repository.ts';
import { ProgressRepository } from './modules/progress/progress.repository.ts';
import { ProgressService } from './modules/progress/progress.service.ts';
import { RankingsRepository } from './modules/progress/rankings.repository.ts';
import { RankingsService } from './modules/progress/rankings.service.ts';
import { progressRoutes } from './modules/progress/progress.routes.ts';
import { PlansRepository } from './modules/plans/plans.repository.ts';
import { PlansService } from './modules/plans/plans.service.ts';
import { plansRoutes } from './modules/plans/plans.routes.ts';
import { PersonalizationRepository } from './modules/personalization/personalization.repository.ts';
import { PersonalizationService } from './modules/personalization/personalization.service.ts';
import { personalizationRoutes } from './modules/personalization/personalization.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { ProfileRepository } from './modules/profile/profile.repository.ts';
import { ProfileService } from './modules/profile/profile.service.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';

/** Original sample lessons, authors and news, loaded on a first start unless SAMPLE_CONTENT=off. */
const SAMPLE_CONTENT_DIR = fileURLToPath(new URL('../../content/sample', import.meta.url));

/** Public pages of things people share: rendered for every request, so a deleted or hidden one is gone at once. */
const CHANGING_PAGES = /^\/(shared|share\/image|verse-visualization|chapter-visualization)\//;
/** Pages that show today's prayer. */
const TODAYS_PAGES = /^\/(previous-prayers\/?)?$/;

export interface AppOptions {
  config: AppConfig;
  /** Use this database instead of opening one (tests share one per worker). */
  database?: Database;
  /** Import the default translations at start (npm packages, SWORD modules); tests may turn it off. */
  importDefaults?: boolean;
  logger?: boolean;
  /** Send mail through this instead of the configured provider. */
  mailer?: Mailer;
  /** The AI's study sources, in place of those SWORD discovery finds (tests, the AI benchmark). */
  studySources?: StudySources;
}

/** A registered route, with the schemas it validates its input with (read by the API fuzz test). */
export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
}

export interface App {
  server: FastifyInstance;
  library: BibleLibrary;
  /** The Bible module's service, for the modules built on it and their tests. */
  bible: BibleService;
  audio: AudioService;
  /** The daily prayer; `main.ts` starts its jobs, tests run them by hand. */
  daily: DailyService;
  lessons: LessonsService;
  news: NewsService;
  /** Paints a picture for published lessons and news that have none (in the background). */
  heroes: HeroPainter;
  /** The weekly devotional; `main.ts` runs its schedule, tests send by hand. */
  newsletter: NewsletterService;
  /** Loads a content folder (lessons, authors, news, prayers): `npm run content`, and the samples on a first start. */
  importContent(folder: string): Promise<ImportCounts>;
  /** The sample content, on the first start only (however many processes start at once). */
  loadSampleContent(): Promise<boolean>;
  database: Database;
  routes: RouteEntry[];
  /** How many requests the fast path for prepared reads answered. */
  fastReadsServed(): number;
  /** Imports holding a place in the checker's queue (from their headers until they are answered). */
  importsInFlight(): number;
}

/** Builds the whole application: database, Bible store, routes. `main.ts` listens; tests inject. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config } = options;
  // Prepared public reads are answered before Fastify once the Bible module is ready (http/fast-reads.ts).
  const fast: { reads?: ReturnType<typeof fastReads> } = {};
  const server = Fastify({
    serverFactory: (handler) => createServer((req, res) => fast.reads?.(req, res) || handler(req, res)),
    logger: options.logger === false ? false : { level: config.logLevel },
    // Behind a proxy (TRUST_PROXY) the client address comes from X-Forwarded-For, as far as the trusted proxies go; else the socket's.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Per-request logs cost more than a chapter read; errors are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  const routes: RouteEntry[] = [];
  server.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema as RouteEntry['schema'] });
  });
  registerErrorHandler(server);

  // Before anything reads a request: browser protections on every reply, known hosts only, bounded input.
  const publicHttps = config.publicUrl?.startsWith('https://') ?? false;
  const securityHeaders = registerSecurityHeaders(server, { publicHttps });
  const hosts = new TrustedHosts({ publicUrl: config.publicUrl, allowedHosts: config.allowedHosts, listen: { host: config.host, port: config.port } });
  server.addHook('onListen', async () => hosts.addListening(server.addresses().filter((a) => typeof a !== 'string')));
  server.addHook('onRequest', refuseUnknownHosts(hosts));
  guardInput(server);

  const open = () => openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let database = options.database ?? (await open());
  const store = new BibleStore();
  const sources = defaultBibleSources(config);
  store.setEditions(editionFamilies(sources));
  let library = new BibleLibrary(new TranslationRepository(database.db), store, server.log);
  if (options.importDefaults !== false && !options.database && (await library.staleSources(sources)).length > 0) {
    await database.close();
    await importDefaultsInChild(config);
    database = await open();
    library = new BibleLibrary(new TranslationRepository(database.db), store, server.log);
  }
  if (options.importDefaults !== false) await library.forgetVanishedModules(sources);
  await library.loadAll();
  // A caller's database may live in memory only, out of a child's reach: import in this process.
  if (options.importDefaults !== false && options.database) await library.ensure(sources);

  const licensed = config.apiBible && (await startLicensedCatalogue(config.apiBible, database.db, store, server.log));
  const bible = new BibleService(store, licensed);
  const search = new SearchService(store, bible);
  await server.register(bibleRoutes(bible));
  await server.register(searchRoutes(search));

  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: server.log });
  const attempts = new AttemptLimiter(new AttemptLimiterRepository(database.db));
  const accountFiles = { remove: async (_userId: string) => {} };
  const engine = createAuth({
    db: database.db,
    mailer,
    secret: authSecret(config.authSecret, config.dataDir),
    publicUrl: config.publicUrl,
    allowedHosts: hosts.patterns,
    passwordReset: (email) => attempts.passwordReset(email),
    // The pictures module is built further down; an account is never deleted before it is.
    beforeDeleteUser: (userId) => accountFiles.remove(userId),
  });
  const viewerOf = viewerResolver(engine);
  server.addHook('onRequest', refuseCrossSiteWrites(config.publicUrl));
  const adminRepository = new AdminRepository(database.db);
  const staffOf = staffGate(adminRepository, viewerOf);
  closeAdminRoutes(server, staffOf);
  const profileRepository = new ProfileRepository(database.db);
  const auth = new AuthService(
    engine,
    attempts,
    (id) => profileRepository.role(id),
    (id) => profileRepository.disabled(id),
  );
  await server.register(authRoutes(auth, viewerOf));
  await server.register(profileRoutes(new ProfileService(profileRepository), viewerOf));
  await server.register(settingsRoutes(new SettingsService(new SettingsRepository(database.db), (code) => bible.hasTranslation(code)), viewerOf));
  const studyRepository = new StudyRepository(database.db);
  // A kept note answer's references are checked when it is read, in its translation or the default one.
  const checkAnswer = async (text: string, translation: string) => (await checkKeptAnswer(text, translation, bible)).references;
  await server.register(studyRoutes(new StudyService(studyRepository, checkAnswer), viewerOf));
  // One thread checks imports; a few more wait their turn, and beyond that the server says it is busy.
  const importPool = { maxThreads: 1, maxQueue: 3 };
  const importChecker = workerPool(new URL('./modules/study/import-check.worker.ts', import.meta.url), importPool);
  const importPlaces = new Places(importPool.maxThreads + importPool.maxQueue);
  await server.register(
    studyTransferRoutes(new StudyTransferService(new StudyTransferRepository(database.db), studyRepository, importChecker, importPlaces), viewerOf),
  );
  // A person's study days: what they read, wrote and asked, by their own calendar (streaks, stats).
  const studyDays = new StudyDays(new StudyDaysRepository(database.db));
  const crossReferences = new CrossReferences();
  const ai = new AiService(
    bible,
    new ReferenceCheck(bible),
    new PassageFinder(
      bible,
      search,
      crossReferences,
      options.studySources ?? { topics: naveTopics(config, crossReferences, server.log), commentary: installedCommentary(config, server.log) },
    ),
    createAnswerEngine(config),
    config.aiCrisisText ?? DEFAULT_CRISIS_TEXT,
    new RateWindow(config.aiRateLimit, 60 * 60 * 1000),
    (userId) => studyDays.record(userId, { questionsAsked: 1 }),
  );
  await server.register(aiRoutes(ai, viewerOf));
  await server.register(conversationRoutes(new ConversationsService(new ConversationsRepository(database.db), bible), viewerOf));
  await server.register(personalizationRoutes(new PersonalizationService(new PersonalizationRepository(database.db)), viewerOf));
  await server.register(activityRoutes(new ActivityService(studyDays), viewerOf));
  const plans = new PlansService(new PlansRepository(database.db), studyDays);
  await server.register(plansRoutes(plans, viewerOf));
  const progress = new ProgressService(
    new ProgressRepository(database.db),
    studyDays,
    (book, chapter) => bible.chapterShape(book, chapter),
    (userId, book, chapter) => plans.chapterCompleted(userId, book, chapter),
  );
  await server.register(progressRoutes(progress, new RankingsService(new RankingsRepository(database.db), studyDays), viewerOf));
  const media = new RecordedMediaStore(createMediaStore(config), new MediaFilesRepository(database.db), {
    maxBytes: config.mediaMaxBytes,
    onError: (error) => server.log.error({ err: error }, 'media_file could not be kept up to date'),
  });
  const speech = createSpeechEngine(config);
  await server.register(mediaRoutes(media));
  const quotas = new QuotaRepository(database.db);
  const audio = new AudioService(bible, speech, media, new AudioQuota(new Quota(quotas, 'audio'), config.audioLimits));
  await server.register(audioRoutes(audio, viewerOf));
  const images = createImageEngine(config);
  const picturesRepository = new PicturesRepository(database.db);
  const pictures = new PicturesService(bible, images, media, picturesRepository, new PictureQuota(new Quota(quotas, 'pictures'), config.pictureLimits));
  await server.register(picturesRoutes(pictures, viewerOf));
  accountFiles.remove = (userId) => pictures.removeSharesOf(userId);
  await server.register(sharedVersesRoutes(new SharedVersesService(bible, pictures, picturesRepository), viewerOf));
  const claims = new JobClaims(database.db);
  const daily = new DailyService(new DailyRepository(database.db), claims, bible, pictures, prayerDrafter(config.languageModel));
  await server.register(dailyRoutes(daily, audio, viewerOf));
  const home = new HomeService(bible, daily);
  await server.register(homeRoutes(home));
  // Published content shows on kept pages (the home page's lessons): a change has them made again.
  const pages = { changed: () => {} };
  const audit = new AuditLog(adminRepository);
  const contentChanged = () => {
    pages.changed();
    heroes.schedule();
  };
  const lessons = new LessonsService(new LessonsRepository(database.db), bible, media, audit, contentChanged);
  const news = new NewsService(new NewsRepository(database.db), audit, contentChanged);
  // Published lessons and news without a picture get one painted, in the background, once.
  const heroes = new HeroPainter([lessons, news], pictures, claims, () => pages.changed(), server.log);
  await server.register(lessonsRoutes(lessons, config.publicUrl));
  await server.register(lessonsAdminRoutes(lessons, staffOf));
  await server.register(newsRoutes(news, staffOf));
  const newsletter = new NewsletterService(
    new NewsletterRepository(database.db),
    mailer,
    { home, daily, lessons },
    config.publicUrl,
    new ConfirmationQuota(new Quota(quotas, 'newsletter-confirmations'), config.newsletterConfirmationsPerHour),
  );
  await server.register(newsletterRoutes(newsletter, audit, staffOf, config.publicUrl));
  await server.register(contactRoutes(new ContactService(new ContactRepository(database.db), mailer, audit, config.contactEmail, server.log), staffOf));
  await server.register(prayersAdminRoutes(daily, audit, staffOf, () => pages.changed()));
  await server.register(moderationRoutes(pictures, audit, staffOf, () => pages.changed()));
  await server.register(
    adminRoutes(
      audit,
      new AdminService(
        adminRepository,
        {
          publicUrl: config.publicUrl,
          trustProxy: config.trustProxy !== false,
          engines: {
            answers: config.languageModel ? `language model ${config.languageModel.model}` : 'Scripture engine (built in, offline)',
            speech: config.speech ? `speech service ${config.speech.model}, voice ${config.speech.voice}` : 'built-in voice (offline)',
            images: config.images ? `image service ${config.images.model}` : 'built-in painter (offline)',
            media: config.mediaS3 ? `S3 bucket ${config.mediaS3.bucket}` : 'the data folder',
            mail: config.smtpUrl ? 'SMTP relay' : 'files in the data folder',
          },
          checks: engineChecks({ ai, speech, images }),
          beforeDeleteUser: (userId) => accountFiles.remove(userId),
          mediaBytes: () => (config.mediaS3 ? Promise.resolve(null) : folderBytes(join(config.dataDir, 'media'))),
        },
        audit,
      ),
      staffOf,
    ),
  );
  // async, so a folder that does not read is a rejected promise like any other failure of the import.
  const importFolder = async (folder: string) => importContent(readContentFolder(folder), { lessons, news, daily });
  server.get('/api/health', async () => ({ status: 'ok', translations: store.list().length }));

  const web = registerWeb(server, {
    webDist: config.webDist,
    publicUrl: config.publicUrl,
    pageHeaders: securityHeaders.page,
    // A licensed text may not be kept; a shared verse or picture may be deleted or hidden at any moment.
    // Pages with today's prayer are kept only once it is written (another process may be writing it).
    keepable: (url) =>
      !bible.isLicensed(url.searchParams.get('translation') ?? '') &&
      !CHANGING_PAGES.test(url.pathname) &&
      (daily.isTodayReady() || !TODAYS_PAGES.test(url.pathname)),
    mediaOrigin: config.mediaS3?.publicUrl && new URL(config.mediaS3.publicUrl).origin,
  });
  pages.changed = web.forgetKept;
  fast.reads = fastReads({ hosts, headers: securityHeaders.overHttp, read: (path, query) => bible.fastRead(path, query) });
  server.addHook('onClose', async () => {
    await heroes.idle();
    await importChecker.destroy();
    await speech.close();
    await images.close();
    licensed?.catalogue.stop();
    if (!options.database) await database.close();
  });
  return {
    server,
    library,
    bible,
    audio,
    daily,
    lessons,
    news,
    heroes,
    newsletter,
    database,
    routes,
    fastReadsServed: () => fast.reads?.served ?? 0,
    importsInFlight: () => importPlaces.inUse,
    importContent: importFolder,
    loadSampleContent: () => claims.once('sample-content', 'first-start', async () => void (await importFolder(SAMPLE_CONTENT_DIR))),
  };
}
