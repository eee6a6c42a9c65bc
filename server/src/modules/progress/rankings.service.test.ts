import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { studyActivity, studyStreaks, userSettings, users } from '../../db/schema.ts';
import { addPerson, serviceDatabase } from '../../../test/service-database.ts';
import type { Viewer } from '../../access/viewer.ts';
import { RankingsRepository } from './rankings.repository.ts';
import { RankingsService, rankOf } from './rankings.service.ts';
import { StudyDays } from './study-days.ts';
import { StudyDaysRepository } from './study-days.repository.ts';

// The community board's rules with their real repositories on PGlite, the clock in the test's hands.
let database: Database;
let now: Date;
const fresh = () =>
  new RankingsService(new RankingsRepository(database.db), new StudyDays(new StudyDaysRepository(database.db), () => now), () => now.getTime());

beforeAll(async () => {
  database = await serviceDatabase();
}, 60_000);
afterAll(() => database?.close());

async function person(displayName: string | null, settings: { timeZone?: string; showInRankings?: boolean } = {}): Promise<Viewer & { userId: string }> {
  const userId = await addPerson(database, displayName ?? 'Anonymous');
  await database.db.update(users).set({ displayName }).where(eq(users.id, userId));
  if (Object.keys(settings).length > 0) await database.db.insert(userSettings).values({ userId, ...settings });
  return { kind: 'user', userId, role: 'user' };
}
const read = (userId: string, day: string, chaptersRead: number) => database.db.insert(studyActivity).values({ userId, day, chaptersRead });
const streak = (userId: string, currentStreak: number, lastDay: string) =>
  database.db.insert(studyStreaks).values({ userId, currentStreak, longestStreak: currentStreak, lastDay });
const clear = async () => {
  await database.db.delete(users);
};

