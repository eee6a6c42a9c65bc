import { PROTESTANT_CANON, bookByOrder } from '#common/scripture/canon.ts';
import { resolveBook } from '#common/scripture/reference.ts';
import type { BookCoverage, ChapterProgressResult, ProgressImport, StudyStats, StudyStreak, UserAchievements } from '#common/contracts/progress.ts';
import { evaluateAchievements, type ProgressFacts } from '#common/progress/achievements.ts';
import { addDays, dayIn, monthStart, weekStart, isDay } from '#common/progress/days.ts';
import { dayCounts, MOVED_HISTORY_DAYS, versesToComplete } from '#common/progress/rules.ts';
import { NOTE_TYPES, type NoteType } from '#common/study/rules.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import { DAY_MS, userKey, WindowLimit, type Quota } from '../../lib/quota/quota.ts';
import { requireUser, type Viewer } from '../../access/viewer.ts';
import type { ChapterShape } from '../bible/bible.service.ts';
import type { ProgressRepository } from './progress.repository.ts';
import { NO_ACTIVITY, type StudyDays } from './study-days.ts';

/** The highest highlight achievement's target: more highlights than this change nothing. */
const HIGHLIGHTS_NEEDED = 100;
const CALENDAR_DAYS = 53 * 7;
const SIGN_IN = 'Sign in to keep your reading progress.';
/** A guest's history moves in on sign-in: this far back, and a few times a day at most (it is the browser's word). */
const MOVES_PER_DAY = 3;

export interface ChapterInput {
  book: string;
  chapter: number;
  totalVerses: number;
  versesViewed: number[];
}

/**
 * Spec §4 reading progress and what is built on it: completions, coverage, streaks, stats and
 * achievements. The browser says which verses it saw; whether a chapter is complete is decided here.
 */
export class ProgressService {
  private readonly moves: WindowLimit;

  constructor(
    private readonly repository: ProgressRepository,
    private readonly days: StudyDays,
    private readonly chapterShape: (book: string, chapter: number) => ChapterShape | undefined,
    /** Told of each chapter completed, so the person's reading plans check it off. */
    private readonly chapterCompleted: (userId: string, book: string, chapter: number) => Promise<void>,
    /** Counts each account's moves of a guest's history, for every process of the site. */
    quota: Quota,
  ) {
    this.moves = new WindowLimit(
      quota,
      MOVES_PER_DAY,
      DAY_MS,
      (seconds) => `Your reading history was moved in already today. Try again in ${Math.ceil(seconds / 3600)} hours.`,
    );
  }

  /** Checks a report against the chapters stored here: the book, the chapter and its verse numbers. */
  checkChapter(input: ChapterInput): { book: number; name: string } {
    const book = resolveBook(input.book);
    if (!book) throw new Invalid(`'${input.book}' is not a book of the Bible.`);
    const shape = this.chapterShape(book.name, input.chapter);
    if (!shape) throw new Invalid(`${book.name} ${input.chapter} is not in the Bible.`);
    const label = `${book.name} ${input.chapter}`;
    // Translations number verses differently; any stored numbering of the chapter is accepted.
    if (input.totalVerses < shape.fewestVerses || input.totalVerses > shape.lastVerse) {
      throw new Invalid(`${label} does not have ${input.totalVerses} verses.`);
    }
    const stray = input.versesViewed.find((v) => v > shape.lastVerse);
    if (stray !== undefined) throw new Invalid(`${label} has no verse ${stray}.`);
    return { book: book.order, name: book.name };
  }

  async trackChapter(viewer: Viewer, input: ChapterInput): Promise<ChapterProgressResult | null> {
    const { book, name } = this.checkChapter(input);
    if (viewer.kind === 'guest') return null; // a guest's progress stays in their browser
    const userId = viewer.userId;
    const day = await this.days.today(userId);
    const row = await this.repository.addViewed({
      userId,
      book,
      chapter: input.chapter,
      day,
      totalVerses: input.totalVerses,
      versesViewed: input.versesViewed,
    });
    if (row.completed) return { completed: true, newlyCompleted: false };
    if (row.versesViewed.length < versesToComplete(input.totalVerses)) return { completed: false, newlyCompleted: false };
    const newly = await this.repository.complete(userId, book, input.chapter, day);
    if (newly) {
      await this.days.record(userId, { chaptersRead: 1 }, day);
      await this.chapterCompleted(userId, name, input.chapter);
    }
    return { completed: true, newlyCompleted: newly };
  }

  async trackBehavior(viewer: Viewer, contentId: string, completionPercentage: number, interactions: { verses_viewed?: number; chapter_completed?: boolean }) {
    const split = contentId.lastIndexOf('_');
    const chapter = Number(contentId.slice(split + 1));
    const book = resolveBook(contentId.slice(0, split));
    if (!book || !this.chapterShape(book.name, chapter)) throw new Invalid(`'${contentId}' is not a chapter of the Bible.`);
    if (viewer.kind === 'guest') return;
    await this.repository.saveBehavior(viewer.userId, `${book.name}_${chapter}`, {
      completionPercentage: Math.round(completionPercentage),
      versesViewed: interactions.verses_viewed ?? 0,
      completed: interactions.chapter_completed ?? false,
    });
  }

  async streak(viewer: Viewer): Promise<StudyStreak> {
    const { userId } = requireUser(viewer, SIGN_IN);
    const s = await this.days.streak(userId);
    return { currentStreak: s.currentStreak, longestStreak: s.longestStreak, todayCounts: s.todayCounts, today: s.today };
  }

