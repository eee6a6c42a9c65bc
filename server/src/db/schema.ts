import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands back Uint8Array, node-postgres a Buffer: give the app a Buffer either way.
  fromDriver: (value) => Buffer.from(value),
});

/** Bible translations in the store: what people choose from, and where each text came from. */
export const translations = pgTable('translations', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  language: text('language').notNull(),
  languageName: text('language_name').notNull(),
  category: text('category').notNull(),
  licence: text('licence').notNull(),
  source: text('source').notNull(),
  direction: text('direction').notNull().default('ltr'),
  /** Identifies the exact source imported (package version, module files, file hash): same fingerprint, no re-import. */
  fingerprint: text('fingerprint').notNull(),
  formatVersion: integer('format_version').notNull(),
  bookCount: integer('book_count').notNull(),
  verseCount: integer('verse_count').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The text of a translation (see scripture/store/translation-text.ts), in parts of at most 1 MB. Kept in
 * the database, not the data folder, so every app process sharing PostgreSQL sees the same store; in
 * parts because PGlite's WebAssembly memory grows to the largest value it handles and never shrinks.
 */
export const translationTexts = pgTable(
  'translation_texts',
  {
    code: text('code')
      .notNull()
      .references(() => translations.code, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.code, t.part] })],
);

/**
 * Replies of the licensed Bible provider (API.Bible), kept for a limited time (API_BIBLE_CACHE_HOURS)
 * as its terms allow: the list of Bibles, a Bible's books, and chapters readers asked for. Never a
 * whole Bible fetched ahead; rows older than the limit are neither served nor kept.
 */
export const licensedCache = pgTable(
  'licensed_cache',
  {
    key: text('key').primaryKey(),
    body: jsonb('body').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('licensed_cache_fetched_idx').on(t.fetchedAt)],
);

// --- Accounts (better-auth's tables; property names are the field names better-auth uses) -------

export const users = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** 'user' or 'admin' (spec §6). */
  role: text('role').notNull().default('user'),
  /** Spec §3 User.displayName: the community name; empty until the welcome dialog sets it. */
  displayName: text('display_name'),
  firstName: text('first_name'),
  /** Set by an admin: the account cannot sign in, and its sessions were ended. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

export const sessions = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** better-auth's rate-limit counters, in the database so every app process shares them. */
export const rateLimits = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Where an account has signed in with the right password before: an address or a device (a cookie),
 * each kept as a hash with the account's. A known one may still try while strangers are held back.
 */
export const signInKnown = pgTable(
  'sign_in_known',
  {
    key: text('key').primaryKey(),
    account: text('account').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_known_account_idx').on(t.account), index('sign_in_known_seen_idx').on(t.seenAt)],
);

// --- Study data ------------------------------------------------------------------------------------

/** Spec §3 Settings: translation, fontSize (small, base, large; default large), per user. */
export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  translation: text('translation'),
  fontSize: text('font_size').notNull().default('large'),
  /** The browser's IANA time zone: when a study day starts for this person. */
  timeZone: text('time_zone'),
  /** Whether the display name may be listed in the community rankings. */
  showInRankings: boolean('show_in_rankings').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Spec §3 Highlight: a verse (verse id) in a colour, with its reference and text. */
export const highlights = pgTable(
  'highlight',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verse: text('verse').notNull(),
    color: text('color').notNull(),
    reference: text('reference').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('highlight_user_created_idx').on(t.userId, t.createdAt), uniqueIndex('highlight_user_verse_idx').on(t.userId, t.verse)],
);

/** Spec §3 Note: quote, understand, question or freeform, on a reference. */
export const notes = pgTable(
  'note',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    content: text('content').notNull(),
    reference: text('reference').notNull(),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('note_user_created_idx').on(t.userId, t.createdAt)],
);

