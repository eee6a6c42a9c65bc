import { Link, useRouter } from '@tanstack/react-router';
import { WifiOff } from 'lucide-react';
import { useEffect } from 'react';

/**
 * Offline, in place of a page never opened on this device: the app has started, so it goes on to the
 * address the person asked for (its reads come from what the service worker kept); meanwhile, and
 * without one, it says what still works.
 */
export function OfflinePage({ to }: { to?: string }) {
  const router = useRouter();
  useEffect(() => {
    if (to) void router.navigate({ href: to, replace: true });
  }, [router, to]);
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <WifiOff aria-hidden size={32} className="text-stone-600 dark:text-stone-400" />
      <h1 className="font-serif text-2xl font-semibold">You’re offline</h1>
      {/* The same words whatever the address asks for: the worker serves one rendering of this page for all. */}
      <p className="text-stone-700 dark:text-stone-300">
        Chapters you have read, and translations you downloaded for offline reading, still open. Anything else waits for the connection.
      </p>
      <nav aria-label="What works offline" className="flex flex-wrap justify-center gap-2">
        <Link to="/bible" className="button-primary no-underline">
          Read the Bible
        </Link>
        <Link to="/notes" className="button-ghost no-underline">
          My Notes
        </Link>
        <Link to="/highlights" className="button-ghost no-underline">
          My Highlights
        </Link>
      </nav>
    </div>
  );
}
