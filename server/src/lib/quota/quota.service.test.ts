import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { serviceDatabase } from '../../../test/service-database.ts';
import { AppError, TooMany } from '../errors.ts';
import { AudioQuota } from '../../modules/audio/audio-quota.ts';
import { PictureQuota } from '../../modules/pictures/picture-quota.ts';
import { ConfirmationQuota, CONFIRMATIONS_PER_MAILBOX_DAY } from '../../modules/newsletter/confirmation-quota.ts';
import { normalisedMailbox } from '../../modules/newsletter/mailbox.ts';
import { ClientQuota, type QuotaClient } from './client-quota.ts';
import { addressKey, DAY_MS, HOUR_MS, inMinutes, Quota, userKey, WindowLimit, type QuotaLimit } from './quota.ts';
import { QuotaRepository } from './quota.repository.ts';

// The limits every costly thing is counted by (pictures, audio, confirmation mail, sign-in attempts), with
// the real repository on PGlite and a clock the test moves.
let database: Database;
let repository: QuotaRepository;
let now: number;
const clock = () => now;
const START = Date.UTC(2026, 10, 27, 12, 0, 0);
const MINUTE = 60_000;

beforeAll(async () => {
  database = await serviceDatabase();
  repository = new QuotaRepository(database.db);
}, 60_000);
afterAll(() => database?.close());
beforeEach(async () => {
  now = START;
  await database.db.execute(sql`DELETE FROM quota_use`);
});

/** What a take threw: its status, message and Retry-After, or 'taken'. */
async function outcome(take: Promise<unknown>): Promise<'taken' | { status: number; message: string; retryAfter: string | string[] | undefined }> {
  try {
    await take;
    return 'taken';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.statusCode, message: error.message, retryAfter: error.headers['retry-after'] };
  }
}

const said = (seconds: number) => `back in ${seconds} s`;
const limit = (key: string, count: number, windowMs: number): QuotaLimit => ({ key, limit: count, windowMs, message: (s) => said(s) });
const storedUses = async () =>
  (await database.db.execute<{ key: string }>(sql`SELECT key FROM quota_use ORDER BY key`)).rows.map((r: { key: string }) => r.key);

