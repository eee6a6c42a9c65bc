import { addDays, weekStart } from '#common/progress/days.ts';
import { countOf, en } from '#common/text/plural.ts';
import { longDate } from './stats-text.ts';
import { formatDate } from '#common/dates/format-date.ts';

/** One day of study as GET /api/study-stats sends it. */
export interface CalendarDay {
  day: string;
  chapters: number;
  minutes: number;
  /** Whether the day kept the streak (a highlight or a note counts without any reading). */
  counts: boolean;
}

export type StudyLevel = 0 | 1 | 2 | 3 | 4;

export interface CalendarCell extends CalendarDay {
  level: StudyLevel;
  /** "12 March 2026: 2 chapters, 25 minutes": the cell's title and what a screen reader hears. */
  label: string;
}

export interface CalendarLayout {
  /** Oldest week first; each week Monday to Sunday; days after today are null. */
  weeks: (CalendarCell | null)[][];
  /** The columns where a month begins, with its short name. */
  months: { column: number; label: string }[];
  /** Days in the year shown that kept the streak. */
  studyDays: number;
}

/** A year of weeks, as the heatmaps people know draw it, with this week last. */
export const CALENDAR_WEEKS = 53;
// A month's name needs about three columns; one squeezed in before the next would overlap it.
const MONTH_LABEL_COLUMNS = 3;

/**
 * How much a day held, on fixed steps so the legend means the same for everyone: any study at all,
 * then a chapter or a quarter hour, three chapters or half an hour, five chapters or an hour.
 */
export function studyLevel(d: Pick<CalendarDay, 'chapters' | 'minutes' | 'counts'>): StudyLevel {
  if (d.chapters >= 5 || d.minutes >= 60) return 4;
  if (d.chapters >= 3 || d.minutes >= 30) return 3;
  if (d.chapters >= 1 || d.minutes >= 15) return 2;
  return d.counts || d.minutes > 0 ? 1 : 0;
}

export function dayLabel(d: CalendarDay): string {
  const parts = [d.chapters > 0 && countOf(d.chapters, en('chapter')), d.minutes > 0 && countOf(d.minutes, en('minute'))].filter(Boolean);
  // A day kept by a highlight, a note or a question has no reading to count, but it did count.
  const what = parts.length ? parts.join(', ') : d.counts ? 'studied' : 'no study';
  return `${longDate(d.day)}: ${what}`;
}

export function calendarLayout(today: string, days: readonly CalendarDay[]): CalendarLayout {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const first = addDays(weekStart(today), -7 * (CALENDAR_WEEKS - 1));
  const weeks: (CalendarCell | null)[][] = [];
  const months: CalendarLayout['months'] = [];
  let studyDays = 0;
  for (let w = 0; w < CALENDAR_WEEKS; w++) {
    const monday = addDays(first, 7 * w);
    const week: (CalendarCell | null)[] = [];
    for (let i = 0; i < 7; i++) {
      const day = addDays(monday, i);
      if (day > today) {
        week.push(null);
        continue;
      }
      const d = byDay.get(day) ?? { day, chapters: 0, minutes: 0, counts: false };
      if (d.counts) studyDays++;
      week.push({ ...d, day, level: studyLevel(d), label: dayLabel({ ...d, day }) });
    }
    weeks.push(week);
    // A month is named over the first week whose Monday falls in it.
    const month = Number(monday.slice(5, 7)) - 1;
    const previous = w === 0 ? -1 : Number(addDays(monday, -7).slice(5, 7)) - 1;
    if (month !== previous) months.push({ column: w, label: formatDate(monday, 'month')! });
  }
  // The first column's month is often one whose start is not shown: keep it only with room to spare.
  if (months.length > 1 && months[1]!.column - months[0]!.column < MONTH_LABEL_COLUMNS) months.shift();
  return { weeks, months, studyDays };
}
