import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PAGE_LINK, PageLinks } from '../../../components/PageLinks.tsx';
import { Rss } from 'lucide-react';
import { LESSONS_FEED, LESSONS_TITLE } from '../api/lesson-pages.ts';
import { lessonsPageQuery } from '../api/lessons.ts';
import { LessonGrid } from '../components/LessonCard.tsx';
import { LessonsEmpty } from '../components/LessonsEmpty.tsx';
import { countOf, en } from '#common/text/plural.ts';

/**
 * Spec §2 /bible-lessons: the published lessons, newest first, twelve a page (`?page=N`). A page past
 * the end says so and leads back; the route's loader has put the page in the cache.
 */
export function LessonsPage({ page }: { page: number }) {
  const data = useQuery(lessonsPageQuery(page)).data!;
  const pageCount = Math.max(1, data.pageCount);
  const pastTheEnd = data.articles.length === 0 && data.total > 0;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div className="max-w-2xl">
          <h1 className="font-serif text-3xl font-semibold tracking-tight">
            {LESSONS_TITLE}
            {page > 1 && <span className="sr-only">, page {page}</span>}
          </h1>
          <p className="mt-2 text-stone-700 dark:text-stone-300">Short lessons on Scripture and the life of faith, to read slowly and pray through.</p>
        </div>
        <a href={LESSONS_FEED.href} type="application/atom+xml" className="button-ghost -mx-2 no-underline">
          <Rss aria-hidden size={18} className="text-orange-800 dark:text-orange-300" />
          Feed<span className="sr-only"> of new lessons (Atom)</span>
        </a>
      </header>

      {data.articles.length ? (
        <LessonGrid articles={data.articles} heading="h2" />
      ) : pastTheEnd ? (
        <div className="card flex flex-col items-start gap-3" role="status">
          <p className="font-serif text-lg font-semibold">There are no lessons on page {page}.</p>
          <p className="text-stone-700 dark:text-stone-300">
            The lessons fill {countOf(pageCount, en('page'))} ({countOf(data.total, en('lesson'))}).
          </p>
          <div className="flex flex-wrap gap-2">
            <Link to="/bible-lessons" search={{}} className="button-primary no-underline">
              Go to the newest lessons
            </Link>
            {pageCount > 1 && (
              <Link to="/bible-lessons" search={{ page: pageCount }} className={PAGE_LINK}>
                Go to the last page
              </Link>
            )}
          </div>
        </div>
      ) : (
        <LessonsEmpty />
      )}

      {!pastTheEnd && pageCount > 1 && <PageLinks to="/bible-lessons" page={page} pageCount={pageCount} things="lessons" label="Lesson pages" />}
    </div>
  );
}
