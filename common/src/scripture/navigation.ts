import { PROTESTANT_CANON } from './canon.ts';

/** A book as the reader navigates it: its name and the chapters that exist in the current translation. */
export interface NavigableBook {
  name: string;
  chapters: readonly number[];
}

export interface ChapterPosition {
  book: string;
  chapter: number;
}

export const CANON_NAVIGATION: readonly NavigableBook[] = PROTESTANT_CANON.map((b) => ({
  name: b.name,
  chapters: Array.from({ length: b.chapters }, (_, i) => i + 1),
}));

function locate(books: readonly NavigableBook[], at: ChapterPosition): [number, number] {
  const b = books.findIndex((x) => x.name === at.book);
  return [b, b < 0 ? -1 : books[b]!.chapters.indexOf(at.chapter)];
}

/** Next chapter, crossing into the next book's first chapter; null after the last chapter of the last book. */
export function nextChapter(at: ChapterPosition, books: readonly NavigableBook[] = CANON_NAVIGATION): ChapterPosition | null {
  const [b, c] = locate(books, at);
  if (b < 0 || c < 0) return null;
  const book = books[b]!;
  if (c + 1 < book.chapters.length) return { book: book.name, chapter: book.chapters[c + 1]! };
  const next = books.slice(b + 1).find((x) => x.chapters.length > 0);
  return next ? { book: next.name, chapter: next.chapters[0]! } : null;
}

/** Previous chapter, crossing into the previous book's last chapter; null on the first chapter of the first book. */
export function previousChapter(at: ChapterPosition, books: readonly NavigableBook[] = CANON_NAVIGATION): ChapterPosition | null {
  const [b, c] = locate(books, at);
  if (b < 0 || c < 0) return null;
  const book = books[b]!;
  if (c > 0) return { book: book.name, chapter: book.chapters[c - 1]! };
  const previous = books
    .slice(0, b)
    .reverse()
    .find((x) => x.chapters.length > 0);
  return previous ? { book: previous.name, chapter: previous.chapters.at(-1)! } : null;
}

export function firstChapter(books: readonly NavigableBook[] = CANON_NAVIGATION): ChapterPosition | null {
  const book = books.find((x) => x.chapters.length > 0);
  return book ? { book: book.name, chapter: book.chapters[0]! } : null;
}

export function lastChapter(books: readonly NavigableBook[] = CANON_NAVIGATION): ChapterPosition | null {
  const book = [...books].reverse().find((x) => x.chapters.length > 0);
  return book ? { book: book.name, chapter: book.chapters.at(-1)! } : null;
}

/**
 * Spec §4: changing the book resets the chapter to 1, or the book's first chapter when 1 is not in it.
 */
export function chapterAfterBookChange(book: NavigableBook): number | undefined {
  return book.chapters.includes(1) ? 1 : book.chapters[0];
}
