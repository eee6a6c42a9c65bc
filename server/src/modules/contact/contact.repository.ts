import { desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';

export type ContactRow = typeof contactMessages.$inferSelect;

export class ContactRepository {
  constructor(private readonly db: Db) {}

  async add(row: Pick<ContactRow, 'id' | 'name' | 'email' | 'message'>): Promise<void> {
    await this.db.insert(contactMessages).values(row);
  }

  async list(archived: boolean, limit: number): Promise<ContactRow[]> {
    return this.db
      .select()
      .from(contactMessages)
      .where(archived ? isNotNull(contactMessages.archivedAt) : isNull(contactMessages.archivedAt))
      .orderBy(desc(contactMessages.createdAt))
      .limit(limit);
  }

  async setArchived(id: string, archivedAt: Date | null): Promise<ContactRow | undefined> {
    const [row] = await this.db.update(contactMessages).set({ archivedAt }).where(eq(contactMessages.id, id)).returning();
    return row;
  }
}
