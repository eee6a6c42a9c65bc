import { randomBytes, randomUUID } from 'node:crypto';
import { readerPath } from '#common/scripture/reader-url.ts';
import { addDays, dayIn, weekStart } from '#common/progress/days.ts';
import type { NewsletterAdmin, NewsletterPreview } from '#common/contracts/newsletter.ts';
import { SUBSCRIBED_MESSAGE } from '#common/newsletter/rules.ts';
import { NotFound } from '../../lib/errors.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import type { DailyService } from '../daily/daily.service.ts';
import type { HomeService } from '../home/home.service.ts';
import type { LessonsService } from '../lessons/lessons.service.ts';
import { confirmationMail, personalCopy, weeklyIssue, type WeekContent } from './newsletter-mail.ts';
import type { ConfirmationQuota } from './confirmation-quota.ts';
import type { IssueRow, NewsletterRepository, SubscriberRow } from './newsletter.repository.ts';
import { formatDate } from '#common/dates/format-date.ts';

/** The week's issue goes from Monday 06:00 UTC (the week before it is then complete). */
const SEND_FROM_HOUR = 6;
const BATCH = 100;
/**
 * How long a claimed copy is its sender's: one claimed longer ago and not marked sent is taken again by
 * the next run (its sender died). Far longer than one message takes.
 */
const DELIVERY_LEASE_MS = 10 * 60_000;
export const BAD_LINK = 'This link is not valid. Please use the newest message we sent, or subscribe again.';

const span = (from: string, to: string) => `${formatDate(from)} – ${formatDate(to)}`;

/**
 * The weekly devotional with double opt-in (spec §1, §4, §5): subscribing sends a confirmation and
 * the same reply whoever asks (no one learns who is subscribed); only confirmed readers get issues; each
 * reader gets each issue once, however many processes send it and however often they restart.
 */
