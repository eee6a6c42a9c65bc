import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseHost } from './http/trusted-hosts.ts';
import { DEFAULT_REPOSITORIES, parseRepositories, REPOSITORIES_FORMAT, type Repository } from './scripture/library/repositories.ts';
import { parseTrustProxy, TRUST_PROXY_FORMAT, TRUST_PROXY_ON, type TrustProxy } from './http/trust-proxy.ts';

/**
 * Every setting the server reads, parsed once at start. A bad value stops the start with one clear
 * line naming the variable (see main.ts); the README's configuration table lists the same variables.
 */
const PORT_MESSAGE = 'must be a whole number from 0 to 65535';
// The built web app lives in the project, wherever the server is started from.
const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

const envSchema = z.object({
  PORT: z.coerce.number({ error: PORT_MESSAGE }).int(PORT_MESSAGE).min(0, PORT_MESSAGE).max(65535, PORT_MESSAGE).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SWORD_PATH: z.string().optional(),
  SWORD_DISCOVERY: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  SWORD_REPOSITORIES: z
    .string()
    .max(5_000, 'must be at most 5,000 characters')
    .superRefine((value, ctx) => {
      const parsed = parseRepositories(value);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: `${REPOSITORIES_FORMAT}: ${parsed.reason}` });
    })
    .optional(),
  SAMPLE_CONTENT: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  WEB_DIST: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(1_000).max(600_000).default(25_000),
  PUBLIC_URL: z.url({ error: 'must be a URL such as https://bible.example.org' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Selah <no-reply@localhost>'),
  CONTACT_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: z
    .string()
    .default('off')
    .refine((v) => v.trim() !== 'on', { error: TRUST_PROXY_ON, abort: true })
    .refine((v) => parseTrustProxy(v) !== null, { error: TRUST_PROXY_FORMAT }),
  AI_BASE_URL: z.url({ error: 'must be a URL such as http://localhost:11434/v1' }).optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  AI_API_KEY: z.string().max(500).optional(),
  AI_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(1_000).max(600_000).default(60_000),
  AI_RATE_LIMIT: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(100_000).default(60),
  AI_CRISIS_TEXT: z.string().min(20, 'must be at least 20 characters').max(1_000, 'must be at most 1,000 characters').optional(),
  AI_MODEL_MIRROR: z.url({ error: 'must be a URL such as https://models.example.org' }).optional(),
  AI_MODEL_LIST: z.string().min(1).optional(),
  AI_MODEL_THREADS: z.coerce.number({ error: 'must be a whole number of CPU threads' }).int().min(1).max(256).optional(),
  AI_MODEL_MAX_TOKENS: z.coerce.number({ error: 'must be a whole number' }).int().min(16).max(8_192).default(1_024),
  AI_DISCOVER_PORTS: z
    .string()
    .default('11434,1234,8080,8000')
    .refine((v) => v.trim() === 'off' || v.split(',').every((p) => /^\s*\d{1,5}\s*$/.test(p) && Number(p) >= 1 && Number(p) <= 65_535), {
      error: 'must be port numbers separated by commas (11434,1234), or off',
    }),
  API_BIBLE_KEY: z.string().min(8, 'must be the key API.Bible gave you').max(500).optional(),
  API_BIBLE_URL: z.url({ error: 'must be a URL such as https://rest.api.bible/v1' }).default('https://rest.api.bible/v1'),
  API_BIBLE_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(500).max(60_000).default(8_000),
  API_BIBLE_CACHE_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .min(0.01)
    .max(24 * 30)
    .default(24),
  API_BIBLE_BIBLES: z.string().max(5_000).optional(),
  API_BIBLE_FUMS_URL: z.union([z.literal('off'), z.url({ error: 'must be a URL or off' })]).default('https://fums.api.bible/f3'),
  TTS_BASE_URL: z.url({ error: 'must be a URL such as http://localhost:8880/v1' }).optional(),
  TTS_MODEL: z.string().min(1).max(200).optional(),
  TTS_VOICE: z.string().min(1).max(200).optional(),
  TTS_API_KEY: z.string().max(500).optional(),
  IMAGE_BASE_URL: z.url({ error: 'must be a URL such as http://localhost:8080/v1' }).optional(),
  IMAGE_MODEL: z.string().min(1).max(200).optional(),
  IMAGE_API_KEY: z.string().max(500).optional(),
  IMAGE_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(1_000).max(600_000).default(120_000),
  IMAGE_RATE_LIMIT: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(100_000).default(10),
  IMAGE_DAILY_CAP: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(1_000_000).default(40),
  IMAGE_SITE_DAILY_CAP: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(10_000_000).default(2_000),
  AUDIO_RATE_LIMIT: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(100_000).default(20),
  AUDIO_DAILY_CAP: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(1_000_000).default(60),
  AUDIO_SITE_DAILY_CAP: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(10_000_000).default(2_000),
  BIBLE_MEMORY_MB: z.coerce.number({ error: 'must be a whole number of megabytes, such as 256' }).int().min(16).max(1_000_000).default(192),
  MEDIA_MAX_MB: z.coerce.number({ error: 'must be a whole number of megabytes, such as 5120' }).int().min(1).max(1_000_000_000).default(5_120),
  NEWSLETTER_CONFIRMATIONS_PER_HOUR: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(1_000_000).default(200),
  MEDIA_S3_ENDPOINT: z.url({ error: 'must be a URL such as https://s3.example.org' }).optional(),
  MEDIA_S3_BUCKET: z.string().min(3).max(63).optional(),
  MEDIA_S3_REGION: z.string().min(1).max(100).default('us-east-1'),
  MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).max(500).optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).max(500).optional(),
  MEDIA_S3_PUBLIC_URL: z.url({ error: 'must be a URL such as https://media.example.org' }).optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (a long random string)').max(500, 'must be at most 500 characters').optional(),
  LOG_REQUESTS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('off'),
  ALLOWED_HOSTS: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine((h) => parseHost(h) !== undefined, 'must be host names, each with an optional port, separated by commas')))
    .default([]),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Import the SWORD Bibles installed on this machine at start. */
  swordDiscovery: boolean;
  /** Load the sample lessons, authors and news on the first start (content/sample). */
  sampleContent: boolean;
  /** Extra folders holding SWORD modules (SWORD_PATH), searched before ~/.sword and the system's. */
  swordPaths: string[];
  /** The SWORD repositories a new site starts its library with (SWORD_REPOSITORIES). */
  swordRepositories: readonly Repository[];
  /** What the translations read lately may hold in memory: texts, search indexes, prepared chapters (BIBLE_MEMORY_MB). */
  bibleMemoryBytes: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** How long a stopping process lets requests in flight finish before it cuts them and exits (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  webDist: string;
  /** The site's public address for mail, canonical and share links. */
  publicUrl?: string;
  /** Other host names the site is served under (besides PUBLIC_URL's and the listening address). */
  allowedHosts: string[];
  smtpUrl?: string;
  mailFrom: string;
  /** Where messages sent through /contact are mailed (they are kept for the admin panel either way). */
  contactEmail?: string;
  /** Signs sessions; without it one is generated once and kept in the data folder. */
  authSecret?: string;
  /**
   * Whose X-Forwarded-For to believe: nobody's, the nearest N proxies', or the listed proxies'. Only a
   * proxy's: otherwise anyone could name any address and step around every per-address limit.
   */
  trustProxy: TrustProxy;
  /** What the AI says first when a question shows someone may be in danger (else its default). */
  aiCrisisText?: string;
  /** Questions to the AI per hour, per account and per client address. */
  aiRateLimit: number;
  /** An OpenAI-compatible chat model; without it the embedded Scripture engine answers. */
  languageModel?: { baseUrl: string; model: string; apiKey?: string; timeoutMs: number };
  /** Local models (issue 31 §2): where the curated list's files are downloaded from, and which list. */
  aiModels: { mirror?: string; listFile?: string; discoverPorts: number[]; timeoutMs: number; threads?: number; maxTokens: number };
  /**
   * The licensed catalogue (API.Bible), when a key is set: its translations join the local ones. Its
   * replies are kept `cacheHours` at most; `bibles` limits which of the key's Bibles are offered.
   */
  apiBible?: { key: string; baseUrl: string; timeoutMs: number; cacheHours: number; bibles: string[]; fumsUrl?: string };
  /** An OpenAI-compatible speech endpoint (`/v1/audio/speech`); without it the embedded engine speaks. */
  speech?: { baseUrl: string; model: string; voice: string; apiKey?: string };
  /**
   * S3-compatible storage for generated media; without it, a folder in the data folder. `publicUrl`:
   * where the bucket is served to browsers, if it is (else the app serves the files itself).
   */
  mediaS3?: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; publicUrl?: string };
  /** An OpenAI-compatible image endpoint (`/v1/images/generations`) for backdrops; without it the embedded engine paints. */
  images?: { baseUrl: string; model: string; apiKey?: string; timeoutMs: number };
  /**
   * Pictures made per hour and per day by one account or one address, and by the whole site in a day
   * (what a paid image service may cost is bounded by the last).
   */
  pictureLimits: { perHour: number; perDay: number; siteDaily: number };
  /** New passages read aloud per hour and per day by one account or one address, and by the site in a day. */
  audioLimits: { perHour: number; perDay: number; siteDaily: number };
  /** The most generated media kept, in bytes: past it the oldest unused files that nothing links to go. */
  mediaMaxBytes: number;
  /** Newsletter confirmation messages the whole site may send in an hour (what a mail relay is asked to carry). */
  newsletterConfirmationsPerHour: number;
  /** Serves Prometheus metrics at /metrics to whoever sends it as a bearer token; without it /metrics is not there. */
  metricsToken?: string;
  /** Writes one line per request (method, route pattern, status, time taken), nothing personal (LOG_REQUESTS). */
  logRequests: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings (e.g. `PORT= npm start`) mean "not set", as people expect from shells.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (got ${JSON.stringify(env[name])})`);
  }
  const e = parsed.data;
  if (Boolean(e.IMAGE_BASE_URL) !== Boolean(e.IMAGE_MODEL)) {
    throw new ConfigError('Invalid configuration: IMAGE_BASE_URL and IMAGE_MODEL go together: set both to use an image service, or neither');
  }
  if (Boolean(e.AI_BASE_URL) !== Boolean(e.AI_MODEL)) {
    throw new ConfigError('Invalid configuration: AI_BASE_URL and AI_MODEL go together: set both to use a language model, or neither');
  }
  const speechSet = [e.TTS_BASE_URL, e.TTS_MODEL, e.TTS_VOICE].filter(Boolean).length;
  if (speechSet !== 0 && speechSet !== 3) {
    throw new ConfigError('Invalid configuration: TTS_BASE_URL, TTS_MODEL and TTS_VOICE go together: set all three to use a speech service, or none');
  }
  const s3Set = [e.MEDIA_S3_ENDPOINT, e.MEDIA_S3_BUCKET, e.MEDIA_S3_ACCESS_KEY_ID, e.MEDIA_S3_SECRET_ACCESS_KEY].filter(Boolean).length;
  if (s3Set !== 0 && s3Set !== 4) {
    throw new ConfigError(
      'Invalid configuration: MEDIA_S3_ENDPOINT, MEDIA_S3_BUCKET, MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together: set all four to store media in S3, or none',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    swordDiscovery: e.SWORD_DISCOVERY === 'on',
    sampleContent: e.SAMPLE_CONTENT === 'on',
    swordPaths: (e.SWORD_PATH ?? '').split(':').filter(Boolean),
    swordRepositories: e.SWORD_REPOSITORIES ? (parseRepositories(e.SWORD_REPOSITORIES) as { repositories: Repository[] }).repositories : DEFAULT_REPOSITORIES,
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : resolve(PROJECT_ROOT, 'dist/web'),
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactEmail: e.CONTACT_EMAIL,
    authSecret: e.AUTH_SECRET,
    trustProxy: parseTrustProxy(e.TRUST_PROXY)!,
    allowedHosts: e.ALLOWED_HOSTS,
    aiCrisisText: e.AI_CRISIS_TEXT,
    aiRateLimit: e.AI_RATE_LIMIT,
    languageModel:
      e.AI_BASE_URL && e.AI_MODEL
        ? { baseUrl: e.AI_BASE_URL.replace(/\/+$/, ''), model: e.AI_MODEL, apiKey: e.AI_API_KEY, timeoutMs: e.AI_TIMEOUT_MS }
        : undefined,
    aiModels: {
      mirror: e.AI_MODEL_MIRROR?.replace(/\/+$/, ''),
      listFile: e.AI_MODEL_LIST ? resolve(e.AI_MODEL_LIST) : undefined,
      timeoutMs: e.AI_TIMEOUT_MS,
      threads: e.AI_MODEL_THREADS,
      maxTokens: e.AI_MODEL_MAX_TOKENS,
      discoverPorts: e.AI_DISCOVER_PORTS.trim() === 'off' ? [] : e.AI_DISCOVER_PORTS.split(',').map((p) => Number(p.trim())),
    },
    apiBible: e.API_BIBLE_KEY
      ? {
          key: e.API_BIBLE_KEY,
          baseUrl: e.API_BIBLE_URL.replace(/\/+$/, ''),
          timeoutMs: e.API_BIBLE_TIMEOUT_MS,
          cacheHours: e.API_BIBLE_CACHE_HOURS,
          bibles: (e.API_BIBLE_BIBLES ?? '')
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
          fumsUrl: e.API_BIBLE_FUMS_URL === 'off' ? undefined : e.API_BIBLE_FUMS_URL,
        }
      : undefined,
    speech:
      e.TTS_BASE_URL && e.TTS_MODEL && e.TTS_VOICE
        ? { baseUrl: e.TTS_BASE_URL.replace(/\/+$/, ''), model: e.TTS_MODEL, voice: e.TTS_VOICE, apiKey: e.TTS_API_KEY }
        : undefined,
    images:
      e.IMAGE_BASE_URL && e.IMAGE_MODEL
        ? { baseUrl: e.IMAGE_BASE_URL.replace(/\/+$/, ''), model: e.IMAGE_MODEL, apiKey: e.IMAGE_API_KEY, timeoutMs: e.IMAGE_TIMEOUT_MS }
        : undefined,
    pictureLimits: { perHour: e.IMAGE_RATE_LIMIT, perDay: e.IMAGE_DAILY_CAP, siteDaily: e.IMAGE_SITE_DAILY_CAP },
    audioLimits: { perHour: e.AUDIO_RATE_LIMIT, perDay: e.AUDIO_DAILY_CAP, siteDaily: e.AUDIO_SITE_DAILY_CAP },
    mediaMaxBytes: e.MEDIA_MAX_MB * 1024 ** 2,
    bibleMemoryBytes: e.BIBLE_MEMORY_MB * 1024 ** 2,
    newsletterConfirmationsPerHour: e.NEWSLETTER_CONFIRMATIONS_PER_HOUR,
    metricsToken: e.METRICS_TOKEN,
    logRequests: e.LOG_REQUESTS === 'on',
    mediaS3:
      e.MEDIA_S3_ENDPOINT && e.MEDIA_S3_BUCKET && e.MEDIA_S3_ACCESS_KEY_ID && e.MEDIA_S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.MEDIA_S3_ENDPOINT,
            bucket: e.MEDIA_S3_BUCKET,
            region: e.MEDIA_S3_REGION,
            accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID,
            secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY,
            publicUrl: e.MEDIA_S3_PUBLIC_URL?.replace(/\/+$/, ''),
          }
        : undefined,
  };
}
