import { count, desc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** SQL for the outbox: mail kept instead of sent, shared by every process of the site. */
export class MailOutboxRepository {
  constructor(private readonly db: Db) {}

  async add(row: typeof mailOutbox.$inferInsert): Promise<void> {
    await this.db.insert(mailOutbox).values(row);
  }

  /** Deletes all but the newest `kept`: however many processes prune at once, the newest stay. */
  async prune(kept: number): Promise<void> {
    const older = this.db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(desc(mailOutbox.at), desc(mailOutbox.id)).offset(kept);
    await this.db.delete(mailOutbox).where(inArray(mailOutbox.id, older));
  }

  /** A page of the outbox, newest first, and how many it holds. */
  async page(limit: number, offset: number): Promise<{ rows: OutboxRow[]; total: number }> {
    const [rows, [counted]] = await Promise.all([
      this.db.select().from(mailOutbox).orderBy(desc(mailOutbox.at), desc(mailOutbox.id)).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(mailOutbox),
    ]);
    return { rows, total: counted?.n ?? 0 };
  }
}
