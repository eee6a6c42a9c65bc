import { Link } from '@tanstack/react-router';

/**
 * Pages of the spec's route table whose feature is being built: an honest page with a way onward,
 * rather than a not-found for a link the shell shows. Each is replaced when its feature lands.
 */
export function ComingSoon({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-16 text-center">
      <h1 className="font-serif text-3xl font-semibold">{title}</h1>
      <p className="text-stone-700 dark:text-stone-300">{text}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to="/bible" className="button-primary no-underline">
          Read the Bible
        </Link>
        <Link to="/search" className="button-secondary no-underline">
          Search the Bible
        </Link>
      </div>
    </div>
  );
}
