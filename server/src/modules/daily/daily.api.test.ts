import { dirname } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrayerDay } from '#common/contracts/daily.ts';
import type { HomepageData } from '#common/contracts/home.ts';
import { SCRIPTURE_PRAYERS } from '#common/daily/scripture-prayers.ts';
import { addDays } from '#common/progress/days.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { startOpenAiServer } from '../../../test/openai-server.ts';
import { DailyService } from './daily.service.ts';
import { DailyRepository } from './daily.repository.ts';
import { JobClaims } from './job-claims.ts';
import { JobClaimsRepository } from './job-claims.repository.ts';
import { shapeDraft } from './prayer-writer.ts';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
const rows = async (app: TestApp, query: string) =>
  Number(((await app.database.db.execute(sql.raw(query))) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const get = async <T>(app: TestApp, url: string) => {
  const res = await app.server.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
};

describe(`the daily prayer and visual contemplation on ${databaseKind()}`, () => {
  let app: TestApp;
  let second: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp();
  }, 60_000);
  afterAll(async () => {
    await second?.stop();
    await app?.stop();
  });

  it('says there is no prayer until the day’s is written', async () => {
    const home = await get<HomepageData>(app, '/api/homepage');
    expect(home.prayer).toBeNull();
    expect(home.visualContemplation).toBeNull();
  });

  it('writes each day’s prayer and picture once, however many processes run the job', async () => {
    // On PostgreSQL a second app on the same database; on PGlite (one process) a second service on the same one.
    let other: { catchUp(): Promise<void> };
    if (process.env.TEST_DATABASE_URL) {
      // Processes of one site share their media (a folder, or a bucket): a picture either writes, both serve.
      second = await startTestApp({ keepTables: true, env: { DATA_DIR: dirname(app.libraryRoot) } });
      other = second.daily;
    } else {
      const db = app.database.db;
      const pictures = (app.daily as unknown as { pictures: ConstructorParameters<typeof DailyService>[3] }).pictures;
      other = new DailyService(new DailyRepository(db), new JobClaims(new JobClaimsRepository(db)), app.bible, pictures, async () => null);
    }
    await Promise.all([app.daily.catchUp(), other.catchUp(), app.daily.catchUp()]);
    // Two weeks caught up after "downtime", each day once, each with one picture.
    expect(await rows(app, 'SELECT count(*)::int AS n FROM daily_prayer')).toBe(14);
    expect(await rows(app, "SELECT count(*)::int AS n FROM picture WHERE kind = 'prayer'")).toBe(14);
    expect(await rows(app, 'SELECT count(*)::int AS n FROM job_run WHERE finished_at IS NOT NULL')).toBe(14);
    // Running again changes nothing.
    await app.daily.catchUp();
    expect(await rows(app, "SELECT count(*)::int AS n FROM picture WHERE kind = 'prayer'")).toBe(14);
  }, 120_000);

  it('lets a process that made no day keep today’s pages once another process says it made it', async () => {
    // A process that lost today's claim: without the word from the one that made the day, it would render
    // the home page for every visit until its own next run of the job.
    const db = app.database.db;
    const pictures = (app.daily as unknown as { pictures: ConstructorParameters<typeof DailyService>[3] }).pictures;
    const late = new DailyService(new DailyRepository(db), new JobClaims(new JobClaimsRepository(db)), app.bible, pictures, async () => null);
    expect(late.isTodayReady()).toBe(false);
    await late.noticeMadeElsewhere();
    expect(late.isTodayReady()).toBe(true);
  });

  it('serves today’s prayer from Scripture, its words from the store, with its picture', async () => {
    const home = await get<HomepageData>(app, '/api/homepage');
    expect(home.prayer).toMatchObject({ source: 'scripture', translation: 'KJV', day: app.daily.today(), audioUrl: null });
    const chosen = SCRIPTURE_PRAYERS.find((p) => p.title === home.prayer!.title)!;
    expect(chosen).toBeDefined();
    const words = app.bible
      .passageVerses(app.bible.translation('KJV'), app.bible.reference(chosen.reference))
      .map((v) => v.text)
      .join(' ');
    expect(home.prayer!.content).toBe(words);
    expect(home.visualContemplation!.imageUrl).toMatch(/^\/media\/pictures\/prayer-[a-z0-9]+\.webp$/);
    const file = await app.server.inject({ method: 'GET', url: home.visualContemplation!.imageUrl });
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/webp']);
    // The picture endpoint, and making it again (once a minute at most: a second ask gets the same one).
    const picture = await get<{ imageUrl: string }>(app, `/api/generated-images/prayer/${home.prayer!.id}`);
    expect(picture.imageUrl).toBe(home.visualContemplation!.imageUrl);
    const remade = await app.server.inject({ method: 'POST', url: '/api/generated-images/generate', payload: { prayerId: home.prayer!.id } });
    expect(remade.statusCode, remade.body).toBe(200);
    expect(remade.json().imageUrl).toBe(picture.imageUrl);
    const missing = await app.server.inject({ method: 'POST', url: '/api/generated-images/generate', payload: { prayerId: 'no-such-prayer' } });
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'There is no prayer with that id.']);
  });

  it('reads the stored prayer aloud for Listen, made once and then served from storage', async () => {
    const home = await get<HomepageData>(app, '/api/homepage');
    const listen = () => app.server.inject({ method: 'POST', url: `/api/prayers/${home.prayer!.id}/audio` });
    const first = await listen();
    expect(first.statusCode, first.body).toBe(200);
    const made = app.audio.generations;
    const reply = first.json() as { audioUrl: string; duration: number };
    expect(reply.audioUrl).toMatch(/^\/media\/audio\/prayer-\d{4}-\d{2}-\d{2}-[0-9a-f]{20}\.mp3$/);
    // About a word every third of a second, read from the prayer's own words.
    const words = `${home.prayer!.title} ${home.prayer!.content}`.split(/\s+/).length;
    expect(reply.duration).toBeGreaterThan(words * 0.2);
    expect((await listen()).json().audioUrl).toBe(reply.audioUrl);
    expect(app.audio.generations).toBe(made);
    const file = await app.server.inject({ method: 'GET', url: reply.audioUrl });
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'audio/mpeg']);
    expect((await app.server.inject({ method: 'POST', url: '/api/prayers/nothing/audio' })).statusCode).toBe(404);
  }, 60_000);

  it('keeps an archive by day, with the days around it, and never a day after today', async () => {
    const today = app.daily.today();
    const latest = await get<PrayerDay>(app, '/api/prayers');
    expect(latest).toMatchObject({ day: today, today, next: null, previous: addDays(today, -1) });
    const past = await get<PrayerDay>(app, `/api/prayers/${addDays(today, -3)}`);
    expect(past).toMatchObject({ day: addDays(today, -3), previous: addDays(today, -4), next: addDays(today, -2) });
    expect(past.prayer?.day).toBe(addDays(today, -3));
    const oldest = await get<PrayerDay>(app, `/api/prayers/${addDays(today, -13)}`);
    expect(oldest.previous).toBeNull();
    const before = await get<PrayerDay>(app, `/api/prayers/${addDays(today, -40)}`);
    expect([before.prayer, before.next]).toEqual([null, addDays(today, -13)]);
    expect((await get<PrayerDay>(app, `/api/prayers/${addDays(today, 5)}`)).day).toBe(today);
    const bad = await app.server.inject({ method: 'GET', url: '/api/prayers/yesterday' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'A day is written YYYY-MM-DD.']);
  });

  it('chooses only whole prayers of Scripture: a cut passage an older rule stored for today is chosen again, past days keep theirs', async () => {
    const today = app.daily.today();
    const yesterday = addDays(today, -1);
    // What a fresh install used to store: Ephesians 1:17-19, which stops mid-sentence ("…his mighty power,").
    const cut = app.bible
      .passageVerses(app.bible.translation('KJV'), app.bible.reference('Ephesians 1:17-19'))
      .map((v) => v.text)
      .join(' ');
    expect(cut).toMatch(/,$/);
    await app.database.db.execute(
      sql`UPDATE daily_prayer SET title = 'The Eyes of Your Understanding', reference = 'Ephesians 1:17-19', content = ${cut} WHERE day IN (${today}, ${yesterday})`,
    );
    await Promise.all([app.daily.catchUp(), app.daily.catchUp()]);
    const now = (await get<PrayerDay>(app, '/api/prayers')).prayer!;
    expect(now.source).toBe('scripture');
    expect(now.reference).not.toBe('Ephesians 1:17-19');
    expect(SCRIPTURE_PRAYERS.map((p) => p.reference)).toContain(now.reference);
    expect(now.content).toMatch(/[.!?][’”)]?$/);
    expect((await get<PrayerDay>(app, `/api/prayers/${yesterday}`)).prayer!.content).toBe(cut);
    // Today's new prayer has its own picture, made once.
    const picture = await get<{ imageUrl: string }>(app, `/api/generated-images/prayer/${now.id}`);
    expect(picture.imageUrl).toMatch(/^\/media\/pictures\/prayer-/);
    expect(await rows(app, "SELECT count(*)::int AS n FROM job_run WHERE job = 'daily-prayer-whole'")).toBe(1);
  }, 60_000);

  it('never chooses a passage of the list that starts or stops mid-sentence in the store', async () => {
    const { scripturePrayer } = await import('./prayer-writer.ts');
    const days = Array.from({ length: SCRIPTURE_PRAYERS.length }, (_, i) => addDays('2026-01-01', i));
    const written = days.map((day) => scripturePrayer(app.bible, day)!);
    for (const [i, prayer] of written.entries()) expect(prayer.content, `${days[i]}: ${prayer.reference}`).toMatch(/[.!?][’”)]?$/);
    expect(new Set(written.map((prayer) => prayer.reference)).size).toBe(SCRIPTURE_PRAYERS.length);
  });
});

