import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { adminNewsQuery } from '../api/admin.ts';
import { StatusBadge } from './StatusBadge.tsx';

/** News posts, drafts included; writing happens at /news/create and /news/{id}/edit. */
export function NewsPanel() {
  const news = useQuery(adminNewsQuery);
  if (news.isError) return <LoadFailed what="the news" error={news.error} onRetry={() => void news.refetch()} busy={news.isFetching} />;
  return (
    <section aria-labelledby="news-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="news-heading" className="font-serif text-xl font-semibold">
          News
        </h2>
        <Link to="/news/create" className="button-primary no-underline">
          <Plus aria-hidden size={18} /> New post
        </Link>
      </div>
      {news.isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : news.data.length === 0 ? (
        <p className="text-stone-700 dark:text-stone-300">No posts yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-200 dark:divide-stone-800">
          {news.data.map((post) => (
            <li key={post.id} className="flex flex-wrap items-center gap-3 py-2">
              <StatusBadge status={post.status} />
              <span className="min-w-0 flex-1 font-medium">{post.title}</span>
              <Link to="/news/$id/edit" params={{ id: post.id }} className="button-secondary no-underline" aria-label={`Edit ${post.title}`}>
                Edit
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
