import { describe, expect, it } from 'vitest';
import { addDays, dayIn, daysBetween, isDay, isTimeZone, monthStart, weekStart } from './days.ts';
import { dayStreakReached, streakOf } from './streak.ts';
import { dayCounts, versesToComplete } from './rules.ts';

describe('study days in the person’s time zone', () => {
  it('puts one instant on different days in different zones', () => {
    const instant = new Date('2026-03-08T06:30:00Z');
    expect(dayIn(instant, 'UTC')).toBe('2026-03-08');
    expect(dayIn(instant, 'America/Los_Angeles')).toBe('2026-03-07'); // 22:30 the evening before
    expect(dayIn(instant, 'Pacific/Auckland')).toBe('2026-03-08');
    expect(dayIn(new Date('2026-03-08T11:30:00Z'), 'Pacific/Auckland')).toBe('2026-03-09'); // 00:30 next day (NZDT, UTC+13)
    expect(dayIn(instant, 'Not/AZone')).toBe('2026-03-08'); // unknown zones fall back to UTC
  });

  it('keeps days whole across daylight-saving changes', () => {
    // New York springs forward on 8 March 2026 (a 23-hour day) and falls back on 1 November (25 hours).
    expect(dayIn(new Date('2026-03-08T04:59:00Z'), 'America/New_York')).toBe('2026-03-07');
    expect(dayIn(new Date('2026-03-08T05:00:00Z'), 'America/New_York')).toBe('2026-03-08');
    expect(dayIn(new Date('2026-03-09T03:59:00Z'), 'America/New_York')).toBe('2026-03-08');
    expect(dayIn(new Date('2026-03-09T04:00:00Z'), 'America/New_York')).toBe('2026-03-09');
    expect(dayIn(new Date('2026-11-02T04:59:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(dayIn(new Date('2026-11-02T05:00:00Z'), 'America/New_York')).toBe('2026-11-02');
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-11-01', -1)).toBe('2026-10-31');
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
  });

  it('reads a streak through a DST change in the zone without a break', () => {
    // Evening reading at 21:00 New York time every day around the spring change.
    const evenings = ['2026-03-06T02:00:00Z', '2026-03-07T02:00:00Z', '2026-03-08T02:00:00Z', '2026-03-09T01:00:00Z', '2026-03-10T01:00:00Z'];
    const days = evenings.map((t) => dayIn(new Date(t), 'America/New_York'));
    expect(days).toEqual(['2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09']);
    expect(streakOf(days, '2026-03-09')).toEqual({ currentStreak: 5, longestStreak: 5, todayCounts: true, lastDay: '2026-03-09' });
  });

  it('checks days and zones, and finds weeks (from Monday) and months', () => {
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-1-01')).toBe(false);
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Europe/Atlantis')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(weekStart('2026-11-25')).toBe('2026-11-23'); // a Wednesday
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // Sunday ends the week
    expect(monthStart('2026-11-25')).toBe('2026-11-01');
  });
});

describe('streaks', () => {
  it('counts days in a row up to today, or up to yesterday while today is open', () => {
    const days = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-24'];
    expect(streakOf(days, '2026-11-24')).toMatchObject({ currentStreak: 1, longestStreak: 3, todayCounts: true });
    expect(streakOf(days, '2026-11-25')).toMatchObject({ currentStreak: 1, todayCounts: false });
    expect(streakOf(days, '2026-11-26')).toMatchObject({ currentStreak: 0, longestStreak: 3 });
    expect(streakOf(['2026-11-23', '2026-11-24', '2026-11-24'], '2026-11-25').currentStreak).toBe(2);
    expect(streakOf([], '2026-11-25')).toEqual({ currentStreak: 0, longestStreak: 0, todayCounts: false, lastDay: null });
    // Days come from the database in any order.
    expect(streakOf(['2026-11-24', '2026-11-22', '2026-11-23', '2026-11-20'], '2026-11-24')).toEqual({
      currentStreak: 3,
      longestStreak: 3,
      todayCounts: true,
      lastDay: '2026-11-24',
    });
  });

  it('ignores days after today (a zone ahead of the server) and finds when a length was first reached', () => {
    expect(streakOf(['2026-11-25', '2026-11-26'], '2026-11-25')).toMatchObject({ currentStreak: 1, lastDay: '2026-11-25' });
    const days = Array.from({ length: 9 }, (_, i) => addDays('2026-01-01', i));
    expect(dayStreakReached(days, 7)).toBe('2026-01-07');
    expect(dayStreakReached(days, 10)).toBeNull();
    expect(dayStreakReached(['2026-01-03', '2026-01-01', '2026-01-02'], 3)).toBe('2026-01-03');
  });

  it('counts a day for a chapter, five minutes, or any study', () => {
    const none = { chaptersRead: 0, minutesSpent: 0, versesHighlighted: 0, notesCreated: 0, questionsAsked: 0 };
    expect(dayCounts(none)).toBe(false);
    expect(dayCounts({ ...none, minutesSpent: 4 })).toBe(false);
    expect(dayCounts({ ...none, minutesSpent: 5 })).toBe(true);
    expect(dayCounts({ ...none, chaptersRead: 1 })).toBe(true);
    expect(dayCounts({ ...none, versesHighlighted: 1 })).toBe(true);
    expect(dayCounts({ ...none, notesCreated: 1 })).toBe(true);
    expect(dayCounts({ ...none, questionsAsked: 1 })).toBe(true);
    expect(versesToComplete(36)).toBe(29);
    expect(versesToComplete(10)).toBe(8);
    expect(versesToComplete(2)).toBe(2);
  });
});
