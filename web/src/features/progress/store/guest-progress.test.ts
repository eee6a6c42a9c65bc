import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Highlight, Note } from '#common/contracts/study.ts';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import {
  clearGuestProgress,
  guestAchievements,
  guestBookCoverage,
  guestProgressForImport,
  guestStudyStats,
  guestStudyStreak,
  guestToday,
  recordGuestActivity,
  recordGuestChapterProgress,
} from './guest-progress.ts';
import { notePendingMinutes } from './pending-minutes.ts';

const store = new Map<string, string>();
const fakeStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
};

/** Moves the browser's clock to noon UTC of a day (the tests run in UTC unless TZ says otherwise). */
const onDay = (day: string) => vi.setSystemTime(new Date(`${day}T12:00:00Z`));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const read = (book: string, chapter: number, totalVerses: number, versesViewed: number[], completed = false) =>
  recordGuestChapterProgress({ book, chapter, totalVerses, versesViewed, completed });

beforeEach(() => {
  store.clear();
  vi.stubGlobal('localStorage', fakeStorage);
  vi.useFakeTimers({ toFake: ['Date'] });
  onDay('2026-03-04');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a guest's minutes noted as a page closed", () => {
  it('joins the day they were read on once the store loads, and only once', () => {
    notePendingMinutes(7);
    notePendingMinutes(5);
    notePendingMinutes(0);
    expect(store.get(STORAGE_KEYS.guestPendingMinutes)).toBe('{"2026-03-04":12}');
    expect(guestStudyStats(guestToday()).allTime.minutes).toBe(12);
    expect(store.has(STORAGE_KEYS.guestPendingMinutes)).toBe(false);
    expect(guestStudyStats(guestToday()).allTime.minutes).toBe(12);
    // A day with five minutes or more counts toward the streak.
    expect(guestStudyStreak(guestToday()).currentStreak).toBe(1);
  });
});

describe("a guest's chapters", () => {
  it('adds up the verses seen across visits and completes the chapter the first time they reach 80 %', () => {
    expect(read('John', 3, 10, range(1, 5))).toEqual({ completed: false, newlyCompleted: false });
    expect(read('John', 3, 10, range(4, 7))).toEqual({ completed: false, newlyCompleted: false });
    expect(read('John', 3, 10, [8])).toEqual({ completed: true, newlyCompleted: true });
    expect(read('John', 3, 10, [9])).toEqual({ completed: true, newlyCompleted: false });
    expect(guestBookCoverage('John')).toEqual({ book: 'John', chapters: 21, completed: [3] });
    expect(guestStudyStats(guestToday()).week.chapters).toBe(1);
  });

  it('counts a chapter read to the end again on a later day as read that day, once', () => {
    read('Psalms', 23, 6, range(1, 6), true);
    read('Psalms', 23, 6, range(1, 6), true);
    onDay('2026-03-05');
    expect(read('Psalms', 23, 6, range(1, 6), true).newlyCompleted).toBe(true);
    const stats = guestStudyStats('2026-03-05');
    expect(stats.calendar.map((d) => [d.day, d.chapters])).toEqual([
      ['2026-03-04', 1],
      ['2026-03-05', 1],
    ]);
    expect(stats.coverage.find((b) => b.book === 'Psalms')!.completed).toBe(1);
  });

  it('bounds what it keeps and reads foreign data as nothing', () => {
    store.set(STORAGE_KEYS.guestProgress, 'not json');
    expect(guestBookCoverage('John').completed).toEqual([]);
    const days = Object.fromEntries(
      range(0, 2_099).map((i) => [new Date(Date.UTC(2015, 0, 1 + i)).toISOString().slice(0, 10), { minutesSpent: 10, chaptersRead: 0 }]),
    );
    store.set(STORAGE_KEYS.guestProgress, JSON.stringify({ chapters: [{ book: 'John', chapter: 'x' }], days: { ...days, 'not-a-day': { minutesSpent: 5 } } }));
    recordGuestActivity({ minutesSpent: 1 });
    const kept = JSON.parse(store.get(STORAGE_KEYS.guestProgress)!) as { chapters: unknown[]; days: Record<string, unknown> };
    expect(kept.chapters).toEqual([]);
    expect(Object.keys(kept.days)).toHaveLength(2_000);
    expect(kept.days['2026-03-04']).toBeDefined();
    expect(kept.days['2015-01-01']).toBeUndefined();
  });
});

