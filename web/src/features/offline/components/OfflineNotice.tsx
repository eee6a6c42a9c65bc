import { WifiOff } from 'lucide-react';
import { useOnline } from '../use-online.ts';

/**
 * Says plainly, on every page, that there is no network and what still works, so nobody waits on a
 * spinner for something that cannot come.
 */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      className="flex items-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <WifiOff aria-hidden size={16} className="shrink-0" />
      <span>You’re offline. Chapters you have read open as usual; anything else waits for the connection.</span>
    </div>
  );
}
