import { addDays } from './days.ts';

export interface Streak {
  /** Days in a row up to today, or up to yesterday while today can still be kept. */
  currentStreak: number;
  longestStreak: number;
  /** Whether today already counts. */
  todayCounts: boolean;
  /** The last day that counted, if any. */
  lastDay: string | null;
}

/**
 * Streaks from the days that counted. A streak is not broken until a whole day passes without study:
 * before someone reads today, yesterday's streak still stands.
 */
export function streakOf(countingDays: Iterable<string>, today: string): Streak {
  const days = [...new Set(countingDays)].filter((d) => d <= today).sort();
  let longest = 0;
  let run = 0;
  let previous: string | undefined;
  for (const day of days) {
    run = previous !== undefined && addDays(previous, 1) === day ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  const lastDay = days.at(-1) ?? null;
  const alive = lastDay === today || lastDay === addDays(today, -1);
  return { currentStreak: alive ? run : 0, longestStreak: longest, todayCounts: lastDay === today, lastDay };
}

/** The day a run of `length` days in a row was first reached, if ever. */
export function dayStreakReached(countingDays: Iterable<string>, length: number): string | null {
  const days = [...new Set(countingDays)].sort();
  let run = 0;
  let previous: string | undefined;
  for (const day of days) {
    run = previous !== undefined && addDays(previous, 1) === day ? run + 1 : 1;
    if (run >= length) return day;
    previous = day;
  }
  return null;
}
