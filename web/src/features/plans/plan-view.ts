import type { PlanInfo, PlanStatus } from '#common/contracts/plans.ts';
import { countOf, en } from '#common/text/plural.ts';
import { PROTESTANT_CANON } from '#common/scripture/canon.ts';
import { passageName } from '#common/scripture/passage-name.ts';
import { CUSTOM_PLAN_MAX_DAYS, planInfo } from '#common/plans/plans.ts';
import { addDays, daysBetween, isDay } from '#common/progress/days.ts';
import { formatDate } from '#common/dates/format-date.ts';

/** Words and figures for the reading plans page. */

/** "John 3", "Psalm 23". */
export const readingTitle = (r: { book: string; chapter: number }) => passageName(r);

export function behindText(n: number): string {
  return `You are ${countOf(n, en('reading'))} behind`;
}

/** Whole percent read; only a plan read to the end shows 100. */
export function percentDone(done: number, total: number): number {
  if (total <= 0 || done <= 0) return 0;
  if (done >= total) return 100;
  return Math.min(99, Math.floor((done / total) * 100));
}

/** The plans still being read first (in the order kept), then the finished ones, the latest first. */
export function splitPlans(plans: readonly PlanStatus[]): { active: PlanStatus[]; finished: PlanStatus[] } {
  return {
    active: plans.filter((p) => !p.finishedOn),
    finished: plans.filter((p) => p.finishedOn).sort((a, b) => b.finishedOn!.localeCompare(a.finishedOn!)),
  };
}

export const TESTAMENT_BOOKS = {
  OT: PROTESTANT_CANON.filter((b) => b.testament === 'OT').map((b) => b.name),
  NT: PROTESTANT_CANON.filter((b) => b.testament === 'NT').map((b) => b.name),
} as const;

/** The last end date the server takes for a plan of one's own (ten years, today counting as the first day). */
export const latestEndDate = (today: string) => addDays(today, CUSTOM_PLAN_MAX_DAYS - 1);

export type CustomPreview =
  | { ok: true; info: PlanInfo; chapters: number; days: number; minutesPerDay: number; fewerDays: boolean }
  | { ok: false; field: 'books' | 'endDate'; message: string };

/**
 * What a plan of one's own would be, worked out as the server will: the days from today to the end date,
 * each day's share balanced by verses. With fewer chapters than days, the plan is a chapter a day and ends sooner.
 */
export function customPreview(books: readonly string[], endDate: string, today: string): CustomPreview {
  if (books.length === 0) return { ok: false, field: 'books', message: 'Choose at least one book.' };
  if (!endDate || !isDay(endDate)) return { ok: false, field: 'endDate', message: 'Choose the day to finish by.' };
  const days = daysBetween(today, endDate) + 1;
  if (days < 1) return { ok: false, field: 'endDate', message: 'Choose an end date from today on.' };
  if (days > CUSTOM_PLAN_MAX_DAYS) return { ok: false, field: 'endDate', message: 'Choose an end date within ten years.' };
  const info = planInfo({ id: 'custom', books, days });
  return { ok: true, info, chapters: info.chapters, days: info.days, minutesPerDay: info.minutesPerDay, fewerDays: info.days < days };
}

/** "1,189 chapters in 365 days, about 12 minutes a day". */
export function previewText(p: Extract<CustomPreview, { ok: true }>): string {
  return `${countOf(p.chapters, en('chapter'))} in ${countOf(p.days, en('day'))}, about ${countOf(p.minutesPerDay, en('minute'))} a day`;
}

/** A calendar day ('2026-03-12') as people write it: "12 March 2026" (the app's one day style). */
export function longDate(day: string): string {
  return formatDate(day) ?? day;
}
