import { createFileRoute } from '@tanstack/react-router';
import { DEFAULT_TRANSLATION } from '#common/bible/categories.ts';
import { readerSearch } from '#common/bible/reader-url.ts';
import { chapterHead, headTags } from '../lib/page-head.ts';
import { availableBooksQuery, chapterQuery } from '../features/bible/api/bible.ts';
import { preferredTranslation } from '../features/translations/api/preferred-translation.ts';
import { ReaderPage } from '../features/reader/pages/ReaderPage.tsx';

export const Route = createFileRoute('/bible')({
  validateSearch: readerSearch,
  loaderDeps: ({ search }) => ({ translation: search.translation, book: search.book ?? 'Genesis', chapter: search.chapter ?? 1, verse: search.verse }),
  // The chapter and its translation's books, fetched before the page renders: on the server they go
  // into the HTML and travel with it; in the browser a preloaded (hovered) chapter opens at once.
  loader: async ({ context: { queryClient }, deps }) => {
    // The preferred translation lives in this browser; the server renders the default for an address without one.
    const translation = deps.translation || (typeof window === 'undefined' ? DEFAULT_TRANSLATION : preferredTranslation());
    const [, content] = await Promise.all([
      queryClient.ensureQueryData(availableBooksQuery(translation)).catch(() => undefined),
      // A chapter the translation lacks is a page too (§8): the reader shows why and where to go.
      queryClient.ensureQueryData(chapterQuery(translation, deps.book, deps.chapter)).catch(() => undefined),
    ]);
    return { head: chapterHead(deps, content) };
  },
  head: ({ loaderData, match }) => (loaderData ? headTags(loaderData.head, match.context.origin) : {}),
  component: function Reader() {
    const search = Route.useSearch();
    return <ReaderPage {...search} book={search.book ?? 'Genesis'} chapter={search.chapter ?? 1} />;
  },
});