/** A profile picture, kept in the database so every app process (and a backup) has it. */
export const avatars = pgTable('avatar', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
  /** Re-encoded on upload (resized, WebP, metadata such as GPS position stripped); older rows are re-encoded when first served. */
  reencoded: boolean('reencoded').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Spec §7 study-activity: what a person did on a (UTC) day, summed from the client's reports. */
export const studyActivity = pgTable(
  'study_activity',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    chaptersRead: integer('chapters_read').notNull().default(0),
    minutesSpent: integer('minutes_spent').notNull().default(0),
    versesHighlighted: integer('verses_highlighted').notNull().default(0),
    notesCreated: integer('notes_created').notNull().default(0),
    questionsAsked: integer('questions_asked').notNull().default(0),
    /** Chapters completed in a guest's browser and moved in on sign-in: the person's own, not ranked. */
    chaptersMoved: integer('chapters_moved').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The rankings sum days from a date on: the day-first index serves them.
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('study_activity_day_idx').on(t.day, t.userId)],
);

/**
 * Spec §4 reading progress: the verses of a chapter a person viewed on one of their days. A chapter
 * completed again on another day counts on that day too; coverage counts each chapter once.
 */
export const chapterReads = pgTable(
  'chapter_read',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Canon order: 1 Genesis … 66 Revelation, 67 on the deuterocanon. */
    book: integer('book').notNull(),
    chapter: integer('chapter').notNull(),
    day: text('day').notNull(),
    totalVerses: integer('total_verses').notNull(),
    versesViewed: integer('verses_viewed').array().notNull(),
    completed: boolean('completed').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.book, t.chapter, t.day] })],
);

/** A person's streak, kept up to date as days count, so the streak rankings need no recount. */
export const studyStreaks = pgTable(
  'study_streak',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    currentStreak: integer('current_streak').notNull(),
    longestStreak: integer('longest_streak').notNull(),
    lastDay: text('last_day').notNull(),
  },
  (t) => [index('study_streak_rank_idx').on(t.lastDay, t.currentStreak)],
);

/** Achievements once earned stay earned, even when the highlight or note behind them is deleted. */
export const achievementsEarned = pgTable(
  'achievement',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    earnedOn: text('earned_on').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] })],
);

/** Spec §7 track-behavior: how far a person got in each chapter, for their own suggestions only. */
export const readingBehavior = pgTable(
  'reading_behavior',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentId: text('content_id').notNull(),
    completionPercentage: integer('completion_percentage').notNull(),
    versesViewed: integer('verses_viewed').notNull(),
    completed: boolean('completed').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contentId] })],
);

/** Spec §3 AI response for a note (kept when saved; a guest's live in the browser until they sign in). */
export const noteAiResponses = pgTable(
  'note_ai_response',
  {
    id: text('id').primaryKey(),
    noteId: text('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    response: text('response').notNull(),
    translation: text('translation').notNull(),
    reference: text('reference').notNull(),
    saved: boolean('saved').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('note_ai_response_note_idx').on(t.noteId), index('note_ai_response_user_idx').on(t.userId)],
);

// --- Personalization -------------------------------------------------------------------------------

/** Spec §7 track-question: a signed-in person's questions to the AI, for them alone (newest 1,000 kept). */
export const questionHistory = pgTable(
  'question_history',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    context: text('context'),
    reference: text('reference'),
    aiResponse: text('ai_response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('question_history_user_idx').on(t.userId, t.createdAt)],
);

/** Whether a person's questions are kept at all (on unless they turn it off). */
export const questionHistorySetting = pgTable('question_history_setting', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  keep: boolean('keep').notNull().default(true),
});

/** A signed-in person's Bible Chat conversations; a guest's stay in the browser until they sign in. */
export const conversations = pgTable(
  'conversation',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversation_user_idx').on(t.userId, t.updatedAt)],
);

/** One question and its checked answer; `references` is the check the server made when it was kept. */
export const conversationTurns = pgTable(
  'conversation_turn',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    response: text('response').notNull(),
    engine: text('engine').notNull(),
    /** What the answer was drawn from, as the reader saw it under the answer; null for turns kept before it was. */
    sources: text('sources'),
    translation: text('translation').notNull(),
    references: jsonb('references').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversation_turn_conversation_idx').on(t.conversationId, t.createdAt)],
);

// --- Pictures and sharing -------------------------------------------------------------------------

/**
 * A picture the picture engine made: a verse visualization ('verse'), a chapter illustration
 * ('chapter') or a share graphic ('card'). `reference` is the canonical one ("John 3:16", "John 3"),
 * `verseText` the store's words set on it. The files live in the media store under the two keys.
 */
export const pictures = pgTable(
  'picture',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    translation: text('translation').notNull(),
    verseText: text('verse_text').notNull(),
    description: text('description').notNull(),
    /** What to make it again from if its file is lost: the seed, or a card's font and colours. */
    recipe: jsonb('recipe').notNull(),
    engine: text('engine').notNull(),
    imageKey: text('image_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    viewCount: integer('view_count').notNull().default(0),
    /** Taken out of the community gallery: by an admin, or by enough reports until one looks. */
    hidden: boolean('hidden').notNull().default(false),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('picture_list_idx').on(t.kind, t.reference, t.createdAt), uniqueIndex('picture_image_key_idx').on(t.imageKey)],
);

/** One report of a picture, one per person (account or address). */
export const pictureReports = pgTable(
  'picture_report',
  {
    pictureId: text('picture_id')
      .notNull()
      .references(() => pictures.id, { onDelete: 'cascade' }),
    reporter: text('reporter').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pictureId, t.reporter] })],
);

