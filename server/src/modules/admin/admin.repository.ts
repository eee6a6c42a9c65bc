import { countDistinct, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, authors, dailyPrayers, lessons, newsPosts, pictures, studyActivity, users } from '../../db/schema.ts';

export type AuditRow = typeof auditLog.$inferSelect;

/** SQL for the admin panel's own records: who is staff, and the audit log. */
export class AdminRepository {
  constructor(private readonly db: Db) {}

  async account(userId: string): Promise<{ role: string; email: string } | undefined> {
    const [row] = await this.db.select({ role: users.role, email: users.email }).from(users).where(eq(users.id, userId));
    return row;
  }

  /** The dashboard's figures, one small query each (all on indexed or small tables). */
  async overview(weekAgo: string) {
    const one = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
    const [accounts, activeThisWeek, published, drafts, authorCount, news, prayers, pictureCount] = await Promise.all([
      one(this.db.select({ n: count() }).from(users)),
      one(
        this.db
          .select({ n: countDistinct(studyActivity.userId) })
          .from(studyActivity)
          .where(gte(studyActivity.day, weekAgo)),
      ),
      one(this.db.select({ n: count() }).from(lessons).where(eq(lessons.status, 'published'))),
      one(
        this.db
          .select({ n: count() })
          .from(lessons)
          .where(sql`${lessons.status} <> 'published'`),
      ),
      one(this.db.select({ n: count() }).from(authors)),
      one(this.db.select({ n: count() }).from(newsPosts)),
      one(this.db.select({ n: count() }).from(dailyPrayers)),
      one(this.db.select({ n: count() }).from(pictures)),
    ]);
    return { accounts, activeThisWeek, lessons: { published, drafts }, authors: authorCount, news, prayers, pictures: pictureCount };
  }

  async addAudit(row: Omit<AuditRow, 'at'>): Promise<void> {
    await this.db.insert(auditLog).values(row);
  }

  async audit(limit: number, before?: Date): Promise<AuditRow[]> {
    return this.db
      .select()
      .from(auditLog)
      .where(before ? lt(auditLog.at, before) : undefined)
      .orderBy(desc(auditLog.at))
      .limit(limit);
  }
}
