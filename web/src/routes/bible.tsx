import { createFileRoute } from '@tanstack/react-router';
import { DEFAULT_TRANSLATION } from '#common/bible/categories.ts';
import { readerSearch } from '#common/bible/reader-url.ts';
import { chapterHead, headTags } from '../lib/page-head.ts';
import { availableBooksQuery, chapterQuery } from '../features/bible/api/bible.ts';
import { preferredTranslation } from '../features/translations/api/preferred-translation.ts';
import { ReaderPage } from '../features/reader/pages/ReaderPage.tsx';

/** How long a turn to another chapter waits for it before showing the reader with its skeleton. */
const SLOW_CHAPTER_MS = 150;

export const Route = createFileRoute('/bible')({
  validateSearch: readerSearch,
  loaderDeps: ({ search }) => ({ translation: search.translation, book: search.book ?? 'Genesis', chapter: search.chapter ?? 1, verse: search.verse }),
  // The chapter and its translation's books, fetched before the page renders: on the server they go
  // into the HTML and travel with it; in the browser a preloaded (hovered) chapter opens at once.
  loader: async ({ context: { queryClient }, deps }) => {
    // The preferred translation lives in this browser; the server renders the default for an address without one.
    const translation = deps.translation || (typeof window === 'undefined' ? DEFAULT_TRANSLATION : preferredTranslation());
    const ready = Promise.all([
      queryClient.ensureQueryData(availableBooksQuery(translation)).catch(() => undefined),
      // A chapter the translation lacks is a page too (§8): the reader shows why and where to go.
      queryClient.ensureQueryData(chapterQuery(translation, deps.book, deps.chapter)).catch(() => undefined),
    ]);
    // In the browser a slow chapter (a licensed text read for the first time) does not hold the page
    // back: past a moment the reader opens and shows its skeleton until the chapter arrives.
    const settled = typeof window === 'undefined' ? await ready : await Promise.race([ready, new Promise<undefined>((r) => setTimeout(r, SLOW_CHAPTER_MS))]);
    return { head: chapterHead(deps, settled?.[1]) };
  },
  head: ({ loaderData, match }) => (loaderData ? headTags(loaderData.head, match.context.origin) : {}),
  component: function Reader() {
    const search = Route.useSearch();
    return <ReaderPage {...search} book={search.book ?? 'Genesis'} chapter={search.chapter ?? 1} />;
  },
});