describe("a guest's study days", () => {
  it('adds activity to the browser’s today and caps minutes as the server does', () => {
    recordGuestActivity({ minutesSpent: 3 });
    recordGuestActivity({ minutesSpent: 500 });
    recordGuestActivity({ versesHighlighted: 2, notesCreated: 1, questionsAsked: 1 });
    const [day] = guestStudyStats('2026-03-04').calendar;
    expect(day).toEqual({ day: '2026-03-04', chapters: 0, minutes: 63, counts: true });
  });

  it('keeps a streak with the days that count: a chapter, 5 minutes, or a study action', () => {
    onDay('2026-03-01');
    recordGuestActivity({ minutesSpent: 5 });
    onDay('2026-03-02');
    recordGuestActivity({ questionsAsked: 1 });
    onDay('2026-03-03');
    read('John', 1, 10, range(1, 8));
    onDay('2026-03-04');
    recordGuestActivity({ minutesSpent: 4 });
    expect(guestStudyStreak('2026-03-04')).toEqual({ currentStreak: 3, longestStreak: 3, todayCounts: false, today: '2026-03-04' });
    expect(guestStudyStreak('2026-03-05').currentStreak).toBe(0);
  });

  it('totals the week from Monday, the month from the 1st, and all time', () => {
    onDay('2026-02-27');
    recordGuestActivity({ minutesSpent: 10 });
    onDay('2026-03-01'); // a Sunday: last week
    recordGuestActivity({ minutesSpent: 20 });
    onDay('2026-03-02'); // Monday
    recordGuestActivity({ minutesSpent: 2 });
    read('John', 1, 10, range(1, 10), true);
    const stats = guestStudyStats('2026-03-04');
    expect(stats.week).toEqual({ chapters: 1, minutes: 2, days: 1 });
    expect(stats.month).toEqual({ chapters: 1, minutes: 22, days: 2 });
    expect(stats.allTime).toEqual({ chapters: 1, minutes: 32, days: 3 });
    expect(stats.coverage).toHaveLength(66);
    expect(stats.coverage[0]).toEqual({ book: 'Genesis', testament: 'OT', chapters: 50, completed: 0 });
    expect(stats.coverage.find((b) => b.book === 'John')).toEqual({ book: 'John', testament: 'NT', chapters: 21, completed: 1 });
  });

  it('shows 53 weeks of calendar from a Monday, only days with activity', () => {
    onDay('2025-03-02'); // the Sunday before the first calendar week
    recordGuestActivity({ minutesSpent: 30 });
    onDay('2025-03-03');
    recordGuestActivity({ minutesSpent: 1 });
    onDay('2026-03-04');
    expect(guestStudyStats('2026-03-04').calendar).toEqual([{ day: '2025-03-03', chapters: 0, minutes: 1, counts: false }]);
  });
});

describe("a guest's achievements", () => {
  const highlight = (i: number, createdAt: string): Highlight =>
    ({ id: `h${i}`, verse: `JHN.3.${i}`, reference: `John 3:${i}`, color: 'yellow', text: 't', userId: 'guest', createdAt }) as unknown as Highlight;

  it('reads chapters, highlights, notes and questions, and keeps what was earned', () => {
    onDay('2026-03-02');
    read('John', 3, 10, range(1, 8));
    recordGuestActivity({ questionsAsked: 1 });
    const highlights = range(1, 10).map((i) => highlight(i, `2026-03-0${i < 5 ? 2 : 3}T09:00:00Z`));
    store.set(STORAGE_KEYS.guestHighlights, JSON.stringify(highlights));
    const note = { id: 'n1', type: 'question', content: 'Why?', reference: 'John 3:3', title: 'q', userId: 'guest', createdAt: '2026-03-01T08:00:00Z' };
    store.set(STORAGE_KEYS.guestNotes, JSON.stringify([note as unknown as Note]));
    const earned = () => new Map(guestAchievements('2026-03-04').achievements.map((a) => [a.id, a.earnedOn]));
    let got = earned();
    expect(got.get('first-chapter')).toBe('2026-03-02');
    expect(got.get('highlights-10')).toBe('2026-03-03');
    expect(got.get('note-question')).toBe('2026-03-01');
    expect(got.get('first-question')).toBe('2026-03-02');
    expect(got.get('first-share')).toBeNull();
    store.delete(STORAGE_KEYS.guestHighlights);
    got = earned();
    expect(got.get('highlights-10')).toBe('2026-03-03');
  });
});

describe('moving a guest into an account', () => {
  it('offers nothing when nothing was kept', () => {
    expect(guestProgressForImport()).toBeNull();
  });

  it('gives chapters with their day and verses, and days with their activity, then clears', () => {
    onDay('2026-03-02');
    read('John', 3, 10, range(1, 8));
    onDay('2026-03-03');
    read('John', 4, 54, [1, 2]);
    recordGuestActivity({ minutesSpent: 7, notesCreated: 1 });
    expect(guestProgressForImport()).toEqual({
      chapters: [
        { book: 'John', chapter: 3, day: '2026-03-02', totalVerses: 10, versesViewed: range(1, 8) },
        { book: 'John', chapter: 4, day: '2026-03-03', totalVerses: 54, versesViewed: [1, 2] },
      ],
      days: [{ day: '2026-03-03', minutesSpent: 7, versesHighlighted: 0, notesCreated: 1, questionsAsked: 0 }],
    });
    clearGuestProgress();
    expect(guestProgressForImport()).toBeNull();
    expect(store.has(STORAGE_KEYS.guestProgress)).toBe(false);
  });
});
