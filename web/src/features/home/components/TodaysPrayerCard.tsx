import { Link } from '@tanstack/react-router';
import type { DailyPrayer } from '#common/contracts/daily.ts';
import { formatDate } from '#common/dates/format-date.ts';
import { prayerExcerpt } from '../../../lib/route-helpers/prayer-days.ts';
import { PrayerListenButton } from './PrayerListenButton.tsx';
import { PrayerSource } from './PrayerSource.tsx';

/**
 * Spec §2 Today's Prayer: title, the prayer (a long one shortened after a whole sentence, with a link to
 * read it all: a clamp to five lines would stop mid-sentence), where it came from, Listen, 'Show
 * more' to the archive and the day. The day is the data's (a UTC day), never the browser's clock, so the
 * server and the browser write the same date.
 */
export function TodaysPrayerCard({ prayer, pending }: { prayer: DailyPrayer | null | undefined; pending: boolean }) {
  const date = prayer ? formatDate(prayer.day, 'weekday') : undefined;
  return (
    <section aria-labelledby="todays-prayer" className="card flex flex-col">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id="todays-prayer" className="text-sm font-semibold tracking-wide text-orange-900 uppercase dark:text-orange-200">
          Today’s Prayer
        </h2>
        {prayer && date && (
          <time dateTime={prayer.day} className="text-sm text-stone-600 dark:text-stone-400">
            {date}
          </time>
        )}
      </div>
      {pending ? (
        <div className="mt-3 flex flex-col gap-2" role="status" aria-label="Loading today’s prayer">
          <div className="skeleton h-6 w-1/2" />
          <div className="skeleton h-5 w-full" />
          <div className="skeleton h-5 w-full" />
          <div className="skeleton h-5 w-2/3" />
        </div>
      ) : prayer ? (
        <>
          <h3 className="mt-3 font-serif text-xl font-semibold">{prayer.title}</h3>
          <PrayerExcerpt content={prayer.content} />
          <PrayerSource prayer={prayer} className="mt-2 text-sm" />
          <div className="mt-auto flex flex-wrap gap-2 pt-4">
            <PrayerListenButton prayer={prayer} />
            <Link to="/previous-prayers/{-$date}" params={{ date: undefined }} className="button-secondary no-underline">
              Show more<span className="sr-only"> of today’s prayer</span>
            </Link>
          </div>
        </>
      ) : (
        <p className="mt-3 text-stone-700 dark:text-stone-300">No prayer available for today</p>
      )}
    </section>
  );
}

function PrayerExcerpt({ content }: { content: string }) {
  const { text, shortened } = prayerExcerpt(content);
  return (
    <p className="mt-2 font-serif text-lg leading-relaxed whitespace-pre-line text-stone-800 dark:text-stone-200">
      {text}
      {shortened && (
        <>
          {' '}
          <Link
            to="/previous-prayers/{-$date}"
            params={{ date: undefined }}
            className="font-sans text-base font-semibold whitespace-nowrap text-orange-900 underline underline-offset-4 dark:text-orange-200"
          >
            Read the whole prayer
          </Link>
        </>
      )}
    </p>
  );
}
