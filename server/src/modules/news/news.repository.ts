import { and, count, desc, eq, lte } from 'drizzle-orm';
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

  async remove(id: string): Promise<void> {
    await this.db.delete(newsPosts).where(eq(newsPosts.id, id));
  }
}
