import { createFileRoute } from '@tanstack/react-router';
import { intParam, stringParam } from '../lib/search-params.ts';
import { ReaderPage } from '../features/reader/ReaderPage.tsx';

/** Spec §2 Reader: book (default Genesis), chapter (default 1), verse, translation. The URL is the state. */
export interface ReaderSearch {
  /** Genesis when absent. */
  book?: string;
  /** 1 when absent. */
  chapter?: number;
  verse?: number;
  translation?: string;
}

export function readerSearch(search: Record<string, unknown>): ReaderSearch {
  return {
    book: stringParam(search.book, { max: 40 }),
    chapter: intParam(search.chapter, 1, 200),
    verse: intParam(search.verse, 1, 200),
    translation: stringParam(search.translation, { max: 16, upper: true }),
  };
}

export const Route = createFileRoute('/bible')({
  validateSearch: readerSearch,
  component: function Reader() {
    const search = Route.useSearch();
    return <ReaderPage {...search} book={search.book ?? 'Genesis'} chapter={search.chapter ?? 1} />;
  },
});
