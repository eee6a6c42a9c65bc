import { countOf, en } from '#common/text/plural.ts';
import { formatDate } from '#common/dates/format-date.ts';

/** Words for the figures of My Stats and Rankings. */

/** "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "112th". */
export function ordinal(n: number): string {
  const teens = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teens ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n.toLocaleString('en')}${suffix}`;
}

/** A calendar day ('2026-03-12') as people write it: "12 March 2026" (the app's one day style). */
export function longDate(day: string): string {
  return formatDate(day) ?? day;
}

/** Time spent, short: "25 min", "1 h", "3 h 20 min". */
export function durationText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours.toLocaleString('en')} h ${rest} min` : `${hours.toLocaleString('en')} h`;
}

/**
 * How much of a book is read, in whole percent: a started book shows at least 1 % (one psalm of 150
 * is not nothing), and only a finished one shows 100 %.
 */
export function coveragePercent(completed: number, chapters: number): number {
  if (chapters <= 0 || completed <= 0) return 0;
  if (completed >= chapters) return 100;
  return Math.min(99, Math.max(1, Math.floor((completed / chapters) * 100)));
}

/** A ranking's score: "12 chapters", "1 chapter", "9-day streak". */
export function scoreText(by: 'chapters' | 'streak', score: number): string {
  return by === 'streak' ? `${score.toLocaleString('en')}-day streak` : countOf(score, en('chapter'));
}

/** "You are 12th of 340". */
export function placeText(rank: number, total: number): string {
  return `You are ${ordinal(rank)} of ${total.toLocaleString('en')}`;
}

interface AchievementLike {
  earnedOn: string | null;
  current: number;
  target: number;
}

/** Earned achievements, the most recent first. */
export function earnedAchievements<T extends AchievementLike>(list: readonly T[]): T[] {
  return list.filter((a) => a.earnedOn !== null).sort((a, b) => (b.earnedOn! < a.earnedOn! ? -1 : b.earnedOn! > a.earnedOn! ? 1 : 0));
}

/** Those still ahead, the nearest first (by share done, then the smaller target); ties keep their order. */
export function nextAchievements<T extends AchievementLike>(list: readonly T[]): T[] {
  const share = (a: T) => (a.target > 0 ? Math.min(1, a.current / a.target) : 0);
  return list.filter((a) => a.earnedOn === null).sort((a, b) => share(b) - share(a) || a.target - b.target);
}
