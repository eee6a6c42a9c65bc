import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { studyActivity } from '../../db/schema.ts';
import type { ActivityDay, ActivityReport } from '#common/contracts/activity.ts';

/** Study activity per user and UTC day; reports add up, so a repeated beacon only adds what it says. */
export class ActivityRepository {
  constructor(private readonly db: Db) {}

  async add(userId: string, day: string, r: ActivityReport): Promise<void> {
    await this.db
      .insert(studyActivity)
      .values({ userId, day, ...r })
      .onConflictDoUpdate({
        target: [studyActivity.userId, studyActivity.day],
        set: {
          chaptersRead: sql`${studyActivity.chaptersRead} + ${r.chaptersRead}`,
          minutesSpent: sql`${studyActivity.minutesSpent} + ${r.minutesSpent}`,
          versesHighlighted: sql`${studyActivity.versesHighlighted} + ${r.versesHighlighted}`,
          notesCreated: sql`${studyActivity.notesCreated} + ${r.notesCreated}`,
          updatedAt: new Date(),
        },
      });
  }

  async recent(userId: string, days: number): Promise<ActivityDay[]> {
    return this.db
      .select({
        day: studyActivity.day,
        chaptersRead: studyActivity.chaptersRead,
        minutesSpent: studyActivity.minutesSpent,
        versesHighlighted: studyActivity.versesHighlighted,
        notesCreated: studyActivity.notesCreated,
      })
      .from(studyActivity)
      .where(and(eq(studyActivity.userId, userId)))
      .orderBy(desc(studyActivity.day))
      .limit(days);
  }
}
