import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSettings } from '../../db/schema.ts';
import type { Database } from '../../db/client.ts';
import { addPerson, serviceDatabase } from '../../../test/service-database.ts';
import { StudyDays } from './study-days.ts';
import { StudyDaysRepository } from './study-days.repository.ts';

// The study-day rules with their real repository on PGlite, the clock in the test's hands.
let database: Database;
let now: Date;
let days: StudyDays;
const setClock = (iso: string) => (now = new Date(iso));

beforeAll(async () => {
  database = await serviceDatabase();
  days = new StudyDays(new StudyDaysRepository(database.db), () => now);
}, 60_000);
afterAll(() => database?.close());

async function person(timeZone?: string) {
  const id = await addPerson(database);
  if (timeZone) await database.db.insert(userSettings).values({ userId: id, timeZone });
  return id;
}

describe('study days and streaks', () => {
  it('counts a day once something counts on it: a chapter, five minutes, a highlight, a note or a question', async () => {
    const id = await person();
    setClock('2027-03-01T10:00:00Z');
    await days.record(id, { minutesSpent: 4 });
    expect(await days.streak(id)).toMatchObject({ currentStreak: 0, todayCounts: false, lastDay: null });
    await days.record(id, { minutesSpent: 1 });
    expect(await days.streak(id)).toMatchObject({ currentStreak: 1, longestStreak: 1, todayCounts: true, lastDay: '2027-03-01' });
    for (const [at, activity] of [
      ['2027-03-02T10:00:00Z', { chaptersRead: 1 }],
      ['2027-03-03T10:00:00Z', { versesHighlighted: 1 }],
      ['2027-03-04T10:00:00Z', { notesCreated: 1 }],
      ['2027-03-05T10:00:00Z', { questionsAsked: 1 }],
    ] as const) {
      setClock(at);
      await days.record(id, activity);
    }
    expect(await days.streak(id)).toMatchObject({ currentStreak: 5, longestStreak: 5, todayCounts: true, today: '2027-03-05' });
  });

  it('leaves a streak where it is on a second action the same day, keeps it through the next day, and ends it after a missed one', async () => {
    const id = await person();
    setClock('2027-04-01T08:00:00Z');
    await days.record(id, { notesCreated: 1 });
    setClock('2027-04-02T08:00:00Z');
    await days.record(id, { notesCreated: 1 });
    setClock('2027-04-02T20:00:00Z');
    await days.record(id, { notesCreated: 1 });
    expect(await days.streak(id)).toMatchObject({ currentStreak: 2, longestStreak: 2 });
    setClock('2027-04-03T23:59:00Z');
    expect(await days.streak(id)).toMatchObject({ currentStreak: 2, todayCounts: false });
    setClock('2027-04-04T00:01:00Z');
    expect(await days.streak(id)).toMatchObject({ currentStreak: 0, longestStreak: 2 });
    // A new run starts at one and the longest is kept.
    await days.record(id, { chaptersRead: 1 });
    expect(await days.streak(id)).toMatchObject({ currentStreak: 1, longestStreak: 2, lastDay: '2027-04-04' });
  });

  it('puts a day in the person’s own zone, and adds a report to the day it settled on', async () => {
    const id = await person('Asia/Tokyo');
    setClock('2027-05-01T15:30:00Z'); // 00:30 on 2 May in Tokyo
    expect(await days.today(id)).toBe('2027-05-02');
    await days.record(id, { chaptersRead: 1 }, '2027-05-01');
    await days.record(id, { chaptersRead: 1 });
    expect(await days.streak(id)).toMatchObject({ currentStreak: 2, today: '2027-05-02' });
    expect((await days.repository.countingDays(id)).sort()).toEqual(['2027-05-01', '2027-05-02']);
  });

  it('counts the streak again from the days themselves when none is kept yet', async () => {
    const id = await person();
    const repository = days.repository;
    for (const day of ['2027-06-01', '2027-06-02', '2027-06-03', '2027-06-05', '2027-06-06']) {
      await repository.add(id, day, { chaptersRead: 1, minutesSpent: 0, versesHighlighted: 0, notesCreated: 0, questionsAsked: 0 });
    }
    setClock('2027-06-06T12:00:00Z');
    expect(await days.streak(id)).toMatchObject({ currentStreak: 2, longestStreak: 3, lastDay: '2027-06-06', todayCounts: true });
  });
});
