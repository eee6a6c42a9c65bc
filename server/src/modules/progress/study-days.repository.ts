import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { studyActivity, studyStreaks, userSettings } from '../../db/schema.ts';
import { MINUTES_PER_DAY_MAX, STUDY_DAY_MINUTES, type DayActivity } from '#common/progress/rules.ts';
import type { Streak } from '#common/progress/streak.ts';

export interface DayRow extends DayActivity {
  day: string;
}

// A day's chapters are those read here and those moved in from a guest's browser (the rankings count only the first).
const chapters = sql<number>`(${studyActivity.chaptersRead} + ${studyActivity.chaptersMoved})::int`;

const dayColumns = {
  day: studyActivity.day,
  chaptersRead: chapters,
  minutesSpent: studyActivity.minutesSpent,
  versesHighlighted: studyActivity.versesHighlighted,
  notesCreated: studyActivity.notesCreated,
  questionsAsked: studyActivity.questionsAsked,
};

/** The SQL twin of dayCounts in common/progress/rules.ts: the two must say the same. */
const counts = sql`(${chapters} > 0 OR ${studyActivity.minutesSpent} >= ${STUDY_DAY_MINUTES} OR ${studyActivity.versesHighlighted} > 0 OR ${studyActivity.notesCreated} > 0 OR ${studyActivity.questionsAsked} > 0)`;

/** A person's study days (their own calendar days) and the streak kept from them. */
export class StudyDaysRepository {
  constructor(private readonly db: Db) {}

  async timeZone(userId: string): Promise<string | null> {
    const [row] = await this.db.select({ timeZone: userSettings.timeZone }).from(userSettings).where(eq(userSettings.userId, userId));
    return row?.timeZone ?? null;
  }

  /** Adds to a day; minutes stop at the day's ceiling whatever is reported. Answers the day as it now stands. */
  async add(userId: string, day: string, a: DayActivity): Promise<DayRow> {
    const minutes = Math.min(a.minutesSpent, MINUTES_PER_DAY_MAX);
    const [row] = await this.db
      .insert(studyActivity)
      .values({ userId, day, ...a, minutesSpent: minutes })
      .onConflictDoUpdate({
        target: [studyActivity.userId, studyActivity.day],
        set: {
          chaptersRead: sql`${studyActivity.chaptersRead} + ${a.chaptersRead}`,
          minutesSpent: sql`LEAST(${studyActivity.minutesSpent} + ${minutes}, ${MINUTES_PER_DAY_MAX})`,
          versesHighlighted: sql`${studyActivity.versesHighlighted} + ${a.versesHighlighted}`,
          notesCreated: sql`${studyActivity.notesCreated} + ${a.notesCreated}`,
          questionsAsked: sql`${studyActivity.questionsAsked} + ${a.questionsAsked}`,
          updatedAt: new Date(),
        },
      })
      .returning(dayColumns);
    return row!;
  }

  /** A chapter completed in a guest's browser on that day, moved in. */
  async addMovedChapter(userId: string, day: string): Promise<void> {
    await this.db
      .insert(studyActivity)
      .values({ userId, day, chaptersMoved: 1 })
      .onConflictDoUpdate({
        target: [studyActivity.userId, studyActivity.day],
        set: { chaptersMoved: sql`${studyActivity.chaptersMoved} + 1`, updatedAt: new Date() },
      });
  }

  /** Merges a day moved from a guest's browser: each figure becomes the larger, so moving twice adds nothing. */
  async merge(userId: string, day: string, a: DayActivity): Promise<void> {
    const larger = (column: AnyPgColumn, value: number) => sql`GREATEST(${column}, ${value})`;
    const minutes = Math.min(a.minutesSpent, MINUTES_PER_DAY_MAX);
    await this.db
      .insert(studyActivity)
      .values({ userId, day, ...a, minutesSpent: minutes })
      .onConflictDoUpdate({
        target: [studyActivity.userId, studyActivity.day],
        set: {
          minutesSpent: larger(studyActivity.minutesSpent, minutes),
          versesHighlighted: larger(studyActivity.versesHighlighted, a.versesHighlighted),
          notesCreated: larger(studyActivity.notesCreated, a.notesCreated),
          questionsAsked: larger(studyActivity.questionsAsked, a.questionsAsked),
          updatedAt: new Date(),
        },
      });
  }