/**
 * One use of something limited (a picture made, audio synthesised, a confirmation mailed), once for each
 * key it counts against: `<quota>:user:<id>`, `<quota>:addr:<hash>`, `<quota>:site`. Hourly limits and
 * daily caps count these rows; `lib/quota.ts` takes them atomically across processes.
 */
export const quotaUses = pgTable(
  'quota_use',
  {
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quota_use_key_idx').on(t.key, t.at), index('quota_use_at_idx').on(t.at)],
);

/**
 * Every generated file in the media store (speech, pictures), with its size and when it was last
 * asked for: the media ceiling removes the oldest unused ones first, never one a share or a saved item uses.
 */
export const mediaFiles = pgTable(
  'media_file',
  {
    key: text('key').primaryKey(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_file_used_idx').on(t.lastUsedAt)],
);

/** Spec §3 Shared verse: a verse someone published at /shared/{shareCode}. */
export const sharedVerses = pgTable(
  'shared_verse',
  {
    shareCode: text('share_code').primaryKey(),
    reference: text('reference').notNull(),
    translation: text('translation').notNull(),
    verseText: text('verse_text').notNull(),
    backgroundColor: text('background_color').notNull(),
    textColor: text('text_color').notNull(),
    fontStyle: text('font_style').notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    /** The graphic shown and unfurled: the person's custom one, else a card made when it was shared. */
    pictureId: text('picture_id')
      .notNull()
      .references(() => pictures.id),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A guest's share is theirs by a key only their browser holds; the hash of it is kept. */
    ownerKeyHash: text('owner_key_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shared_verse_user_idx').on(t.userId, t.createdAt)],
);

/** A reading plan a person follows: which one, when it started, and the readings done (by position). */
export const planEnrolments = pgTable(
  'plan_enrolment',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    /** A custom plan's books and length; null for the fixed plans. */
    books: text('books').array(),
    days: integer('days'),
    startedOn: text('started_on').notNull(),
    pausedOn: text('paused_on'),
    finishedOn: text('finished_on'),
    done: integer('done').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.planId] })],
);