describe('a prayer drafted by the language model from the day’s verse (AI_*)', () => {
  it('keeps the model’s draft, marked as drafted, and falls back to Scripture when the model fails', async () => {
    let failing = false;
    const prayer = [
      'Rest for the Weary',
      '',
      'Lord, you call the weary to come to you, and today I come. Take the weight I carry and teach me your gentle way. ' +
        'Where I have run ahead of you, slow my steps; where I have been afraid, quiet my heart. Let your rest be more than sleep: ' +
        'let it be trust. Keep me near you through this day and all its work. Amen.',
    ].join('\n');
    const chat = await startOpenAiServer(() => (failing ? { status: 500 } : { text: prayer }));
    const app = await startTestApp({ env: { AI_BASE_URL: chat.url, AI_MODEL: 'writer-1' } });
    try {
      const today = app.daily.today();
      await app.daily.ensureDay(today);
      const drafted = (await get<PrayerDay>(app, `/api/prayers/${today}`)).prayer!;
      expect(drafted).toMatchObject({ source: 'ai', title: 'Rest for the Weary' });
      expect(drafted.content).toMatch(/^Lord, you call the weary/);
      // The model was given the day's verse.
      expect(JSON.stringify(chat.requests.at(-1)!.body.messages)).toContain(drafted.reference!);
      failing = true;
      await app.daily.ensureDay(addDays(today, -1));
      expect((await get<PrayerDay>(app, `/api/prayers/${addDays(today, -1)}`)).prayer?.source).toBe('scripture');
    } finally {
      await app.stop();
      await chat.stop();
    }
  }, 60_000);

  it('takes only a draft that is the shape of a prayer', () => {
    expect(shapeDraft('# Title\n\nToo short. Amen.', 'John 3:16')).toBeNull();
    expect(shapeDraft(`${'A very long title '.repeat(10)}\n\n${'word '.repeat(60)}`, 'John 3:16')).toBeNull();
    expect(shapeDraft(`**Title: Morning Light**\n\n${'Lord, **guide** me. '.repeat(15)}`, 'John 3:16')).toMatchObject({
      title: 'Morning Light',
      content: expect.not.stringContaining('*'),
    });
  });
});