  /**
   * Moves the streak on to `day` in one statement, so two reports at once cannot both add a day: the
   * run grows when the last day was the one before, and starts again at 1 after a gap. Older days
   * (a guest's moved history) leave it alone; `rebuildStreak` takes care of those.
   */
  async extendStreak(userId: string, day: string, dayBefore: string): Promise<void> {
    const run = sql`CASE WHEN ${studyStreaks.lastDay} = ${dayBefore} THEN ${studyStreaks.currentStreak} + 1 ELSE 1 END`;
    await this.db
      .insert(studyStreaks)
      .values({ userId, currentStreak: 1, longestStreak: 1, lastDay: day })
      .onConflictDoUpdate({
        target: studyStreaks.userId,
        set: { currentStreak: run, longestStreak: sql`GREATEST(${studyStreaks.longestStreak}, ${run})`, lastDay: day },
        setWhere: sql`${studyStreaks.lastDay} < ${day}`,
      });
  }

  async saveStreak(userId: string, s: Streak & { lastDay: string }): Promise<void> {
    const values = { currentStreak: s.currentStreak, longestStreak: s.longestStreak, lastDay: s.lastDay };
    await this.db
      .insert(studyStreaks)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: studyStreaks.userId, set: values });
  }

  async streak(userId: string): Promise<{ currentStreak: number; longestStreak: number; lastDay: string } | undefined> {
    const [row] = await this.db
      .select({ currentStreak: studyStreaks.currentStreak, longestStreak: studyStreaks.longestStreak, lastDay: studyStreaks.lastDay })
      .from(studyStreaks)
      .where(eq(studyStreaks.userId, userId));
    return row;
  }

  async countingDays(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ day: studyActivity.day })
      .from(studyActivity)
      .where(and(eq(studyActivity.userId, userId), counts))
      .orderBy(asc(studyActivity.day));
    return rows.map((r) => r.day);
  }

  async days(userId: string, from: string): Promise<DayRow[]> {
    return this.db
      .select(dayColumns)
      .from(studyActivity)
      .where(and(eq(studyActivity.userId, userId), gte(studyActivity.day, from)))
      .orderBy(asc(studyActivity.day));
  }

  async recent(userId: string, limit: number): Promise<DayRow[]> {
    return this.db.select(dayColumns).from(studyActivity).where(eq(studyActivity.userId, userId)).orderBy(desc(studyActivity.day)).limit(limit);
  }

  /** Chapters, minutes and counting days from a day on (all of them without one). */
  async totals(userId: string, from?: string): Promise<{ chapters: number; minutes: number; days: number }> {
    const [row] = await this.db
      .select({
        chapters: sql<number>`COALESCE(SUM(${chapters}), 0)::int`,
        minutes: sql<number>`COALESCE(SUM(${studyActivity.minutesSpent}), 0)::int`,
        days: sql<number>`COUNT(*) FILTER (WHERE ${counts})::int`,
      })
      .from(studyActivity)
      .where(and(eq(studyActivity.userId, userId), from ? gte(studyActivity.day, from) : undefined));
    return { chapters: Number(row?.chapters ?? 0), minutes: Number(row?.minutes ?? 0), days: Number(row?.days ?? 0) };
  }

  async firstQuestionDay(userId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ day: sql<string | null>`MIN(${studyActivity.day})` })
      .from(studyActivity)
      .where(and(eq(studyActivity.userId, userId), sql`${studyActivity.questionsAsked} > 0`));
    return row?.day ?? null;
  }
}
