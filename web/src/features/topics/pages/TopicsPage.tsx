import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useQueryText } from '../../../lib/hooks/use-query-text.ts';
import { Link, useNavigate } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { FormEvent } from 'react';
import { countOf, en } from '#common/text/plural.ts';
import { SearchForm } from '../../../components/SearchForm.tsx';
import { TOPICS_PAGE_SIZE, TOPICS_TITLE, topicsQuery, type TopicsListParams } from '../api/topics.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const LETTER_LINK = 'flex min-h-11 min-w-11 items-center justify-center rounded-md text-sm font-semibold no-underline sm:min-h-9 sm:min-w-9';

/** /topics: the installed topical indexes' topics, searched by name or browsed A to Z, a hundred a page. */
export function TopicsPage(params: TopicsListParams) {
  const navigate = useNavigate();
  const page = params.page ?? 1;
  const [text, setText] = useQueryText(params.q);
  const list = useQuery({ ...topicsQuery(params), placeholderData: keepPreviousData });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / TOPICS_PAGE_SIZE)) : 1;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate({ to: '/topics', search: { q: text.trim() || undefined } });
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5 px-4 py-8 sm:px-6">
      <h1 className="font-serif text-3xl font-semibold">{TOPICS_TITLE}</h1>
      <p className="text-stone-700 dark:text-stone-300">
        Subjects of the Bible, each with the passages on it, from the topical indexes installed on this site.
      </p>
      <SearchForm id="topics-q" label="Find a topic" placeholder="Prayer, faith, Abraham…" value={text} onChange={setText} onSubmit={submit} />

      <nav aria-label="Topics by letter" className="flex flex-wrap gap-1">
        {LETTERS.map((letter) => {
          const current = params.letter === letter && !params.q;
          return (
            <Link
              key={letter}
              to="/topics"
              search={{ letter }}
              aria-current={current ? 'page' : undefined}
              className={`${LETTER_LINK} ${current ? 'bg-orange-800 text-white dark:bg-orange-300 dark:text-stone-950' : 'text-orange-900 hover:bg-orange-100 dark:text-orange-200 dark:hover:bg-stone-800'}`}
            >
              {letter}
            </Link>
          );
        })}
      </nav>

      {list.isError && (
        <p role="alert" className="card">
          The topics could not be loaded. Please try again.
        </p>
      )}
      {data && data.installed === 0 && (
        <p className="card">No topical index is installed on this site yet. An admin can install Nave’s Topical Bible from the Library.</p>
      )}
      {data && data.installed > 0 && (
        <section aria-labelledby="topics-count" className={`flex flex-col gap-4 ${list.isPlaceholderData ? 'opacity-60' : ''}`}>
          <h2 id="topics-count" className="text-sm font-semibold text-stone-700 dark:text-stone-300" aria-live="polite">
            {data.total === 0
              ? `No topic matches “${params.q ?? params.letter}”.`
              : `${countOf(data.total, en('topic'))}${params.q ? ` matching “${params.q}”` : params.letter ? ` under ${params.letter}` : ''}${pages > 1 ? `, page ${page} of ${pages}` : ''}`}
          </h2>
          <ul className="gap-x-6 sm:columns-2 lg:columns-3">
            {data.topics.map((t) => (
              <li key={t.name} className="break-inside-avoid">
                <Link
                  to="/topics/$name"
                  params={{ name: t.name.toLowerCase() }}
                  className="flex min-h-11 items-center text-orange-900 underline-offset-2 hover:underline sm:min-h-8 dark:text-orange-200"
                >
                  {t.title}
                </Link>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav aria-label="Topic pages" className="flex items-center justify-between gap-2 border-t border-stone-200 pt-4 dark:border-stone-800">
              {page > 1 ? (
                <Link to="/topics" search={{ ...params, page: page > 2 ? page - 1 : undefined }} rel="prev" className="button-secondary no-underline">
                  <ChevronLeft aria-hidden size={18} /> Previous
                </Link>
              ) : (
                <span />
              )}
              {page < pages && (
                <Link to="/topics" search={{ ...params, page: page + 1 }} rel="next" className="button-secondary no-underline">
                  Next <ChevronRight aria-hidden size={18} />
                </Link>
              )}
            </nav>
          )}
        </section>
      )}
    </div>
  );
}
