import { countDistinct, count, desc, eq, gte, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authors, dailyPrayers, lessons, newsPosts, pictures, sessions, studyActivity, users } from '../../db/schema.ts';

/** SQL for the admin panel's own records: the dashboard's figures and the accounts (who is staff and the audit log are access's). */
export class AdminRepository {
  constructor(private readonly db: Db) {}

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

  /** The database's size in bytes, where the database can say. */
  async databaseBytes(): Promise<number | null> {
    try {
      const result = (await this.db.execute(sql`select pg_database_size(current_database())::bigint as n`)) as unknown as { rows: { n: string | number }[] };
      return Number(result.rows[0]?.n ?? null);
    } catch {
      return null;
    }
  }

  // --- Accounts -----------------------------------------------------------------------------------

  /** Accounts whose email or names contain `q`, newest first, and how many there are in all. */
  async users(q: string, limit: number, offset: number) {
    // ILIKE's own wildcards in what was typed are taken literally.
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = q ? or(ilike(users.email, like), ilike(users.name, like), ilike(users.displayName, like)) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          displayName: users.displayName,
          role: users.role,
          disabledAt: users.disabledAt,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(match)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(users).where(match),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async setRole(userId: string, role: string): Promise<boolean> {
    const rows = await this.db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ id: users.id });
    return rows.length > 0;
  }

  /** Disabling ends every session of the account at once. */
  async setDisabled(userId: string, disabledAt: Date | null): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.update(users).set({ disabledAt, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ id: users.id });
      if (disabledAt) await tx.delete(sessions).where(eq(sessions.userId, userId));
      return rows.length > 0;
    });
  }

  /** The account and everything that is theirs (the tables cascade; shared pictures stay, unnamed). */
  async deleteUser(userId: string): Promise<string | undefined> {
    const [row] = await this.db.delete(users).where(eq(users.id, userId)).returning({ email: users.email });
    return row?.email;
  }
}
