import { addDays, dayIn } from '#common/progress/days.ts';
import { dayCounts, type DayActivity } from '#common/progress/rules.ts';
import { streakOf, type Streak } from '#common/progress/streak.ts';
import type { StudyDaysRepository } from './study-days.repository.ts';

export const NO_ACTIVITY: DayActivity = { chaptersRead: 0, minutesSpent: 0, versesHighlighted: 0, notesCreated: 0, questionsAsked: 0 };

/**
 * A person's study days. Every write lands on their own calendar day (their saved time zone; UTC
 * until the browser has sent one), and a day that comes to count moves the streak on.
 */
export class StudyDays {
  constructor(
    readonly repository: StudyDaysRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async today(userId: string): Promise<string> {
    return dayIn(this.clock(), await this.repository.timeZone(userId));
  }

  /** Adds to a day: today, or the day a report already settled on (so a chapter and its count agree at midnight). */
  async record(userId: string, activity: Partial<DayActivity>, on?: string): Promise<void> {
    const day = on ?? (await this.today(userId));
    const row = await this.repository.add(userId, day, { ...NO_ACTIVITY, ...activity });
    if (dayCounts(row)) await this.repository.extendStreak(userId, day, addDays(day, -1));
  }

  /** The streak as of today: a run that ended before yesterday is over. */
  async streak(userId: string): Promise<Streak & { today: string }> {
    const today = await this.today(userId);
    let kept = await this.repository.streak(userId);
    if (!kept) {
      // Days from before streaks were kept are counted once, the first time they are asked for.
      await this.rebuildStreak(userId);
      kept = await this.repository.streak(userId);
    }
    if (!kept) return { currentStreak: 0, longestStreak: 0, todayCounts: false, lastDay: null, today };
    // A last day after today is one the person's earlier time zone put ahead: it is running, and counts.
    const alive = kept.lastDay >= addDays(today, -1);
    return {
      currentStreak: alive ? kept.currentStreak : 0,
      longestStreak: kept.longestStreak,
      todayCounts: kept.lastDay >= today,
      lastDay: kept.lastDay,
      today,
    };
  }

  /** Counts the streak again from every day (after days were added out of order). */
  async rebuildStreak(userId: string): Promise<void> {
    const days = await this.repository.countingDays(userId);
    const last = days.at(-1);
    if (!last) return;
    const s = streakOf(days, last);
    await this.repository.saveStreak(userId, { ...s, lastDay: last });
  }
}
