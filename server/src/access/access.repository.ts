import { desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog, users } from '../db/schema.ts';

export type AuditRow = typeof auditLog.$inferSelect;

/** SQL for access: an account's role as the staff gate reads it, and the audit log. */
export class AccessRepository {
  constructor(private readonly db: Db) {}

  async account(userId: string): Promise<{ role: string; email: string } | undefined> {
    const [row] = await this.db.select({ role: users.role, email: users.email }).from(users).where(eq(users.id, userId));
    return row;
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
