import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { ContemplationImage } from '../../home/components/ContemplationImage.tsx';
import { PrayerListenButton } from '../../home/components/PrayerListenButton.tsx';
import { PrayerSource } from '../../home/components/PrayerSource.tsx';
import { formatDate } from '#common/dates/format-date.ts';
import { prayerDayQuery, prayerPictureQuery } from '../api/prayers.ts';

const DAY_LINK = 'button-secondary no-underline';

/**
 * Spec §2 /previous-prayers/{date?}: a day's prayer in full with where it came from, Listen, its
 * picture, and the days around it that have one. The route's loader has put the day and the picture in
 * the cache, so the server renders the whole page.
 */
export function PreviousPrayersPage({ date }: { date: string | undefined }) {
  const data = useQuery(prayerDayQuery(date)).data!;
  const prayer = data.prayer;
  const picture = useQuery({ ...prayerPictureQuery(prayer?.id ?? ''), enabled: !!prayer }).data;
  const when = formatDate(data.day, 'weekday') ?? data.day;
  const isToday = data.day === data.today;

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="font-serif text-3xl font-semibold tracking-tight">
          <span className="block font-sans text-sm font-semibold tracking-wide text-orange-900 uppercase dark:text-orange-200">
            {isToday ? 'Today’s prayer' : 'Prayer for'}
          </span>{' '}
          <time dateTime={data.day}>{when}</time>
        </h1>
      </header>

      {prayer ? (
        <article aria-labelledby="prayer-title" className="card flex flex-col gap-3">
          <h2 id="prayer-title" className="font-serif text-2xl font-semibold">
            {prayer.title}
          </h2>
          <p className="font-serif text-lg leading-relaxed whitespace-pre-line text-stone-800 dark:text-stone-200">{prayer.content}</p>
          <PrayerSource prayer={prayer} />
          <div>
            <PrayerListenButton prayer={prayer} />
          </div>
        </article>
      ) : (
        <p className="card text-stone-700 dark:text-stone-300">There is no prayer in the archive for this day.</p>
      )}

      {prayer && (
        <section aria-labelledby="contemplation">
          <h2 id="contemplation" className="mb-3 text-sm font-semibold tracking-wide text-orange-900 uppercase dark:text-orange-200">
            Visual Contemplation
          </h2>
          {picture ? (
            <ContemplationImage
              key={prayer.id}
              prayerId={prayer.id}
              picture={picture}
              className="aspect-square rounded-2xl shadow-sm"
              sizes="(min-width: 720px) 672px, 100vw"
            />
          ) : (
            <p className="rounded-2xl bg-stone-100 p-4 text-sm text-stone-700 dark:bg-stone-800 dark:text-stone-300">
              The picture for this prayer is not ready yet.
            </p>
          )}
        </section>
      )}

      <nav aria-label="Other days" className="grid grid-cols-[1fr_auto_1fr] items-center gap-2 border-t border-stone-200 pt-6 dark:border-stone-800">
        {data.previous && (
          <Link to="/previous-prayers/{-$date}" params={{ date: data.previous }} className={`${DAY_LINK} col-start-1 justify-self-start`} rel="prev">
            <ChevronLeft aria-hidden size={18} />
            <span>
              Previous<span className="max-sm:sr-only"> day</span>
              <span className="sr-only">: {formatDate(data.previous, 'weekday')}</span>
            </span>
          </Link>
        )}
        {!isToday && (
          <Link to="/previous-prayers/{-$date}" params={{ date: undefined }} activeOptions={{ exact: true }} className={`${DAY_LINK} col-start-2`}>
            <CalendarDays aria-hidden size={18} /> Today
          </Link>
        )}
        {data.next && (
          <Link to="/previous-prayers/{-$date}" params={{ date: data.next }} className={`${DAY_LINK} col-start-3 justify-self-end`} rel="next">
            <span>
              Next<span className="max-sm:sr-only"> day</span>
              <span className="sr-only">: {formatDate(data.next, 'weekday')}</span>
            </span>
            <ChevronRight aria-hidden size={18} />
          </Link>
        )}
      </nav>
    </div>
  );
}
