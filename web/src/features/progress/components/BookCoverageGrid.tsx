import { Link } from '@tanstack/react-router';
import { countOf, en } from '#common/text/plural.ts';
import { Check } from 'lucide-react';
import type { StudyStats } from '#common/contracts/progress.ts';
import { coveragePercent } from '../stats-text.ts';
import { cn } from '../../../lib/cn.ts';

type Coverage = StudyStats['coverage'];

const TESTAMENTS = [
  { key: 'OT', title: 'Old Testament' },
  { key: 'NT', title: 'New Testament' },
] as const;

function BookTile({ book }: { book: Coverage[number] }) {
  const percent = coveragePercent(book.completed, book.chapters);
  const done = percent === 100;
  return (
    <li>
      <Link
        to="/bible"
        search={{ book: book.book }}
        className={cn(
          'relative flex min-h-14 flex-col justify-center overflow-hidden rounded-lg border px-2.5 py-2 no-underline transition-colors',
          done
            ? 'border-orange-700 bg-orange-100 text-orange-950 dark:border-orange-400 dark:bg-orange-950 dark:text-orange-50'
            : 'border-stone-200 bg-white hover:border-stone-400 dark:border-stone-700 dark:bg-stone-900 dark:hover:border-stone-500',
        )}
        data-testid={`coverage-${book.book}`}
      >
        {/* The tile fills from the left as the book is read. */}
        {!done && percent > 0 && <span aria-hidden className="absolute inset-y-0 left-0 bg-orange-100 dark:bg-orange-950" style={{ width: `${percent}%` }} />}
        {/* The name read out starts with what is seen (WCAG 2.5.3), then says the rest. */}
        <span className="relative text-[13px] leading-tight font-medium sm:text-sm">{book.book}</span>{' '}
        <span className={cn('relative mt-0.5 flex items-center gap-0.5 text-xs tabular-nums', !done && 'text-stone-700 dark:text-stone-300')}>
          {done && <Check aria-hidden size={14} />}
          {percent}%
        </span>
        <span className="sr-only">
          {' '}
          {book.completed} of {countOf(book.chapters, en('chapter'))} read
        </span>
      </Link>
    </li>
  );
}

/** The 66 books, Old and New Testament, each filled by the share of its chapters read to the end. */
export function BookCoverageGrid({ coverage }: { coverage: Coverage }) {
  return (
    <section aria-labelledby="coverage-heading" className="card">
      <h2 id="coverage-heading" className="mb-1 font-serif text-xl font-semibold">
        Books of the Bible
      </h2>
      <p className="mb-4 text-sm text-stone-700 dark:text-stone-300">Chapters read to the end in each book. Open a book to keep reading.</p>
      <div className="flex flex-col gap-6">
        {TESTAMENTS.map(({ key, title }) => {
          const books = coverage.filter((b) => b.testament === key);
          const read = books.reduce((n, b) => n + b.completed, 0);
          const all = books.reduce((n, b) => n + b.chapters, 0);
          const id = `coverage-${key}`;
          return (
            <section key={key} aria-labelledby={id}>
              <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3">
                <h3 id={id} className="font-semibold">
                  {title}
                </h3>
                <p className="text-sm text-stone-700 dark:text-stone-300">
                  {read.toLocaleString('en')} of {countOf(all, en('chapter'))} · {coveragePercent(read, all)}%
                </p>
              </div>
              <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
                {books.map((b) => (
                  <BookTile key={b.book} book={b} />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </section>
  );
}
