import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { chapterQuery } from '../features/scripture/api/scripture.ts';

/** Spec §2 not-found page; the Psalm 32:8 text comes from the Bible store, as all Scripture does. */
export function NotFoundPage() {
  const psalm = useQuery(chapterQuery('KJV', 'Psalms', 32));
  const verse = psalm.data?.verses.find((v) => v.verse === 8);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-6 py-16 text-center">
      <h1 className="font-serif text-4xl font-semibold">Page Not Found</h1>
      <p className="text-stone-700 dark:text-stone-300">The page you are looking for does not exist or has moved.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to="/" className="button-primary no-underline">
          Go Home
        </Link>
        <Link to="/bible" className="button-secondary no-underline">
          Read the Bible
        </Link>
        <Link to="/chat" className="button-secondary no-underline">
          Bible Chat
        </Link>
        <Link to="/search" className="button-secondary no-underline">
          Search
        </Link>
      </div>
      <nav aria-label="More pages" className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm">
        <a href="/highlights" className="underline underline-offset-2">
          My Highlights
        </a>
        <a href="/notes" className="underline underline-offset-2">
          My Notes
        </a>
        <a href="/settings" className="underline underline-offset-2">
          Settings
        </a>
        <a href="/news" className="underline underline-offset-2">
          News
        </a>
      </nav>
      <figure className="card max-w-md">
        <blockquote className="font-serif text-lg italic">
          {verse ? `“${verse.text}”` : <span className="skeleton inline-block h-5 w-64" aria-label="Loading verse" />}
        </blockquote>
        <figcaption className="mt-2 text-sm text-stone-600 dark:text-stone-400">
          <Link to="/bible" search={{ book: 'Psalms', chapter: 32, verse: 8, translation: 'KJV' }}>
            Psalm 32:8
          </Link>
        </figcaption>
      </figure>
    </div>
  );
}
