import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { adminLessonsQuery } from '../api/admin.ts';
import { LessonEditor } from './LessonEditor.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { formatDate } from '#common/dates/format-date.ts';

/** The lessons (an author sees their own), or the one being written when `edit` names it ("new" for a new one). */
export function LessonsPanel({ edit }: { edit?: string }) {
  const lessons = useQuery({ ...adminLessonsQuery, enabled: !edit });
  if (edit) return <LessonEditor key={edit} id={edit === 'new' ? undefined : edit} />;
  if (lessons.isError) return <LoadFailed what="the lessons" error={lessons.error} onRetry={() => void lessons.refetch()} busy={lessons.isFetching} />;
  return (
    <section aria-labelledby="lessons-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="lessons-heading" className="font-serif text-xl font-semibold">
          Lessons
        </h2>
        <Link to="/admin" search={{ section: 'lessons', edit: 'new' }} className="button-primary no-underline">
          <Plus aria-hidden size={18} /> New lesson
        </Link>
      </div>
      {lessons.isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : lessons.data.length === 0 ? (
        <p className="text-stone-700 dark:text-stone-300">No lessons yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-200 dark:divide-stone-800">
          {lessons.data.map((l) => (
            <li key={l.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-3">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
                  <StatusBadge status={l.status} /> {l.title}
                </p>
                <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
                  {l.author.name}
                  {l.publishedAt && ` · ${l.status === 'scheduled' ? 'appears' : 'published'} ${formatDate(l.publishedAt, 'withTime')}`}
                </p>
              </div>
              <div className="flex gap-2">
                {l.status === 'published' && (
                  <Link to="/bible-lessons/$slug" params={{ slug: l.slug }} className="button-ghost no-underline" aria-label={`View ${l.title}`}>
                    View
                  </Link>
                )}
                <Link to="/admin" search={{ section: 'lessons', edit: l.id }} className="button-secondary no-underline" aria-label={`Edit ${l.title}`}>
                  Edit
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
