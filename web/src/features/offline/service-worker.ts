import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (web/src/sw.ts) and says when a new version is waiting. Loaded after
 * the page has hydrated, so it stays out of the first script.
 *
 * `onUpdate` gets the function that brings the new version in: the waiting worker takes over and the
 * page reloads once, with every file of the new build.
 */
export function registerServiceWorker(onUpdate: (apply: () => void) => void): void {
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    onUpdate(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  // The first install: the page and what it read came before there was a worker to keep them, so the
  // worker is told and keeps them now.
  wb.addEventListener('activated', (event) => {
    if (event.isUpdate) return;
    const read = performance.getEntriesByType('resource').map((entry) => entry.name);
    void wb.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: read } });
    void wb.messageSW({ type: 'KEEP_PAGE', url: window.location.href });
  });
  void wb.register().catch(() => {
    // A browser that refuses (private mode, a policy) still reads online; nothing to tell the person.
  });
}
