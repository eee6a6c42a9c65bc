import { CANON, compactBookName, type CanonBook } from './canon.ts';

/** Verse id in the spec's format: book name upper-cased without spaces, chapter, verse: "JOHN.3.16". */
export function verseId(book: CanonBook, chapter: number, verse: number): string {
  return `${compactBookName(book.name)}.${chapter}.${verse}`;
}

const byCompactName = new Map(CANON.map((b) => [compactBookName(b.name), b]));

export interface VerseLocation {
  book: CanonBook;
  chapter: number;
  verse: number;
}

/** Parses "JOHN.3.16" (case-insensitive); undefined when it is not a well-formed verse id. */
export function parseVerseId(id: string): VerseLocation | undefined {
  const m = /^([0-9A-Z]+)\.(\d{1,3})\.(\d{1,3})$/i.exec(id.trim());
  if (!m) return undefined;
  const book = byCompactName.get(m[1]!.toUpperCase());
  const chapter = Number(m[2]);
  const verse = Number(m[3]);
  if (!book || chapter < 1 || verse < 1) return undefined;
  return { book, chapter, verse };
}

/** "John 3:16" — the reference shown to people and stored with highlights and notes. */
export function formatVerseReference(book: CanonBook, chapter: number, verse: number): string {
  return `${book.name} ${chapter}:${verse}`;
}
