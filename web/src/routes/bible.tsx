import { createFileRoute } from '@tanstack/react-router';
import { readerSearch } from '#common/bible/reader-url.ts';
import { ReaderPage } from '../features/reader/pages/ReaderPage.tsx';

export const Route = createFileRoute('/bible')({
  validateSearch: readerSearch,
  component: function Reader() {
    const search = Route.useSearch();
    return <ReaderPage {...search} book={search.book ?? 'Genesis'} chapter={search.chapter ?? 1} />;
  },
});
