import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers } from '../../db/schema.ts';

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;
export type IssueRow = typeof newsletterIssues.$inferSelect;

/** SQL for the newsletter: readers, issues and who had which. */
export class NewsletterRepository {
  constructor(private readonly db: Db) {}

  async byEmail(email: string): Promise<SubscriberRow | undefined> {
    const [row] = await this.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    return row;
  }

  async byToken(token: string): Promise<SubscriberRow | undefined> {
    const [row] = await this.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.token, token));
    return row;
  }

  async add(row: Pick<SubscriberRow, 'id' | 'email' | 'status' | 'token' | 'origin'>): Promise<SubscriberRow> {
    const [added] = await this.db.insert(newsletterSubscribers).values(row).onConflictDoNothing().returning();
    return added ?? (await this.byEmail(row.email))!;
  }

  async update(id: string, values: Partial<Omit<SubscriberRow, 'id' | 'email'>>): Promise<void> {
    await this.db.update(newsletterSubscribers).set(values).where(eq(newsletterSubscribers.id, id));
  }

  /** Confirmed readers who have not had this issue yet, a batch at a time. */
  async awaiting(issueId: string, limit: number): Promise<SubscriberRow[]> {
    return this.db
      .select()
      .from(newsletterSubscribers)
      .where(
        and(
          eq(newsletterSubscribers.status, 'confirmed'),
          sql`not exists (select 1 from ${newsletterDeliveries} d where d.issue_id = ${issueId} and d.subscriber_id = ${newsletterSubscribers.id})`,
        ),
      )
      .orderBy(newsletterSubscribers.id)
      .limit(limit);
  }

  /** Claims one delivery; false when another process (or an earlier run) has it. */
  async claimDelivery(issueId: string, subscriberId: string): Promise<boolean> {
    const rows = await this.db
      .insert(newsletterDeliveries)
      .values({ issueId, subscriberId })
      .onConflictDoNothing()
      .returning({ issueId: newsletterDeliveries.issueId });
    return rows.length > 0;
  }

  async releaseDelivery(issueId: string, subscriberId: string): Promise<void> {
    await this.db.delete(newsletterDeliveries).where(and(eq(newsletterDeliveries.issueId, issueId), eq(newsletterDeliveries.subscriberId, subscriberId)));
  }

  async issue(week: string): Promise<IssueRow | undefined> {
    const [row] = await this.db.select().from(newsletterIssues).where(eq(newsletterIssues.week, week));
    return row;
  }

  /** The week's issue as first written: whoever writes it first, every process sends the same one. */
  async addIssue(row: Pick<IssueRow, 'id' | 'week' | 'subject' | 'text' | 'html'>): Promise<IssueRow> {
    await this.db.insert(newsletterIssues).values(row).onConflictDoNothing();
    return (await this.issue(row.week))!;
  }

  async finishIssue(id: string): Promise<void> {
    await this.db
      .update(newsletterIssues)
      .set({ finishedAt: new Date() })
      .where(and(eq(newsletterIssues.id, id), isNull(newsletterIssues.finishedAt)));
  }

  async counts(): Promise<Record<string, number>> {
    const rows = await this.db.select({ status: newsletterSubscribers.status, n: count() }).from(newsletterSubscribers).groupBy(newsletterSubscribers.status);
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }

  async recent(limit: number): Promise<SubscriberRow[]> {
    return this.db.select().from(newsletterSubscribers).orderBy(desc(newsletterSubscribers.createdAt)).limit(limit);
  }

  async issues(limit: number): Promise<(IssueRow & { delivered: number })[]> {
    const rows = await this.db
      .select({
        issue: newsletterIssues,
        delivered: sql<number>`(select count(*) from ${newsletterDeliveries} d where d.issue_id = ${newsletterIssues.id})::int`,
      })
      .from(newsletterIssues)
      .orderBy(desc(newsletterIssues.week))
      .limit(limit);
    return rows.map((r) => ({ ...r.issue, delivered: r.delivered }));
  }
}
