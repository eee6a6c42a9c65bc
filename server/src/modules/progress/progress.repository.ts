import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { achievementsEarned, chapterReads, planEnrolments, highlights, notes, questionHistory, readingBehavior, sharedVerses } from '../../db/schema.ts';

export interface ChapterRead {
  userId: string;
  book: number;
  chapter: number;
  day: string;
  totalVerses: number;
  versesViewed: number[];
}

/** SQL for reading progress: chapters viewed and completed, and what achievements are read from. */
export class ProgressRepository {
  constructor(private readonly db: Db) {}

  /**
   * Adds viewed verses to the day's record of a chapter; the verses are kept as a set, so a report
   * sent twice changes nothing. Answers the set as it now stands and whether it was already complete.
   */
  async addViewed(r: ChapterRead): Promise<{ versesViewed: number[]; completed: boolean }> {
    const merged = sql`(SELECT COALESCE(array_agg(DISTINCT v ORDER BY v), '{}') FROM unnest(${chapterReads.versesViewed} || excluded.verses_viewed) AS v)`;
    const [row] = await this.db
      .insert(chapterReads)
      .values({ ...r, versesViewed: [...new Set(r.versesViewed)].sort((a, b) => a - b) })
      .onConflictDoUpdate({
        target: [chapterReads.userId, chapterReads.book, chapterReads.chapter, chapterReads.day],
        set: { versesViewed: merged, totalVerses: sql`excluded.total_verses`, updatedAt: new Date() },
      })
      .returning({ versesViewed: chapterReads.versesViewed, completed: chapterReads.completed });
    return row!;
  }

  /** Marks the day's chapter complete; true only for the call that did it, so it is counted once. */
  async complete(userId: string, book: number, chapter: number, day: string): Promise<boolean> {
    const done = await this.db
      .update(chapterReads)
      .set({ completed: true })
      .where(
        and(
          eq(chapterReads.userId, userId),
          eq(chapterReads.book, book),
          eq(chapterReads.chapter, chapter),
          eq(chapterReads.day, day),
          eq(chapterReads.completed, false),
        ),
      )
      .returning({ book: chapterReads.book });
    return done.length > 0;
  }

  /** Each chapter the person completed, with the first day they did. */
  async completedChapters(userId: string): Promise<{ book: number; chapter: number; day: string }[]> {
    return this.db
      .select({ book: chapterReads.book, chapter: chapterReads.chapter, day: sql<string>`MIN(${chapterReads.day})` })
      .from(chapterReads)
      .where(and(eq(chapterReads.userId, userId), eq(chapterReads.completed, true)))
      .groupBy(chapterReads.book, chapterReads.chapter)
      .orderBy(asc(chapterReads.book), asc(chapterReads.chapter));
  }

  async saveBehavior(userId: string, contentId: string, b: { completionPercentage: number; versesViewed: number; completed: boolean }): Promise<void> {
    // The furthest a person got stays: reading the top of a chapter again does not undo having finished it.
    await this.db
      .insert(readingBehavior)
      .values({ userId, contentId, ...b })
      .onConflictDoUpdate({
        target: [readingBehavior.userId, readingBehavior.contentId],
        set: {
          completionPercentage: sql`GREATEST(${readingBehavior.completionPercentage}, excluded.completion_percentage)`,
          versesViewed: sql`GREATEST(${readingBehavior.versesViewed}, excluded.verses_viewed)`,
          completed: sql`${readingBehavior.completed} OR excluded.completed`,
          updatedAt: new Date(),
        },
      });
  }

  async behavior(userId: string, contentId: string) {
    const [row] = await this.db
      .select({ completionPercentage: readingBehavior.completionPercentage, versesViewed: readingBehavior.versesViewed, completed: readingBehavior.completed })
      .from(readingBehavior)
      .where(and(eq(readingBehavior.userId, userId), eq(readingBehavior.contentId, contentId)));
    return row;
  }

  // --- Achievement facts -------------------------------------------------------------------------

  /** When the first highlights were made: enough for the highest highlight achievement. */
  async highlightTimes(userId: string, limit: number): Promise<Date[]> {
    const rows = await this.db
      .select({ at: highlights.createdAt })
      .from(highlights)
      .where(eq(highlights.userId, userId))
      .orderBy(asc(highlights.createdAt))
      .limit(limit);
    return rows.map((r) => r.at);
  }

  async firstNotes(userId: string): Promise<{ type: string; at: Date }[]> {
    const rows = await this.db
      .select({ type: notes.type, at: sql<string>`MIN(${notes.createdAt})` })
      .from(notes)
      .where(eq(notes.userId, userId))
      .groupBy(notes.type);
    return rows.map((r) => ({ type: r.type, at: new Date(r.at) }));
  }

  async firstTrackedQuestion(userId: string): Promise<Date | null> {
    return this.earliest(questionHistory, userId);
  }

  async firstShare(userId: string): Promise<Date | null> {
    return this.earliest(sharedVerses, userId);
  }

  /** When the person's first row of a table was made. */
  private async earliest(table: typeof questionHistory | typeof sharedVerses, userId: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: sql<string | null>`MIN(${table.createdAt})` })
      .from(table)
      .where(eq(table.userId, userId));
    return row?.at ? new Date(row.at) : null;
  }

  async plansFinished(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ day: planEnrolments.finishedOn })
      .from(planEnrolments)
      .where(and(eq(planEnrolments.userId, userId), isNotNull(planEnrolments.finishedOn)));
    return rows.map((r) => r.day!);
  }

  async earned(userId: string): Promise<Map<string, string>> {
    const rows = await this.db
      .select({ id: achievementsEarned.id, earnedOn: achievementsEarned.earnedOn })
      .from(achievementsEarned)
      .where(eq(achievementsEarned.userId, userId));
    return new Map(rows.map((r) => [r.id, r.earnedOn]));
  }

  async keepEarned(userId: string, earned: { id: string; earnedOn: string }[]): Promise<void> {
    if (earned.length === 0) return;
    await this.db
      .insert(achievementsEarned)
      .values(earned.map((e) => ({ userId, ...e })))
      .onConflictDoNothing();
  }
}