describe('a quota', () => {
  it('allows the limit within the window, refuses the next with when to come back, and allows again once the first use leaves it', async () => {
    const quota = new Quota(repository, 'things', clock);
    const three = [limit('k', 3, HOUR_MS)];
    for (const minute of [0, 10, 20]) {
      now = START + minute * MINUTE;
      expect(await outcome(quota.take(three))).toBe('taken');
    }
    now = START + 30 * MINUTE;
    // The first use (at 0) leaves the window at 60 minutes: 30 minutes from now.
    expect(await outcome(quota.take(three))).toEqual({ status: 429, message: said(30 * 60), retryAfter: String(30 * 60) });
    expect(await quota.used('k', HOUR_MS)).toBe(3);
    // Exactly an hour after the first use, it no longer counts.
    now = START + HOUR_MS;
    expect(await outcome(quota.take(three))).toBe('taken');
    expect(await quota.used('k', HOUR_MS)).toBe(3);
    // One millisecond before the second use leaves, the window is full again.
    now = START + 10 * MINUTE + HOUR_MS - 1;
    expect(await outcome(quota.take(three))).toMatchObject({ status: 429, retryAfter: '1' });
    now = START + 10 * MINUTE + HOUR_MS;
    expect(await outcome(quota.take(three))).toBe('taken');
  });

  it('counts one use against every key, refuses for the first spent limit in order, and counts nothing when refused', async () => {
    const quota = new Quota(repository, 'things', clock);
    expect(await outcome(quota.take([limit('a', 1, HOUR_MS), limit('b', 5, HOUR_MS)]))).toBe('taken');
    expect([await quota.used('a', HOUR_MS), await quota.used('b', HOUR_MS)]).toEqual([1, 1]);
    const refused = await outcome(
      quota.take([
        { key: 'b', limit: 5, windowMs: HOUR_MS, message: () => 'b spent' },
        { key: 'a', limit: 1, windowMs: HOUR_MS, message: () => 'a spent' },
        { key: 'c', limit: 0, windowMs: HOUR_MS, message: () => 'c spent' },
      ]),
    );
    expect(refused).toMatchObject({ message: 'a spent' });
    expect([await quota.used('a', HOUR_MS), await quota.used('b', HOUR_MS), await quota.used('c', HOUR_MS)]).toEqual([1, 1, 0]);
    // Two limits of one key (an hour's and a day's) count a use once.
    expect(await outcome(quota.take([limit('d', 5, HOUR_MS), limit('d', 9, DAY_MS)]))).toBe('taken');
    expect(await quota.used('d', DAY_MS)).toBe(1);
  });

  it('keeps each named quota’s count apart, and stores keys under its name', async () => {
    const pictures = new Quota(repository, 'pictures', clock);
    const audio = new Quota(repository, 'audio', clock);
    expect(await outcome(pictures.take([limit('k', 1, HOUR_MS)]))).toBe('taken');
    expect(await outcome(audio.take([limit('k', 1, HOUR_MS)]))).toBe('taken');
    expect(await outcome(pictures.take([limit('k', 1, HOUR_MS)]))).toMatchObject({ status: 429 });
    expect(await storedUses()).toEqual(['audio:k', 'pictures:k']);
  });

  it('never says to wait longer than the window, even when the oldest use counted is stamped after this take began', async () => {
    const quota = new Quota(repository, 'things', clock);
    // Another process stamped its use a little later than this one's clock reads.
    await repository.take([], ['things:k'], new Date(START + 5_000));
    const refused = await outcome(quota.take([limit('k', 1, HOUR_MS)]));
    expect(refused).toEqual({ status: 429, message: said(HOUR_MS / 1000), retryAfter: String(HOUR_MS / 1000) });
  });

  it('refuses again from memory, without counting, until the limit frees up, when asked to', async () => {
    const quota = new Quota(repository, 'things', clock);
    const one = [limit('k', 1, HOUR_MS)];
    expect(await outcome(quota.take(one, { refuseFromMemory: true }))).toBe('taken');
    now = START + 20 * MINUTE;
    expect(await outcome(quota.take(one, { refuseFromMemory: true }))).toMatchObject({ retryAfter: String(40 * 60) });
    // The database's count is gone (another process freed it, say): the memory still refuses, and says
    // the time left from its own reckoning.
    await database.db.execute(sql`DELETE FROM quota_use`);
    now = START + 50 * MINUTE;
    expect(await outcome(quota.take(one, { refuseFromMemory: true }))).toEqual({ status: 429, message: said(10 * 60), retryAfter: String(10 * 60) });
    // Without the option the database is asked.
    expect(await outcome(quota.take(one))).toBe('taken');
    // Once the remembered time has passed, the database is asked again.
    await database.db.execute(sql`DELETE FROM quota_use`);
    now = START + HOUR_MS;
    expect(await outcome(quota.take(one, { refuseFromMemory: true }))).toBe('taken');
  });

  it('sweeps uses older than a day every ten minutes, and a short-lived quota’s own uses after its longest window', async () => {
    const pages = new Quota(repository, 'pages', clock, 2 * MINUTE);
    const other = new Quota(repository, 'pagesX', clock);
    await repository.take([], ['pages:old', 'pagesX:old', 'elsewhere:old'], new Date(START - DAY_MS - 1));
    await repository.take([], ['pages:recent', 'pagesX:recent', 'elsewhere:recent'], new Date(START - 3 * MINUTE));
    expect(await outcome(pages.take([limit('k', 9, MINUTE)]))).toBe('taken');
    // Older than a day: gone for every quota. Older than this quota's two minutes: gone for its keys only
    // (not for a quota whose name merely begins the same).
    expect(await storedUses()).toEqual(['elsewhere:recent', 'pages:k', 'pagesX:recent']);
    // Within ten minutes nothing is swept again.
    await repository.take([], ['pages:old2', 'elsewhere:old2'], new Date(START - DAY_MS - 1));
    now = START + 10 * MINUTE - 1;
    expect(await outcome(pages.take([limit('k', 9, MINUTE)]))).toBe('taken');
    expect(await storedUses()).toContain('pages:old2');
    // Ten minutes after the last sweep, the same quota sweeps again.
    now = START + 10 * MINUTE;
    expect(await outcome(pages.take([limit('k', 9, MINUTE)]))).toBe('taken');
    expect(await storedUses()).not.toContain('elsewhere:old2');
    expect(await storedUses()).not.toContain('pages:old2');
    // A quota of its own sweeps on its own first take.
    await repository.take([], ['elsewhere:old3'], new Date(now - DAY_MS - 1));
    expect(await outcome(other.take([limit('k', 9, MINUTE)]))).toBe('taken');
    expect(await storedUses()).not.toContain('elsewhere:old3');
  });

  it('keeps no one’s address or account in the clear', () => {
    expect(addressKey('203.0.113.7')).toMatch(/^addr:[0-9a-f]{32}$/);
    expect(addressKey('203.0.113.7')).not.toContain('203');
    expect(addressKey('203.0.113.7')).not.toBe(addressKey('203.0.113.8'));
    expect(userKey('u1')).toBe('user:u1');
  });

  it('says when to come back in whole minutes, rounded up, never "in 0 minutes"', () => {
    expect([inMinutes(0), inMinutes(1), inMinutes(60), inMinutes(61), inMinutes(3600)]).toEqual([
      'in 1 minute',
      'in 1 minute',
      'in 1 minute',
      'in 2 minutes',
      'in 60 minutes',
    ]);
  });
});

