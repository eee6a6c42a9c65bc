import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { useHydrated } from '../../../lib/hooks/use-hydrated.ts';
import { LATEST_LESSONS, latestLessonsQuery } from '../api/lessons.ts';
import { LessonGrid } from './LessonCard.tsx';
import { LessonsEmpty } from './LessonsEmpty.tsx';

/**
 * Spec §2 home: the latest lessons (up to three), each opening its lesson, and 'View all' to the list.
 * The home route's loader has put them in the cache, so the server renders them.
 */
export function LatestLessons() {
  const lessons = useQuery(latestLessonsQuery);
  // A failed read does not travel in the page (only data does): the browser asks again on hydrating,
  // so until then the server's and the browser's first render both show the skeleton.
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="latest-lessons">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="latest-lessons" className="font-serif text-xl font-semibold">
          Latest Lessons
        </h2>
        <Link
          to="/bible-lessons"
          className="-my-2 -mr-2 inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-orange-900 underline underline-offset-4 hover:bg-orange-50 sm:min-h-9 dark:text-orange-200 dark:hover:bg-stone-800"
        >
          View all<span className="sr-only"> lessons</span>
        </Link>
      </div>
      {lessons.isPending || (lessons.error && !hydrated) ? (
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading the latest lessons">
          {Array.from({ length: LATEST_LESSONS }, (_, i) => (
            <div key={i} className="flex flex-col gap-3 overflow-hidden rounded-2xl border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900">
              <div className="skeleton aspect-[16/9] rounded-none" />
              <div className="flex flex-col gap-2 px-5 pb-5">
                <div className="skeleton h-6 w-3/4" />
                <div className="skeleton h-4 w-full" />
                <div className="skeleton h-4 w-2/3" />
              </div>
            </div>
          ))}
        </div>
      ) : lessons.isError ? (
        <LoadFailed what="the latest lessons" error={lessons.error} busy={lessons.isFetching} onRetry={() => void lessons.refetch()} />
      ) : lessons.data.length ? (
        <LessonGrid articles={lessons.data.slice(0, LATEST_LESSONS)} heading="h3" />
      ) : (
        <LessonsEmpty />
      )}
    </section>
  );
}
