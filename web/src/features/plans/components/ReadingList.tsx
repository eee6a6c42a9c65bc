import { Link } from '@tanstack/react-router';
import type { PlanReading } from '#common/contracts/plans.ts';
import { cn } from '../../../lib/cn.ts';
import { readingTitle } from '../plan-view.ts';

/**
 * A plan's readings: each opens the reader at its chapter, and has a box to check it off by hand (a
 * chapter read to the end in the reader checks itself off). `shown` is what the person just chose,
 * drawn at once while the change is saved.
 */
export function ReadingList({
  readings,
  shown,
  onToggle,
  label,
}: {
  readings: readonly PlanReading[];
  shown: ReadonlyMap<number, boolean>;
  onToggle: (reading: PlanReading, done: boolean) => void;
  label: string;
}) {
  return (
    <ul aria-label={label} className="flex flex-col divide-y divide-stone-200 dark:divide-stone-800">
      {readings.map((r) => {
        const title = readingTitle(r);
        const done = shown.get(r.position) ?? r.done;
        return (
          <li key={r.position} className="flex items-center gap-1" data-testid="plan-reading">
            {/* The box sits in a 44 px target of its own; its name says what checking it means. */}
            <label className="flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center rounded-lg hover:bg-stone-100 dark:hover:bg-stone-800">
              <input
                type="checkbox"
                className="h-5 w-5 cursor-pointer accent-orange-800 dark:scheme-dark dark:accent-orange-300"
                checked={done}
                onChange={(e) => onToggle(r, e.target.checked)}
              />
              <span className="sr-only">{title} read</span>
            </label>
            <Link
              to="/bible"
              search={{ book: r.book, chapter: r.chapter }}
              className={cn(
                'flex min-h-11 flex-1 items-center rounded-lg px-2 font-medium underline-offset-2 hover:underline sm:min-h-10',
                done && 'text-stone-600 dark:text-stone-400',
              )}
            >
              {title}
            </Link>
            {/* The box already says so to assistive technology. */}
            {done && (
              <span aria-hidden className="pr-2 text-sm text-stone-600 dark:text-stone-400">
                Read
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
