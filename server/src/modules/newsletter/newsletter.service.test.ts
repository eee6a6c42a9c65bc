import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SUBSCRIBED_MESSAGE } from '#common/newsletter/rules.ts';
import { addDays } from '#common/progress/days.ts';
import { readerPath } from '#common/scripture/reader-url.ts';
import { resolveBook } from '#common/scripture/reference.ts';
import type { Database } from '../../db/client.ts';
import { serviceDatabase } from '../../../test/service-database.ts';
import { refusal } from '../../../test/refusal.ts';
import { fixtureBible, type FixtureVerse } from '../../../test/fixture-bible.ts';
import { AccessRepository } from '../../access/access.repository.ts';
import { AuditLog } from '../../access/audit-log.ts';
import { CONTENT_IMPORT } from '../../access/staff.ts';
import { Quota } from '../../lib/quota/quota.ts';
import { QuotaRepository } from '../../lib/quota/quota.repository.ts';
import { createImageEngine } from '../../providers/images/create-image-engine.ts';
import type { ImageEngine } from '../../providers/images/image-engine.ts';
import { createMailer, type KeptMail } from '../../providers/mail/mailer.ts';
import { LocalMediaStore } from '../../providers/storage/local-media-store.ts';
import { DailyRepository } from '../daily/daily.repository.ts';
import { DailyService } from '../daily/daily.service.ts';
import { JobClaims } from '../daily/job-claims.ts';
import { JobClaimsRepository } from '../daily/job-claims.repository.ts';
import { prayerDrafter } from '../daily/prayer-writer.ts';
import { DAILY_VERSES, dailyVerseReference } from '../daily/verse-of-the-day.ts';
import { HomeService } from '../home/home.service.ts';
import { LessonsRepository } from '../lessons/lessons.repository.ts';
import { LessonsService } from '../lessons/lessons.service.ts';
import { PictureQuota } from '../pictures/picture-quota.ts';
import { PicturesRepository } from '../pictures/pictures.repository.ts';
import { PicturesService } from '../pictures/pictures.service.ts';
import { BAD_LINK, NewsletterService } from './newsletter.service.ts';
import { NewsletterRepository } from './newsletter.repository.ts';
import { ConfirmationQuota } from './confirmation-quota.ts';

// The weekly devotional's rules with its real repository, quotas, mail provider (kept mail) and the real
// home, daily and lessons services on PGlite, over a small Bible holding the weeks' verses of the day.
const MONDAY = '2027-03-01';
/** The verses of the day of the week before MONDAY, each written as "Text of <reference>." */
const weekVerses: FixtureVerse[] = Array.from({ length: 7 }, (_, i) => {
  const reference = dailyVerseReference(new Date(`${addDays(MONDAY, i - 7)}T12:00:00Z`));
  const [, book, chapter, verse] = /^(.+) (\d+):(\d+)$/.exec(reference)!;
  return [book!, Number(chapter), Number(verse), `Text of ${reference}.`];
});
const { bible } = fixtureBible({ KJV: weekVerses });

let database: Database;
let folder: string;
let engine: ImageEngine;
let now: Date;
const clock = () => now;
const kept: KeptMail[] = [];
/** Addresses whose copies the mail provider fails to take (a relay refusing them). */
const refused = new Set<string>();
let daily: DailyService;
let lessons: LessonsService;
let home: HomeService;

/** The service as a site runs it: at https://selah.example unless `publicUrl` says otherwise (undefined: no public address). */
function newsletter(options: { publicUrl?: string; perHour?: number } = {}): NewsletterService {
  const publicUrl = 'publicUrl' in options ? options.publicUrl : 'https://selah.example';
  const perHour = options.perHour ?? 100;
  const mailer = createMailer({
    from: 'Selah <site@example.org>',
    keep: async (mail) => {
      if (refused.has(mail.to)) throw new Error(`relay refused ${mail.to}`);
      kept.push(mail);
    },
    log: { info() {} },
  });
  const quota = new ConfirmationQuota(new Quota(new QuotaRepository(database.db), 'newsletter-confirmations', () => now.getTime()), perHour);
  return new NewsletterService(new NewsletterRepository(database.db), mailer, { home, daily, lessons }, publicUrl, quota, clock);
}

