import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { BookEntry } from '#common/contracts/bible.ts';
import { passageName } from '#common/scripture/passage-name.ts';
import { MobileDrawer } from '../../navigation/components/SiteNavigation.tsx';
import { availableBooksQuery } from '../../scripture/api/scripture.ts';
import { BookIndex } from './NoScriptChapterIndex.tsx';

/** What the reader's route knows of an address that names no chapter: "John 99", or a book that is not one. */
export interface MissingChapter {
  /** The book as the address wrote it. */
  asked: string;
  chapter: number;
  /** The translation whose books are listed (the address's, or the one the page was read in). */
  translation: string;
  /** The address's own translation, kept in the links out. */
  urlTranslation?: string;
  /** The server's reason: "John has 21 chapters; there is no chapter 99." */
  message?: string;
}

/** The book an address names, as the translation lists it: "john", "JHN" and "John" are all John. */
export function bookNamed(books: readonly BookEntry[], asked: string): BookEntry | undefined {
  const key = asked.trim().toLowerCase();
  return books.find((b) => [b.englishName, b.name, b.id].some((n) => n.toLowerCase() === key));
}

/**
 * The page for a chapter or book that does not exist (a 404): it says why and leads back, to the book's
 * last chapter and to the list of books, as plain links that work before or without the app's script.
 */
export function ChapterNotFound({ missing }: { missing: MissingChapter }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const books = useQuery(availableBooksQuery(missing.translation)).data ?? [];
  const book = bookNamed(books, missing.asked);
  const last = book?.chapters.at(-1);
  const title = book ? passageName({ book: book.englishName, chapter: missing.chapter }) : missing.asked;
  return (
    <div className="pb-16">
      {/* The reader has no site header on phones: this page brings the menu, as the reader does. */}
      <header className="sticky top-0 z-30 flex items-center gap-2 border-b border-stone-200 bg-stone-50/95 px-2 py-1.5 backdrop-blur md:hidden dark:border-stone-800 dark:bg-stone-950/95">
        <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
      </header>
      <main id="main" className="mx-auto max-w-3xl px-5 pt-8 sm:px-8">
        <h1 className="mb-4 font-serif text-3xl font-semibold tracking-tight">{title} is not in the Bible</h1>
        <div className="card flex flex-col gap-4" role="alert">
          <p>{missing.message ?? (book ? `${book.englishName} has ${last} chapters.` : `There is no book called “${missing.asked}”.`)}</p>
          <div className="flex flex-wrap gap-2">
            {book && last !== undefined && (
              <Link to="/bible" search={{ book: book.englishName, chapter: last, translation: missing.urlTranslation }} className="button-primary no-underline">
                Read {passageName({ book: book.englishName, chapter: last })}, its last chapter
              </Link>
            )}
            <a href="#books" className="button-secondary no-underline">
              All books
            </a>
          </div>
        </div>
      </main>
      {books.length > 0 && <BookIndex books={books} current={book} translation={missing.urlTranslation} />}
    </div>
  );
}
