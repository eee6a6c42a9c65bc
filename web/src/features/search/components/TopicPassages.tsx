import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Sparkles } from 'lucide-react';
import { topicPassagesQuery } from '../api/search.ts';

/**
 * Beside the keyword hits, the passages a question or topic points to by meaning ("verses about
 * anxiety" finds "Be careful for nothing"), and those a configured language model suggests (checked
 * against the Bible by the server): shown only when there are some.
 */
export function TopicPassages({ q, translation }: { q: string; translation: string }) {
  const found = useQuery(topicPassagesQuery(q, translation));
  const data = found.data;
  if (!data || data.passages.length === 0) return null;
  return (
    <section className="card flex flex-col gap-3" aria-labelledby="topic-heading" data-testid="topic-passages">
      <h2 id="topic-heading" className="flex items-center gap-2 font-serif text-xl font-semibold">
        <Sparkles aria-hidden size={18} className="text-orange-800 dark:text-orange-300" />{' '}
        {data.topics[0] ? `Passages on ${data.topics[0]}` : `Passages for “${q}”`}
      </h2>
      {data.passages.some((p) => p.source === 'model') && (
        <p className="-mt-2 text-sm text-stone-700 dark:text-stone-300">Some suggested by the AI; every reference checked against the Bible.</p>
      )}
      <ul className="flex flex-col gap-3">
        {data.passages.map((p) => (
          <li key={p.reference}>
            <Link to={p.href} className="font-semibold text-orange-900 underline-offset-2 hover:underline dark:text-orange-200">
              {p.reference}
            </Link>
            <p className="line-clamp-3 font-serif leading-7">{p.text}</p>
          </li>
        ))}
      </ul>
      <Link to="/chat" search={{ q }} className="button-secondary self-start no-underline">
        Ask the Bible Chat
      </Link>
    </section>
  );
}