beforeAll(async () => {
  database = await serviceDatabase();
  folder = mkdtempSync(join(tmpdir(), 'selah-newsletter-'));
  engine = createImageEngine({ images: undefined, languageModel: undefined } as never);
  const media = new LocalMediaStore(folder);
  const pictures = new PicturesService(
    bible,
    engine,
    media,
    new PicturesRepository(database.db),
    new PictureQuota(new Quota(new QuotaRepository(database.db), 'pictures'), { perHour: 9, perDay: 9, siteDaily: 9 }),
  );
  daily = new DailyService(
    new DailyRepository(database.db),
    new JobClaims(new JobClaimsRepository(database.db)),
    bible,
    pictures,
    prayerDrafter(undefined),
    () => {},
    clock,
  );
  home = new HomeService(bible, daily);
  lessons = new LessonsService(new LessonsRepository(database.db), bible, media, new AuditLog(new AccessRepository(database.db)), () => {}, clock);
}, 60_000);
afterAll(async () => {
  await engine?.close();
  await database?.close();
  rmSync(folder, { recursive: true, force: true });
});
beforeEach(async () => {
  now = new Date(`${MONDAY}T07:00:00Z`);
  kept.length = 0;
  refused.clear();
  await database.db.execute(sql`TRUNCATE newsletter_subscriber, newsletter_issue, quota_use CASCADE`);
});

const status = async (email: string) =>
  (await database.db.execute<{ status: string }>(sql`SELECT status FROM newsletter_subscriber WHERE email = ${email}`)).rows[0]?.status;
const linkIn = (mail: KeptMail) => /https?:\/\/\S+/.exec(mail.text)![0];
const tokenIn = (mail: KeptMail) => new URL(linkIn(mail)).searchParams.get('token')!;
/** Subscribes and confirms, as a reader following the link would. */
async function confirmed(service: NewsletterService, email: string) {
  await service.subscribe(email, 'https://origin.example');
  const mail = kept.filter((m) => m.to === email).at(-1)!;
  await service.confirm(tokenIn(mail));
  now = new Date(now.getTime() + 11 * 60_000);
}

describe('subscribing, with double opt-in', () => {
  it('sends a confirmation, subscribes only once its link is followed, and says the same to everyone', async () => {
    const service = newsletter();
    expect(await service.subscribe('lydia@example.org', 'https://origin.example')).toEqual({ message: SUBSCRIBED_MESSAGE });
    expect(kept.map((m) => [m.to, m.subject])).toEqual([['lydia@example.org', 'Confirm your Selah newsletter subscription']]);
    expect(linkIn(kept[0]!)).toMatch(/^https:\/\/selah\.example\/newsletter\/confirm\?token=[A-Za-z0-9_-]{32}$/);
    expect(await status('lydia@example.org')).toBe('pending');
    expect(await service.confirm(tokenIn(kept[0]!))).toEqual({ message: 'Your subscription is confirmed. The weekly devotional comes on Mondays.' });
    expect(await status('lydia@example.org')).toBe('confirmed');
    // Subscribed already: the same words, and no mail.
    now = new Date(now.getTime() + 60 * 60_000);
    expect(await service.subscribe('lydia@example.org', 'https://origin.example')).toEqual({ message: SUBSCRIBED_MESSAGE });
    expect(kept).toHaveLength(1);
    // Confirming again changes nothing.
    await service.confirm(tokenIn(kept[0]!));
    expect(await status('lydia@example.org')).toBe('confirmed');
    expect(await refusal(service.confirm('x'.repeat(32)))).toEqual({ status: 404, message: BAD_LINK });
  });

  it('writes the links to the address the reader subscribed at when the site has no public address', async () => {
    await newsletter({ publicUrl: undefined }).subscribe('dorcas@example.org', 'http://127.0.0.1:3000');
    expect(linkIn(kept[0]!)).toMatch(/^http:\/\/127\.0\.0\.1:3000\/newsletter\/confirm\?token=/);
  });

  it('asks an unsubscribed reader who subscribes again to confirm again, and sends them nothing until they do', async () => {
    const service = newsletter();
    await confirmed(service, 'priscilla@example.org');
    const token = tokenIn(kept[0]!);
    expect(await service.unsubscribe(token)).toEqual({ message: 'You are unsubscribed. No more newsletters will be sent to this address.' });
    expect(await status('priscilla@example.org')).toBe('unsubscribed');
    expect(await refusal(service.unsubscribe('nobody-has-this-key'))).toEqual({ status: 404, message: BAD_LINK });
    await service.subscribe('priscilla@example.org', 'https://origin.example');
    expect(await status('priscilla@example.org')).toBe('pending');
    expect(kept.map((m) => m.subject)).toEqual(['Confirm your Selah newsletter subscription', 'Confirm your Selah newsletter subscription']);
    expect((await service.send(MONDAY)).sent).toBe(0);
    await service.confirm(tokenIn(kept[1]!));
    expect((await service.send(MONDAY)).sent).toBe(1);
  });

  it('sends no confirmation once a cap is spent, and answers the same', async () => {
    const service = newsletter({ perHour: 1 });
    await service.subscribe('a@example.org', 'https://origin.example');
    expect(await service.subscribe('b@example.org', 'https://origin.example')).toEqual({ message: SUBSCRIBED_MESSAGE });
    expect(kept.map((m) => m.to)).toEqual(['a@example.org']);
    // Kept as pending all the same: a confirmation asked for later reaches them.
    expect(await status('b@example.org')).toBe('pending');
  });
});