export class NewsletterService {
  constructor(
    private readonly repository: NewsletterRepository,
    private readonly mailer: Mailer,
    private readonly content: { home: HomeService; daily: DailyService; lessons: LessonsService },
    private readonly publicUrl: string | undefined,
    private readonly confirmations: ConfirmationQuota,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** `origin` is the site's address as this request reached it (a trusted host), for the links when PUBLIC_URL is not set. */
  async subscribe(email: string, origin: string): Promise<{ message: string }> {
    const now = this.clock();
    let row = await this.repository.byEmail(email);
    if (row?.status === 'confirmed') return { message: SUBSCRIBED_MESSAGE };
    if (!row) row = await this.repository.add({ id: randomUUID(), email, status: 'pending', token: randomBytes(24).toString('base64url'), origin });
    else if (row.status === 'unsubscribed') await this.repository.update(row.id, { status: 'pending', unsubscribedAt: null });
    // A spent cap (this inbox's, however the address is spelt, or the site's) sends nothing and says
    // nothing different: the reply never tells who is subscribed or how often someone was asked.
    if (!(await this.confirmations.take(email))) return { message: SUBSCRIBED_MESSAGE };
    await this.repository.update(row.id, { confirmationSentAt: now });
    await this.mailer.send(confirmationMail(email, this.link(row, '/newsletter/confirm')));
    return { message: SUBSCRIBED_MESSAGE };
  }

  async confirm(token: string): Promise<{ message: string }> {
    const row = await this.repository.byToken(token);
    if (!row) throw new NotFound(BAD_LINK);
    if (row.status !== 'confirmed') await this.repository.update(row.id, { status: 'confirmed', confirmedAt: this.clock(), unsubscribedAt: null });
    return { message: 'Your subscription is confirmed. The weekly devotional comes on Mondays.' };
  }

  async unsubscribe(token: string): Promise<{ message: string }> {
    const row = await this.repository.byToken(token);
    if (!row) throw new NotFound(BAD_LINK);
    if (row.status !== 'unsubscribed') await this.repository.update(row.id, { status: 'unsubscribed', unsubscribedAt: this.clock() });
    return { message: 'You are unsubscribed. No more newsletters will be sent to this address.' };
  }

  /** The Monday that starts the current week (UTC): the key of the issue sent this week. */
  currentWeek(): string {
    return weekStart(dayIn(this.clock(), 'UTC'));
  }

  /** What the week's issue says: the verses of the seven days before `week`, today's prayer, the latest lessons. */
  async compose(week: string): Promise<NewsletterPreview> {
    const days = Array.from({ length: 7 }, (_, i) => addDays(week, i - 7));
    const verses = days.flatMap((day) => {
      const v = this.content.home.verseOn(day);
      return v ? [{ reference: v.reference, text: v.verse, href: readerPath(v.book, v.chapter, { verse: v.verseNumber }) }] : [];
    });
    const prayer = await this.content.daily.prayerOn(this.content.daily.today());
    const lessons = (await this.content.lessons.latest(3)).map((l) => ({ title: l.title, excerpt: l.excerpt, href: `/bible-lessons/${l.slug}` }));
    const content: WeekContent = {
      span: span(days[0]!, days[6]!),
      // Seven different verses: the list of verses of the day repeats no verse within a week (a test says so).
      verses,
      prayer: prayer && { title: prayer.title, content: prayer.content },
      lessons,
    };
    return { week, ...weeklyIssue(content) };
  }

  /** This week's issue as a reader would get it, for the admin panel (links to `origin` when there is no public address). */
  async preview(origin: string): Promise<NewsletterPreview> {
    const issue = await this.compose(this.currentWeek());
    const copy = personalCopy(issue, { to: '', origin: this.publicUrl ?? origin, unsubscribeUrl: '#unsubscribe', oneClickUrl: '' });
    return { week: issue.week, subject: issue.subject, text: copy.text, html: copy.html ?? '' };
  }

  /** The scheduled run: this week's issue once it is due (Monday 06:00 UTC), to whoever has not had it. */
  async sendDue(): Promise<{ sent: number; failed: number } | null> {
    const now = this.clock();
    const week = this.currentWeek();
    if (now.getTime() < new Date(`${week}T00:00:00Z`).getTime() + SEND_FROM_HOUR * 3_600_000) return null;
    return this.send(week);
  }

  /** Sends the week's issue (written once, then the same for everyone) to every confirmed reader who has not had it. */
  async send(week: string = this.currentWeek()): Promise<{ week: string; sent: number; failed: number }> {
    let issue = await this.repository.issue(week);
    // A week with nobody to send to leaves no issue behind (the send log lists what went to someone).
    if (!issue && (await this.repository.counts()).confirmed === undefined) return { week, sent: 0, failed: 0 };
    if (!issue) issue = await this.repository.addIssue({ id: randomUUID(), ...(await this.compose(week)) });
    let sent = 0;
    let failed = 0;
    const skipped = new Set<string>();
    const deliver = async (reader: SubscriberRow, messageId: string) => {
      try {
        await this.mailer.send({ ...this.copyFor(issue, reader), messageId });
      } catch {
        // Given back: the next run tries again (same Message-ID). Skipped for the rest of this one.
        await this.repository.releaseDelivery(issue.id, reader.id);
        skipped.add(reader.id);
        failed++;
        return;
      }
      await this.repository.markSent(issue.id, reader.id);
      sent++;
    };
    // First the copies whose sender died between claiming and marking them (a crash, a kill -9): sent
    // again under the Message-ID they were claimed with, so a copy that did go out is not a second message.
    for (;;) {
      const stale = await this.repository.reclaimStale(issue.id, DELIVERY_LEASE_MS / 1000, [...skipped], BATCH);
      if (stale.length === 0) break;
      for (const { reader, messageId } of stale) await deliver(reader, messageId);
    }
    for (;;) {
      const batch = (await this.repository.awaiting(issue.id, BATCH + skipped.size)).filter((s) => !skipped.has(s.id));
      if (batch.length === 0) break;
      for (const reader of batch) {
        const messageId = this.messageIdFor(reader);
        if (await this.repository.claimDelivery(issue.id, reader.id, messageId)) await deliver(reader, messageId);
      }
    }
    if (await this.repository.everyoneSent(issue.id)) await this.repository.finishIssue(issue.id);
    return { week, sent, failed };
  }

  async admin(): Promise<NewsletterAdmin> {
    const [counts, recent, issues] = await Promise.all([this.repository.counts(), this.repository.recent(100), this.repository.issues(52)]);
    return {
      subscribers: { pending: counts.pending ?? 0, confirmed: counts.confirmed ?? 0, unsubscribed: counts.unsubscribed ?? 0 },
      recent: recent.map((r) => ({ email: r.email, status: r.status, createdAt: r.createdAt.toISOString() })),
      issues: issues.map((i) => ({
        id: i.id,
        week: i.week,
        subject: i.subject,
        createdAt: i.createdAt.toISOString(),
        finishedAt: i.finishedAt?.toISOString() ?? null,
        delivered: i.delivered,
      })),
    };
  }

  private copyFor(issue: IssueRow, reader: SubscriberRow) {
    return personalCopy(issue, {
      to: reader.email,
      origin: this.publicUrl ?? reader.origin,
      unsubscribeUrl: this.link(reader, '/newsletter/unsubscribe'),
      oneClickUrl: this.link(reader, '/api/newsletter/unsubscribe'),
    });
  }

  /** A copy's Message-ID, chosen when it is claimed and kept for every try, so mail apps see one message. */
  private messageIdFor(reader: SubscriberRow): string {
    return `<${randomUUID()}@${new URL(this.publicUrl ?? reader.origin).hostname}>`;
  }

  private link(reader: SubscriberRow, path: string): string {
    const url = new URL(path, this.publicUrl ?? reader.origin);
    url.searchParams.set('token', reader.token);
    return url.toString();
  }
}
