import { Link } from '@tanstack/react-router';
import { Cloud } from 'lucide-react';
import { useId } from 'react';

/**
 * For a guest on a page of their own study: it is kept in this browser only, and an account keeps it
 * everywhere (it moves in on sign-up or sign-in, then sign-in brings them back to `returnTo`).
 */
export function KeptInBrowserNote({ title, text, returnTo }: { title: string; text: string; returnTo: string }) {
  const headingId = useId();
  return (
    <aside
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-orange-200 bg-orange-50 p-5 text-orange-950 sm:flex-row sm:items-center dark:border-orange-900 dark:bg-orange-950/50 dark:text-orange-50"
    >
      <Cloud aria-hidden size={28} className="shrink-0" />
      <div className="flex-1">
        <h2 id={headingId} className="font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-sm">{text}</p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Link to="/auth" search={{ mode: 'signup' }} className="button-primary no-underline">
          Create a free account
        </Link>
        <Link to="/auth" search={{ mode: 'signin', next: returnTo }} className="button-secondary no-underline">
          Sign in
        </Link>
      </div>
    </aside>
  );
}
