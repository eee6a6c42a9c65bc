import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (web/src/sw.ts) and says when a new version is waiting. Loaded after
 * the page has hydrated, so it stays out of the first script.
 *
 * `onUpdate` gets the function that brings the new version in: the waiting worker takes over and the
 * page reloads once, with every file of the new build.
 */
export function registerServiceWorker(onUpdate: (apply: () => void) => void): void {
  // A page the worker did not serve (the very first, or one opened while the worker was installing,
  // which it may have taken over since: workerStart is 0 when no worker answered the page) came, with
  // what it read, before there was a worker to keep it.
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const servedWithoutWorker = !navigator.serviceWorker.controller || navigation?.workerStart === 0;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    onUpdate(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  void wb
    .register()
    .then(async () => {
      if (!servedWithoutWorker) return;
      // So the worker is told what this page is and what it read, and keeps them now. Told directly:
      // the active worker listens whether or not it controls this page yet.
      const worker = (await navigator.serviceWorker.ready).active;
      const read = performance.getEntriesByType('resource').map((entry) => entry.name);
      worker?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: read } });
      worker?.postMessage({ type: 'KEEP_PAGE', url: window.location.href });
    })
    .catch(() => {
      // A browser that refuses (private mode, a policy) still reads online; nothing to tell the person.
    });
}