/** The day's prayer (spec §1): one per calendar day (UTC, as the verse of the day). */
export const dailyPrayers = pgTable('daily_prayer', {
  id: text('id').primaryKey(),
  day: text('day').notNull().unique(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  reference: text('reference'),
  translation: text('translation'),
  /** 'editor', 'ai' or 'scripture'. */
  source: text('source').notNull(),
  /** The visual contemplation made from it, once made. */
  pictureId: text('picture_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Scheduled jobs claimed by key (a job and its day): the process that inserts the row runs the job, so
 * several processes and restarts run each once; a claim left unfinished for long is taken over.
 */
export const jobRuns = pgTable(
  'job_run',
  {
    job: text('job').notNull(),
    key: text('key').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.job, t.key] })],
);

/** Who writes lessons (spec §1 "expert-written daily lessons with authors"); an account may write as one. */
export const authors = pgTable('author', {
  id: text('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  bio: text('bio').notNull().default(''),
  profileImageUrl: text('profile_image_url'),
  /** The account (role author or admin) that writes as this author. */
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Spec §3 Article: a lesson in Markdown. Published with a time still to come is scheduled. */
export const lessons = pgTable(
  'lesson',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    body: text('body').notNull(),
    heroImageUrl: text('hero_image_url'),
    authorId: text('author_id')
      .notNull()
      .references(() => authors.id),
    /** 'draft' or 'published'. */
    status: text('status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    readTimeMin: integer('read_time_min').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lesson_published_idx').on(t.status, t.publishedAt), index('lesson_author_idx').on(t.authorId)],
);

/** News about the site (spec §1), written by admins in Markdown. */
export const newsPosts = pgTable(
  'news_post',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    heroImageUrl: text('hero_image_url'),
    /** 'draft' or 'published'. */
    status: text('status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('news_published_idx').on(t.status, t.publishedAt)],
);

/** Every change made through the admin panel: who, what, when (shown in the panel). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    detail: text('detail').notNull().default(''),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);

/** The weekly devotional's readers (spec §1, §4): double opt-in, so `confirmed` only after the link is followed. */
export const newsletterSubscribers = pgTable('newsletter_subscriber', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  /** 'pending', 'confirmed' or 'unsubscribed'. */
  status: text('status').notNull(),
  /** In the confirm and unsubscribe links: a random key that stands for this address only. */
  token: text('token').notNull().unique(),
  /** The site's address when they subscribed (a trusted host): their links use it when PUBLIC_URL is not set. */
  origin: text('origin').notNull(),
  confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One weekly devotional, by the Monday its week starts on. */
export const newsletterIssues = pgTable('newsletter_issue', {
  id: text('id').primaryKey(),
  week: text('week').notNull().unique(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When every confirmed reader had it. */
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * Who had which issue. A row is claimed (with the Message-ID the copy will carry) before the message goes
 * and marked sent after; a claim never marked (a crash in between) is taken again after a while and sent
 * with the same Message-ID, so every reader gets the issue at least once and a retry is not a new message.
 */
export const newsletterDeliveries = pgTable(
  'newsletter_delivery',
  {
    issueId: text('issue_id')
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: 'cascade' }),
    subscriberId: text('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    messageId: text('message_id'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while the copy is on its way. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.subscriberId] })],
);

/** Messages sent through /contact (spec §1), kept for the admin panel and mailed to CONTACT_EMAIL. */
export const contactMessages = pgTable(
  'contact_message',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [index('contact_message_created_idx').on(t.createdAt)],
);

/**
 * The SWORD repositories the library installs from (issue 30), in the admin's order. Seeded once from
 * SWORD_REPOSITORIES (or the defaults) when `library_state.repositories_seeded` is false.
 */
export const libraryRepositories = pgTable('library_repositories', {
  name: text('name').primaryKey(),
  position: integer('position').notNull(),
  catalogueUrl: text('catalogue_url').notNull(),
  packageUrl: text('package_url').notNull(),
});

/**
 * Each repository's last catalogue (`mods.d.tar.gz` as downloaded) and how its last refresh went. The
 * archive is kept, not its parse, so one reader (scripture/library/catalogue.ts) decides what it lists.
 */
export const libraryCatalogues = pgTable('library_catalogues', {
  repository: text('repository')
    .primaryKey()
    .references(() => libraryRepositories.name, { onDelete: 'cascade' }),
  archive: bytea('archive'),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }),
  /** When a refresh was last tried, successful or not: refreshes run at most daily unless asked. */
  triedAt: timestamp('tried_at', { withTimezone: true }).notNull().defaultNow(),
  error: text('error'),
  /** The validators the archive came with (ETag, Last-Modified), sent back so an unchanged catalogue answers 304. */
  etag: text('etag'),
  lastModified: text('last_modified'),
  /** When the repository last confirmed the cached archive (a download or a 304). */
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  /** Set while a process reads this catalogue (claimed atomically): a second refresh waits for it instead. */
  refreshingSince: timestamp('refreshing_since', { withTimezone: true }),
});

/**
 * Installed modules. The validated zip is kept with it (in parts, as translation texts are), so every
 * app process can unpack the same files into its own SWORD root; a Bible's text is also imported into
 * `translations` under `translationCode`.
 */
export const libraryModules = pgTable('library_modules', {
  name: text('name').primaryKey(),
  repository: text('repository').notNull(),
  version: text('version').notNull(),
  kind: text('kind').notNull(),
  conf: bytea('conf').notNull(),
  translationCode: text('translation_code'),
  installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const libraryModuleParts = pgTable(
  'library_module_parts',
  {
    name: text('name')
      .notNull()
      .references(() => libraryModules.name, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.part] })],
);

/** Install, remove and update requests, run one at a time per process by whichever process claims them. */
export const libraryJobs = pgTable(
  'library_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    action: text('action').notNull(),
    module: text('module').notNull(),
    repository: text('repository'),
    state: text('state').notNull().default('queued'),
    bytesDone: bigint('bytes_done', { mode: 'number' }).notNull().default(0),
    bytesTotal: bigint('bytes_total', { mode: 'number' }),
    message: text('message'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    requestedBy: text('requested_by'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** Refreshed while the job runs; a running job whose heartbeat stops is taken up again. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('library_jobs_state').on(t.state, t.id)],
);

/**
 * One row: `revision` goes up with every install and removal, in the same transaction, so each
 * process learns of a change by reading one number.
 */
export const libraryState = pgTable('library_state', {
  id: integer('id').primaryKey().default(1),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  repositoriesSeeded: boolean('repositories_seeded').notNull().default(false),
});

/**
 * The site's one model download (issue 31 §2): a single row, claimed in one statement so that of two
 * processes (or two requests) asking at once exactly one runs. A running download whose heartbeat stops
 * was left by a process that ended, and may be claimed again.
 */
export const aiModelDownload = pgTable('ai_model_download', {
  id: integer('id').primaryKey().default(1),
  file: text('file').notNull(),
  state: text('state').notNull(),
  bytesDone: bigint('bytes_done', { mode: 'number' }).notNull().default(0),
  bytesTotal: bigint('bytes_total', { mode: 'number' }).notNull(),
  message: text('message'),
  cancelRequested: boolean('cancel_requested').notNull().default(false),
  requestedBy: text('requested_by'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** Which engine answers the AI's questions, for every process: one row; `revision` goes up with each change. */
export const aiEngineChoice = pgTable('ai_engine_choice', {
  id: integer('id').primaryKey().default(1),
  kind: text('kind').notNull(),
  /** A downloaded model's file name, or a discovered server's model. */
  model: text('model'),
  /** A discovered server's base URL (always loopback). */
  baseUrl: text('base_url'),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  changedBy: text('changed_by'),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Mail kept instead of sent when the site has no SMTP relay (SMTP_URL unset): in the database, so every
 * process writes to and the admin panel lists one outbox. The newest MAIL_OUTBOX_KEPT are kept.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** The plain-text body, as the admin panel shows it. */
    text: text('text').notNull(),
    /** The whole message as a mail program reads it (RFC 5322), for an admin to save as an .eml file. */
    message: text('message').notNull(),
  },
  (t) => [index('mail_outbox_at_idx').on(t.at)],
);