describe('rankings', () => {
  it('ranks ties together (1, 2, 2, 4)', () => {
    expect(rankOf([{ score: 9 }, { score: 5 }, { score: 5 }, { score: 1 }, { score: 1 }])).toEqual([1, 2, 2, 4, 4]);
    expect(rankOf([])).toEqual([]);
  });

  it('lists only people with a display name who have not opted out, by chapters, ties sharing a rank', async () => {
    now = new Date('2027-03-10T12:00:00Z'); // a Wednesday
    const anna = await person('Anna');
    const boaz = await person('Boaz');
    const chloe = await person('Chloe');
    const hidden = await person('Hidden', { showInRankings: false });
    const nameless = await person(null);
    const blank = await person('   ');
    for (const [who, n] of [
      [anna, 5],
      [boaz, 3],
      [chloe, 3],
      [hidden, 9],
      [nameless, 9],
      [blank, 9],
    ] as const)
      await read(who.userId, '2027-03-09', n);
    const board = await fresh().rankings(boaz, 'chapters', 'all');
    expect(board.entries).toEqual([
      { rank: 1, displayName: 'Anna', score: 5, isYou: false },
      { rank: 2, displayName: 'Boaz', score: 3, isYou: true },
      { rank: 2, displayName: 'Chloe', score: 3, isYou: false },
    ]);
    expect(board).toMatchObject({ by: 'chapters', period: 'all', total: 3, you: { rank: 2, score: 3, listed: true } });
    // Someone who opted out sees their own standing as not listed; a guest has none.
    expect((await fresh().rankings(hidden, 'chapters', 'all')).you).toEqual({ rank: null, score: 0, listed: false });
    expect((await fresh().rankings({ kind: 'guest' }, 'chapters', 'all')).you).toBeNull();
    // Listed but with nothing read yet: not on the board, and told they are listed.
    const dan = await person('Dan');
    expect((await fresh().rankings(dan, 'chapters', 'all')).you).toEqual({ rank: null, score: 0, listed: true });
    await clear();
  });

  it('counts the week from Monday and the month from the 1st of the viewer’s own calendar', async () => {
    // Monday 8 March 2027, 03:00 UTC: still Sunday the 7th in Los Angeles, already Monday in Tokyo.
    now = new Date('2027-03-08T03:00:00Z');
    const tokyo = await person('Tokyo', { timeZone: 'Asia/Tokyo' });
    const angeles = await person('Angeles', { timeZone: 'America/Los_Angeles' });
    await read(tokyo.userId, '2027-03-07', 4); // last week, for Tokyo
    await read(tokyo.userId, '2027-03-08', 1);
    await read(angeles.userId, '2027-03-01', 2); // the Monday before: this week, for Los Angeles
    await read(angeles.userId, '2027-02-28', 7); // February
    const week = (viewer: Viewer) => fresh().rankings(viewer, 'chapters', 'week');
    expect((await week(tokyo)).entries.map((e) => [e.displayName, e.score])).toEqual([['Tokyo', 1]]);
    expect((await week(angeles)).entries.map((e) => [e.displayName, e.score])).toEqual([
      ['Tokyo', 5],
      ['Angeles', 2],
    ]);
    // A guest's week is UTC's: Monday the 8th.
    expect((await week({ kind: 'guest' })).entries.map((e) => e.displayName)).toEqual(['Tokyo']);
    const month = await fresh().rankings(angeles, 'chapters', 'month');
    expect(month.entries.map((e) => [e.displayName, e.score])).toEqual([
      ['Tokyo', 5],
      ['Angeles', 2],
    ]);
    expect((await fresh().rankings(angeles, 'chapters', 'all')).entries.map((e) => [e.displayName, e.score])).toEqual([
      ['Angeles', 9],
      ['Tokyo', 5],
    ]);
    await clear();
  });

  it('shows streaks still running on each person’s own today or yesterday, longest first', async () => {
    now = new Date('2027-05-20T01:00:00Z'); // the 19th in New York (21:00), the 20th in UTC and in Auckland (13:00)
    const york = await person('York', { timeZone: 'America/New_York' });
    const auckland = await person('Auckland', { timeZone: 'Pacific/Auckland' });
    const utc = await person('Utc');
    const over = await person('Over');
    await streak(york.userId, 12, '2027-05-18'); // yesterday in New York: still running
    await streak(auckland.userId, 30, '2027-05-18'); // the same day is two days ago in Auckland: over
    await streak(utc.userId, 4, '2027-05-20');
    await streak(over.userId, 50, '2027-05-17');
    const board = await fresh().rankings(utc, 'streak', 'all');
    expect(board.entries.map((e) => [e.rank, e.displayName, e.score])).toEqual([
      [1, 'York', 12],
      [2, 'Utc', 4],
    ]);
    expect(board.you).toEqual({ rank: 2, score: 4, listed: true });
    await clear();
  });

  it('keeps each board apart: chapters by week, month and all time, and streaks, from one service', async () => {
    now = new Date('2027-08-18T12:00:00Z'); // a Wednesday
    const rankings = fresh();
    const first = await person('First');
    const second = await person('Second');
    await read(first.userId, '2027-08-18', 2); // this week
    await read(second.userId, '2027-08-02', 5); // this month, not this week
    await read(second.userId, '2027-07-01', 10); // before this month
    await streak(second.userId, 3, '2027-08-18');
    const board = async (by: 'chapters' | 'streak', period: 'week' | 'month' | 'all') =>
      (await rankings.rankings(first, by, period)).entries.map((e) => [e.displayName, e.score]);
    expect(await board('chapters', 'week')).toEqual([['First', 2]]);
    expect(await board('chapters', 'month')).toEqual([
      ['Second', 5],
      ['First', 2],
    ]);
    expect(await board('chapters', 'all')).toEqual([
      ['Second', 15],
      ['First', 2],
    ]);
    expect(await board('streak', 'week')).toEqual([['Second', 3]]);
    // The one at the top is told so.
    expect((await rankings.rankings(second, 'chapters', 'all')).you).toEqual({ rank: 1, score: 15, listed: true });
    await clear();
  });

  it('shows at most 50, and counts everyone listed', async () => {
    now = new Date('2027-06-01T12:00:00Z');
    for (let i = 0; i < 52; i++) await read((await person(`Reader ${String(i).padStart(2, '0')}`)).userId, '2027-06-01', 100 - i);
    const board = await fresh().rankings({ kind: 'guest' }, 'chapters', 'all');
    expect(board.entries).toHaveLength(50);
    expect(board.total).toBe(52);
    expect(board.entries.at(-1)).toMatchObject({ rank: 50, displayName: 'Reader 49' });
    await clear();
  });

  it('keeps a board for 15 s, reckons it again after a change, but not more often than every 2 s', async () => {
    now = new Date('2027-07-01T12:00:00Z');
    const rankings = fresh();
    const ruth = await person('Ruth');
    await read(ruth.userId, '2027-07-01', 1);
    const score = async () => (await rankings.rankings(ruth, 'chapters', 'all')).entries[0]?.score;
    expect(await score()).toBe(1);
    await database.db.update(studyActivity).set({ chaptersRead: 2 }).where(eq(studyActivity.userId, ruth.userId));
    // No change reported: the kept board answers until it is 15 s old.
    now = new Date(now.getTime() + 14_999);
    expect(await score()).toBe(1);
    now = new Date(now.getTime() + 1);
    expect(await score()).toBe(2);
    // A change reported: a board younger than 2 s is still kept, then reckoned again.
    await database.db.update(studyActivity).set({ chaptersRead: 3 }).where(eq(studyActivity.userId, ruth.userId));
    now = new Date(now.getTime() + 1_000);
    rankings.forget();
    expect(await score()).toBe(2);
    now = new Date(now.getTime() + 1_000);
    expect(await score()).toBe(3);
    // A change reported at the very moment a board was reckoned may have missed it: reckoned again too.
    await database.db.update(studyActivity).set({ chaptersRead: 5 }).where(eq(studyActivity.userId, ruth.userId));
    now = new Date(now.getTime() + 15_000);
    expect(await score()).toBe(5);
    await database.db.update(studyActivity).set({ chaptersRead: 3 }).where(eq(studyActivity.userId, ruth.userId));
    rankings.forget();
    now = new Date(now.getTime() + 2_000);
    expect(await score()).toBe(3);
    // Reckoned after the change: kept again.
    await database.db.update(studyActivity).set({ chaptersRead: 4 }).where(eq(studyActivity.userId, ruth.userId));
    now = new Date(now.getTime() + 5_000);
    expect(await score()).toBe(3);
    await clear();
  });
});