  async coverage(viewer: Viewer, bookName: string): Promise<BookCoverage> {
    const { userId } = requireUser(viewer, SIGN_IN);
    const book = resolveBook(bookName);
    if (!book) throw new NotFound(`Book '${bookName}' not found.`);
    // Chapters past the book's usual count (another versification's) do not fill it past 100 %.
    const completed = (await this.repository.completedChapters(userId))
      .filter((c) => c.book === book.order && c.chapter <= book.chapters)
      .map((c) => c.chapter);
    return { book: book.name, chapters: book.chapters, completed };
  }

  async stats(viewer: Viewer): Promise<StudyStats> {
    const { userId } = requireUser(viewer, SIGN_IN);
    const streak = await this.streak(viewer);
    const today = streak.today;
    const repo = this.days.repository;
    const [calendar, week, month, allTime, chapters] = await Promise.all([
      repo.days(userId, addDays(today, -(CALENDAR_DAYS - 1))),
      repo.totals(userId, weekStart(today)),
      repo.totals(userId, monthStart(today)),
      repo.totals(userId),
      this.repository.completedChapters(userId),
    ]);
    const perBook = new Map<number, number>();
    for (const c of chapters) if (c.chapter <= (bookByOrder(c.book)?.chapters ?? 0)) perBook.set(c.book, (perBook.get(c.book) ?? 0) + 1);
    return {
      streak,
      calendar: calendar.map((d) => ({ day: d.day, chapters: d.chaptersRead, minutes: d.minutesSpent, counts: dayCounts(d) })),
      week,
      month,
      allTime,
      coverage: PROTESTANT_CANON.map((b) => ({
        book: b.name,
        testament: b.testament as 'OT' | 'NT',
        chapters: b.chapters,
        completed: perBook.get(b.order) ?? 0,
      })),
    };
  }

  async achievements(viewer: Viewer): Promise<UserAchievements> {
    const { userId } = requireUser(viewer, SIGN_IN);
    const [today, timeZone] = await Promise.all([this.days.today(userId), this.days.repository.timeZone(userId)]);
    const dayOf = (at: Date | null) => (at ? dayIn(at, timeZone) : null);
    const repo = this.repository;
    const [chapters, studyDays, highlightTimes, firstNotes, firstAsked, firstTracked, firstShare, totals, earned, plansFinished] = await Promise.all([
      repo.completedChapters(userId),
      this.days.repository.countingDays(userId),
      repo.highlightTimes(userId, HIGHLIGHTS_NEEDED),
      repo.firstNotes(userId),
      this.days.repository.firstQuestionDay(userId),
      repo.firstTrackedQuestion(userId),
      repo.firstShare(userId),
      this.days.repository.totals(userId),
      repo.earned(userId),
      repo.plansFinished(userId),
    ]);
    const notesByType: ProgressFacts['firstNotes'] = {};
    for (const n of firstNotes) if ((NOTE_TYPES as readonly string[]).includes(n.type)) notesByType[n.type as NoteType] = dayOf(n.at)!;
    const tracked = dayOf(firstTracked);
    const facts: ProgressFacts = {
      chapters,
      studyDays,
      highlightDays: highlightTimes.map((t) => dayOf(t)!),
      firstNotes: notesByType,
      firstQuestion: [firstAsked, tracked].filter((d): d is string => d !== null).sort()[0] ?? null,
      firstShare: dayOf(firstShare),
      totalMinutes: totals.minutes,
      plansFinished,
    };
    const achievements = evaluateAchievements(facts, earned, today);
    await repo.keepEarned(
      userId,
      achievements.filter((a) => a.earnedOn && !earned.has(a.id)).map((a) => ({ id: a.id, earnedOn: a.earnedOn! })),
    );
    return { achievements };
  }

  /**
   * Moves what a guest's browser kept into their account. Verses join as a set and a day's figures
   * are merged by the larger of the two, so a move that runs twice changes nothing; future days are refused.
   */
  async importGuest(viewer: Viewer, input: ProgressImport): Promise<{ chapters: number; days: number }> {
    const { userId } = requireUser(viewer, 'Sign in to move your reading progress into your account.');
    const today = await this.days.today(userId);
    const earliest = addDays(today, -(MOVED_HISTORY_DAYS + 1));
    const bad = [...input.chapters.map((c) => c.day), ...input.days.map((d) => d.day)].find((d) => !isDay(d) || d > addDays(today, 1) || d < earliest);
    if (bad) throw new Invalid(`${bad} is not a day of the last year: only a year of reading history moves into an account.`);
    const checked = input.chapters.map((c) => ({ ...c, ...this.checkChapter(c) }));
    await this.moves.take([userKey(userId)]);
    let chapters = 0;
    for (const c of checked) {
      const row = await this.repository.addViewed({
        userId,
        book: c.book,
        chapter: c.chapter,
        day: c.day,
        totalVerses: c.totalVerses,
        versesViewed: c.versesViewed,
      });
      if (!row.completed && row.versesViewed.length >= versesToComplete(c.totalVerses) && (await this.repository.complete(userId, c.book, c.chapter, c.day))) {
        await this.days.repository.addMovedChapter(userId, c.day);
        chapters++;
      }
    }
    for (const { day, ...activity } of input.days) {
      await this.days.repository.merge(userId, day, { ...NO_ACTIVITY, ...activity });
    }
    await this.days.rebuildStreak(userId);
    return { chapters, days: input.days.length };
  }
}
