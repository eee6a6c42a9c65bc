import { createFileRoute, notFound } from '@tanstack/react-router';
import { ApiError } from '../lib/api-client.ts';
import { NotFoundPage } from '../app/NotFoundPage.tsx';
import { ChapterNotFound, type MissingChapter } from '../features/reader/components/ChapterNotFound.tsx';
import { DEFAULT_TRANSLATION } from '#common/scripture/categories.ts';
import { readerSearch } from '#common/scripture/reader-url.ts';
import { chapterHead, headTags, notFoundHead } from '../lib/page-head.ts';
import { availableBooksQuery, chapterQuery } from '../features/scripture/api/scripture.ts';
import { preferredTranslation } from '../features/translations/store/preferred-translation.ts';
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
    let missing: ApiError | undefined;
    const ready = Promise.all([
      queryClient.ensureQueryData(availableBooksQuery(translation)).catch(() => undefined),
      // A chapter the translation lacks is a page too (§8): the reader shows why and where to go.
      queryClient.ensureQueryData(chapterQuery(translation, deps.book, deps.chapter)).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) missing = error;
        return undefined;
      }),
    ]);
    // In the browser a slow chapter (a licensed text read for the first time) does not hold the page
    // back: past a moment the reader opens and shows its skeleton until the chapter arrives.
    const settled = typeof window === 'undefined' ? await ready : await Promise.race([ready, new Promise<undefined>((r) => setTimeout(r, SLOW_CHAPTER_MS))]);
    // A chapter or book that does not exist (John 99) is a 404 with a way back; a translation that does
    // not exist has no books to offer, and the reader says so itself.
    if (settled?.[0] && missing) {
      const data: MissingChapter = { asked: deps.book, chapter: deps.chapter, translation, urlTranslation: deps.translation, message: missing.serverMessage };
      throw notFound({ data });
    }
    return { head: chapterHead(deps, settled?.[1]) };
  },
  notFoundComponent: ({ data }) => (data ? <ChapterNotFound missing={data as MissingChapter} /> : <NotFoundPage />),
  // No loader data: the address named no chapter (the 404 above), a page not to index.
  head: ({ loaderData, match }) => headTags(loaderData ? loaderData.head : notFoundHead(), match.context.origin),
  component: function Reader() {
    const search = Route.useSearch();
    return <ReaderPage {...search} book={search.book ?? 'Genesis'} chapter={search.chapter ?? 1} />;
  },
});