describe('a window limit (sign-in attempts, pages)', () => {
  it('takes one at a time for the same keys, so a flood at once is counted exactly, and refuses the rest from memory', async () => {
    const window = new WindowLimit(new Quota(repository, 'tries', clock), 3, HOUR_MS, (s) => `wait ${s}`);
    expect(window.limit).toBe(3);
    const results = await Promise.all(Array.from({ length: 8 }, () => outcome(window.take(['a', 'b']))));
    expect(results.filter((r) => r === 'taken')).toHaveLength(3);
    expect(results.filter((r) => r !== 'taken')).toEqual(Array(5).fill({ status: 429, message: `wait ${HOUR_MS / 1000}`, retryAfter: String(HOUR_MS / 1000) }));
    expect(await storedUses()).toEqual([...Array(3).fill('tries:a'), ...Array(3).fill('tries:b')]);
    // Another set of keys is not held up by this one's.
    expect(await outcome(window.take(['c']))).toBe('taken');
    // Refused from memory: with the count gone from the database, the spent keys are still refused.
    await database.db.execute(sql`DELETE FROM quota_use`);
    expect(await outcome(window.take(['a', 'b']))).toMatchObject({ status: 429 });
  });

  it('goes on after a refusal: the next take for those keys is answered, not left waiting', async () => {
    const window = new WindowLimit(new Quota(repository, 'tries', clock), 1, MINUTE, () => 'wait');
    expect(await outcome(window.take(['a']))).toBe('taken');
    expect(await outcome(window.take(['a']))).toMatchObject({ status: 429 });
    now = START + MINUTE;
    expect(await outcome(window.take(['a']))).toBe('taken');
  });
});

