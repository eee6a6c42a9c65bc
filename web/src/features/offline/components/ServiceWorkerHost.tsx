import { useEffect, useState } from 'react';

/**
 * Starts the service worker once the page is the browser's (the dev server has none: registering
 * fails quietly there), and offers a new version when one is waiting.
 */
export function ServiceWorkerHost() {
  const [apply, setApply] = useState<(() => void) | null>(null);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    void import('../service-worker.ts').then(({ registerServiceWorker }) => registerServiceWorker((update) => setApply(() => update)));
  }, []);
  if (!apply) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-2 bottom-2 z-50 mx-auto flex max-w-md flex-wrap items-center gap-2 rounded-xl border border-stone-200 bg-white p-3 shadow-lg sm:bottom-4 dark:border-stone-700 dark:bg-stone-900"
    >
      <p className="min-w-0 flex-1 text-sm">A new version of Selah is ready.</p>
      <button type="button" className="button-ghost" onClick={() => setApply(null)}>
        Later
      </button>
      <button type="button" className="button-primary" onClick={apply}>
        Reload
      </button>
    </div>
  );
}
