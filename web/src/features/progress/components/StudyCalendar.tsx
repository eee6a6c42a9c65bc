import { useEffect, useMemo, useRef, useState } from 'react';
import { countOf, en } from '#common/text/plural.ts';
import { calendarLayout, type CalendarDay, type StudyLevel } from '../calendar.ts';

import { cn } from '../../../lib/cn.ts';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export const LEVEL_CLASSES: Record<StudyLevel, string> = {
  0: 'bg-stone-200 dark:bg-stone-800',
  1: 'bg-orange-200 dark:bg-orange-900',
  2: 'bg-orange-400 dark:bg-orange-700',
  3: 'bg-orange-600 dark:bg-orange-500',
  4: 'bg-orange-800 dark:bg-orange-300',
};
const LEVEL_WORDS: Record<StudyLevel, string> = {
  0: 'no study',
  1: 'some study',
  2: 'a chapter or 15 minutes',
  3: '3 chapters or 30 minutes',
  4: '5 chapters or an hour',
};
const LEVELS = [0, 1, 2, 3, 4] as const;
const square = 'block h-[11px] w-[11px] rounded-[2px]';

/**
 * The last year of study as a heatmap: a column a week, Monday at the top, today's week last. It is a
 * table, so a screen reader can walk it by weekday and week; each day says its date and what it held.
 */
export function StudyCalendar({ today, days }: { today: string; days: readonly CalendarDay[] }) {
  const { weeks, months, studyDays } = useMemo(() => calendarLayout(today, days), [today, days]);
  const scroller = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);

  // On a phone the year is wider than the screen: start at the recent end, where this week is, and
  // let the keyboard reach the scroller only when there is something to scroll.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    el.scrollLeft = el.scrollWidth;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const monthSpans = months.map((m, i) => ({ ...m, span: (months[i + 1]?.column ?? weeks.length) - m.column }));
  const lead = months[0]?.column ?? weeks.length;

  return (
    <section aria-labelledby="calendar-heading" className="card">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="calendar-heading" className="font-serif text-xl font-semibold">
          Study calendar
        </h2>
        <p className="text-sm text-stone-700 dark:text-stone-300" data-testid="calendar-study-days">
          {countOf(studyDays, en('study day'))} in the last year
        </p>
      </div>
      <div
        ref={scroller}
        role="region"
        aria-label="Study calendar, the last 53 weeks"
        // The lint rule does not know scroll regions: the keyboard must be able to scroll this one
        // (axe's scrollable-region-focusable) whenever it scrolls.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={scrolls ? 0 : undefined}
        className="relative -mx-1 overflow-x-auto px-1 pb-2"
      >
        <table className="border-separate border-spacing-[3px] text-[10px] leading-none text-stone-600 dark:text-stone-400">
          <caption className="sr-only">Days of study in the last 53 weeks, a column a week, Monday to Sunday</caption>
          <thead aria-hidden="true">
            <tr>
              <td />
              {lead > 0 && <td colSpan={lead} />}
              {monthSpans.map((m) => (
                <td key={m.column} colSpan={m.span} className="pb-0.5 text-left whitespace-nowrap">
                  {m.label}
                </td>
              ))}
            </tr>
          </thead>
          <tbody>
            {WEEKDAYS.map((weekday, row) => (
              <tr key={weekday}>
                <th scope="row" className="pr-1 text-left font-normal">
                  {/* Every other weekday is named, as on a printed calendar; all are named to a screen reader. */}
                  <span aria-hidden className={cn(row % 2 === 1 ? 'invisible' : '')}>
                    {weekday.slice(0, 3)}
                  </span>
                  <span className="sr-only">{weekday}</span>
                </th>
                {weeks.map((week, column) => {
                  const cell = week[row];
                  if (!cell) return <td key={column} />;
                  return (
                    <td key={column} className="p-0" data-day={cell.day} data-level={cell.level}>
                      <span
                        aria-hidden
                        title={cell.label}
                        className={cn(square, LEVEL_CLASSES[cell.level], cell.day === today && 'ring-1 ring-stone-900 dark:ring-stone-100')}
                      />
                      <span className="sr-only">{cell.label}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-2 flex items-center justify-end gap-1 text-xs text-stone-700 dark:text-stone-300">
        <span aria-hidden>Less</span>
        {LEVELS.map((level) => (
          <span key={level} aria-hidden title={LEVEL_WORDS[level]} className={cn(square, LEVEL_CLASSES[level])} />
        ))}
        <span aria-hidden>More</span>
        <span className="sr-only">Colour key, from lighter to darker: {LEVELS.map((l) => LEVEL_WORDS[l]).join('; ')}.</span>
      </div>
    </section>
  );
}
