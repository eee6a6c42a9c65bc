import { intParam, stringParam } from '../url-params.ts';

/** Spec §2 Reader parameters: book (default Genesis), chapter (default 1), verse, translation. */
export interface ReaderSearch {
  /** Genesis when absent. */
  book?: string;
  /** 1 when absent. */
  chapter?: number;
  verse?: number;
  translation?: string;
}

/** Reads the reader's URL the same way in the browser (its route) and on the server (its page head). */
export function readerSearch(search: Record<string, unknown>): ReaderSearch {
  return {
    book: stringParam(search.book, { max: 40 }),
    chapter: intParam(search.chapter, 1, 200),
    verse: intParam(search.verse, 1, 200),
    translation: stringParam(search.translation, { max: 16, upper: true }),
  };
}

/** A reader page's address: "/bible?book=John&chapter=3&translation=WEB" (verse and translation when given). */
export const readerPath = (book: string, chapter: number, options: { verse?: number; translation?: string } = {}) =>
  `/bible?${new URLSearchParams({
    book,
    chapter: String(chapter),
    ...(options.verse ? { verse: String(options.verse) } : {}),
    ...(options.translation ? { translation: options.translation } : {}),
  })}`;

// The API addresses the reader fetches first; the server preloads the same ones for a /bible page.
export const chapterContentPath = (translation: string, book: string, chapter: number) =>
  `/api/bible/content/${encodeURIComponent(book)}/${chapter}?translation=${encodeURIComponent(translation)}`;
export const availableBooksPath = (translation: string) => `/api/bible/available-books/${encodeURIComponent(translation)}`;
/** A book as "Download for offline" fetches and keeps it (contract `offlineBook`), named by its English name. */
export const offlineBookPath = (translation: string, book: string) => `/api/bible/offline/${encodeURIComponent(translation)}/${encodeURIComponent(book)}`;
