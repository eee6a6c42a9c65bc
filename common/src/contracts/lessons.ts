import { z } from 'zod';
import { checkedReference } from './ai.ts';

/** Spec §9: the home page shows the latest 3 lessons; a list page shows this many. */
export const LATEST_LESSONS = 3;
export const LESSONS_PAGE_SIZE = 12;

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = z
  .string()
  .trim()
  .toLowerCase()
  .max(80, 'A slug can be at most 80 characters.')
  .regex(SLUG, 'A slug uses lowercase letters, digits and single hyphens.');

/** Who wrote a lesson, as a card shows them. */
export const authorSummary = z.object({ id: z.string(), slug: z.string(), name: z.string(), profileImageUrl: z.string().nullable() });
export type AuthorSummary = z.infer<typeof authorSummary>;

/** Spec §3 Article: id, slug, title, excerpt, metaDescription, heroImageUrl, readTimeMin, publishedAt, createdAt, author. */
export const article = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  metaDescription: z.string(),
  heroImageUrl: z.string().nullable(),
  readTimeMin: z.number().int(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  author: authorSummary,
});
export type Article = z.infer<typeof article>;

/** GET /api/bible-lessons/articles?limit=3: the latest published lessons, newest first (spec §7: an array). */
export const articlesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LESSONS_PAGE_SIZE).default(LATEST_LESSONS),
});

/** GET /api/bible-lessons?page=N: the lessons list, a page at a time. */
export const lessonsPageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const lessonsPage = z.object({ articles: z.array(article), page: z.number().int(), pageCount: z.number().int(), total: z.number().int() });
export type LessonsPage = z.infer<typeof lessonsPage>;

/**
 * GET /api/bible-lessons/articles/{slug}: the lesson with its Markdown body, each Scripture reference
 * in the body checked against the store (offsets into `body`), its author with bio, and related lessons.
 */
export const lessonDetail = article.extend({
  body: z.string(),
  references: z.array(checkedReference),
  author: authorSummary.extend({ bio: z.string() }),
  related: z.array(article),
});
export type LessonDetail = z.infer<typeof lessonDetail>;

/** GET /api/bible-lessons/authors/{slug} and GET /api/authors/{id}: an author's page. */
export const authorProfile = authorSummary.extend({ bio: z.string(), lessons: z.array(article) });
export type AuthorProfile = z.infer<typeof authorProfile>;

export const slugParams = z.object({ slug: z.string().trim().min(1).max(80) });
export const idParams = z.object({ id: z.string().trim().min(1).max(64) });

// --- Writing (admin panel) -----------------------------------------------------------------------

export const LESSON_STATUSES = ['draft', 'published'] as const;

/**
 * A lesson as an editor saves it. `publishAt` in the future with status `published` is a scheduled
 * lesson: it appears by itself at that time. The slug is made from the title when left out, and stays
 * what it was once the lesson has been published (links to it must keep working).
 */
export const lessonInput = z.object({
  title: z.string({ error: 'Give the lesson a title.' }).trim().min(1, 'Give the lesson a title.').max(160, 'A title can be at most 160 characters.'),
  slug: slug.optional(),
  excerpt: z.string().trim().max(400, 'An excerpt can be at most 400 characters.').default(''),
  metaDescription: z.string().trim().max(200, 'A description for search engines can be at most 200 characters.').default(''),
  body: z.string({ error: 'Write the lesson.' }).trim().min(1, 'Write the lesson.').max(100_000, 'A lesson can be at most 100,000 characters.'),
  authorId: z.string({ error: 'Choose an author.' }).trim().min(1, 'Choose an author.').max(64),
  status: z.enum(LESSON_STATUSES).default('draft'),
  publishAt: z.iso.datetime({ offset: true, error: 'A publication time is a date and time.' }).optional(),
});
export type LessonInput = z.input<typeof lessonInput>;

/** A lesson in the admin list: every status, with where it stands. */
export const adminLesson = article.extend({
  body: z.string(),
  status: z.enum(['draft', 'scheduled', 'published']),
  updatedAt: z.string(),
});
export type AdminLesson = z.infer<typeof adminLesson>;

/** POST /api/admin/lessons/preview: the references in a draft, checked (invalid ones are flagged). */
export const lessonPreviewInput = z.object({ body: z.string().max(100_000, 'A lesson can be at most 100,000 characters.') });
export const lessonPreview = z.object({ references: z.array(checkedReference), readTimeMin: z.number().int() });
export type LessonPreview = z.infer<typeof lessonPreview>;

export const authorInput = z.object({
  name: z.string({ error: 'Give the author a name.' }).trim().min(1, 'Give the author a name.').max(100, 'A name can be at most 100 characters.'),
  slug: slug.optional(),
  bio: z.string().trim().max(2_000, 'A bio can be at most 2,000 characters.').default(''),
  /** The account that may write as this author (an account with the author role), if any. */
  userEmail: z.email('Enter the email address of an account.').max(254).optional(),
});
export type AuthorInput = z.input<typeof authorInput>;
export const adminAuthor = authorProfile.omit({ lessons: true }).extend({ userEmail: z.string().nullable(), lessonCount: z.number().int() });
export type AdminAuthor = z.infer<typeof adminAuthor>;
