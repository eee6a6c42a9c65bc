import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsletterAdmin } from '#common/contracts/newsletter.ts';
import { INVALID_EMAIL, SUBSCRIBED_MESSAGE } from '#common/newsletter/rules.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { Browser, signUpVerified } from '../../../test/accounts.ts';
import { users } from '../../db/schema.ts';
import { NewsletterRepository } from './newsletter.repository.ts';
import { NewsletterService } from './newsletter.service.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { Quota } from '../../lib/quota/quota.ts';
import { QuotaRepository } from '../../lib/quota/quota.repository.ts';
import { ConfirmationQuota } from './confirmation-quota.ts';
import { normalisedMailbox } from './mailbox.ts';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let inbox: Awaited<ReturnType<typeof startInbox>>;
let app: TestApp;
let second: TestApp | undefined;

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const count = async (query: string) => Number(((await app.database.db.execute(sql.raw(query))) as unknown as { rows: { n: number }[] }).rows[0]!.n);

describe(`the newsletter, with double opt-in, on ${databaseKind()}`, () => {
  beforeAll(async () => {
    inbox = await startInbox();
    app = await startTestApp({ env: { SMTP_URL: inbox.url } });
  }, 60_000);
  afterAll(async () => {
    await second?.stop();
    await app?.stop();
    await inbox?.stop();
  });

  it('subscribes only after the link in the message is followed, and says the same to everyone', async () => {
    const guest = new Browser(app, '10.8.0.1');
    const bad = await guest.request('POST', '/api/newsletter/subscribe', { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: INVALID_EMAIL });

    const res = await guest.request('POST', '/api/newsletter/subscribe', { email: 'Lydia@Example.org' });
    expect(res.json()).toEqual({ message: SUBSCRIBED_MESSAGE });
    const mail = await inbox.waitFor('lydia@example.org', /Confirm your Selah newsletter/);
    const link = inbox.link(mail);
    expect(link).toMatch(/^http:\/\/selah\.test\/newsletter\/confirm\?token=/);
    // Asking again at once sends nothing more (a form cannot flood an inbox) and answers the same.
    expect((await guest.request('POST', '/api/newsletter/subscribe', { email: 'lydia@example.org' })).json()).toEqual({ message: SUBSCRIBED_MESSAGE });
    expect(await count("SELECT count(*)::int AS n FROM newsletter_subscriber WHERE status = 'confirmed'")).toBe(0);

    const confirmed = await guest.request('POST', '/api/newsletter/confirm', { token: tokenOf(link) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Subscribed already: the same reply, and no message.
    expect((await guest.request('POST', '/api/newsletter/subscribe', { email: 'lydia@example.org' })).json()).toEqual({ message: SUBSCRIBED_MESSAGE });
    expect((await guest.request('POST', '/api/newsletter/confirm', { token: 'x'.repeat(32) })).statusCode).toBe(404);
    // A pending reader gets no issue.
    await guest.request('POST', '/api/newsletter/subscribe', { email: 'pending@example.org' });
    await inbox.waitFor('pending@example.org', /Confirm/);
  });

  it('sends the week’s issue once to each confirmed reader, even from two processes at once, with one-click unsubscribe', async () => {
    let other: { send(): Promise<unknown> };
    if (process.env.TEST_DATABASE_URL) {
      second = await startTestApp({ env: { SMTP_URL: inbox.url }, keepTables: true });
      other = second.newsletter;
    } else {
      const deps = app.newsletter as unknown as {
        content: ConstructorParameters<typeof NewsletterService>[2];
        mailer: Mailer;
        confirmations: ConfirmationQuota;
      };
      other = new NewsletterService(new NewsletterRepository(app.database.db), deps.mailer, deps.content, undefined, deps.confirmations);
    }
    const results = await Promise.all([app.newsletter.send(), other.send(), app.newsletter.send()]);
    expect(results.map((r) => (r as { sent: number }).sent).reduce((a, b) => a + b)).toBe(1);
    const issue = await inbox.waitFor('lydia@example.org', /^Selah weekly/);
    expect(issue.text).toContain('THIS WEEK’S VERSES');
    expect(inbox.messages.filter((m) => m.to.includes('lydia@example.org') && /^Selah weekly/.test(m.subject))).toHaveLength(0);
    expect(inbox.messages.some((m) => m.to.includes('pending@example.org') && /^Selah weekly/.test(m.subject))).toBe(false);
    expect(await count('SELECT count(*)::int AS n FROM newsletter_issue WHERE finished_at IS NOT NULL')).toBe(1);

    // RFC 8058: a POST to the header's address with List-Unsubscribe=One-Click, as a mail app sends it.
    const oneClick = /^<(.+)>$/.exec(issue.header('List-Unsubscribe'))![1]!;
    expect(issue.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(issue.text).toContain('/newsletter/unsubscribe?token=');
    const url = new URL(oneClick);
    const res = await app.server.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { host: 'selah.test', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    // Next week: nobody is left to send to.
    await app.database.db.execute(sql`DELETE FROM newsletter_issue`);
    expect(await app.newsletter.send()).toMatchObject({ sent: 0 });
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.messages.filter((m) => /^Selah weekly/.test(m.subject))).toHaveLength(0);

    // Signing up again after leaving waits for the link again: the form alone never subscribes anyone.
    const again = await new Browser(app, '10.8.0.9').request('POST', '/api/newsletter/subscribe', { email: 'lydia@example.org' });
    expect(again.json()).toEqual({ message: SUBSCRIBED_MESSAGE });
    expect(await count("SELECT count(*)::int AS n FROM newsletter_subscriber WHERE email = 'lydia@example.org' AND status = 'pending'")).toBe(1);
    await app.database.db.execute(sql`DELETE FROM newsletter_issue`);
    expect(await app.newsletter.send()).toMatchObject({ sent: 0 });
  });

  it('shows admins the readers, the issues sent and a preview, and sends from the panel', async () => {
    const admin = await signUpVerified(app, inbox, 'priscilla@example.org', undefined, '10.8.0.2');
    expect((await admin.request('GET', '/api/admin/newsletter')).statusCode).toBe(403);
    await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'priscilla@example.org'));
    const panel = (await admin.request('GET', '/api/admin/newsletter')).json() as NewsletterAdmin;
    // Lydia, who left and signed up again, waits for her link with the one who never followed it.
    expect(panel.subscribers).toEqual({ pending: 2, confirmed: 0, unsubscribed: 0 });
    // Nobody was left to send to: the week left no issue behind.
    expect(panel.issues).toEqual([]);
    const preview = (await admin.request('GET', '/api/admin/newsletter/preview')).json() as { subject: string; html: string };
    expect(preview.subject).toMatch(/^Selah weekly: /);
    expect(preview.html).toContain('http://selah.test/bible?book=');
    expect(preview.html).not.toContain('site.invalid');
    const sent = await admin.request('POST', '/api/admin/newsletter/send');
    expect(sent.json()).toMatchObject({ sent: 0, failed: 0 });
  });

  it('sends one confirmation to an inbox however many spellings ask at once, and answers each the same', async () => {
    // The attack in issue 28: 8 addresses, 5 requests each, every one a new spelling of one Gmail inbox.
    const spellings = Array.from({ length: 40 }, (_, i) => (i % 2 ? `victim+${i}@gmail.com` : `V.ictim+${i}@googlemail.com`));
    const replies = await Promise.all(spellings.map((email, i) => new Browser(app, `10.9.0.${i % 8}`).request('POST', '/api/newsletter/subscribe', { email })));
    expect(replies.map((r) => r.statusCode)).toEqual(spellings.map(() => 200));
    expect(new Set(replies.map((r) => r.body))).toEqual(new Set([JSON.stringify({ message: SUBSCRIBED_MESSAGE })]));
    // Each reply is given once its mail was accepted by the relay: what arrived is all that went.
    const toVictim = inbox.messages.filter((m) => m.to.some((to) => normalisedMailbox(to) === 'victim@gmail.com'));
    expect(toVictim).toHaveLength(1);
    inbox.messages.splice(inbox.messages.indexOf(toVictim[0]!), 1);
  });

  it('sends an inbox at most 3 confirmations a day, one per 10 minutes, and says nothing of it', async () => {
    let now = Date.UTC(2026, 5, 1, 9);
    const clock = () => new Date(now);
    const deps = app.newsletter as unknown as { content: ConstructorParameters<typeof NewsletterService>[2]; mailer: Mailer };
    const quota = new ConfirmationQuota(new Quota(new QuotaRepository(app.database.db), 'newsletter-confirmations', () => now), 200);
    const service = new NewsletterService(new NewsletterRepository(app.database.db), deps.mailer, deps.content, undefined, quota, clock);
    const ask = async (email: string) => {
      expect(await service.subscribe(email, 'http://selah.test')).toEqual({ message: SUBSCRIBED_MESSAGE });
      return inbox.messages.filter((m) => m.to.some((to) => normalisedMailbox(to) === 'tamar@example.org')).length;
    };
    expect(await ask('tamar+a@example.org')).toBe(1);
    expect(await ask('Tamar+b@example.org')).toBe(1);
    now += 10 * 60_000 + 1;
    expect(await ask('tamar+b@example.org')).toBe(2);
    now += 10 * 60_000 + 1;
    expect(await ask('tamar+c@example.org')).toBe(3);
    now += 10 * 60_000 + 1;
    expect(await ask('tamar+d@example.org')).toBe(3);
    now += 24 * 60 * 60_000;
    expect(await ask('tamar+d@example.org')).toBe(4);
    inbox.messages.splice(0);
  });

  it('caps confirmation mail for the whole site per hour, however many ask at once', async () => {
    const deps = app.newsletter as unknown as { content: ConstructorParameters<typeof NewsletterService>[2]; mailer: Mailer };
    const quota = new ConfirmationQuota(new Quota(new QuotaRepository(app.database.db), 'newsletter-confirmations-site-cap'), 5);
    const service = new NewsletterService(new NewsletterRepository(app.database.db), deps.mailer, deps.content, undefined, quota);
    const addresses = Array.from({ length: 12 }, (_, i) => `reader${i}@example.net`);
    const replies = await Promise.all(addresses.map((email) => service.subscribe(email, 'http://selah.test')));
    expect(replies).toEqual(addresses.map(() => ({ message: SUBSCRIBED_MESSAGE })));
    expect(inbox.messages.filter((m) => m.to.some((to) => addresses.includes(to)))).toHaveLength(5);
    inbox.messages.splice(0);
  });

  /** Confirmed readers, and this week's issue written but sent to nobody yet. */
  const freshWeek = async (names: string[]) => {
    await app.database.db.execute(sql`DELETE FROM newsletter_issue`);
    await app.database.db.execute(sql`UPDATE newsletter_subscriber SET status = 'unsubscribed' WHERE status = 'confirmed'`);
    const repository = new NewsletterRepository(app.database.db);
    const readers = [];
    for (const name of names) {
      const email = `${name}@example.com`;
      readers.push(
        await repository.add({ id: randomUUID(), email, status: 'confirmed', token: randomBytes(24).toString('base64url'), origin: 'http://selah.test' }),
      );
    }
    const week = app.newsletter.currentWeek();
    const issue = await repository.addIssue({ id: randomUUID(), ...(await app.newsletter.compose(week)) });
    return { readers, issue };
  };
  /** A copy claimed by a sender `minutesAgo` and never marked sent. */
  const claimed = (issueId: string, subscriberId: string, messageId: string, minutesAgo: number) =>
    app.database.db.execute(
      sql`INSERT INTO newsletter_delivery (issue_id, subscriber_id, message_id, claimed_at) VALUES (${issueId}, ${subscriberId}, ${messageId}, now() - make_interval(mins => ${minutesAgo}))`,
    );
  const issuesTo = (email: string) => inbox.messages.filter((m) => m.to.includes(email) && /^Selah weekly/.test(m.subject));

  it('sends again, with the same Message-ID, a copy whose sender died after claiming it, but not a copy another sender is sending', async () => {
    const { readers, issue } = await freshWeek(['ruth', 'naomi', 'boaz']);
    const [ruth, naomi] = readers;
    // Ruth's copy was claimed 11 minutes ago by a process killed before it sent (the lease is 10 minutes);
    // Naomi's a minute ago by a process still at work.
    await claimed(issue.id, ruth!.id, '<crashed-claim@selah.test>', 11);
    await claimed(issue.id, naomi!.id, '<in-flight@selah.test>', 1);

    expect(await app.newsletter.send()).toMatchObject({ sent: 2, failed: 0 });
    expect(issuesTo('ruth@example.com').map((m) => m.header('Message-ID'))).toEqual(['<crashed-claim@selah.test>']);
    expect(issuesTo('naomi@example.com')).toHaveLength(0);
    const boaz = issuesTo('boaz@example.com');
    expect(boaz).toHaveLength(1);
    expect(boaz[0]!.header('Message-ID')).toBe(
      (
        (await app.database.db.execute(sql`SELECT message_id FROM newsletter_delivery WHERE subscriber_id = ${readers[2]!.id}`)) as unknown as {
          rows: { message_id: string }[];
        }
      ).rows[0]!.message_id,
    );
    // Not finished while Naomi's copy is on its way, and only sent copies count as delivered.
    expect(await count('SELECT count(*)::int AS n FROM newsletter_issue WHERE finished_at IS NOT NULL')).toBe(0);
    expect((await app.newsletter.admin()).issues.map((i) => i.delivered)).toEqual([2]);

    // Naomi's sender dies too: once its lease is over the next run sends her copy, under its Message-ID.
    await app.database.db.execute(sql`UPDATE newsletter_delivery SET claimed_at = now() - interval '11 minutes' WHERE subscriber_id = ${naomi!.id}`);
    expect(await app.newsletter.send()).toMatchObject({ sent: 1, failed: 0 });
    expect(issuesTo('naomi@example.com').map((m) => m.header('Message-ID'))).toEqual(['<in-flight@selah.test>']);
    expect(issuesTo('ruth@example.com')).toHaveLength(1);
    expect(await count('SELECT count(*)::int AS n FROM newsletter_issue WHERE finished_at IS NOT NULL')).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM newsletter_delivery WHERE sent_at IS NULL')).toBe(0);
    expect((await app.newsletter.admin()).issues.map((i) => i.delivered)).toEqual([3]);
    // Everyone has it: a later run sends nothing.
    expect(await app.newsletter.send()).toMatchObject({ sent: 0, failed: 0 });
    inbox.messages.splice(0);
  });

  it('delivers each copy once when two senders retry the same dead claims at once', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `reader-${i}`);
    const { readers, issue } = await freshWeek(names);
    for (const [i, reader] of readers.entries()) if (i % 2) await claimed(issue.id, reader.id, `<dead-${i}@selah.test>`, 30);
    let other: { send(): Promise<{ sent: number }> };
    if (process.env.TEST_DATABASE_URL) {
      second ??= await startTestApp({ env: { SMTP_URL: inbox.url }, keepTables: true });
      other = second.newsletter;
    } else {
      const deps = app.newsletter as unknown as {
        content: ConstructorParameters<typeof NewsletterService>[2];
        mailer: Mailer;
        confirmations: ConfirmationQuota;
      };
      other = new NewsletterService(new NewsletterRepository(app.database.db), deps.mailer, deps.content, undefined, deps.confirmations);
    }
    const results = await Promise.all([app.newsletter.send(), other.send(), app.newsletter.send(), other.send()]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(8);
    for (const [i, name] of names.entries()) {
      const copies = issuesTo(`${name}@example.com`);
      expect(copies, name).toHaveLength(1);
      if (i % 2) expect(copies[0]!.header('Message-ID')).toBe(`<dead-${i}@selah.test>`);
    }
    expect(await count('SELECT count(*)::int AS n FROM newsletter_issue WHERE finished_at IS NOT NULL')).toBe(1);
    inbox.messages.splice(0);
  });
});
