import type { StudyTotals } from '#common/contracts/progress.ts';
import { countOf, en, pluralForm } from '#common/text/plural.ts';
import { durationText } from '../stats-text.ts';

const PERIODS = [
  { key: 'week', label: 'This week' },
  { key: 'month', label: 'This month' },
  { key: 'allTime', label: 'All time' },
] as const;

/** Chapters completed, time spent reading and study days: this week, this month and all time. */
export function TotalsCard({ totals }: { totals: Record<(typeof PERIODS)[number]['key'], StudyTotals> }) {
  return (
    <section aria-labelledby="totals-heading" className="card">
      <h2 id="totals-heading" className="mb-4 font-serif text-xl font-semibold">
        Reading
      </h2>
      <ul className="grid grid-cols-3 gap-2 sm:gap-4">
        {PERIODS.map(({ key, label }) => {
          const t = totals[key];
          return (
            <li key={key} className="rounded-xl bg-stone-100 p-3 sm:p-4 dark:bg-stone-800/60" data-testid={`totals-${key}`}>
              <h3 className="text-xs font-semibold tracking-wide text-stone-600 uppercase dark:text-stone-400">{label}</h3>
              <p className="mt-1">
                <span className="font-serif text-3xl font-semibold tabular-nums">{t.chapters.toLocaleString('en')}</span>{' '}
                <span className="text-sm text-stone-700 dark:text-stone-300">{pluralForm(t.chapters, en('chapter'))}</span>
              </p>
              <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
                {durationText(t.minutes)} <span className="max-sm:sr-only">reading</span>
              </p>
              <p className="text-sm text-stone-700 dark:text-stone-300">{countOf(t.days, en('study day'))}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
