import { and, asc, count, desc, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newsPosts } from '../../db/schema.ts';

export type NewsRow = typeof newsPosts.$inferSelect;

/** SQL for news posts. "Live" is published with a time that has come. */
export class NewsRepository {
  constructor(private readonly db: Db) {}

  private live(now: Date) {
    return and(eq(newsPosts.status, 'published'), lte(newsPosts.publishedAt, now));
  }

  async livePage(now: Date, limit: number, offset: number): Promise<{ rows: NewsRow[]; total: number }> {
    const [rows, [total]] = await Promise.all([
      this.db.select().from(newsPosts).where(this.live(now)).orderBy(desc(newsPosts.publishedAt), desc(newsPosts.id)).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(newsPosts).where(this.live(now)),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async byId(id: string, liveAt?: Date): Promise<NewsRow | undefined> {
    const [row] = await this.db
      .select()
      .from(newsPosts)
      .where(liveAt ? and(eq(newsPosts.id, id), this.live(liveAt)) : eq(newsPosts.id, id));
    return row;
  }

  async all(limit: number): Promise<NewsRow[]> {
    return this.db.select().from(newsPosts).orderBy(desc(newsPosts.updatedAt)).limit(limit);
  }

  async insert(row: Omit<NewsRow, 'createdAt' | 'updatedAt' | 'heroImageUrl'> & Partial<Pick<NewsRow, 'heroImageUrl'>>): Promise<void> {
    await this.db.insert(newsPosts).values(row);
  }

  async update(id: string, values: Pick<NewsRow, 'title' | 'body' | 'status' | 'publishedAt'>): Promise<void> {
    await this.db
      .update(newsPosts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(newsPosts.id, id));
  }

  /** Published posts (live or scheduled) that have no picture yet, oldest first. */
  async publishedWithoutHero(limit: number): Promise<Pick<NewsRow, 'id' | 'title' | 'body'>[]> {
    return this.db
      .select({ id: newsPosts.id, title: newsPosts.title, body: newsPosts.body })
      .from(newsPosts)
      .where(and(eq(newsPosts.status, 'published'), isNull(newsPosts.heroImageUrl)))
      .orderBy(asc(newsPosts.createdAt))
      .limit(limit);
  }

  /** Sets a painted picture unless the post has one by now; answers whether it did. */
  async setHeroIfNone(id: string, url: string): Promise<boolean> {
    const set = await this.db
      .update(newsPosts)
      .set({ heroImageUrl: url })
      .where(and(eq(newsPosts.id, id), isNull(newsPosts.heroImageUrl)))
      .returning({ id: newsPosts.id });
    return set.length > 0;
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(newsPosts).where(eq(newsPosts.id, id));
  }
}
