import type { BookEntry } from '#common/contracts/bible.ts';
import { readerPath } from '#common/scripture/reader-url.ts';

const href = (book: string, chapter: number, translation?: string) => readerPath(book, chapter, { translation });

interface IndexProps {
  books: readonly BookEntry[];
  current: BookEntry | undefined;
  translation?: string;
}

/**
 * The book and chapter pickers as plain links, for a browser running no script (the pickers are menus
 * that need it). Inside <noscript>, so a browser with scripts never shows or hydrates it.
 */
export function NoScriptChapterIndex(props: IndexProps) {
  return (
    <noscript>
      <BookIndex {...props} />
    </noscript>
  );
}

/** The current book's chapters and every book, as links (the not-found page shows it to everyone). */
export function BookIndex({ books, current, translation }: IndexProps) {
  return (
    <nav id="books" aria-label="Books and chapters" className="mx-auto max-w-3xl scroll-mt-16 px-5 pt-10 sm:px-8">
      {current && (
        <>
          <h2 className="font-serif text-xl font-semibold">Chapters of {current.englishName}</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {current.chapters.map((c) => (
              <li key={c}>
                <a href={href(current.englishName, c, translation)} className="inline-block min-w-11 p-2 text-center">
                  {c}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <h2 className="mt-6 font-serif text-xl font-semibold">Books</h2>
      <ul className="mt-2 columns-2 sm:columns-3">
        {books.map((b) => (
          <li key={b.englishName}>
            <a href={href(b.englishName, b.chapters[0] ?? 1, translation)} className="inline-flex min-h-11 items-center">
              {b.englishName}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
