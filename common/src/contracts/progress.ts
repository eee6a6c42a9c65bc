import { z } from 'zod';
import { MAX_VERSE_NUMBER } from '../progress/rules.ts';

const bookName = z.string({ error: 'Say which book.' }).trim().min(1, 'Say which book.').max(40, 'That is not a book of the Bible.');
const chapterNumber = z
  .number({ error: 'Say which chapter.' })
  .int('A chapter is a whole number.')
  .min(1, 'A chapter is a whole number from 1.')
  .max(200, 'That chapter is not in the Bible.');
const verseNumber = z.number().int('Verses are whole numbers.').min(1, 'Verses are numbered from 1.').max(MAX_VERSE_NUMBER, 'That verse is not in the Bible.');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is written YYYY-MM-DD.');

/** Spec §7 POST /api/track-chapter-progress. */
export const chapterProgressReport = z.object({
  book: bookName,
  chapter: chapterNumber,
  totalVerses: z
    .number()
    .int('Verses are whole numbers.')
    .min(1, 'A chapter has at least one verse.')
    .max(MAX_VERSE_NUMBER, 'That chapter is not in the Bible.'),
  versesViewed: z.array(verseNumber).max(MAX_VERSE_NUMBER, 'Too many verses.'),
  completed: z.boolean().optional().default(false),
});

/** What the server made of a progress report: completed is its own verdict, not the browser's. */
export const chapterProgressResult = z.object({ completed: z.boolean(), newlyCompleted: z.boolean() });
export type ChapterProgressResult = z.infer<typeof chapterProgressResult>;

/** Spec §7 POST /api/personalization/track-behavior. */
export const behaviorReport = z.object({
  contentType: z.literal('bible_chapter', { error: "Only 'bible_chapter' is tracked." }),
  contentId: z
    .string()
    .trim()
    .min(3)
    .max(50)
    .regex(/^.+_\d{1,3}$/, "A chapter is written '{book}_{chapter}'."),
  completionPercentage: z.number().min(0, 'A percentage is from 0 to 100.').max(100, 'A percentage is from 0 to 100.'),
  interactions: z
    .object({ verses_viewed: z.number().int().min(0).max(MAX_VERSE_NUMBER).optional(), chapter_completed: z.boolean().optional() })
    .strict()
    .optional()
    .default({}),
});
export type BehaviorReport = z.input<typeof behaviorReport>;

/** Spec §7 GET /api/study-streak: currentStreak, and what the streak page also shows. */
export const studyStreak = z.object({
  currentStreak: z.number().int(),
  longestStreak: z.number().int(),
  todayCounts: z.boolean(),
  /** The person's today, in their time zone. */
  today: day,
});
export type StudyStreak = z.infer<typeof studyStreak>;

/** GET /api/book-coverage/{book}: the chapters of a book the person has completed. */
export const bookCoverage = z.object({ book: z.string(), chapters: z.number().int(), completed: z.array(z.number().int()) });
export type BookCoverage = z.infer<typeof bookCoverage>;

export const achievementStatus = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(['reading', 'streak', 'study', 'sharing']),
  earnedOn: day.nullable(),
  current: z.number().int(),
  target: z.number().int(),
});
export type Achievement = z.infer<typeof achievementStatus>;
export const userAchievements = z.object({ achievements: z.array(achievementStatus) });
export type UserAchievements = z.infer<typeof userAchievements>;

const totals = z.object({ chapters: z.number().int(), minutes: z.number().int(), days: z.number().int() });
export type StudyTotals = z.infer<typeof totals>;

/** GET /api/study-stats: everything My Stats shows but achievements. */
export const studyStats = z.object({
  streak: studyStreak,
  /** The last 53 weeks that had any study, oldest first; days without any are left out. */
  calendar: z.array(z.object({ day, chapters: z.number().int(), minutes: z.number().int(), counts: z.boolean() })),
  week: totals,
  month: totals,
  allTime: totals,
  /** The 66 books in order: chapters completed of each. */
  coverage: z.array(z.object({ book: z.string(), testament: z.enum(['OT', 'NT']), chapters: z.number().int(), completed: z.number().int() })),
});
export type StudyStats = z.infer<typeof studyStats>;

export const RANKING_PERIODS = ['week', 'month', 'all'] as const;
export const RANKING_KINDS = ['chapters', 'streak'] as const;
export const rankingsQuery = z.object({
  by: z.enum(RANKING_KINDS, { error: "Rank by 'chapters' or 'streak'." }).default('chapters'),
  period: z.enum(RANKING_PERIODS, { error: "The period is 'week', 'month' or 'all'." }).default('week'),
});
export const RANKINGS_SHOWN = 50;

/** GET /api/rankings: the community board by display name (never an email), and the viewer's place. */
export const rankings = z.object({
  by: z.enum(RANKING_KINDS),
  period: z.enum(RANKING_PERIODS),
  entries: z.array(z.object({ rank: z.number().int(), displayName: z.string(), score: z.number().int(), isYou: z.boolean() })),
  /** The viewer's own standing: null for a guest. listed is false without a display name or when opted out. */
  you: z.object({ rank: z.number().int().nullable(), score: z.number().int(), listed: z.boolean() }).nullable(),
  /** People ranked in all, for "12th of 340". */
  total: z.number().int(),
});
export type Rankings = z.infer<typeof rankings>;

/** POST /api/progress/import: what a guest's browser kept, moved into the account on sign-in. */
export const progressImport = z.object({
  chapters: z
    .array(
      z.object({
        book: bookName,
        chapter: chapterNumber,
        day,
        totalVerses: z.number().int().min(1).max(MAX_VERSE_NUMBER),
        versesViewed: z.array(verseNumber).max(MAX_VERSE_NUMBER),
      }),
    )
    .max(2_000, 'Too much reading progress to move at once.'),
  days: z
    .array(
      z.object({
        day,
        minutesSpent: z
          .number()
          .int()
          .min(0)
          .max(24 * 60),
        versesHighlighted: z.number().int().min(0).max(10_000),
        notesCreated: z.number().int().min(0).max(10_000),
        questionsAsked: z.number().int().min(0).max(10_000),
      }),
    )
    .max(2_000, 'Too many days to move at once.'),
});
export type ProgressImport = z.infer<typeof progressImport>;