describe('the weekly issue', () => {
  it('is due from Monday 06:00 UTC, not before', async () => {
    const service = newsletter();
    await confirmed(service, 'ruth@example.org');
    now = new Date(`${MONDAY}T05:59:59Z`);
    expect(await service.sendDue()).toBeNull();
    now = new Date(`${addDays(MONDAY, -1)}T23:00:00Z`);
    expect(service.currentWeek()).toBe(addDays(MONDAY, -7));
    now = new Date(`${MONDAY}T06:00:00Z`);
    expect(service.currentWeek()).toBe(MONDAY);
    expect(await service.sendDue()).toEqual({ week: MONDAY, sent: 1, failed: 0 });
  });

  it('carries the week’s verses of the day, the latest lessons and each reader’s own unsubscribe links', async () => {
    const service = newsletter();
    await lessons.importAuthor(CONTENT_IMPORT, { slug: 'luke', name: 'Luke', bio: '' });
    for (const [slug, day] of [
      ['first', '01'],
      ['second', '02'],
      ['third', '03'],
      ['fourth', '04'],
    ] as const)
      await lessons.importLesson(CONTENT_IMPORT, {
        slug,
        title: `Lesson ${slug}`,
        author: 'luke',
        excerpt: `About ${slug}.`,
        metaDescription: '',
        body: 'Text.',
        draft: false,
        publishedAt: new Date(`2027-02-${day}T00:00:00Z`),
      });
    await confirmed(service, 'ruth@example.org');
    await confirmed(service, 'naomi@example.org');
    kept.length = 0;
    expect(await service.send(MONDAY)).toEqual({ week: MONDAY, sent: 2, failed: 0 });
    expect(kept.map((m) => m.to).sort()).toEqual(['naomi@example.org', 'ruth@example.org']);
    const copy = kept.find((m) => m.to === 'ruth@example.org')!;
    expect(copy.subject).toBe('Selah weekly: 22 February 2027 – 28 February 2027');
    const distinct = [...new Set(weekVerses.map(([b, c, v]) => `${b} ${c}:${v}`))];
    for (const [, , , text] of weekVerses) expect(copy.text).toContain(text);
    expect(copy.text.match(/^THIS WEEK’S VERSES$/m)).not.toBeNull();
    expect(distinct.length).toBeGreaterThan(0);
    expect(copy.text).toContain('Lesson fourth');
    expect(copy.text).toContain('Lesson third');
    expect(copy.text).toContain('Lesson second');
    expect(copy.text).not.toContain('Lesson first');
    expect(copy.text).toContain('https://selah.example/bible-lessons/fourth');
    const ruthToken = (await database.db.execute<{ token: string }>(sql`SELECT token FROM newsletter_subscriber WHERE email = 'ruth@example.org'`)).rows[0]!
      .token;
    expect(copy.text).toContain(`Unsubscribe: https://selah.example/newsletter/unsubscribe?token=${ruthToken}`);
    // Headers as the mail carries them, long ones folded onto the next line.
    const headers = copy.message.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toContain(`List-Unsubscribe: <https://selah.example/api/newsletter/unsubscribe?token=${ruthToken}>`);
    expect(headers).toMatch(/Message-ID: <[0-9a-f-]{36}@selah\.example>/);
    expect(kept.find((m) => m.to === 'naomi@example.org')!.text).not.toContain(ruthToken);
  });

  it('carries today’s prayer, and links each of the week’s seven verses to that verse in the reader', async () => {
    const service = newsletter();
    await daily.scheduleEditorPrayer(MONDAY, 'A Prayer for the Week', 'Lord, keep us in your word this week.\nAmen.');
    await confirmed(service, 'ruth@example.org');
    kept.length = 0;
    await service.send(MONDAY);
    const copy = kept.find((m) => m.to === 'ruth@example.org')!;
    expect(copy.text).toContain('A PRAYER\nA Prayer for the Week\n\nLord, keep us in your word this week.\nAmen.');
    // The list of verses of the day repeats none within any seven days, so the issue has seven.
    expect(new Set(weekVerses.map(([book, chapter, verse]) => `${book} ${chapter}:${verse}`)).size).toBe(7);
    for (let day = 0; day < DAILY_VERSES.length; day++) {
      const week = Array.from({ length: 7 }, (_, i) => DAILY_VERSES[(day + i) % DAILY_VERSES.length]);
      expect(new Set(week).size, `from the ${day + 1}th verse`).toBe(7);
    }
    const links = copy.text.match(/^https:\/\/selah\.example\/bible\?.*$/gm)!;
    // Linked by the book's own name ("Psalm 23:1" opens Psalms 23).
    expect(links).toEqual(weekVerses.map(([book, chapter, verse]) => `https://selah.example${readerPath(resolveBook(book)!.name, chapter, { verse })}`));
    expect(links.map((link) => new URL(link).searchParams.get('verse'))).toEqual(weekVerses.map(([, , verse]) => String(verse)));
  });

  it('goes to each confirmed reader once, however often it is sent, and is written once', async () => {
    const service = newsletter();
    await confirmed(service, 'ruth@example.org');
    await service.subscribe('pending@example.org', 'https://origin.example');
    kept.length = 0;
    const [a, b] = await Promise.all([service.send(MONDAY), newsletter().send(MONDAY)]);
    expect(a.sent + b.sent).toBe(1);
    expect(await service.send(MONDAY)).toEqual({ week: MONDAY, sent: 0, failed: 0 });
    expect(kept.map((m) => m.to)).toEqual(['ruth@example.org']);
    expect((await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM newsletter_issue`)).rows[0]!.n).toBe(1);
    const admin = await service.admin();
    expect(admin.subscribers).toEqual({ pending: 1, confirmed: 1, unsubscribed: 0 });
    expect(admin.issues).toEqual([expect.objectContaining({ week: MONDAY, delivered: 1, finishedAt: expect.any(String) })]);
    expect(admin.recent.map((r) => r.email).sort()).toEqual(['pending@example.org', 'ruth@example.org']);
  });

  it('leaves no issue for a week with nobody to send to', async () => {
    const service = newsletter();
    expect(await service.send(MONDAY)).toEqual({ week: MONDAY, sent: 0, failed: 0 });
    expect((await service.admin()).issues).toEqual([]);
  });

  it('sends a copy the relay refused on the next run, under the same Message-ID, and finishes the issue then', async () => {
    const service = newsletter();
    await confirmed(service, 'ruth@example.org');
    await confirmed(service, 'naomi@example.org');
    kept.length = 0;
    refused.add('naomi@example.org');
    expect(await service.send(MONDAY)).toEqual({ week: MONDAY, sent: 1, failed: 1 });
    expect((await service.admin()).issues[0]).toMatchObject({ delivered: 1, finishedAt: null });
    const claimed = (
      await database.db.execute<{ message_id: string }>(
        sql`SELECT d.message_id FROM newsletter_delivery d JOIN newsletter_subscriber s ON s.id = d.subscriber_id WHERE s.email = 'naomi@example.org'`,
      )
    ).rows[0]!.message_id;
    refused.clear();
    expect(await service.send(MONDAY)).toEqual({ week: MONDAY, sent: 1, failed: 0 });
    expect(kept.map((m) => m.to)).toEqual(['ruth@example.org', 'naomi@example.org']);
    expect(kept[1]!.message.replace(/\r?\n[ \t]+/g, ' ')).toContain(`Message-ID: ${claimed}`);
    expect((await service.admin()).issues[0]).toMatchObject({ delivered: 2, finishedAt: expect.any(String) });
  });

  it('previews this week’s issue for the admin panel, linked to the address it is looked at from when there is no public one', async () => {
    const preview = await newsletter({ publicUrl: undefined }).preview('http://127.0.0.1:3000');
    expect(preview.week).toBe(MONDAY);
    expect(preview.subject).toBe('Selah weekly: 22 February 2027 – 28 February 2027');
    expect(preview.text).toContain('subscribed at http://127.0.0.1:3000');
    expect(preview.text).toContain('Unsubscribe: #unsubscribe');
    expect(preview.html).toContain('Selah weekly');
  });
});
