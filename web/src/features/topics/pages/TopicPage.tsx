import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { TopicLink, TopicReference, TopicReply } from '#common/contracts/study-tools.ts';
import { passageName } from '#common/scripture/passage-name.ts';
import { countOf, en } from '#common/text/plural.ts';
import { usePreferredTranslation } from '../../translations/store/preferred-translation.ts';
import { TOPICS_TITLE, topicQuery } from '../api/topics.ts';

type Line = TopicReply['headings'][number]['items'][number];

const LINK = 'font-semibold text-orange-900 underline-offset-2 hover:underline dark:text-orange-200';

/** /topics/{name}: one topic's sub-headings, each reference a link to the reader with its text, and the topics it points to. A big topic comes a page at a time, "Show more" adding the next. */
export function TopicPage({ name, translation: asked }: { name: string; translation?: string }) {
  const preferred = usePreferredTranslation();
  const translation = asked ?? preferred;
  const topic = useInfiniteQuery({ ...topicQuery(name, translation), placeholderData: keepPreviousData });
  const pages = topic.data?.pages ?? [];
  const data = pages[0];
  const shown = pages.length;
  useFocusOnMore(shown);

  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <Link
        to="/topics"
        className="inline-flex min-h-11 items-center gap-1.5 self-start text-sm text-stone-700 no-underline hover:underline dark:text-stone-300"
      >
        <ArrowLeft aria-hidden size={16} /> {TOPICS_TITLE}
      </Link>
      {topic.isError && !data && (
        <p role="alert" className="card">
          This topic could not be loaded. Please try again.
        </p>
      )}
      {data && (
        <>
          <header className="flex flex-col gap-1">
            <h1 className="font-serif text-3xl font-semibold">{data.title}</h1>
            <p className="text-sm text-stone-700 dark:text-stone-300">
              {`${data.source} · ${data.licence} · ${countOf(data.referenceCount, en('passage'))}, verses in ${data.translation}`}
            </p>
          </header>
          {pages.map((page) =>
            page.headings.map((heading, i) => {
              const id = `heading-${page.page}-${i}`;
              const title = heading.continued ? `${heading.title || data.title} (continued)` : heading.title;
              return (
                <section
                  key={id}
                  aria-labelledby={title ? id : undefined}
                  className="flex scroll-mt-20 flex-col gap-3 outline-offset-4"
                  data-topic-page={i === 0 ? page.page : undefined}
                  tabIndex={i === 0 && page.page > 1 ? -1 : undefined}
                >
                  {title && (
                    <h2 id={id} className="scroll-mt-20 font-serif text-xl font-semibold outline-offset-4" tabIndex={i === 0 && page.page > 1 ? -1 : undefined}>
                      {title}
                    </h2>
                  )}
                  <LineBody line={heading} translation={data.translation} />
                  {heading.items.length > 0 && (
                    <ul className="flex flex-col gap-4 border-l-2 border-stone-200 pl-4 dark:border-stone-800">
                      {heading.items.map((item, j) => (
                        <li key={j} className="flex flex-col gap-2">
                          {item.title && <h3 className="font-semibold">{item.title}</h3>}
                          <LineBody line={item} translation={data.translation} />
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              );
            }),
          )}
          {data.pageCount > 1 && (
            <div className="flex flex-col items-start gap-2">
              <p role="status" className="text-sm text-stone-700 dark:text-stone-300">
                {`Part ${shown} of ${data.pageCount} shown`}
              </p>
              {topic.hasNextPage && (
                <button type="button" className="button-secondary min-h-11" disabled={topic.isFetchingNextPage} onClick={() => void topic.fetchNextPage()}>
                  {topic.isFetchingNextPage ? 'Loading more…' : 'Show more of this topic'}
                </button>
              )}
              {topic.isFetchNextPageError && (
                <p role="alert" className="text-sm text-red-800 dark:text-red-300">
                  The next part could not be loaded. Please try again.
                </p>
              )}
            </div>
          )}
          {data.related.length > 0 && (
            <section aria-labelledby="related-topics" className="card flex flex-col gap-2">
              <h2 id="related-topics" className="font-serif text-lg font-semibold">
                Related topics
              </h2>
              <ul className="flex flex-wrap gap-x-4">
                {data.related.map((t) => (
                  <li key={t.name}>
                    <Link
                      to="/topics/$name"
                      params={{ name: t.name.toLowerCase() }}
                      className={`${LINK} inline-flex min-h-11 min-w-11 items-center sm:min-h-8 sm:min-w-0`}
                    >
                      {t.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </article>
  );
}

/**
 * After "Show more", keyboard and screen reader users go on where the new part starts (the button they
 * pressed moves down, past text they have not read).
 */
function useFocusOnMore(shown: number): void {
  const before = useRef(shown);
  useEffect(() => {
    if (shown > before.current) {
      const part = document.querySelector<HTMLElement>(`[data-topic-page="${shown}"]`);
      // Its heading when it has one: a short outline, and the part's title read first; clear of the sticky header.
      const target = part?.querySelector<HTMLElement>('h2[tabindex]') ?? part;
      target?.focus({ preventScroll: true });
      target?.scrollIntoView({ block: 'start' });
    }
    before.current = shown;
  }, [shown]);
}

function LineBody({ line, translation }: { line: Line; translation: string }) {
  return (
    <>
      {line.references.length > 0 && (
        <ul className="flex flex-col gap-2">
          {line.references.map((r, k) => (
            <ReferenceItem key={k} reference={r} translation={translation} />
          ))}
        </ul>
      )}
      {line.see.length > 0 && <SeeLinks links={line.see} />}
    </>
  );
}

function ReferenceItem({ reference: r, translation }: { reference: TopicReference; translation: string }) {
  return (
    <li>
      <Link
        to="/bible"
        search={{ book: r.book, chapter: r.chapter, verse: r.verse ?? undefined, translation }}
        className={`${LINK} inline-flex min-h-11 items-center sm:min-h-0`}
      >
        {passageName(r.reference)}
      </Link>
      {r.text && <p className="font-serif leading-7">{r.text}</p>}
    </li>
  );
}

function SeeLinks({ links }: { links: TopicLink[] }) {
  return (
    <p className="text-stone-800 dark:text-stone-200">
      See{' '}
      {links.map((l, i) => (
        <span key={i}>
          {i > 0 && '; '}
          {l.name ? (
            <Link to="/topics/$name" params={{ name: l.name.toLowerCase() }} className={LINK}>
              {l.label}
            </Link>
          ) : (
            l.label
          )}
        </span>
      ))}
    </p>
  );
}
