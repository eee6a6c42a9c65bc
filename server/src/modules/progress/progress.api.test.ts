import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rankings, StudyStats, UserAchievements } from '#common/contracts/progress.ts';
import { addDays, dayIn } from '#common/progress/days.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { Browser, signUpVerified } from '../../../test/accounts.ts';
import { chapterReads, studyActivity, studyStreaks, users } from '../../db/schema.ts';

let inbox: Awaited<ReturnType<typeof startInbox>>;
let app: Awaited<ReturnType<typeof startTestApp>>;

const verses = (n: number, from = 1) => Array.from({ length: n }, (_, i) => i + from);
const read = (who: Browser, book: string, chapter: number, totalVerses: number, versesViewed: number[], completed = false) =>
  who.request('POST', '/api/track-chapter-progress', { book, chapter, totalVerses, versesViewed, completed });
const userId = async (email: string) => (await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const table = async (name: 'chapter_read' | 'study_activity' | 'reading_behavior') =>
  Number(((await app.database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${name}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n);

describe(`reading progress, streaks, stats, achievements and rankings on ${databaseKind()}`, () => {
  let ruth: Browser;
  let boaz: Browser;
  beforeAll(async () => {
    inbox = await startInbox();
    app = await startTestApp({ env: { SMTP_URL: inbox.url } });
    ruth = await signUpVerified(app, inbox, 'ruth@example.org');
    boaz = await signUpVerified(app, inbox, 'boaz@example.org');
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
  });

  it('completes a chapter at 80 % of its verses, once, whatever the browser claims', async () => {
    // John 3 has 36 verses: 29 are 80 %.
    const early = await read(ruth, 'John', 3, 36, verses(28), true);
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json()).toEqual({ completed: false, newlyCompleted: false });
    // The same verses again change nothing; the 29th completes it.
    expect((await read(ruth, 'John', 3, 36, verses(28))).json()).toEqual({ completed: false, newlyCompleted: false });
    expect((await read(ruth, 'John', 3, 36, [29])).json()).toEqual({ completed: true, newlyCompleted: true });
    expect((await read(ruth, 'John', 3, 36, verses(36))).json()).toEqual({ completed: true, newlyCompleted: false });

    const coverage = (await ruth.request('GET', '/api/book-coverage/John')).json();
    expect(coverage).toEqual({ book: 'John', chapters: 21, completed: [3] });
    const stats: StudyStats = (await ruth.request('GET', '/api/study-stats')).json();
    expect(stats.allTime.chapters).toBe(1);
    expect(stats.coverage.find((b) => b.book === 'John')).toEqual({ book: 'John', testament: 'NT', chapters: 21, completed: 1 });
    expect(stats.coverage).toHaveLength(66);
    expect((await ruth.request('GET', '/api/study-streak')).json()).toMatchObject({ currentStreak: 1, longestStreak: 1, todayCounts: true });
  });

  it('counts one chapter when two completing reports for it arrive at once', async () => {
    const lois = await signUpVerified(app, inbox, 'lois@example.org', undefined, '10.8.0.6');
    // Two tabs (or a retry beside the first try) finishing Ruth 1 (22 verses) together.
    const both = await Promise.all([read(lois, 'Ruth', 1, 22, verses(22)), read(lois, 'Ruth', 1, 22, verses(22))]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    // Completing is a conditional update: only one of the two is the one that completed it.
    expect(both.map((r) => r.json().newlyCompleted).sort()).toEqual([false, true]);
    const stats: StudyStats = (await lois.request('GET', '/api/study-stats')).json();
    expect(stats.allTime.chapters).toBe(1);
    expect(stats.week.chapters).toBe(1);
    expect(stats.calendar.map((d) => d.chapters)).toEqual([1]);
    expect(stats.coverage.find((b) => b.book === 'Ruth')?.completed).toBe(1);
    expect((await lois.request('GET', '/api/book-coverage/Ruth')).json().completed).toEqual([1]);
  });

  it('keeps two people apart: one person’s reading is never in another’s figures', async () => {
    const stats: StudyStats = (await boaz.request('GET', '/api/study-stats')).json();
    expect(stats.allTime).toEqual({ chapters: 0, minutes: 0, days: 0 });
    expect((await boaz.request('GET', '/api/book-coverage/John')).json().completed).toEqual([]);
    expect((await boaz.request('GET', '/api/study-streak')).json()).toMatchObject({ currentStreak: 0, todayCounts: false });
    const achievements: UserAchievements = (await boaz.request('GET', '/api/user-achievements')).json();
    expect(achievements.achievements.find((a) => a.id === 'first-chapter')?.earnedOn).toBeNull();
  });

  it('checks books, chapters and verses against the store, and writes nothing for bad input', async () => {
    const before = await table('chapter_read');
    const cases: [unknown, RegExp][] = [
      [{ book: 'Hezekiah', chapter: 1, totalVerses: 10, versesViewed: [1] }, /not a book of the Bible/],
      [{ book: 'John', chapter: 22, totalVerses: 10, versesViewed: [1] }, /John 22 is not in the Bible/],
      [{ book: 'John', chapter: 3, totalVerses: 2, versesViewed: [1, 2] }, /John 3 does not have 2 verses/],
      [{ book: 'John', chapter: 3, totalVerses: 36, versesViewed: [37] }, /John 3 has no verse 37/],
      [{ book: 'John', chapter: 3, totalVerses: 36, versesViewed: [0] }, /Verses are numbered from 1/],
      [{ book: 'John', chapter: 1.5, totalVerses: 36, versesViewed: [] }, /whole number/],
      [{ book: 'John', chapter: 3, totalVerses: 36, versesViewed: 'all' }, /./],
      [{ chapter: 3, totalVerses: 36, versesViewed: [] }, /book/],
    ];
    for (const [body, message] of cases) {
      const res = await ruth.request('POST', '/api/track-chapter-progress', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await table('chapter_read')).toBe(before);
  });

  it('takes a guest’s report without keeping it, and asks a guest to sign in for figures', async () => {
    const guest = new Browser(app, '10.9.0.1');
    const before = await table('chapter_read');
    expect((await read(guest, 'Ruth', 1, 22, verses(22))).statusCode).toBe(204);
    expect(await table('chapter_read')).toBe(before);
    for (const path of ['/api/study-streak', '/api/study-stats', '/api/user-achievements', '/api/book-coverage/Ruth']) {
      expect((await guest.request('GET', path)).statusCode, path).toBe(401);
    }
  });

  it('caps minutes per report and per day, and rejects absurd ones', async () => {
    const naomi = await signUpVerified(app, inbox, 'naomi@example.org', undefined, '10.8.0.1');
    expect((await naomi.request('POST', '/api/study-activity/track', { minutesSpent: 10_000 })).statusCode).toBe(400);
    for (let i = 0; i < 15; i++) await naomi.request('POST', '/api/study-activity/track', { minutesSpent: 200 });
    const [day] = (await naomi.request('GET', '/api/study-activity/recent')).json();
    expect(day.minutesSpent).toBe(720); // 60 a report at most, 12 hours a day at most
    // A beacon's text/plain body counts like JSON.
    const beacon = await naomi.request('POST', '/api/study-activity/track', JSON.stringify({ minutesSpent: 3 }), {
      'content-type': 'text/plain;charset=UTF-8',
    });
    expect(beacon.statusCode).toBe(204);
  });

  it('counts the day in the person’s own time zone', async () => {
    const eli = await signUpVerified(app, inbox, 'eli@example.org', undefined, '10.8.0.2');
    const bad = await eli.request('POST', '/api/settings', { timeZone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('That is not a time zone.');
    const saved = await eli.request('POST', '/api/settings', { timeZone: 'Pacific/Kiritimati' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().timeZone).toBe('Pacific/Kiritimati');
    await eli.request('POST', '/api/study-activity/track', { notesCreated: 1 });
    const streak = (await eli.request('GET', '/api/study-streak')).json();
    // UTC+14: usually a day ahead of UTC.
    expect(streak.today).toBe(dayIn(new Date(), 'Pacific/Kiritimati'));
    const rows = await app.database.db
      .select({ day: studyActivity.day })
      .from(studyActivity)
      .where(eq(studyActivity.userId, await userId('eli@example.org')));
    expect(rows).toEqual([{ day: streak.today }]);
  });

  it('keeps a streak through yesterday, breaks it after a missed day, and keeps the longest', async () => {
    const hannah = await signUpVerified(app, inbox, 'hannah@example.org', undefined, '10.8.0.3');
    const id = await userId('hannah@example.org');
    const today = (await hannah.request('GET', '/api/study-streak')).json().today as string;
    // Six days in a row up to yesterday, a gap before them, and ten in a row long ago.
    const days = [...verses(6).map((n) => addDays(today, -n)), ...verses(10).map((n) => addDays(today, -20 - n))];
    await app.database.db.insert(studyActivity).values(days.map((day) => ({ userId: id, day, notesCreated: 1 })));
    await app.database.db.insert(studyStreaks).values({ userId: id, currentStreak: 6, longestStreak: 10, lastDay: addDays(today, -1) });
    expect((await hannah.request('GET', '/api/study-streak')).json()).toMatchObject({ currentStreak: 6, longestStreak: 10, todayCounts: false });
    // Reading for a few minutes today carries it on.
    await hannah.request('POST', '/api/study-activity/track', { minutesSpent: 5 });
    expect((await hannah.request('GET', '/api/study-streak')).json()).toMatchObject({ currentStreak: 7, longestStreak: 10, todayCounts: true });
    const achievements: UserAchievements = (await hannah.request('GET', '/api/user-achievements')).json();
    const week = achievements.achievements.find((a) => a.id === 'streak-7')!;
    expect(week.earnedOn).toBe(addDays(today, -24)); // the old ten-day run (from day -30) reached 7 first
    // A last day ahead of today (kept while the person's zone was further east) is running, and counts today.
    const lastDay = (day: string) => app.database.db.update(studyStreaks).set({ lastDay: day }).where(eq(studyStreaks.userId, id));
    await lastDay(addDays(today, 1));
    expect((await hannah.request('GET', '/api/study-streak')).json()).toMatchObject({ currentStreak: 7, todayCounts: true });
    // A gap of two days ends it.
    await lastDay(addDays(today, -2));
    expect((await hannah.request('GET', '/api/study-streak')).json()).toMatchObject({ currentStreak: 0, longestStreak: 10 });
    // Days kept before streaks were are counted the first time the streak is asked for.
    await app.database.db.delete(studyStreaks).where(eq(studyStreaks.userId, id));
    expect((await hannah.request('GET', '/api/study-streak')).json()).toMatchObject({ currentStreak: 7, longestStreak: 10 });
  });

  it('counts a question to the AI toward the day and the first-question achievement', async () => {
    const martha = await signUpVerified(app, inbox, 'martha@example.org', undefined, '10.8.0.5');
    expect((await martha.request('GET', '/api/study-streak')).json().todayCounts).toBe(false);
    const asked = await martha.request('POST', '/api/ai/ask', { question: 'What does the Bible say about rest?' });
    expect(asked.statusCode, asked.body).toBe(200);
    await expect.poll(async () => (await martha.request('GET', '/api/study-streak')).json().todayCounts).toBe(true);
    const list: UserAchievements = (await martha.request('GET', '/api/user-achievements')).json();
    const today = (await martha.request('GET', '/api/study-streak')).json().today as string;
    expect(list.achievements.find((a) => a.id === 'first-question')).toMatchObject({ earnedOn: today });
  });

  it('counts only the person’s own highlights, notes and questions toward their achievements', async () => {
    const lydia = await signUpVerified(app, inbox, 'lydia@example.org', undefined, '10.8.0.7');
    const dorcas = await signUpVerified(app, inbox, 'dorcas@example.org', undefined, '10.8.0.8');
    for (let verse = 1; verse <= 10; verse++) {
      const made = await lydia.request('POST', '/api/highlights', {
        verse: `JOHN.1.${verse}`,
        color: 'yellow',
        reference: `John 1:${verse}`,
        text: 'In the beginning',
      });
      expect(made.statusCode, made.body).toBe(200);
    }
    expect((await lydia.request('POST', '/api/notes', { type: 'question', content: 'Who is the Word?', reference: 'John 1:1' })).statusCode).toBeLessThan(300);
    const today = (await lydia.request('GET', '/api/study-streak')).json().today as string;
    const of = async (who: Browser) => {
      const list: UserAchievements = (await who.request('GET', '/api/user-achievements')).json();
      return Object.fromEntries(
        ['highlights-10', 'note-question', 'first-question'].map((id) => {
          const a = list.achievements.find((x) => x.id === id)!;
          return [id, { earnedOn: a.earnedOn, current: a.current }];
        }),
      );
    };
    expect(await of(lydia)).toMatchObject({ 'highlights-10': { earnedOn: today, current: 10 }, 'note-question': { earnedOn: today } });
    expect(await of(dorcas)).toEqual({
      'highlights-10': { earnedOn: null, current: 0 },
      'note-question': { earnedOn: null, current: 0 },
      'first-question': { earnedOn: null, current: 0 },
    });
  });

  it('lists every achievement with progress, and keeps one earned after its cause is deleted', async () => {
    const list: UserAchievements = (await ruth.request('GET', '/api/user-achievements')).json();
    expect(list.achievements.length).toBeGreaterThanOrEqual(20);
    const first = list.achievements.find((a) => a.id === 'first-chapter')!;
    expect(first.earnedOn).toBe((await ruth.request('GET', '/api/study-streak')).json().today);
    expect(list.achievements.find((a) => a.id === 'gospel')).toMatchObject({ earnedOn: null, current: 1, target: 21 });

    const note = await ruth.request('POST', '/api/notes', { type: 'question', content: 'Who is my neighbour?', reference: 'Luke 10:29' });
    expect(note.statusCode, note.body).toBeLessThan(300);
    const withNote: UserAchievements = (await ruth.request('GET', '/api/user-achievements')).json();
    expect(withNote.achievements.find((a) => a.id === 'note-question')).toMatchObject({ earnedOn: first.earnedOn });
    await ruth.request('DELETE', `/api/notes/${note.json().id}`);
    const after: UserAchievements = (await ruth.request('GET', '/api/user-achievements')).json();
    expect(after.achievements.find((a) => a.id === 'note-question')).toMatchObject({ earnedOn: first.earnedOn });
  });

  it('records track-behavior for the person only, keeping the furthest they got', async () => {
    const body = {
      contentType: 'bible_chapter',
      contentId: 'John_3',
      completionPercentage: 55.5,
      interactions: { verses_viewed: 20, chapter_completed: false },
    };
    expect((await boaz.request('POST', '/api/personalization/track-behavior', body)).statusCode).toBe(204);
    expect((await boaz.request('POST', '/api/personalization/track-behavior', { ...body, completionPercentage: 10 })).statusCode).toBe(204);
    const rows = (await app.database.db.execute(sql`SELECT content_id, completion_percentage FROM reading_behavior`)) as unknown as { rows: unknown[] };
    expect(rows.rows).toEqual([{ content_id: 'John_3', completion_percentage: 56 }]);
    for (const bad of [
      { ...body, contentType: 'video' },
      { ...body, contentId: 'John_99' },
      { ...body, contentId: 'Nowhere_1' },
      { ...body, completionPercentage: 101 },
      { ...body, interactions: { hacked: true } },
    ]) {
      const res = await boaz.request('POST', '/api/personalization/track-behavior', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await table('reading_behavior')).toBe(1);
  });

  it('ranks by display name only, never email; opted-out and nameless people are left out', async () => {
    await ruth.request('POST', '/api/settings', { displayName: 'Ruth of Moab' });
    await boaz.request('POST', '/api/settings', { displayName: 'Boaz' });
    // Boaz reads two chapters: Ruth 1 and 2.
    await read(boaz, 'Ruth', 1, 22, verses(22));
    await read(boaz, 'Ruth', 2, 23, verses(23));
    const board: Rankings = (await ruth.request('GET', '/api/rankings?by=chapters&period=week')).json();
    expect(board.entries.map((e) => [e.rank, e.displayName, e.score, e.isYou])).toEqual([
      [1, 'Boaz', 2, false],
      [2, 'Ruth of Moab', 1, true],
    ]);
    expect(board.you).toEqual({ rank: 2, score: 1, listed: true });
    expect(JSON.stringify(board)).not.toMatch(/@example\.org/);

    const streaks: Rankings = (await new Browser(app, '10.9.0.2').request('GET', '/api/rankings?by=streak')).json();
    expect(streaks.you).toBeNull();
    expect(streaks.entries.map((e) => e.displayName)).toEqual(expect.arrayContaining(['Boaz', 'Ruth of Moab']));

    await boaz.request('POST', '/api/settings', { showInRankings: false });
    await read(ruth, 'Ruth', 1, 22, verses(22)); // a completion refreshes the kept board
    const without: Rankings = (await boaz.request('GET', '/api/rankings?by=chapters&period=all')).json();
    expect(without.entries.map((e) => e.displayName)).toEqual(['Ruth of Moab']);
    expect(without.you).toEqual({ rank: null, score: 0, listed: false });
    expect((await ruth.request('GET', '/api/rankings?by=likes')).statusCode).toBe(400);
  });

  it('moves a guest’s browser progress into the account, and moving it twice changes nothing', async () => {
    const jesse = await signUpVerified(app, inbox, 'jesse@example.org', undefined, '10.8.0.4');
    const today = (await jesse.request('GET', '/api/study-streak')).json().today as string;
    const move = {
      chapters: [
        { book: 'Psalms', chapter: 23, day: addDays(today, -1), totalVerses: 6, versesViewed: verses(6) },
        { book: 'Psalms', chapter: 1, day: addDays(today, -2), totalVerses: 6, versesViewed: [1] },
      ],
      days: [
        { day: addDays(today, -2), minutesSpent: 12, versesHighlighted: 0, notesCreated: 0, questionsAsked: 0 },
        { day: addDays(today, -1), minutesSpent: 3, versesHighlighted: 1, notesCreated: 0, questionsAsked: 0 },
      ],
    };
    for (let i = 0; i < 2; i++) {
      const res = await jesse.request('POST', '/api/progress/import', move);
      expect(res.statusCode, res.body).toBe(200);
    }
    const stats: StudyStats = (await jesse.request('GET', '/api/study-stats')).json();
    expect(stats.allTime).toEqual({ chapters: 1, minutes: 15, days: 2 });
    expect(stats.streak).toMatchObject({ currentStreak: 2, todayCounts: false });
    const future = await jesse.request('POST', '/api/progress/import', { chapters: [], days: [{ ...move.days[0], day: addDays(today, 5) }] });
    expect(future.statusCode).toBe(400);
    const longAgo = await jesse.request('POST', '/api/progress/import', { chapters: [], days: [{ ...move.days[0], day: addDays(today, -400) }] });
    expect(longAgo.statusCode).toBe(400);
    expect(longAgo.json().message).toMatch(/only a year of reading history/);
    // Moved chapters are the person's own figures, not the community's: the chapters board does not count them.
    await jesse.request('POST', '/api/settings', { displayName: 'Jesse of Bethlehem' });
    const board: Rankings = (await jesse.request('GET', '/api/rankings?by=chapters&period=all')).json();
    expect(board.entries.map((e) => e.displayName)).not.toContain('Jesse of Bethlehem');
    // The browser's word is taken a few times a day at most.
    expect((await jesse.request('POST', '/api/progress/import', move)).statusCode).toBe(200);
    const again = await jesse.request('POST', '/api/progress/import', move);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/moved in already today/);
    expect((await new Browser(app).request('POST', '/api/progress/import', move)).statusCode).toBe(401);
    const rows = await app.database.db
      .select()
      .from(chapterReads)
      .where(eq(chapterReads.userId, await userId('jesse@example.org')));
    expect(rows).toHaveLength(2);
  });
});
