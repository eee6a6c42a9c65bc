import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ListTree } from 'lucide-react';
import { topicMatchesQuery } from '../api/topics.ts';

/** On the search page: the topics of the installed topical index a search's words name, as links to their pages. Nothing when none. */
export function TopicLinks({ q }: { q: string }) {
  const found = useQuery(topicMatchesQuery(q));
  const topics = found.data?.topics ?? [];
  if (topics.length === 0) return null;
  return (
    <nav aria-labelledby="topic-links-heading" className="flex flex-wrap items-center gap-2" data-testid="topic-links">
      <h2 id="topic-links-heading" className="flex items-center gap-1.5 text-sm font-semibold text-stone-700 dark:text-stone-300">
        <ListTree aria-hidden size={16} /> {topics.length === 1 ? 'Topic' : 'Topics'}
      </h2>
      {topics.map((t) => (
        <Link
          key={t.name}
          to="/topics/$name"
          params={{ name: t.name.toLowerCase() }}
          className="inline-flex min-h-11 items-center rounded-full border border-orange-300 bg-orange-50 px-4 text-sm font-semibold text-orange-950 no-underline hover:bg-orange-100 dark:border-orange-800 dark:bg-orange-950 dark:text-orange-50 dark:hover:bg-orange-900 sm:min-h-9"
        >
          {t.title}
        </Link>
      ))}
    </nav>
  );
}
