import { WifiOff } from 'lucide-react';
import { useOnline } from '../hooks/use-online.ts';
import { usePendingChanges } from '../api/pending-changes.ts';
import { countOf, en } from '#common/text/plural.ts';

/**
 * Says plainly, on every page, that there is no network and what still works, so nobody waits on a
 * spinner for something that cannot come; and, while the site itself does not answer, that changes are
 * kept here until it does.
 */
export function OfflineNotice() {
  const online = useOnline();
  const waiting = usePendingChanges().length;
  const changes = countOf(waiting, en('change'));
  if (online && waiting === 0) return null;
  if (online) {
    return (
      <div role="status" className="border-b border-stone-200 bg-stone-100 px-4 py-2 text-sm dark:border-stone-800 dark:bg-stone-900">
        Kept on this device: sending {changes} to your notes and highlights…
      </div>
    );
  }
  return (
    <div
      role="status"
      className="flex items-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <WifiOff aria-hidden size={16} className="shrink-0" />
      <span>
        You’re offline. Chapters you have read open as usual; anything else waits for the connection.
        {waiting > 0 && ` ${changes} to your notes and highlights will be sent when you’re back online.`}
      </span>
    </div>
  );
}
