import { Link } from '@tanstack/react-router';
import { BookOpen } from 'lucide-react';
import type { ReactNode } from 'react';

/** What an empty list says: how to make the first item, with the way to the reader. */
export function FirstItemHint({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="card flex flex-col items-center gap-3 py-10 text-center" aria-labelledby="empty-heading">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200">
        {icon}
      </span>
      <h2 id="empty-heading" className="font-serif text-xl font-semibold">
        {title}
      </h2>
      <p className="max-w-md text-stone-700 dark:text-stone-300">{children}</p>
      <Link to="/bible" className="button-primary no-underline">
        <BookOpen aria-hidden size={18} /> Open the reader
      </Link>
      <p className="text-sm text-stone-600 dark:text-stone-400">Have a Selah export (.json)? Bring it back with Import.</p>
    </section>
  );
}

/** A search or filter that matches nothing: say so, and offer the way back to everything. */
export function NoMatches({ noun, onClear }: { noun: string; onClear: () => void }) {
  return (
    <section className="card flex flex-col items-center gap-3 py-8 text-center">
      <p className="text-stone-700 dark:text-stone-300">No {noun} match this search and these filters.</p>
      <button type="button" className="button-secondary" onClick={onClear}>
        Show all {noun}
      </button>
    </section>
  );
}
