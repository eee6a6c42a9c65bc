import { createFileRoute } from '@tanstack/react-router';
import { readerSearch } from '#common/bible/reader-url.ts';
import { availableBooksQuery, chapterQuery } from '../features/bible/api/bible.ts';
import { ReaderPage } from '../features/reader/pages/ReaderPage.tsx';

export const Route = createFileRoute('/bible')({
  validateSearch: readerSearch,
  loaderDeps: ({ search }) => ({ translation: search.translation, book: search.book ?? 'Genesis', chapter: search.chapter ?? 1 }),
  loader: async ({ context: { queryClient }, deps }) => {
    // Spike: only a translation in the address renders on the server (the preferred one lives in the browser).
    const title = `${deps.book} ${deps.chapter}${deps.translation ? ` (${deps.translation})` : ''} — Selah`;
    if (!deps.translation || typeof window !== 'undefined') return { title };
    await Promise.all([
      queryClient.ensureQueryData(availableBooksQuery(deps.translation)),
      queryClient.ensureQueryData(chapterQuery(deps.translation, deps.book, deps.chapter)).catch(() => undefined),
    ]);
    return { title };
  },
  head: ({ loaderData }) => ({ meta: loaderData ? [{ title: loaderData.title }] : [] }),
  component: function Reader() {
    const search = Route.useSearch();
    return <ReaderPage {...search} book={search.book ?? 'Genesis'} chapter={search.chapter ?? 1} />;
  },
});
