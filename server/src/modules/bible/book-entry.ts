import type { CanonBook } from '#common/scripture/canon.ts';
import type { BookEntry } from '#common/contracts/bible.ts';

/** A book as the Bible API shows it (spec §3), from a local or a licensed translation's book. */
export function presentBook(book: { canon: CanonBook; name: string; nameLong: string; chapterNumbers: readonly number[] }): BookEntry {
  return {
    id: book.canon.usfm,
    name: book.name,
    nameLong: book.nameLong,
    englishName: book.canon.name,
    chapters: [...book.chapterNumbers],
    osis: book.canon.osis,
    testament: book.canon.testament,
    deuterocanonical: book.canon.deuterocanonical,
  };
}