describe('a client quota (pictures, audio)', () => {
  const limits = { perHour: 2, perDay: 3, siteDaily: 5 };
  const words = {
    perHour: (n: number, comeBack: string) => `hour ${n} ${comeBack}`,
    perDay: (n: number) => `day ${n}`,
    siteDaily: 'site',
  };
  const reader = (userId: string): QuotaClient => ({ kind: 'user', userId });
  const guest: QuotaClient = { kind: 'guest' };

  it('counts a signed-in person by account and by address, a guest by address, and the site as a whole', async () => {
    const quota = new ClientQuota(new Quota(repository, 'made', clock), limits, words);
    await quota.take(reader('ann'), '198.51.100.1');
    await quota.take(guest, '198.51.100.2');
    expect(await storedUses()).toEqual(
      [`made:${addressKey('198.51.100.1')}`, `made:${addressKey('198.51.100.2')}`, 'made:site', 'made:site', `made:${userKey('ann')}`].sort(),
    );
  });

  it('refuses an account past its hour on another address, and an address past its hour under another account, saying when to come back', async () => {
    const quota = new ClientQuota(new Quota(repository, 'made', clock), limits, words);
    await quota.take(reader('ann'), '198.51.100.1');
    now = START + 15 * MINUTE;
    await quota.take(reader('ann'), '198.51.100.1');
    now = START + 20 * MINUTE;
    expect(await outcome(quota.take(reader('ann'), '198.51.100.9'))).toEqual({ status: 429, message: 'hour 2 in 40 minutes', retryAfter: String(40 * 60) });
    expect(await outcome(quota.take(reader('bob'), '198.51.100.1'))).toMatchObject({ message: 'hour 2 in 40 minutes' });
    expect(await outcome(quota.take(guest, '198.51.100.1'))).toMatchObject({ message: 'hour 2 in 40 minutes' });
    // Someone else, elsewhere, is not held back.
    expect(await outcome(quota.take(reader('bob'), '198.51.100.9'))).toBe('taken');
  });

  it('refuses past the day’s limit once the hour has freed up, and the site past its daily cap for everyone', async () => {
    const quota = new ClientQuota(new Quota(repository, 'made', clock), limits, words);
    for (const hour of [0, 1, 2]) {
      now = START + hour * HOUR_MS;
      expect(await outcome(quota.take(reader('ann'), '198.51.100.1'))).toBe('taken');
    }
    now = START + 5 * HOUR_MS;
    expect(await outcome(quota.take(reader('ann'), '198.51.100.1'))).toMatchObject({ status: 429, message: 'day 3' });
    expect(await outcome(quota.take(reader('bob'), '198.51.100.2'))).toBe('taken');
    expect(await outcome(quota.take(reader('cy'), '198.51.100.3'))).toBe('taken');
    expect(await outcome(quota.take(reader('dee'), '198.51.100.4'))).toMatchObject({ status: 429, message: 'site' });
    // A day after the first use, the site has room again.
    now = START + DAY_MS;
    expect(await outcome(quota.take(reader('dee'), '198.51.100.4'))).toBe('taken');
  });

  it('words each refusal for what is made', async () => {
    const tight = { perHour: 1, perDay: 1, siteDaily: 1 };
    const audio = new AudioQuota(new Quota(repository, 'audio', clock), { ...tight, perDay: 5, siteDaily: 5 });
    await audio.take(guest, '198.51.100.1');
    expect(await outcome(audio.take(guest, '198.51.100.1'))).toMatchObject({
      message: 'You have had 1 new passages read aloud in the last hour. Please try again in 60 minutes.',
    });
    const audioDay = new AudioQuota(new Quota(repository, 'audio-day', clock), { ...tight, perHour: 5, siteDaily: 5 });
    await audioDay.take(guest, '198.51.100.1');
    expect(await outcome(audioDay.take(guest, '198.51.100.1'))).toMatchObject({
      message: 'You have had 1 new passages read aloud today, the most one person may. Audio already made still plays. Please come back tomorrow.',
    });
    const audioSite = new AudioQuota(new Quota(repository, 'audio-site', clock), { ...tight, perHour: 5, perDay: 5 });
    await audioSite.take(guest, '198.51.100.1');
    expect(await outcome(audioSite.take(guest, '198.51.100.2'))).toMatchObject({
      message: 'Selah has read as many new passages aloud as it can today. Audio already made still plays. Please come back tomorrow.',
    });
    const pictures = new PictureQuota(new Quota(repository, 'pictures', clock), { ...tight, perDay: 5, siteDaily: 5 });
    await pictures.take(guest, '198.51.100.1');
    expect(await outcome(pictures.take(guest, '198.51.100.1'))).toMatchObject({
      message: 'You have made 1 pictures in the last hour. Please try again in 60 minutes.',
    });
    const picturesDay = new PictureQuota(new Quota(repository, 'pictures-day', clock), { ...tight, perHour: 5, siteDaily: 5 });
    await picturesDay.take(guest, '198.51.100.1');
    expect(await outcome(picturesDay.take(guest, '198.51.100.1'))).toMatchObject({
      message: 'You have made 1 pictures today, the most one person may. Please come back tomorrow.',
    });
    const picturesSite = new PictureQuota(new Quota(repository, 'pictures-site', clock), { ...tight, perHour: 5, perDay: 5 });
    await picturesSite.take(guest, '198.51.100.1');
    expect(await outcome(picturesSite.take(guest, '198.51.100.2'))).toMatchObject({
      message: 'Selah has made as many pictures as it can today. Please come back tomorrow.',
    });
  });
});

