import { and, count, desc, eq, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
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

  /**
   * Claims one reader's copy under the Message-ID it will be sent with; false when another process (or
   * an earlier run) has it. The claim is the row, with `sent_at` null until the relay has taken the copy.
   */
  async claimDelivery(issueId: string, subscriberId: string, messageId: string): Promise<boolean> {
    const rows = await this.db
      .insert(newsletterDeliveries)
      .values({ issueId, subscriberId, messageId })
      .onConflictDoNothing()
      .returning({ issueId: newsletterDeliveries.issueId });
    return rows.length > 0;
  }

  /**
   * Takes again up to `limit` copies for confirmed readers that were claimed over `leaseSeconds` ago and
   * never marked sent (their sender died between claiming and marking), leaving out `skip`. One UPDATE
   * that locks the rows it takes and skips rows another process is taking: two processes never both get
   * one. Each keeps its Message-ID (older rows without one get one now).
   */
  async reclaimStale(issueId: string, leaseSeconds: number, skip: readonly string[], limit: number): Promise<{ reader: SubscriberRow; messageId: string }[]> {
    const d = newsletterDeliveries;
    const stale = and(eq(d.issueId, issueId), isNull(d.sentAt), lt(d.claimedAt, sql`now() - make_interval(secs => ${leaseSeconds})`));
    const candidates = this.db
      .select({ id: d.subscriberId })
      .from(d)
      .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.id, d.subscriberId))
      .where(and(stale, eq(newsletterSubscribers.status, 'confirmed'), skip.length ? notInArray(d.subscriberId, [...skip]) : undefined))
      .limit(limit)
      .for('update', { of: d, skipLocked: true });
    const taken = await this.db
      .update(d)
      .set({ claimedAt: sql`now()`, messageId: sql`coalesce(${d.messageId}, '<' || gen_random_uuid() || '@selah.newsletter>')` })
      .where(and(stale, inArray(d.subscriberId, candidates)))
      .returning({ subscriberId: d.subscriberId, messageId: d.messageId });
    if (taken.length === 0) return [];
    const readers = await this.db
      .select()
      .from(newsletterSubscribers)
      .where(
        inArray(
          newsletterSubscribers.id,
          taken.map((t) => t.subscriberId),
        ),
      );
    return taken.flatMap((t) => {
      const reader = readers.find((r) => r.id === t.subscriberId);
      return reader ? [{ reader, messageId: t.messageId! }] : [];
    });
  }

  async markSent(issueId: string, subscriberId: string): Promise<void> {
    await this.db
      .update(newsletterDeliveries)
      .set({ sentAt: sql`now()` })
      .where(and(eq(newsletterDeliveries.issueId, issueId), eq(newsletterDeliveries.subscriberId, subscriberId)));
  }

  /** A copy the relay refused: its claim is given up at once (same Message-ID), for the next run to take. */
  async releaseDelivery(issueId: string, subscriberId: string): Promise<void> {
    await this.db
      .update(newsletterDeliveries)
      .set({ claimedAt: new Date(0) })
      .where(and(eq(newsletterDeliveries.issueId, issueId), eq(newsletterDeliveries.subscriberId, subscriberId), isNull(newsletterDeliveries.sentAt)));
  }

  /** True when every confirmed reader's copy has been taken by the relay. */
  async everyoneSent(issueId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ n: count() })
      .from(newsletterSubscribers)
      .where(
        and(
          eq(newsletterSubscribers.status, 'confirmed'),
          sql`not exists (select 1 from ${newsletterDeliveries} d where d.issue_id = ${issueId} and d.subscriber_id = ${newsletterSubscribers.id} and d.sent_at is not null)`,
        ),
      );
    return Number(row?.n ?? 0) === 0;
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
        delivered: sql<number>`(select count(*) from ${newsletterDeliveries} d where d.issue_id = ${newsletterIssues.id} and d.sent_at is not null)::int`,
      })
      .from(newsletterIssues)
      .orderBy(desc(newsletterIssues.week))
      .limit(limit);
    return rows.map((r) => ({ ...r.issue, delivered: r.delivered }));
  }
}
