import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useQueryText } from '../../../lib/hooks/use-query-text.ts';
import { Link, useNavigate } from '@tanstack/react-router';
import { BookOpen } from 'lucide-react';
import { SearchForm } from '../../../components/SearchForm.tsx';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { availableBooksQuery } from '../../scripture/api/scripture.ts';
import { searchQuery } from '../api/search.ts';
import { usePreferredTranslation } from '../../translations/store/preferred-translation.ts';
import { TranslationPicker } from '../../reader/components/TranslationPicker.tsx';
import { HighlightedText } from '../components/HighlightedText.tsx';
import { TopicPassages } from '../components/TopicPassages.tsx';
import { MeaningPassages, wordCounts } from '../components/MeaningPassages.tsx';
import { TopicLinks } from '../../topics/components/TopicLinks.tsx';
import { countOf, en } from '#common/text/plural.ts';
import { passageName } from '#common/scripture/passage-name.ts';

export const PAGE_SIZE = 20;

export interface SearchPageParams {
  q?: string;
  translation?: string;
  book?: string;
  testament?: 'OT' | 'NT';
  page?: number;
}

/** /search: the query and filters live in the URL, so results can be shared and survive a reload. */
export function SearchPage(params: SearchPageParams) {
  const navigate = useNavigate();
  const preferred = usePreferredTranslation();
  const translation = params.translation ?? preferred;
  const page = params.page ?? 1;
  const [text, setText] = useQueryText(params.q);

  const books = useQuery(availableBooksQuery(translation));
  const results = useQuery({
    ...searchQuery({ q: params.q ?? '', translation, book: params.book, testament: params.testament, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }),
    enabled: Boolean(params.q),
    placeholderData: keepPreviousData,
  });

  const update = (next: Partial<SearchPageParams>) => void navigate({ to: '/search', search: { ...params, page: undefined, ...next } });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Spec §5: blank input is ignored.
    if (text.trim()) update({ q: text.trim() });
  };

  const data = results.data;
  // A reference ("John 3:16") asks for that passage: its words' hits ("John" 130 times) wait behind a button.
  const [wordsFor, setWordsFor] = useState<string>();
  // Ordinary words are read for their meaning first (data.meaning): the word matches wait behind "All word matches".
  const [allFor, setAllFor] = useState<string>();
  const meaning = page === 1 && !data?.offline ? data?.meaning : undefined;
  const showHits = Boolean(data) && (!data?.passage || page > 1 || wordsFor === params.q) && (!meaning || allFor === params.q);
  const didYouMean = data?.suggestion && (
    <p className="mb-3 text-lg" data-testid="search-suggestion">
      Did you mean{' '}
      <Link
        to="/search"
        search={{ q: data.suggestion, translation: params.translation, book: params.book, testament: params.testament }}
        className="inline-flex min-h-11 items-center font-semibold text-orange-800 underline underline-offset-4 dark:text-orange-300"
      >
        {data.suggestion}
      </Link>
      ?
    </p>
  );
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-8 sm:px-6">
      <h1 className="font-serif text-3xl font-semibold">Search the Bible</h1>
      <SearchForm
        id="search-q"
        label='Words, a "phrase", a prefix* or a reference'
        placeholder='Words, "a phrase", bless* or John 3:16'
        value={text}
        onChange={setText}
        onSubmit={submit}
      />

      <div className="grid gap-3 sm:grid-cols-3">
        {/* The translation picker as a field: whole names (a native select cut them short), grouped by language. */}
        <div className="flex flex-col gap-1 text-sm font-medium">
          <span aria-hidden>Translation</span>
          <TranslationPicker field current={translation} onSelect={(code) => update({ translation: code, book: undefined })} />
        </div>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Testament
          <select
            className="input"
            value={params.testament ?? ''}
            onChange={(e) => update({ testament: (e.target.value || undefined) as SearchPageParams['testament'], book: undefined })}
          >
            <option value="">Whole Bible</option>
            <option value="OT">Old Testament</option>
            <option value="NT">New Testament</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Book
          <select className="input" value={params.book ?? ''} onChange={(e) => update({ book: e.target.value || undefined })}>
            <option value="">All books</option>
            {books.data
              ?.filter((b) => !params.testament || b.testament === params.testament)
              .map((b) => (
                <option key={b.id} value={b.englishName}>
                  {b.name}
                </option>
              ))}
          </select>
        </label>
      </div>

      {!params.q && (
        <p className="text-stone-700 dark:text-stone-300">
          Search for words, a phrase in quotes, the start of a word with *, or a reference such as John 3:16.
        </p>
      )}

      {/* The topics the words name in the installed topical index, above the verses. */}
      {params.q && page === 1 && <TopicLinks q={params.q} />}

      {results.isError && (
        <p role="alert" className="card">
          {(results.error instanceof ApiError && results.error.serverMessage) || results.error.message}
        </p>
      )}

      {data?.offline && (
        <p role="status" className="text-sm text-stone-700 dark:text-stone-300">
          You’re offline: these are the verses of {data.translation} on this device with your words. Online, search also understands references and finds
          passages by what your words mean.
        </p>
      )}

      {params.q && !data?.passage && page === 1 && !data?.offline && <TopicPassages q={params.q} translation={translation} />}

      {data?.passage && (
        <section className="card" aria-labelledby="passage-heading">
          <h2 id="passage-heading" className="font-serif text-xl font-semibold">
            {passageName(data.passage.reference)} <span className="text-sm font-normal text-stone-600 dark:text-stone-400">{data.translation}</span>
          </h2>
          <p className="mt-2 font-serif text-lg leading-8">
            {data.passage.verses.slice(0, 6).map((v) => (
              <span key={v.verseId}>
                <sup className="mr-0.5 font-sans text-xs font-semibold text-orange-800 dark:text-orange-300">{v.verse}</sup>
                {v.text}{' '}
              </span>
            ))}
            {data.passage.verses.length > 6 && '…'}
          </p>
          <Link
            to="/bible"
            search={{ book: data.passage.book, chapter: data.passage.chapter, verse: data.passage.verse ?? undefined, translation: data.translation }}
            className="button-primary mt-3 no-underline"
          >
            <BookOpen aria-hidden size={18} /> Open {passageName(data.passage.reference)} in the reader
          </Link>
          {!showHits && data.total > 0 && (
            <button type="button" className="button-secondary mt-3 sm:ml-2" onClick={() => setWordsFor(params.q)}>
              Search these words instead
            </button>
          )}
        </section>
      )}

      {meaning && didYouMean}
      {meaning && <MeaningPassages meaning={meaning} translation={data!.translation} />}

      {meaning && data && (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-stone-700 dark:text-stone-300" data-testid="word-counts">
            {data.counts ? wordCounts(data.counts) : countOf(data.total, en('verse'))}
          </p>
          {!showHits && (
            <button type="button" className="button-secondary" onClick={() => setAllFor(params.q)}>
              All word matches
            </button>
          )}
        </div>
      )}

      {data && showHits && (
        <section aria-labelledby="results-heading" aria-busy={results.isFetching}>
          <h2 id="results-heading" className="mb-3 text-sm font-semibold text-stone-700 dark:text-stone-300" aria-live="polite">
            {data.total === 0
              ? `No verses found for “${data.query}”`
              : `${countOf(data.total, en('verse'))}${data.match === 'any' ? ' with some of these words' : ''} · page ${page} of ${pages}`}
          </h2>
          {!meaning && didYouMean}
          <ol className="flex flex-col gap-2">
            {data.results.map((hit) => (
              <li key={hit.verseId}>
                <Link
                  to="/bible"
                  search={{ book: hit.book, chapter: hit.chapter, verse: hit.verse, translation: data.translation }}
                  className="card block py-3 no-underline hover:border-orange-300 dark:hover:border-orange-800"
                  data-testid="search-hit"
                >
                  <span className="block text-sm font-semibold text-orange-900 dark:text-orange-200">{passageName(hit.reference)}</span>
                  <span className="mt-1 block font-serif text-lg leading-7">
                    <HighlightedText text={hit.text} matches={hit.matches} />
                  </span>
                </Link>
              </li>
            ))}
          </ol>
          {pages > 1 && (
            <nav aria-label="Result pages" className="mt-4 flex items-center justify-between">
              <button
                type="button"
                className="button-secondary"
                disabled={page <= 1}
                onClick={() => update({ page: page - 1, q: params.q, translation: params.translation, book: params.book, testament: params.testament })}
              >
                Previous page
              </button>
              <span className="text-sm">
                Page {page} of {pages}
              </span>
              <button
                type="button"
                className="button-secondary"
                disabled={page >= pages}
                onClick={() => update({ page: page + 1, q: params.q, translation: params.translation, book: params.book, testament: params.testament })}
              >
                Next page
              </button>
            </nav>
          )}
        </section>
      )}
    </div>
  );
}