describe('confirmation mail', () => {
  it('goes to one inbox once in ten minutes and three times a day, however the address is spelt', async () => {
    const confirmations = new ConfirmationQuota(new Quota(repository, 'confirm', clock), 100);
    expect(await confirmations.take('Victim@Gmail.com')).toBe(true);
    expect(await confirmations.take('v.i.c.t.i.m+news@googlemail.com')).toBe(false);
    now = START + 10 * MINUTE - 1;
    expect(await confirmations.take('victim@gmail.com')).toBe(false);
    now = START + 10 * MINUTE;
    expect(await confirmations.take('victim+2@gmail.com')).toBe(true);
    now = START + 20 * MINUTE;
    expect(await confirmations.take('victim@gmail.com')).toBe(true);
    expect(CONFIRMATIONS_PER_MAILBOX_DAY).toBe(3);
    now = START + 30 * MINUTE;
    expect(await confirmations.take('victim@gmail.com')).toBe(false);
    now = START + DAY_MS;
    expect(await confirmations.take('victim@gmail.com')).toBe(true);
    // Another inbox was never held back.
    expect(await confirmations.take('someone@example.org')).toBe(true);
    // Counted under a hash of the inbox, never its address.
    const uses = await storedUses();
    expect(uses.filter((k) => k !== 'confirm:site').every((k) => /^confirm:mailbox:[0-9a-f]{32}$/.test(k))).toBe(true);
    expect(uses.filter((k) => k === 'confirm:site')).toHaveLength(5);
  });

  it('stops at the site’s hourly cap for every inbox', async () => {
    const confirmations = new ConfirmationQuota(new Quota(repository, 'confirm', clock), 2);
    expect(await confirmations.take('a@example.org')).toBe(true);
    expect(await confirmations.take('b@example.org')).toBe(true);
    expect(await confirmations.take('c@example.org')).toBe(false);
    now = START + HOUR_MS;
    expect(await confirmations.take('c@example.org')).toBe(true);
  });

  it('lets a failure of the database through, rather than reading it as a spent cap', async () => {
    const broken = new QuotaRepository(database.db);
    broken.take = () => Promise.reject(new Error('connection lost'));
    await expect(new ConfirmationQuota(new Quota(broken, 'confirm', clock), 2).take('a@example.org')).rejects.toThrow('connection lost');
    await expect(new ConfirmationQuota(new Quota(broken, 'confirm', clock), 2).take('a@example.org')).rejects.not.toBeInstanceOf(TooMany);
  });

  it('reads an inbox as its provider delivers it', () => {
    expect(normalisedMailbox('  V.Ictim+tag@GoogleMail.com ')).toBe('victim@gmail.com');
    expect(normalisedMailbox('first.last+x@example.org')).toBe('first.last@example.org');
    expect(normalisedMailbox('+only@example.org')).toBe('+only@example.org');
    expect(normalisedMailbox('a@b@example.org')).toBe('a@b@example.org');
  });
});
