import { and, desc, eq, gt, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { studyActivity, studyStreaks, userSettings, users } from '../../db/schema.ts';

export interface Standing {
  userId: string;
  displayName: string;
  score: number;
}

/** Only people with a display name who have not opted out are ranked; nothing else about them is read. */
const listed = and(isNotNull(users.displayName), sql`btrim(${users.displayName}) <> ''`, sql`COALESCE(${userSettings.showInRankings}, true)`);

export class RankingsRepository {
  constructor(private readonly db: Db) {}

  /** Everyone listed with chapters completed from a day on, most first. */
  async chapters(from: string | undefined): Promise<Standing[]> {
    const score = sql<number>`SUM(${studyActivity.chaptersRead})::int`;
    const rows = await this.db
      .select({ userId: studyActivity.userId, displayName: users.displayName, score })
      .from(studyActivity)
      .innerJoin(users, eq(users.id, studyActivity.userId))
      .leftJoin(userSettings, eq(userSettings.userId, studyActivity.userId))
      .where(and(from ? gte(studyActivity.day, from) : undefined, gt(studyActivity.chaptersRead, 0), listed))
      .groupBy(studyActivity.userId, users.displayName)
      .orderBy(desc(score), users.displayName);
    return rows.map((r) => ({ userId: r.userId, displayName: r.displayName!, score: Number(r.score) }));
  }

  /** Everyone listed whose streak may still be running (their last day is recent), longest first. */
  async streaks(since: string): Promise<(Standing & { lastDay: string; timeZone: string | null })[]> {
    const rows = await this.db
      .select({
        userId: studyStreaks.userId,
        displayName: users.displayName,
        score: studyStreaks.currentStreak,
        lastDay: studyStreaks.lastDay,
        timeZone: userSettings.timeZone,
      })
      .from(studyStreaks)
      .innerJoin(users, eq(users.id, studyStreaks.userId))
      .leftJoin(userSettings, eq(userSettings.userId, studyStreaks.userId))
      .where(and(gte(studyStreaks.lastDay, since), listed))
      .orderBy(desc(studyStreaks.currentStreak), users.displayName);
    return rows.map((r) => ({ ...r, displayName: r.displayName! }));
  }

  /** Whether a person would be listed, and their own score, for "you are not listed". */
  async isListed(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ listed: sql<boolean>`${listed}` })
      .from(users)
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(eq(users.id, userId));
    return Boolean(row?.listed);
  }
}
