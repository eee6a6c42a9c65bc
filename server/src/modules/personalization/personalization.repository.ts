import { and, count, desc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { questionHistory, questionHistorySetting } from '../../db/schema.ts';

export type QuestionRow = typeof questionHistory.$inferSelect;

export class PersonalizationRepository {
  constructor(private readonly db: Db) {}

  async keepsHistory(userId: string): Promise<boolean> {
    const [row] = await this.db.select({ keep: questionHistorySetting.keep }).from(questionHistorySetting).where(eq(questionHistorySetting.userId, userId));
    return row?.keep ?? true;
  }

  async setKeep(userId: string, keep: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(questionHistorySetting).values({ userId, keep }).onConflictDoUpdate({ target: questionHistorySetting.userId, set: { keep } });
      if (!keep) await tx.delete(questionHistory).where(eq(questionHistory.userId, userId));
    });
  }

  /** Adds a question and drops the oldest beyond `max`, so each person's history stays bounded. */
  async add(row: Omit<QuestionRow, 'createdAt'>, max: number): Promise<void> {
    await this.db.insert(questionHistory).values(row);
    const keep = this.db
      .select({ id: questionHistory.id })
      .from(questionHistory)
      .where(eq(questionHistory.userId, row.userId))
      .orderBy(desc(questionHistory.createdAt))
      .limit(max);
    await this.db.delete(questionHistory).where(and(eq(questionHistory.userId, row.userId), notInArray(questionHistory.id, keep)));
  }

  async list(userId: string, limit: number, offset: number): Promise<{ rows: QuestionRow[]; total: number }> {
    const rows = await this.db
      .select()
      .from(questionHistory)
      .where(eq(questionHistory.userId, userId))
      .orderBy(desc(questionHistory.createdAt))
      .limit(limit)
      .offset(offset);
    const [{ total }] = (await this.db.select({ total: count() }).from(questionHistory).where(eq(questionHistory.userId, userId))) as [{ total: number }];
    return { rows, total };
  }

  async clear(userId: string): Promise<void> {
    await this.db.delete(questionHistory).where(eq(questionHistory.userId, userId));
  }
}
